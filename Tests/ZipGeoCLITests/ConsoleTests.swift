import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ZipGeoCLI

/// What zipgeo writes to standard error, and to a terminal, never carries a control sequence
/// from a file, a database or the command line: an OSC title change (`ESC ] 0;title BEL`), a
/// screen clear (`ESC [2J`), a C1 CSI (U+009B) all show escaped. JSON and CSV keep their own
/// quoting.
@Suite struct ConsoleTests {
  /// Writes to a string.
  final class Log: Sendable {
    let text = Mutex("")
    func append(_ line: String) { text.withLock { $0 += line } }
  }

  @Test func errorsAndNotesEscapeControlsButKeepTheirLineBreaks() {
    let err = Log()
    let out = Log()
    let console = Console(out: { out.append($0) }, err: { err.append($0) })
    console.err("Error: '\u{1B}]0;pwn\u{7}' is wrong\n  and \u{9B}2J\n")
    console.note("zipgeo: \u{1B}[2J\r\n")
    console.out("a\u{1B}b\n")
    let expected = [#"Error: '\u{1B}]0;pwn\u{7}' is wrong"#, #"  and \u{9B}2J"#, #"zipgeo: \u{1B}[2J\r"#, ""]
    #expect(err.text.withLock { $0 } == expected.joined(separator: "\n"))
    // Standard output is the formats' business: tables escape their cells, CSV quotes its own way.
    #expect(out.text.withLock { $0 } == "a\u{1B}b\n")
  }

  @Test func theProgressLineKeepsItsOwnControlsAndEscapesTheFileName() {
    let err = Log()
    let meter = ProgressMeter(file: "x\u{1B}]0;pwn\u{7}.csv", console: Console(out: { _ in }, err: { err.append($0) }))
    meter.showIndexing()
    meter.clear()
    let line = #"importing x\u{1B}]0;pwn\u{7}.csv: every row read, building the indexes"#
    #expect(err.text.withLock { $0 } == "\r\(line)\u{1B}[K\r\u{1B}[K")
  }

  /// No ESC, BEL or C1 control in `text`.
  static func isInert(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
  }

  @Test func anArgumentEchoedInAnErrorIsEscaped() throws {
    let run = try EndToEndTests()
    #expect(try run.zipgeo("import", zipsCSVPath, "--quiet").status == 0)
    for arguments in [
      ["info", "\u{1B}]0;pwn\u{7}"], ["near", "75075", "--km", "\u{1B}[2J"],
      ["near", "75075", "--km", "1", "--kind", "\u{9B}2J"],
      ["--generate-completion-script", "\u{1B}[2J"], ["near\u{1B}[2J"], ["search", "plano", "--state", "\u{1B}[2J"],
    ] {
      let result = try run.run(EndToEndTests.binary, arguments, environment: ["ZIPGEO_DB": "zipgeo.db"])
      #expect(result.status != 0 && Self.isInert(result.err), "\(arguments): \(result.err.debugDescription)")
      #expect(result.err.contains(#"\u{1B}"#) || result.err.contains(#"\u{9B}"#), "\(result.err)")
    }
  }

  @Test func aValueOfAnImportedFileIsEscapedInItsWarning() throws {
    let run = try EndToEndTests()
    try "zip,place,lat,lon\n75075,Plano,33.0,-96.7\n75076,X,9\u{1B}[2J,-96.7\n".write(
      to: run.folder.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
    let result = try run.zipgeo("import", "bad.csv", "--skip-invalid")
    #expect(result.status == 0)
    #expect(
      result.err.hasPrefix(#"warning: bad.csv:3: latitude '9\u{1B}[2J' is not a decimal number"#), "\(result.err)")
    #expect(Self.isInert(result.err))
  }

  /// Two countries' code 3000, whose places (from the file, and then the database) hold an OSC
  /// and a C1 CSI: the list of places of the ambiguous code shows them escaped, and so do the
  /// tables; CSV and JSON give the place as it is.
  @Test func placesOfADatabaseAreEscapedInAnAmbiguityListAndInTables() throws {
    let run = try EndToEndTests()
    let rows = [
      ["AU", "3000", "Melb\u{1B}]0;pwn\u{7}ourne", "Victoria", "VIC", "", "", "", "", "-37.8", "144.9", "4"],
      ["CH", "3000", "Bern\u{9B}2J", "Bern", "BE", "", "", "", "", "46.9", "7.4", "4"],
    ]
    try (rows.map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n").write(
      to: run.folder.appendingPathComponent("two.txt"), atomically: true, encoding: .utf8)
    let locale = ["LC_ALL": "C", "ZIPGEO_COUNTRY": ""]
    #expect(try run.zipgeo("import", "two.txt", "--quiet", environment: locale).status == 0)
    let shared = try run.zipgeo("info", "3000", environment: locale)
    #expect(shared.status == 1)
    #expect(
      shared.err.hasPrefix(
        #"Error: '3000' is a postal code in 2 countries: Melb\u{1B}]0;pwn\u{7}ourne, AU; Bern\u{9B}2J, CH;"#),
      "\(shared.err)")
    let table = try run.zipgeo("near", "AU:3000", "--km", "1", environment: locale)
    #expect(table.out.contains(#"Melb\u{1B}]0;pwn\u{7}ourne"#) && Self.isInert(table.out), "\(table.out)")
    let info = try run.zipgeo("info", "CH:3000", environment: locale)
    #expect(info.out.contains(#"Bern\u{9B}2J"#) && Self.isInert(info.out), "\(info.out)")
    #expect(try run.zipgeo("info", "AU:3000", "--format", "csv").out.contains("3000,Melb\u{1B}]0;pwn\u{7}ourne,"))
    #expect(try run.zipgeo("info", "CH:3000", "--format", "json").out.contains(#""place": "Bern\#u{9B}2J""#))
  }
}
