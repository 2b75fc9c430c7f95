import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// GeoNames files as published, several places per code, and imports that replace countries.
@Suite struct ImporterCountryTests {
  let folder: TemporaryFolder
  let dbPath: String

  init() throws {
    folder = try TemporaryFolder()
    dbPath = folder.path("world.db")
  }

  /// Lines cut from data/world.txt.xz, joined with tabs.
  static func geoNames(_ rows: [[String]]) -> String {
    rows.map { $0.joined(separator: "\t") + "\n" }.joined()
  }

  static let german01945 = [
    [
      "DE", "01945", "Grünewald", "Brandenburg", "BB", "", "00", "Landkreis Oberspreewald-Lausitz", "12066", "51.4",
      "14.0", "4",
    ],
    [
      "DE", "01945", "Tettau", "Brandenburg", "BB", "", "00", "Landkreis Oberspreewald-Lausitz", "12066", "51.4333",
      "13.7333", "4",
    ],
    [
      "DE", "01945", "Guteborn", "Brandenburg", "BB", "", "00", "Landkreis Oberspreewald-Lausitz", "12066", "51.4167",
      "13.9333", "4",
    ],
    [
      "DE", "01945", "Hohenbocka", "Brandenburg", "BB", "", "00", "Landkreis Oberspreewald-Lausitz", "12066", "51.431",
      "14.0098", "4",
    ],
    [
      "DE", "01945", "Hermsdorf", "Brandenburg", "BB", "", "00", "Landkreis Oberspreewald-Lausitz", "12066", "51.4055",
      "13.8937", "4",
    ],
    [
      "DE", "01945", "Kroppen", "Brandenburg", "BB", "", "00", "Landkreis Oberspreewald-Lausitz", "12066", "51.3833",
      "13.8", "4",
    ],
    [
      "DE", "01945", "Ruhland", "Brandenburg", "BB", "", "00", "Landkreis Oberspreewald-Lausitz", "12066", "51.4576",
      "13.8664", "4",
    ],
    [
      "DE", "01945", "Lindenau", "Brandenburg", "BB", "", "00", "Landkreis Oberspreewald-Lausitz", "12066", "51.4",
      "13.7333", "4",
    ],
    [
      "DE", "01945", "Schwarzbach", "Brandenburg", "BB", "", "00", "Landkreis Oberspreewald-Lausitz", "12066", "51.45",
      "13.9333", "4",
    ],
  ]
  static let melbourne = [
    "AU", "3000", "Melbourne", "Victoria", "VIC", "Melbourne City", "24600", "", "", "-37.814", "144.9633", "4",
  ]
  static let bern = [
    "CH", "3000", "Bern 9", "Kanton Bern", "BE", "Bern-Mittelland District", "246", "Bern", "351", "46.9476", "7.4065",
    "0",
  ]
  static let aquila = [
    "CH", "6719", "Aquila", "Ticino", "TI", "Blenio District", "2102", "Blenio", "5049", "46.5406", "8.9881", "4",
  ]

  final class NoticeLog: @unchecked Sendable {
    var notices: [String] = []
  }

  @discardableResult
  func importText(
    _ text: String, name: String = "in.txt", options: ImportOptions = ImportOptions(), log: NoticeLog? = nil
  )
    throws -> ImportSummary
  {
    let path = try folder.write(name, text)
    return try Importer(options: options).importFile(path, into: try ZipDatabase(writingAt: dbPath)) {
      log?.notices.append($0.description)
    }
  }

  func rows(_ sql: String) throws -> [[DatabaseValue]] {
    try Database(path: dbPath).rows(sql).map(\.values)
  }

  func countries() throws -> [String: Int] {
    var counts: [String: Int] = [:]
    for row in try rows("SELECT country, count(*) FROM zips GROUP BY country") {
      counts[row[0].string ?? ""] = Int(row[1].int64 ?? 0)
    }
    return counts
  }

  @Test func aGeoNamesFileIsReadWithoutAHeaderWithEveryPlaceOfACode() throws {
    let summary = try importText(Self.geoNames(Self.german01945))
    #expect(summary.imported == 9)
    #expect(summary.duplicates == 0)
    let places = try rows("SELECT place FROM zips WHERE zip = '01945' AND country = 'DE' ORDER BY id")
    #expect(places.map { $0[0].string } == Self.german01945.map { $0[2] })
    let first = try rows("SELECT state, county, accuracy, lat, lon FROM zips WHERE place = 'Grünewald'")
    // GeoNames leaves admin_name2 empty in Germany: the county is the district, admin_name3.
    #expect(first == [[.text("BB"), .text("Landkreis Oberspreewald-Lausitz"), .integer(4), .real(51.4), .real(14.0)]])
    #expect(try rows("PRAGMA user_version") == [[.integer(Schema.version)]])
  }

  @Test func theSameCodeInTwoCountriesKeepsBoth() throws {
    try importText(Self.geoNames([Self.melbourne, Self.bern]))
    let found = try rows("SELECT country, place FROM zips WHERE zip = '3000' ORDER BY country")
    #expect(found == [[.text("AU"), .text("Melbourne")], [.text("CH"), .text("Bern 9")]])
  }

  @Test func anIdenticalRowRepeatedInAFileIsKeptOnceWithAWarningNamingBothLines() throws {
    let log = NoticeLog()
    let summary = try importText(Self.geoNames([Self.aquila, Self.bern, Self.aquila]), log: log)
    #expect(summary.imported == 2)
    #expect(summary.duplicates == 1)
    let path = folder.path("in.txt")
    #expect(log.notices == ["\(path):3: zip 'CH:6719 (Aquila)' already appeared on line 1; keeping line 1"])
    #expect(throws: ImportError.self) {
      try importText(Self.geoNames([Self.aquila, Self.aquila]), options: ImportOptions(strict: true))
    }
  }

  @Test func aQuoteInAGeoNamesPlaceNameIsPartOfTheName() throws {
    var quoted = Self.bern
    quoted[2] = "\"Bern\" 9"
    var unclosed = Self.melbourne
    unclosed[2] = "\"Melbourne"
    try importText(Self.geoNames([quoted, unclosed]))
    #expect(try rows("SELECT place FROM zips ORDER BY id") == [[.text("\"Bern\" 9")], [.text("\"Melbourne")]])
  }

  @Test func anEmptyStateCodeFallsBackToTheStateNameAndAnEmptyAccuracyIsNull() throws {
    var row = Self.melbourne
    row[4] = ""
    row[11] = ""
    try importText(Self.geoNames([row]))
    #expect(try rows("SELECT state, accuracy FROM zips") == [[.text("Victoria"), .null]])
  }

  @Test func anAccuracyOutsideZeroToSixIsRefusedWithItsLine() throws {
    var row = Self.melbourne
    row[11] = "7"
    let path = try folder.write("bad.txt", Self.geoNames([Self.bern, row]))
    #expect(throws: ImportError(file: path, line: 2, message: "accuracy '7' is not a whole number from 0 to 6")) {
      try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    }
  }

  @Test func importingOneCountryReplacesItAndKeepsTheOthers() throws {
    try importText(Self.geoNames([Self.melbourne, Self.bern, Self.aquila]))
    try importText(Self.geoNames(Self.german01945))
    #expect(try countries() == ["AU": 1, "CH": 2, "DE": 9])
    // CH again, with one row: its two old rows go, AU and DE stay.
    let log = NoticeLog()
    try importText(Self.geoNames([Self.aquila, Self.aquila]), log: log)
    #expect(try countries() == ["AU": 1, "CH": 1, "DE": 9])
    // Lines are still named from the file, whatever ids the kept rows have.
    #expect(
      log.notices.first?.hasSuffix(":2: zip 'CH:6719 (Aquila)' already appeared on line 1; keeping line 1") == true)
    #expect(try ZipDatabase(readingAt: dbPath).count() == 11)
  }

  @Test func replaceAllEmptiesTheDatabaseFirst() throws {
    try importText(Self.geoNames([Self.melbourne, Self.bern]))
    try importText(Self.geoNames(Self.german01945), options: ImportOptions(replaceAll: true))
    #expect(try countries() == ["DE": 9])
  }

  @Test func countriesKeepsOnlyTheRowsOfThoseCountries() throws {
    let text = Self.geoNames([Self.melbourne, Self.bern] + Self.german01945)
    let summary = try importText(text, options: ImportOptions(countries: ["DE", "CH"]))
    #expect(summary.imported == 10)
    #expect(try countries() == ["CH": 1, "DE": 9])
    let path = try folder.write("au.txt", text)
    #expect(throws: ImportError(file: path, line: nil, message: "no rows of FR in the file; the database is unchanged"))
    {
      try Importer(options: ImportOptions(countries: ["FR"])).importFile(path, into: try ZipDatabase(writingAt: dbPath))
    }
    #expect(try countries() == ["CH": 1, "DE": 9])
  }

  @Test func aCSVFileTakesItsCountryFromAColumnOrElseFromTheOption() throws {
    try importText(
      "zip,place,lat,lon,Country_Code\n3000,Melbourne,-37.814,144.9633,au\n3000,Bern,46.9476,7.4065,CH\n", name: "a.csv"
    )
    #expect(try countries() == ["AU": 1, "CH": 1])
    try importText("postcode,lat,lon\n10115,52.5323,13.3846\n", name: "b.csv", options: ImportOptions(country: "DE"))
    #expect(try countries() == ["AU": 1, "CH": 1, "DE": 1])
    try importText("zip,lat,lon\n75075,33.025,-96.7397\n", name: "c.csv")
    #expect(try countries() == ["AU": 1, "CH": 1, "DE": 1, "US": 1])
    let path = try folder.write("d.csv", "zip,lat,lon,country\n1,1,1,USA\n")
    #expect(throws: ImportError(file: path, line: 2, message: "country 'USA' is not a two-letter country code")) {
      try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    }
  }

  @Test func aGeoNamesFileWithLowerCaseCountriesIsImportedUpperCased() throws {
    let lower = [Self.melbourne, Self.bern].map { [$0[0].lowercased()] + $0.dropFirst() }
    let summary = try importText(Self.geoNames(lower))
    #expect(summary.imported == 2)
    #expect(try countries() == ["AU": 1, "CH": 1])
  }

  @Test func aGeoNamesFileWhoseLinesEndInATabIsImported() throws {
    let text = Self.geoNames([Self.melbourne + [""], Self.bern + [""], Self.aquila])
    let summary = try importText(text)
    #expect(summary.imported == 3)
    #expect(try rows("SELECT place, accuracy FROM zips WHERE country = 'AU'") == [[.text("Melbourne"), .integer(4)]])
  }

  @Test func aValueAfterTheTwelfthColumnOfAGeoNamesFileFailsTheImportNamingItsLineAndValue() throws {
    let first = try folder.write("first.txt", Self.geoNames([Self.melbourne + ["extra"], Self.bern]))
    #expect(
      throws: ImportError(
        file: first, line: 1, message: "the line has 13 fields, a GeoNames record has 12: field 13 is 'extra'")
    ) {
      try Importer().importFile(first, into: try ZipDatabase(writingAt: dbPath))
    }
    let later = try folder.write("later.txt", Self.geoNames([Self.melbourne + [""], Self.bern + ["7"]]))
    #expect(
      throws: ImportError(
        file: later, line: 2, message: "the line has 13 fields, a GeoNames record has 12: field 13 is '7'")
    ) {
      try Importer().importFile(later, into: try ZipDatabase(writingAt: dbPath))
    }
    #expect(try rows("SELECT count(*) FROM zips") == [[.integer(0)]])
  }

  @Test func aTabSeparatedFileThatIsNotGeoNamesIsAnErrorSayingWhatZipgeoReads() throws {
    let path = try folder.write("stores.tsv", "zip\tlat\tlon\n75075\t33.025\t-96.7397\n")
    #expect(
      throws: ImportError(
        file: path, line: 1,
        message:
          "no zip code column: expected one of zip, zipcode, zip_code, postal_code, postcode; the header has"
          + " 'zip\\tlat\\tlon' (the file seems separated by tabs; zipgeo reads comma-separated values with a header,"
          + " or GeoNames files without one: 12 tab-separated columns, the first a country code, the 10th and 11th"
          + " latitude and longitude)")
    ) {
      try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    }
    // Not a country in the first column: read as a header, whose comma does not hide the tabs.
    let threeLetters = try folder.write("deu.txt", "DEU\t10115\tBerlin, Stadt\t52.5323\t13.3846\n")
    let error = try #require(throws: ImportError.self) {
      try Importer().importFile(threeLetters, into: try ZipDatabase(writingAt: dbPath))
    }
    #expect(error.line == 1)
    #expect(
      error.message.hasSuffix(
        "(the file seems separated by tabs; zipgeo reads comma-separated values with a header, or GeoNames files"
          + " without one: 12 tab-separated columns, the first a country code, the 10th and 11th latitude and"
          + " longitude)"))
  }

  @Test func aCountryForFilesThatAllHaveACountryColumnFailsBeforeAnyRowPointingToCountries() throws {
    try importText(Self.geoNames([Self.aquila]))
    var phases: [ImportPhase] = []
    let geoNames = try folder.write("world.txt", Self.geoNames([Self.melbourne, Self.bern]))
    #expect(
      throws: ImportError(
        file: geoNames, line: nil,
        message:
          "--country FR sets the country of a file without a country column, and this GeoNames file has one"
          + " (its first column); to import only its FR rows, use --countries FR instead",
        option: "country")
    ) {
      try Importer(options: ImportOptions(country: "FR")).importFile(
        geoNames, into: try ZipDatabase(writingAt: dbPath), phase: { phases.append($0) })
    }
    // Told before a row is read: no file got past its header.
    #expect(!phases.contains(.headerRead))
    let csv = try folder.write("a.csv", "zip,lat,lon,CC\n3000,-37.814,144.9633,AU\n")
    #expect(
      throws: ImportError(
        file: csv, line: nil,
        message:
          "--country AU sets the country of a file without a country column, and this file has one ('CC');"
          + " to import only its AU rows, use --countries AU instead",
        option: "country")
    ) {
      try Importer(options: ImportOptions(country: "AU")).importFile(csv, into: try ZipDatabase(writingAt: dbPath))
    }
    #expect(
      throws: ImportError(
        file: "\(geoNames) and \(csv)", line: nil,
        message:
          "--country CH sets the country of a file without a country column, and each of these files has one;"
          + " to import only their CH rows, use --countries CH instead",
        option: "country")
    ) {
      try Importer(options: ImportOptions(country: "CH", countries: ["CH"])).importFiles(
        [geoNames, csv], into: try ZipDatabase(writingAt: dbPath))
    }
    #expect(try countries() == ["CH": 1])
  }

  @Test func aCountryGivenWithAFileWithoutACountryColumnIsItsAndTheGeoNamesFilesKeepTheirs() throws {
    let geoNames = try folder.write("world.txt", Self.geoNames([Self.melbourne, Self.bern]))
    let csv = try folder.write("berlin.csv", "postcode,lat,lon\n10115,52.5323,13.3846\n")
    _ = try Importer(options: ImportOptions(country: "DE")).importFiles(
      [geoNames, csv], into: try ZipDatabase(writingAt: dbPath))
    #expect(try countries() == ["AU": 1, "CH": 1, "DE": 1])
  }

  @Test func everyCountryAskedForMustBeInTheFile() throws {
    let path = try folder.write("in.txt", Self.geoNames([Self.bern, Self.melbourne]))
    #expect(
      throws: ImportError(file: path, line: nil, message: "no rows of FR, XX in the file; the database is unchanged")
    ) {
      try Importer(options: ImportOptions(countries: ["CH", "XX", "FR"])).importFile(
        path, into: try ZipDatabase(writingAt: dbPath))
    }
    #expect(try rows("SELECT count(*) FROM zips") == [[.integer(0)]])
  }

  @Test func anEmptyCountryInAFileWithACountryColumnIsAnInvalidRowNotUS() throws {
    let path = try folder.write("e.csv", "zip,lat,lon,country\n1,1,1,DE\n3,1,1, \n")
    #expect(throws: ImportError(file: path, line: 3, message: "the country is empty")) {
      try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    }
  }

  @Test func aVersion1DatabaseIsUpgradedByAnImportAsUSData() throws {
    let old = try Database(path: dbPath)
    try old.execute(
      """
      CREATE TABLE zips (
        zip TEXT NOT NULL CHECK (zip <> ''), place TEXT, state TEXT, county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90), lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
        cell INTEGER NOT NULL DEFAULT -1);
      INSERT INTO zips (zip, place, state, county, lat, lon) VALUES ('75075', 'Plano', 'TX', 'Collin', 33.025, -96.7397);
      UPDATE zips SET cell = \(SchemaUpgradeTests.legacyCell());
      CREATE UNIQUE INDEX zips_zip ON zips (zip);
      CREATE INDEX zips_cell ON zips (cell, lat, lon, zip);
      \(SchemaUpgradeTests.version1Triggers)
      PRAGMA user_version = 1;
      """)
    #expect(throws: SchemaUpgradeTests.refusal(path: dbPath, version: 1)) { try ZipDatabase(readingAt: dbPath) }
    try importText(Self.geoNames(Self.german01945))
    #expect(try rows("PRAGMA user_version") == [[.integer(Schema.version)]])
    #expect(try countries() == ["DE": 9, "US": 1])
    #expect(try ZipDatabase(readingAt: dbPath).zipCode("75075")?.place == "Plano")
  }

  @Test func aReimportOfTheSameCountriesNumbersRowsByLineAgain() throws {
    try importText(Self.geoNames([Self.bern, Self.aquila]))
    try importText(Self.geoNames([Self.melbourne]))
    try importText(Self.geoNames([Self.aquila, Self.bern]))
    #expect(try rows("SELECT id, country FROM zips ORDER BY country")[0][1] == .text("AU"))
    try importText(Self.geoNames([Self.aquila, Self.melbourne, Self.bern, Self.aquila]))
    #expect(
      try rows("SELECT id, place FROM zips ORDER BY id")
        == [[.integer(1), .text("Aquila")], [.integer(2), .text("Melbourne")], [.integer(3), .text("Bern 9")]])
  }
}

/// A row that names its state for want of its code (GeoNames' German rows: `Bayern` alone) gets
/// the code the other rows give the name, whether the rows are held in memory or staged.
@Suite struct ImporterStateCodeTests {
  static func row(_ code: String, _ place: String, _ name: String, _ state: String) -> [String] {
    ["DE", code, place, name, state, "", "", "", "", "48.1", "11.5", "4"]
  }

  static let rows = [
    row("80331", "München", "Bayern", "BY"), row("80333", "München", "Bayern", "BY"),
    row("80335", "München", "Bayern", ""), row("80336", "München", "Bavaria", ""),
    row("10115", "Berlin", "Berlin", "BE"), row("10117", "Berlin", "Land Berlin", ""),
    // No row gives Bremen a code, and a name that is also a code is left as it is.
    row("28195", "Bremen", "Bremen", ""), row("99084", "Erfurt", "BY", ""),
    row("01067", "Dresden", "Sachsen", "SN"), row("01069", "Dresden", "Saxony", ""),
  ]

  @Test(arguments: [ImportBuffer.defaultBudget, 0])
  func aStateNamedAloneGetsTheCodeOtherRowsGiveItsName(budget: Int) throws {
    let folder = try TemporaryFolder()
    let path = folder.path("de.db")
    let file = try folder.write("de.txt", ImporterCountryTests.geoNames(Self.rows))
    var importer = Importer()
    importer.bufferBudget = budget
    _ = try importer.importFile(file, into: try ZipDatabase(writingAt: path))
    let db = try Database(path: path)
    let states = try db.rows("SELECT zip, state FROM zips ORDER BY zip").map {
      "\($0[0].string ?? ""):\($0[1].string ?? "-")"
    }
    #expect(
      states == [
        "01067:SN", "01069:SN", "10115:BE", "10117:BE", "28195:Bremen", "80331:BY", "80333:BY", "80335:BY", "80336:BY",
        "99084:BY",
      ])
    // The regions table names the codes as the rows that give both do.
    let regions = try db.rows("SELECT state, name FROM regions ORDER BY state").map {
      "\($0[0].string ?? "")=\($0[1].string ?? "")"
    }
    #expect(regions == ["BE=Berlin", "BY=Bayern", "SN=Sachsen"])
  }
}
