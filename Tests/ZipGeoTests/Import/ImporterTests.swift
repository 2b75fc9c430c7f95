import CSV
import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

@Suite struct ImporterTests {
  let folder: TemporaryFolder
  let dbPath: String

  init() throws {
    folder = try TemporaryFolder()
    dbPath = folder.path("zipgeo.db")
  }

  static let good = """
    zip,place,state,county,lat,lon
    01001,Agawam,MA,Hampden,42.0702,-72.6227
    00501,Holtsville,NY,Suffolk,40.8154,-73.0451
    75075,Plano,TX,Collin,33.025,-96.7397

    """

  @discardableResult
  func importText(_ text: String, options: ImportOptions = ImportOptions(), notices: NoticeLog? = nil) throws
    -> ImportSummary
  {
    let csv = try folder.write("in-\(UUID().uuidString.prefix(8)).csv", text)
    return try importFile(csv, options: options, notices: notices)
  }

  func importFile(_ csv: String, options: ImportOptions = ImportOptions(), notices: NoticeLog? = nil) throws
    -> ImportSummary
  {
    try Importer(options: options).importFile(csv, into: try ZipDatabase(writingAt: dbPath)) {
      notices?.notices.append($0)
    }
  }

  func zips() throws -> [String] {
    try ZipDatabase(readingAt: dbPath).database.rows("SELECT zip FROM zips ORDER BY zip").compactMap { $0[0].string }
  }

  func importError(_ text: String, options: ImportOptions = ImportOptions()) throws -> ImportError? {
    let csv = try folder.write("bad.csv", text)
    do {
      _ = try importFile(csv, options: options)
      return nil
    } catch let error as ImportError {
      return error
    }
  }

  final class NoticeLog: @unchecked Sendable {
    var notices: [ImportNotice] = []
  }

  @Test func importKeepsZipsAsTextWithLeadingZeros() throws {
    let summary = try importText(Self.good)
    #expect(summary.imported == 3)
    #expect(try zips() == ["00501", "01001", "75075"])
    let types = try ZipDatabase(readingAt: dbPath).database.rows("SELECT DISTINCT typeof(zip), typeof(lat) FROM zips")
    #expect(types.map(\.values) == [[.text("text"), .text("real")]])
  }

  /// The importer checks its own rows and has SQLite skip the table's CHECK constraints for
  /// them; they guard the table again as soon as it is done, on the same connection.
  @Test func theTablesChecksGuardItAgainOnTheImportersConnectionOnceTheImportIsDone() throws {
    let db = try ZipDatabase(writingAt: dbPath)
    _ = try Importer().importFile(try folder.write("good.csv", Self.good), into: db)
    #expect(throws: DatabaseError.self) {
      try db.database.execute("INSERT INTO zips (zip, lat, lon, country, id) VALUES ('1', 91, 0, 'US', 9)")
    }
    #expect(throws: DatabaseError.self) {
      try db.database.execute("INSERT INTO zips (zip, lat, lon, country, id) VALUES ('1', 1, 0, 'us', 9)")
    }
    #expect(try db.database.scalar("SELECT count(*) FROM zips") == .integer(3))
  }

  @Test func theSchemaVersionIsRecorded() throws {
    try importText(Self.good)
    #expect(try ZipDatabase(readingAt: dbPath).database.scalar("PRAGMA user_version") == .integer(Schema.version))
  }

  @Test func quotedFieldsBOMAndCRLFAreRead() throws {
    let text =
      "\u{FEFF}ZIPCODE,City,Lat,Lng\r\n\"20001\",\"Washington, DC\",38.9122,-77.0177\r\n\"99999\",\"Say \"\"hi\"\"\",1,2"
    try importText(text)
    let row = try ZipDatabase(readingAt: dbPath).zipCode("20001")
    #expect(row?.place == "Washington, DC")
    #expect(try ZipDatabase(readingAt: dbPath).zipCode("99999")?.place == "Say \"hi\"")
  }

  @Test func anInvalidRowFailsTheImportNamingFileLineAndValue() throws {
    let error = try importError("zip,lat,lon\n1,1,1\n2,91.5,0\n")
    #expect(error?.description.hasSuffix("bad.csv:3: latitude '91.5' is outside [-90, 90]") == true)
    #expect(error?.line == 3)
  }

  @Test func lineNumbersCountLinesInsideQuotedFields() throws {
    let error = try importError("zip,place,lat,lon\n1,\"two\nlines\",1,1\n2,x,abc,0\n")
    #expect(error?.line == 4)
    #expect(error?.message == "latitude 'abc' is not a decimal number")
  }

  @Test func skipInvalidImportsTheGoodRowsAndReportsEachBadOne() throws {
    let log = NoticeLog()
    let summary = try importText(
      "zip,lat,lon\n1,1,1\n2,91.5,0\n3,x,0\n4,4,4\n", options: ImportOptions(skipInvalid: true), notices: log)
    #expect(summary.imported == 2)
    #expect(summary.skipped == 2)
    #expect(try zips() == ["1", "4"])
    #expect(log.notices.count == 2)
    #expect(log.notices.first?.description.contains(":3: latitude '91.5' is outside [-90, 90] (line skipped)") == true)
  }

  @Test func aRepeatedZipKeepsTheFirstRowAndWarnsWithBothLines() throws {
    let log = NoticeLog()
    let summary = try importText("zip,lat,lon\n96860,21.316,-157.8677\n1,1,1\n96860,21.3448,-157.9774\n", notices: log)
    #expect(summary.duplicates == 1)
    #expect(summary.imported == 2)
    guard case .duplicate(_, let zip, let line, let first)? = log.notices.first else {
      Issue.record("no duplicate notice")
      return
    }
    #expect((zip, line, first) == ("96860", 4, 2))
    #expect(try ZipDatabase(readingAt: dbPath).zipCode("96860")?.coordinate.latitude == 21.316)
  }

  @Test func strictModeRefusesDuplicates() throws {
    let error = try importError("zip,lat,lon\n5,1,1\n5,2,2\n", options: ImportOptions(strict: true))
    #expect(error?.line == 3)
    #expect(error?.message == "zip '5' already appeared on line 2 (--strict refuses duplicates)")
  }

  @Test func aFileWithoutDataRowsIsAnErrorAndChangesNothing() throws {
    try importText(Self.good)
    #expect(try importError("")?.message.contains("the file is empty") == true)
    #expect(try importError("zip,lat,lon\n")?.message == "no valid data rows; the database is unchanged")
    #expect(try importError("zip,lat,lon\n\n\n")?.message == "no valid data rows; the database is unchanged")
    #expect(try zips() == ["00501", "01001", "75075"])
  }

  @Test func aFailedImportLeavesThePreviousDataExactlyAsItWas() throws {
    try importText(Self.good)
    let before = try Data(contentsOf: URL(fileURLWithPath: dbPath))
    // The bad row comes after thousands of good ones, so a partial import would show.
    var text = "zip,lat,lon\n"
    for i in 0..<5000 { text += "\(10000 + i),1,1\n" }
    text += "bad,1000,1\n"
    #expect(try importError(text)?.line == 5002)
    #expect(try zips() == ["00501", "01001", "75075"])
    #expect(try Data(contentsOf: URL(fileURLWithPath: dbPath)) == before)
  }

  @Test func aNewImportReplacesTheOldData() throws {
    try importText(Self.good)
    try importText("zip,lat,lon\n12345,1,2\n")
    #expect(try zips() == ["12345"])
  }

  @Test func blankLinesAreSkipped() throws {
    try importText("\nzip,lat,lon\n\n1,1,1\n\n2,2,2\n\n")
    #expect(try zips() == ["1", "2"])
  }

  @Test func aMissingFileIsAnErrorNamingIt() throws {
    #expect(
      throws: ImportError(
        file: "/nonexistent.csv", line: nil, message: "cannot read the file: No such file or directory")
    ) {
      try importFile("/nonexistent.csv")
    }
  }

  @Test func anImportReadsTheFileThroughTheReaderItsCallerOpens() throws {
    let importer = Importer { path throws(CSVError) in
      CSVReader(string: path == "packed.csv.gz" ? "zip,lat,lon\n75075,33.025,-96.7397\n" : "")
    }
    let summary = try importer.importFile("packed.csv.gz", intoDatabaseAt: dbPath)
    #expect(summary.imported == 1)
    #expect(try zips() == ["75075"])
  }

  @Test func aFileTheCallersReaderCannotOpenIsAnErrorNamingItAndMakesNoDatabase() throws {
    let importer = Importer { _ throws(CSVError) in throw CSVError(line: nil, message: "the xz file is damaged") }
    #expect(
      throws: ImportError(file: "cut.csv.xz", line: nil, message: "cannot read the file: the xz file is damaged")
    ) {
      try importer.importFile("cut.csv.xz", intoDatabaseAt: dbPath)
    }
    #expect(!FileManager.default.fileExists(atPath: dbPath))
  }

  @Test func aMissingColumnIsAnErrorOnLineOne() throws {
    let error = try importError("zip,latitude\n1,2\n")
    #expect(error?.line == 1)
    #expect(error?.message.hasPrefix("no longitude column") == true)
  }

  @Test func aDatabaseOfAnotherApplicationIsRefusedAndUntouched() throws {
    do {
      let other = try Database(path: dbPath)
      try other.execute("CREATE TABLE customers(name TEXT); PRAGMA user_version = 7;")
    }
    #expect(throws: ZipGeoError.notAZipgeoDatabase(path: dbPath, reason: "it has no 'zips' table")) {
      try importText(Self.good)
    }
    #expect(try Database(path: dbPath).scalar("SELECT COUNT(*) FROM sqlite_schema") == .integer(1))
  }

  /// A table some tool remade with number types: the import checks it before it writes a row
  /// (it stored 04160 as 4160, and every search afterwards refused the table).
  @Test(arguments: [
    (
      "zip INTEGER",
      "its 'zip' column is declared INTEGER, not TEXT, so zip codes would not keep their leading zeros"
        + " or sort as text"
    ),
    (
      "lat TEXT",
      "its 'lat' column is declared TEXT, not a number type (REAL), so SQLite would compare its values"
        + " as text"
    ),
    (
      "state INTEGER",
      "its 'state' column is declared INTEGER, a number type, so texts such as '01' would be stored"
        + " as numbers"
    ),
    (
      "country NUMERIC",
      "its 'country' column is declared NUMERIC, a number type, so texts such as '01' would be"
        + " stored as numbers"
    ),
  ])
  func aMistypedZipsTableIsRefusedBeforeAnyRowIsWritten(column: String, reason: String) throws {
    var columns = [
      "zip TEXT", "place TEXT", "state TEXT", "county TEXT", "lat REAL", "lon REAL", "cell INTEGER DEFAULT -1",
      "country TEXT DEFAULT 'US'", "accuracy INTEGER",
    ]
    let name = column.prefix { $0 != " " }
    columns = columns.map { $0.hasPrefix(name + " ") ? column : $0 }
    try Database(path: dbPath).execute(
      "CREATE TABLE zips (\(columns.joined(separator: ", "))); \(Schema.createCountriesTable) PRAGMA user_version = 2;")
    let before = try Data(contentsOf: URL(fileURLWithPath: dbPath))
    #expect(
      throws: ZipGeoError.databaseNotWritten(path: dbPath, reason: reason + "; the database is unchanged")
    ) { try importText("zip,lat,lon,state\n04160,51.34,12.37,01\n") }
    #expect(
      throws: ZipGeoError.databaseNotWritten(path: dbPath, reason: reason + "; the database is unchanged")
    ) {
      try Importer().importFiles(
        [try folder.write("de.csv", "zip,lat,lon\n04160,51.34,12.37\n")], intoDatabaseAt: dbPath)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: dbPath)) == before)
  }

  @Test func aFileThatIsNotSQLiteIsRefusedAndUntouched() throws {
    let garbage = String(repeating: "this is not a database\n", count: 100)
    try folder.write("zipgeo.db", garbage)
    #expect(throws: ZipGeoError.databaseUnreadable(path: dbPath, reason: "file is not a database")) {
      try importText(Self.good)
    }
    #expect(try String(contentsOfFile: dbPath, encoding: .utf8) == garbage)
  }

  @Test func theRealDataFileImportsCompletely() throws {
    let csv = zipsCSVPath
    let summary = try importFile(csv)
    #expect(summary.imported == 41_487)
    #expect(summary.duplicates == 0)
    let db = try ZipDatabase(readingAt: dbPath)
    #expect(try db.count() == 41_487)
    #expect(try db.zipCode("00501")?.place == "Holtsville")
    #expect(try db.zipCode("01001")?.county == "Hampden")
  }

  @Test func progressReportsGrowTowardTheWholeFile() throws {
    let csv = zipsCSVPath
    var reports: [ImportProgress] = []
    _ = try Importer().importFile(csv, into: try ZipDatabase(writingAt: dbPath), progress: { reports.append($0) })
    #expect(reports.count > 10)
    #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.rows < $1.rows && $0.bytesRead < $1.bytesRead })
    #expect((reports.first?.fraction ?? 0) > 0)
    #expect((reports.last?.fraction ?? 0) > 0.9)
  }

  /// An excerpt of the raw GeoNames US file data/zips.csv is built from (its README), as
  /// delivered: a byte-order mark, CRLF line ends, its own column names (`city`, `state_abbr`,
  /// `lng`), leading zeros, empty fields, and 96860 and 96863 twice, with different places.
  static let rawGeoNames = repositoryFolder.appendingPathComponent("Tests/ZipGeoTests/Fixtures/geonames-us-excerpt.csv")
    .path

  /// Its two rows of 96860 were duplicates while a code had one row; now they are further places
  /// of the code (Jbphh, FPO AA), and the code answers with the first.
  @Test func theRawGeoNamesFileImportsWithEveryPlaceOfACode() throws {
    let log = NoticeLog()
    let summary = try importFile(Self.rawGeoNames, notices: log)
    #expect(summary.imported == 24)
    #expect(summary.duplicates == 0)
    #expect(log.notices.isEmpty)
    let db = try ZipDatabase(readingAt: dbPath)
    #expect(try db.zipCode("96860")?.place == "Jbphh")
    #expect(try db.postalCode(CodeReference(parsing: "96860"))?.places.map(\.place) == ["Jbphh", "FPO AA"])
    #expect(try db.zipCode("75075")?.state == "TX")
    #expect(try db.zipCode("00501")?.place == "Holtsville")
    #expect(try db.zipCode("96599")?.state == nil)
  }
}
