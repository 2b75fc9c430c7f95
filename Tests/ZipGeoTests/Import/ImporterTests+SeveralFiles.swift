import CSV
import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// Several files in one import: one transaction, their countries replaced together, and the
/// countries table each import writes.
@Suite struct ImporterSeveralFilesTests {
  let folder: TemporaryFolder
  let dbPath: String

  init() throws {
    folder = try TemporaryFolder()
    dbPath = folder.path("world.db")
  }

  typealias Samples = ImporterCountryTests

  final class NoticeLog: @unchecked Sendable {
    var notices: [String] = []
  }

  /// Writes each `(name, rows)` as a GeoNames file and imports them all in one call.
  @discardableResult
  func importFiles(
    _ files: [(String, [[String]])], options: ImportOptions = ImportOptions(), log: NoticeLog? = nil
  ) throws -> ImportSummary {
    let paths = try files.map { try folder.write($0.0, Samples.geoNames($0.1)) }
    return try Importer(options: options).importFiles(paths, intoDatabaseAt: dbPath) {
      log?.notices.append($0.description)
    }
  }

  func rows(_ sql: String) throws -> [[DatabaseValue]] {
    try Database(path: dbPath).rows(sql).map(\.values)
  }

  /// Country, places, codes and the source's file name, from `ZipDatabase.countries()`.
  func countries() throws -> [String] {
    try ZipDatabase(readingAt: dbPath).countries().map {
      let names = $0.source?.components(separatedBy: ", ").map { $0.split(separator: "/").last ?? "" }
      return "\($0.country) \($0.places) \($0.codes) " + (names?.joined(separator: ", ") ?? "-")
    }
  }

  static let berlin = [
    "DE", "10115", "Berlin", "Berlin", "BE", "", "00", "Berlin, Stadt", "11000", "52.5323", "13.3846", "6",
  ]

  @Test func twoFilesOfOneCountryInOneImportKeepTheRowsOfBoth() throws {
    try importFiles([("ch.txt", [Samples.bern, Samples.aquila]), ("de-old.txt", [Self.berlin])])
    let log = NoticeLog()
    let summary = try importFiles(
      [
        ("a.txt", Array(Samples.german01945[0..<3])),
        ("b.txt", Array(Samples.german01945[2..<9]) + [Samples.melbourne]),
      ],
      log: log)
    #expect(summary.imported == 10)
    #expect(summary.duplicates == 1)
    // DE's earlier row (Berlin) is replaced by the rows of both files; CH is kept.
    #expect(try countries() == ["AU 1 1 b.txt", "CH 2 2 ch.txt", "DE 9 1 a.txt, b.txt"])
    // The row both files hold is warned of once, naming both files and lines.
    #expect(log.notices.count == 1)
    #expect(
      log.notices.first?.contains("/b.txt:1: zip 'DE:01945 (Guteborn)' already appeared in ") == true
        && log.notices.first?.hasSuffix("/a.txt:3; keeping the first") == true, "\(log.notices)")
  }

  @Test func theRowsOfEachFileAreNumberedApartFromTheOthers() throws {
    try importFiles([("a.txt", [Samples.bern, Samples.aquila]), ("b.txt", [Samples.melbourne, Self.berlin])])
    // Each file's rows follow the rows before them: a file's line 1 never meets another's.
    #expect(
      try rows("SELECT id, place FROM zips ORDER BY id")
        == [
          [.integer(1), .text("Bern 9")], [.integer(2), .text("Aquila")], [.integer(3), .text("Melbourne")],
          [.integer(4), .text("Berlin")],
        ])
  }

  @Test func aRepeatWithinTheSecondFileNamesItsOwnLines() throws {
    let log = NoticeLog()
    try importFiles(
      [("a.txt", [Samples.bern]), ("b.txt", [Samples.melbourne, Samples.aquila, Samples.aquila])], log: log)
    #expect(log.notices.count == 1)
    #expect(
      log.notices.first?.hasSuffix("/b.txt:3: zip 'CH:6719 (Aquila)' already appeared on line 2; keeping line 2")
        == true)
  }

  @Test func strictNamesBothFilesOfARepeat() throws {
    #expect {
      try importFiles([("a.txt", [Samples.bern]), ("b.txt", [Samples.bern])], options: ImportOptions(strict: true))
    } throws: { error in
      let error = error as? ImportError
      return error?.file.hasSuffix("/b.txt") == true && error?.line == 1
        && error?.message.hasPrefix("zip 'CH:3000 (Bern 9)' already appeared on /") == true
        && error?.message.hasSuffix("/a.txt:1 (--strict refuses duplicates)") == true
    }
  }

  @Test func aFailingSecondFileLeavesTheDatabaseUnchanged() throws {
    try importFiles([("first.txt", [Samples.bern])])
    let before = try rows("SELECT * FROM zips ORDER BY id")
    let countriesBefore = try rows("SELECT * FROM countries")
    var bad = Samples.melbourne
    bad[9] = "-95"
    let good = try folder.write("good.txt", Samples.geoNames(Samples.german01945))
    let broken = try folder.write("broken.txt", Samples.geoNames([Samples.melbourne, bad]))
    #expect(throws: ImportError(file: broken, line: 2, message: "latitude '-95' is outside [-90, 90]")) {
      try Importer().importFiles([good, broken], intoDatabaseAt: dbPath)
    }
    #expect(try rows("SELECT * FROM zips ORDER BY id") == before)
    #expect(try rows("SELECT * FROM countries") == countriesBefore)
    // A missing file fails before anything is read.
    #expect(throws: ImportError.self) {
      try Importer().importFiles([good, folder.path("missing.txt")], intoDatabaseAt: dbPath)
    }
    #expect(try rows("SELECT * FROM zips ORDER BY id") == before)
  }

  @Test func theCountriesTableNamesEachCountrysFileAndTime() throws {
    try importFiles([("world.txt", Samples.german01945 + [Self.berlin, Samples.melbourne, Samples.bern])])
    #expect(try countries() == ["AU 1 1 world.txt", "CH 1 1 world.txt", "DE 10 2 world.txt"])
    let times = try ZipDatabase(readingAt: dbPath).countries().map { $0.imported ?? "" }
    #expect(times.allSatisfy { $0.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil }, "\(times)")
    // A re-import of one country replaces its row only.
    try importFiles([("ch.txt", [Samples.bern, Samples.aquila])])
    #expect(try countries() == ["AU 1 1 world.txt", "CH 2 2 ch.txt", "DE 10 2 world.txt"])
    // --countries: only the countries imported.
    try importFiles([("de.txt", [Self.berlin, Samples.melbourne])], options: ImportOptions(countries: ["DE"]))
    #expect(try countries() == ["AU 1 1 world.txt", "CH 2 2 ch.txt", "DE 1 1 de.txt"])
    // --replace-all: the others go from the countries table too.
    try importFiles([("au.txt", [Samples.melbourne])], options: ImportOptions(replaceAll: true))
    #expect(try countries() == ["AU 1 1 au.txt"])
  }

  @Test func aVersion1DatabaseGetsTheTableOnImportWithItsUSRowsWithoutSource() throws {
    let old = try Database(path: dbPath)
    try old.execute(
      """
      CREATE TABLE zips (
        zip TEXT NOT NULL CHECK (zip <> ''), place TEXT, state TEXT, county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90), lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
        cell INTEGER NOT NULL DEFAULT -1);
      INSERT INTO zips (zip, place, state, county, lat, lon) VALUES ('75075', 'Plano', 'TX', 'Collin', 33.025, -96.7397);
      INSERT INTO zips (zip, place, state, county, lat, lon) VALUES ('75074', 'Plano', 'TX', 'Collin', 33.03, -96.68);
      PRAGMA user_version = 1;
      """)
    try old.close()
    #expect(throws: SchemaUpgradeTests.refusal(path: dbPath, version: 1)) { try ZipDatabase(readingAt: dbPath) }
    try importFiles([("ch.txt", [Samples.bern])])
    #expect(try countries() == ["CH 1 1 ch.txt", "US 2 2 -"])
  }

  @Test func aVersion2DatabaseWithoutTheCountriesTableIsCountedAndGetsItOnImport() throws {
    try importFiles([("a.txt", [Samples.bern, Samples.melbourne])])
    try Database(path: dbPath).execute("DROP TABLE countries")
    #expect(
      try ZipDatabase(readingAt: dbPath).countries().map { [$0.country, $0.source ?? "-", $0.imported ?? "-"] }
        == [["AU", "-", "-"], ["CH", "-", "-"]])
    try importFiles([("b.txt", [Self.berlin])])
    #expect(try countries() == ["AU 1 1 -", "CH 1 1 -", "DE 1 1 b.txt"])
  }

  @Test func anEmptyListOfFilesIsAnError() throws {
    #expect(throws: ImportError.self) { try Importer().importFiles([], intoDatabaseAt: dbPath) }
    #expect(!FileManager.default.fileExists(atPath: dbPath))
  }

  /// The bytes of a data file inside an archive, as ArchiveInput hands them out.
  struct ArchiveMember: ByteSource {
    var bytes: [UInt8]
    let member: String?
    mutating func read(stoppingWhen shouldStop: (() -> Bool)?) -> [UInt8] {
      defer { bytes = [] }
      return bytes
    }
  }

  @Test func aZipArchivesDataFileIsNamedInWarningsAndErrors() throws {
    let text = Samples.geoNames([Samples.bern, Samples.aquila, Samples.aquila])
    let importer = Importer { path throws(CSVError) in
      CSVReader(source: ArchiveMember(bytes: Array(text.utf8), member: path == "DE.zip" ? "DE.txt" : nil))
    }
    let log = NoticeLog()
    _ = try importer.importFiles(["DE.zip"], intoDatabaseAt: dbPath) { log.notices.append($0.description) }
    #expect(log.notices == ["DE.zip:DE.txt:3: zip 'CH:6719 (Aquila)' already appeared on line 2; keeping line 2"])
    #expect(try ZipDatabase(readingAt: dbPath).countries().map(\.source) == ["DE.zip"])
    #expect(
      throws: ImportError(
        file: "DE.zip:DE.txt", line: 3,
        message: "zip 'CH:6719 (Aquila)' already appeared on line 2 (--strict refuses duplicates)")
    ) {
      try Importer(options: ImportOptions(strict: true), openReader: importer.openReader).importFiles(
        ["DE.zip"], intoDatabaseAt: dbPath)
    }
  }
}

/// Every id an import works out is checked arithmetic on its own lines: a row that another SQLite
/// host wrote with the largest id there is (9223372036854775807) traps nothing, whatever the
/// import keeps or replaces, in memory or staged.
@Suite struct ImporterLargestIDTests {
  @Test(arguments: [ImportBuffer.defaultBudget, 0])
  func aRowWithTheLargestIDIsNoTrapForTheImportsAfterIt(budget: Int) throws {
    let folder = try TemporaryFolder()
    let path = folder.path("ids.db")
    let us = try folder.write("us.csv", "zip,lat,lon\n75075,33.0,-96.7\n75023,33.05,-96.73\n")
    let de = try folder.write("de.csv", "country,zip,lat,lon\nDE,10115,52.53,13.38\n")
    var importer = Importer()
    importer.bufferBudget = budget
    _ = try importer.importFile(us, intoDatabaseAt: path)
    let largest = Int64.max
    do {
      let host = try Database(path: path)
      try host.execute(
        """
        INSERT INTO zips (zip, lat, lon, country, id) VALUES ('99999', 1, 1, 'FR', \(largest));
        INSERT INTO zips (zip, lat, lon, country, id) VALUES ('99998', 1, 1, 'US', \(largest));
        """)
    }
    // Another country (FR's row is kept), then both files at once (US's rows replaced).
    _ = try importer.importFile(de, intoDatabaseAt: path)
    _ = try importer.importFiles([de, us], intoDatabaseAt: path)
    let db = try Database(path: path)
    let rows = try db.rows("SELECT country, zip, id FROM zips ORDER BY country, zip").map {
      "\($0[0].string ?? ""):\($0[1].string ?? ""):\($0[2].int64 ?? -1)"
    }
    #expect(rows.count == 4, "\(rows)")
    #expect(rows.contains("FR:99999:\(largest)"))
    #expect(rows.filter { $0.hasPrefix("US:") }.count == 2 && !rows.contains("US:99998:\(largest)"))
  }
}
