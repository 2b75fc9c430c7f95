import SQLiteKit
import Testing

@Suite struct StringShortenedTests {
  @Test func everyControlCharacterIsEscapedAsSwiftWritesIt() {
    // C0 (an OSC title change, a screen clear, a bell), DEL and C1 (CSI, NEL); letters beyond ASCII stay.
    let hostile = "a\u{1B}]0;pwn\u{7}b\u{1B}[2J\0\t\r\n\u{7F}\u{9B}\u{85}é€"
    #expect(hostile.escapingControls() == #"a\u{1B}]0;pwn\u{7}b\u{1B}[2J\0\t\r\n\u{7F}\u{9B}\u{85}é€"#)
    #expect(hostile.escapingControls(keepingLineBreaks: true).contains("\r\n\\u{7F}") == false)
    #expect(hostile.escapingControls(keepingLineBreaks: true).hasSuffix(#"\r"# + "\n" + #"\u{7F}\u{9B}\u{85}é€"#))
    #expect("Plano, TX".escapingControls() == "Plano, TX")
    #expect("".escapingControls() == "")
  }

  @Test func aQuotedValueIsCutAndItsControlsEscaped() {
    #expect("two\nlines".shortened == #"two\nlines"#)
    #expect("nul\0".shortened == #"nul\0"#)
    #expect("\u{1B}]0;pwn\u{7}".shortened == #"\u{1B}]0;pwn\u{7}"#)
    #expect(String(repeating: "x", count: 41).shortened == String(repeating: "x", count: 40) + "...")
  }
}
