import Foundation
import TestSupport
import Testing

/// `zipgeo countries` as a user runs it.
@Suite struct CountriesCommandTests {
  let run: EndToEndTests

  init() throws {
    run = try EndToEndTests()
  }

  func importSample() throws {
    try FileManager.default.copyItem(
      at: ImportCommandTests.world.appendingPathComponent("sample.zip"),
      to: run.folder.appendingPathComponent("sample.zip"))
    #expect(try run.zipgeo("import", "sample.zip", "--quiet").status == 0)
  }

  /// `TIME` in place of each import time (`2026-11-30T12:40:00Z`), which changes from run to
  /// run, and CSV's CRLF line ends as `\n`.
  func timeless(_ text: String) -> String {
    text.replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, with: "TIME").replacing("\r\n", with: "\n")
  }

  @Test func theTableListsEachCountryWithItsCountsSourceAndTime() throws {
    try importSample()
    let result = try run.zipgeo("countries")
    #expect(result.status == 0)
    #expect(
      timeless(result.out) == """
        country  name         places  codes  source      imported
        AU       Australia         2      2  sample.zip  TIME
        CH       Switzerland       5      2  sample.zip  TIME
        DE       Germany          10      2  sample.zip  TIME

        """)
  }

  @Test func otherFormatsCarryTheSameRows() throws {
    try importSample()
    #expect(
      timeless(try run.zipgeo("countries", "--format", "tsv").out)
        == "country\tname\tplaces\tcodes\tsource\timported\nAU\tAustralia\t2\t2\tsample.zip\tTIME\n"
        + "CH\tSwitzerland\t5\t2\tsample.zip\tTIME\nDE\tGermany\t10\t2\tsample.zip\tTIME\n")
    #expect(
      timeless(try run.zipgeo("countries", "--format", "ndjson").out).hasPrefix(
        "{\"country\": \"AU\", \"name\": \"Australia\", \"places\": 2, \"codes\": 2, \"source\": \"sample.zip\", \"imported\": \"TIME\"}\n"
      ))
    let geojson = try run.zipgeo("countries", "--format", "geojson")
    #expect(geojson.status == 64)
    #expect(
      geojson.err.hasPrefix(
        "Error: The value 'geojson' is invalid for '--format <format>': use one of table, csv, tsv, json, ndjson\n"))
  }

  @Test func aReimportOfOneCountryChangesItsRowAndReplaceAllTheRest() throws {
    try importSample()
    try "zip,place,lat,lon\n3000,Melbourne,-37.814,144.9633\n".write(
      to: run.folder.appendingPathComponent("au.csv"), atomically: true, encoding: .utf8)
    #expect(try run.zipgeo("import", "au.csv", "--country", "AU", "--quiet").status == 0)
    #expect(
      timeless(try run.zipgeo("countries", "--format", "csv").out)
        == "country,name,places,codes,source,imported\nAU,Australia,1,1,au.csv,TIME\nCH,Switzerland,5,2,sample.zip,TIME\n"
        + "DE,Germany,10,2,sample.zip,TIME\n"
    )
    #expect(try run.zipgeo("import", "au.csv", "--country", "AU", "--replace-all", "--quiet").status == 0)
    #expect(
      timeless(try run.zipgeo("countries", "--format", "csv").out)
        == "country,name,places,codes,source,imported\nAU,Australia,1,1,au.csv,TIME\n")
  }

  /// A file an older zipgeo wrote is refused with the command that upgrades it, unchanged; that
  /// command, run as the message gives it, upgrades it, and its rows are then US rows without a
  /// source.
  @Test func aVersion1DatabaseIsRefusedWithTheCommandThatUpgradesItAndThenListedAsUS() throws {
    _ = try run.sqlite3(
      "old.db",
      """
      CREATE TABLE zips (zip TEXT NOT NULL, place TEXT, state TEXT, county TEXT, lat REAL NOT NULL,
        lon REAL NOT NULL, cell INTEGER NOT NULL DEFAULT -1);
      INSERT INTO zips (zip, lat, lon) VALUES ('75075', 33.025, -96.7397), ('01001', 42.07, -72.62);
      PRAGMA user_version = 1;
      """)
    let before = try Data(contentsOf: run.folder.appendingPathComponent("old.db"))
    let refused = try run.zipgeo("countries", "--db", "old.db")
    #expect(refused.status == 1)
    #expect(
      refused.err
        == "Error: cannot open 'old.db': it was made by an older zipgeo (schema version 1), and this one reads version"
        + " 3; upgrade it, keeping every row, with: zipgeo upgrade --db=old.db\n")
    #expect(try Data(contentsOf: run.folder.appendingPathComponent("old.db")) == before)
    let upgrade = try run.zipgeo("upgrade", "--db=old.db")
    #expect(upgrade.status == 0, "\(upgrade.err)")
    #expect(upgrade.out.hasPrefix("Upgraded old.db from schema version 1 to 3: 2 zip codes kept, "))
    #expect(upgrade.err == "")
    let result = try run.zipgeo("countries", "--db", "old.db")
    #expect(result.status == 0)
    #expect(
      result.out == "country  name           places  codes  source  imported\nUS       United States       2      2\n")
    let again = try run.zipgeo("upgrade", "--db", "old.db")
    #expect(again.out == "old.db is already at schema version 3; nothing to do\n")
  }

  @Test func aMissingOrEmptyDatabaseIsTheUsualError() throws {
    let missing = try run.zipgeo("countries", "--db", "missing.db")
    #expect(missing.status == 1)
    #expect(
      missing.err
        == "Error: no database at 'missing.db'; create it with: zipgeo import \(zipsCSVPath) --db missing.db\n")
    _ = FileManager.default.createFile(atPath: run.folder.appendingPathComponent("empty.db").path, contents: Data())
    let empty = try run.zipgeo("countries", "--db", "empty.db")
    #expect(empty.status == 1)
    #expect(empty.err == (try run.zipgeo("info", "75075", "--db", "empty.db").err))
  }
}
