extension String {
  /// The text as quoted in an error message: at most 40 characters, with `...` when cut, and its
  /// control characters escaped (`escapingControls()`): a NUL as `\0` (a C string, as SQLite
  /// carries messages, would end there), a line break as `\n`, an escape as `\u{1B}`.
  public var shortened: String {
    (count <= 40 ? self : prefix(40) + "...").escapingControls()
  }

  /// The text with every control character written as Swift writes it in a literal: `\0`, `\t`,
  /// `\n`, `\r`, and `\u{1B}` for the others of C0 (U+0000 to U+001F), DEL (U+007F) and C1
  /// (U+0080 to U+009F). Text from a file, a database or a command line shown this way cannot
  /// move a terminal's cursor, clear its screen or set its title (`ESC ] 0;title BEL`), and what
  /// it held stays readable. Every message, note, warning and table cell zipgeo shows a person
  /// goes through it; JSON, CSV and the other machine formats have their own quoting.
  ///
  /// - Parameter keepingLineBreaks: Leaves `\n` as it is, for a message of several lines whose
  ///   values were escaped whole.
  public func escapingControls(keepingLineBreaks: Bool = false) -> String {
    // Most text has no byte below 0x20 and none of 0x7F, 0xC2 (which starts every C1 control).
    var plain = true
    for byte in utf8 where byte < 0x20 || byte == 0x7F || byte == 0xC2 {
      plain = false
      break
    }
    if plain { return self }
    var result = ""
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x0A where keepingLineBreaks: result.unicodeScalars.append(scalar)
      case 0x00: result += "\\0"
      case 0x09: result += "\\t"
      case 0x0A: result += "\\n"
      case 0x0D: result += "\\r"
      case 0x00...0x1F, 0x7F...0x9F: result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The text with every `target` character replaced: `"a\"b".replacingAll("\"", with: "\"\"")`.
  public func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self { if character == target { result += replacement } else { result.append(character) } }
    return result
  }

  /// The text as an SQL identifier, in double quotes: `"my ""table"""`.
  public var quotedIdentifier: String { "\"" + replacingAll("\"", with: "\"\"") + "\"" }
}
