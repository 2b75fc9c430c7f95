import Foundation
import TestSupport
import Testing

/// Every argument error names the argument: those of the command line's own checks, and those of
/// values the database is asked about (a code that is no code, a name with no letter), which the
/// library refuses without knowing which argument gave them.
@Suite struct ArgumentValueTests {
  let run: EndToEndTests

  init() throws {
    run = try EndToEndTests()
    try #require(try run.zipgeo("import", zipsCSVPath, "--quiet").status == 0)
  }

  @Test(
    arguments: [
      (["near", "75075", "--km", "-1"], "'--km <km>'"), (["near", "75075", "--km", "nan"], "'--km <km>'"),
      (["near", "75075", "--km", "1e309"], "'--km <km>'"), (["near", "75075", "--mi", "0"], "'--mi <mi>'"),
      (["near", "75075", "--km", "1", "--limit", "0"], "'--limit <limit>'"),
      (["near", "75075", "--km", "1", "--format", "xml"], "'--format <format>'"),
      (["near", "75075", "--km", "1", "--kind", "bogus"], "'--kind <kinds>'"),
      (["near", "75075", "--km", "1", "--model", "flat"], "'--model <model>'"),
      (["nearest", "--zip", "75075", "-k", "0"], "'-k <k>'"),
      (["search", "plano", "--limit", "x"], "'--limit <limit>'"),
      (["countries", "--format", "geojson"], "'--format <format>'"),
      // Values the database is asked about.
      (["info", "DE:"], "'<zip>'"), (["info", ""], "'<zip>'"), (["distance", "75075", ""], "'<zip2>'"),
      (["distance", "", "75075"], "'<zip1>'"), (["near", "", "--km", "1"], "'<center>'"),
      (["nearest", "--zip", ""], "'--zip <zip>'"), (["near", "--place", "!!", "--km", "1"], "'--place <name>'"),
      (["near", "--place", "plano", "--state", "!!", "--km", "1"], "'--state <state>'"),
      (["search", " -- "], "'<name>'"), (["search", "plano", "--state", "!!"], "'--state <state>'"),
    ] as [([String], String)])
  func anArgumentErrorNamesTheArgument(arguments: [String], argument: String) throws {
    let result = try run.run(EndToEndTests.binary, arguments, environment: ["ZIPGEO_DB": "zipgeo.db"])
    #expect(result.status != 0)
    let first = result.err.split(separator: "\n").first.map(String.init) ?? ""
    #expect(first.hasPrefix("Error: The value '") && first.contains(argument), "\(arguments): \(first)")
  }
}
