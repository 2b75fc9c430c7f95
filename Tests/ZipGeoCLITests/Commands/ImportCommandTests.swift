import Foundation
import TestSupport
import Testing

/// `zipgeo import` of GeoNames files as published (plain, .gz, .xz, a zip with a readme), of
/// several countries, as a user runs it.
@Suite(.serialized) struct ImportCommandTests {
  /// 19 lines cut from data/world.txt.xz: DE 01945 (9 places) and 10115, AU 3000 and 3001,
  /// CH 3000 (4 places), and CH 6719 Aquila three times over (lines 17 to 19).
  static let world = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../World").standardized

  let run: EndToEndTests

  init() throws {
    run = try EndToEndTests()
  }

  func copy(_ name: String) throws -> String {
    try FileManager.default.copyItem(
      at: Self.world.appendingPathComponent(name), to: run.folder.appendingPathComponent(name))
    return name
  }

  func countries(_ db: String = "zipgeo.db") throws -> String {
    try run.sqlite3(db, "SELECT country, count(*) FROM zips GROUP BY country ORDER BY country")
  }

  @Test(arguments: ["sample.txt", "sample.txt.gz", "sample.txt.xz", "sample.zip"])
  func aGeoNamesFileImportsAsPublishedPlainCompressedOrZipped(name: String) throws {
    let file = try copy(name)
    let result = try run.zipgeo("import", file)
    #expect(result.status == 0)
    #expect(
      result.err == """
        warning: \(name):18: zip 'CH:6719 (Aquila)' already appeared on line 17; keeping line 17
        warning: \(name):19: zip 'CH:6719 (Aquila)' already appeared on line 17; keeping line 17

        """)
    #expect(result.out.hasPrefix("Imported 17 zip codes from \(file) into zipgeo.db: 0 skipped, 2 duplicates, "))
    #expect(try countries() == "AU|2\nCH|5\nDE|10\n")
    #expect(try run.sqlite3("zipgeo.db", "SELECT count(*) FROM zips WHERE country = 'DE' AND zip = '01945'") == "9\n")
    #expect(
      try run.sqlite3("zipgeo.db", "SELECT country, place FROM zips WHERE zip = '3000' AND place NOT LIKE 'Bern %'")
        == "AU|Melbourne\n")
  }

  @Test func anImportOfOneCountryKeepsTheOthersAndReplaceAllDoesNot() throws {
    let file = try copy("sample.txt")
    #expect(try run.zipgeo("import", file).status == 0)
    #expect(try run.zipgeo("import", zipsCSVPath, "--quiet").status == 0)
    #expect(try countries() == "AU|2\nCH|5\nDE|10\nUS|41487\n")
    #expect(try run.zipgeo("import", file, "--countries", "ch", "--quiet").status == 0)
    #expect(try countries() == "AU|2\nCH|5\nDE|10\nUS|41487\n")
    #expect(try run.zipgeo("import", file, "--countries", "DE,AU", "--replace-all", "--quiet").status == 0)
    #expect(try countries() == "AU|2\nDE|10\n")
    // A US-only question is answered as before, from the US rows.
    #expect(try run.zipgeo("import", zipsCSVPath, "--quiet").status == 0)
    #expect(try run.zipgeo("info", "75075").out.contains("Plano"))
  }

  @Test func aCSVFileTakesItsCountryFromTheOption() throws {
    try "postcode,place,lat,lon\n10115,Berlin,52.5323,13.3846\n".write(
      to: run.folder.appendingPathComponent("berlin.csv"), atomically: true, encoding: .utf8)
    #expect(try run.zipgeo("import", "berlin.csv", "--country", "de", "--quiet").status == 0)
    #expect(try countries() == "DE|1\n")
    let bad = try run.zipgeo("import", "berlin.csv", "--country", "Germany")
    #expect(bad.status == 64)
    #expect(
      bad.err.hasPrefix(
        "Error: The value 'Germany' is invalid for '--country <cc>': give two-letter country codes, as in DE\n"))
  }

  @Test func strictRefusesARepeatedRow() throws {
    let file = try copy("sample.txt")
    let result = try run.zipgeo("import", file, "--strict")
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: sample.txt:18: zip 'CH:6719 (Aquila)' already appeared on line 17 (--strict refuses duplicates)\n")
  }
}
