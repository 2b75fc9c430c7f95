import CSV
import Geodesy
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// A format the import does not know, added as one type: a first line `#points`, then
/// `country;code;lat;lon` records separated by semicolons.
final class PointRecords: RecordSource {
  let reader: CSVReader
  let file: String
  var defaultCountry = "US"
  var countryColumnNote: String? { "this points file has one (its first field)" }

  private init(reader: CSVReader, file: String) {
    self.reader = reader
    self.file = file
  }

  static func open(_ reader: CSVReader, firstLine: String?, file: String) throws(ImportError) -> PointRecords? {
    guard firstLine == "#points" else { return nil }
    reader.separator = UInt8(ascii: ";")
    _ = try reader.nextNonBlank(file: file)
    return PointRecords(reader: reader, file: file)
  }

  func next() throws(ImportError) -> ParsedLine? {
    guard let record = try reader.nextNonBlank(file: file) else { return nil }
    let fields = record.fields
    guard fields.count == 4, let lat = Double(fields[2]), let lon = Double(fields[3]),
      let coordinate = try? Coordinate(latitude: lat, longitude: lon)
    else {
      return .invalid(
        ImportError(file: file, line: record.line, message: "not a point: '\(fields.joined(separator: ";"))'"))
    }
    let zip = ZipCode(zip: fields[1], place: nil, state: nil, county: nil, coordinate: coordinate, country: fields[0])
    return .row(line: record.line, zipCode: zip, stateName: nil, stateIsName: false)
  }
}

@Suite struct RecordSourceTests {
  let folder: TemporaryFolder
  let dbPath: String

  init() throws {
    folder = try TemporaryFolder()
    dbPath = folder.path("zipgeo.db")
  }

  /// An importer that knows the points format, beside the formats every import knows.
  func importer(_ options: ImportOptions = ImportOptions(skipInvalid: true)) -> Importer {
    var importer = Importer(options: options)
    importer.formats.insert(PointRecords.self, at: 0)
    return importer
  }

  func rows() throws -> [[DatabaseValue]] {
    try ZipDatabase(readingAt: dbPath).database.rows("SELECT country, zip, lat, lon FROM zips ORDER BY country, zip")
      .map(\.values)
  }

  @Test func aNewFormatIsOneTypeWhoseRowsTheImportWritesLikeAnyOthers() throws {
    let points = try folder.write("points.txt", "#points\nFR;75001;48.8625;2.3364\n\nDE;10115;52.5323;13.3846\n")
    let summary = try importer().importFile(points, into: try ZipDatabase(writingAt: dbPath))
    #expect(summary.imported == 2)
    #expect(
      try rows() == [
        [.text("DE"), .text("10115"), .real(52.5323), .real(13.3846)],
        [.text("FR"), .text("75001"), .real(48.8625), .real(2.3364)],
      ])
    // Searched like the rows of any other format: the place index and the cells are made for them.
    let paris = try Coordinate(latitude: 48.86, longitude: 2.34)
    let near = try ZipDatabase(readingAt: dbPath).nearest(to: paris, count: 2)
    #expect(near.map(\.zipCode.zip) == ["75001", "10115"])
  }

  @Test func theFormatsItWasAddedBeforeStillReadTheirFilesInTheSameImport() throws {
    let points = try folder.write("points.txt", "#points\nFR;75001;48.8625;2.3364\n")
    let csv = try folder.write("us.csv", "zip,lat,lon\n75075,33.025,-96.7397\n")
    let geoNames = try folder.write(
      "DE.txt", "DE\t10115\tBerlin\tBerlin\tBE\t\t00\tBerlin\t11000\t52.5323\t13.3846\t4\n")
    let summary = try importer().importFiles([points, csv, geoNames], into: try ZipDatabase(writingAt: dbPath))
    #expect(summary.imported == 3)
    #expect(try rows().map { $0[0] } == [.text("DE"), .text("FR"), .text("US")])
  }

  @Test func aNewFormatsBadLineIsSkippedOrStopsTheImportNamingItsFileAndLine() throws {
    let points = try folder.write("points.txt", "#points\nFR;75001;48.8625;2.3364\nFR;75002;91;2.34\n")
    var skipped: [String] = []
    let summary = try importer().importFile(points, into: try ZipDatabase(writingAt: dbPath)) {
      if case .skipped(let problem) = $0 { skipped.append("\(problem)") }
    }
    #expect(summary.imported == 1)
    #expect(skipped == ["\(points):3: not a point: 'FR;75002;91;2.34'"])
    let strict = importer(ImportOptions())
    #expect(throws: ImportError(file: points, line: 3, message: "not a point: 'FR;75002;91;2.34'")) {
      try strict.importFile(points, into: try ZipDatabase(writingAt: dbPath))
    }
    #expect(try rows().count == 1)
  }

  @Test func aFileOfNoFormatBeforeTheLastIsReadAsCSVWithAHeader() throws {
    let csv = try folder.write("points.csv", "#point\nFR;75001;48.8625;2.3364\n")
    let error = #expect(throws: ImportError.self) {
      try importer().importFile(csv, into: try ZipDatabase(writingAt: dbPath))
    }
    #expect(error?.line == 1)
    #expect(error?.message.hasPrefix("no zip code column") == true)
  }

  @Test func countryTellsWhichFormatGivesEachRowsCountry() throws {
    let points = try folder.write("points.txt", "#points\nFR;75001;48.8625;2.3364\n")
    let france = importer(ImportOptions(country: "FR"))
    #expect(
      throws: ImportError(
        file: points, line: nil,
        message: "--country FR sets the country of a file without a country column, and this points file has one"
          + " (its first field); to import only its FR rows, use --countries FR instead",
        option: "country")
    ) {
      try france.importFile(points, into: try ZipDatabase(writingAt: dbPath))
    }
  }
}
