import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// What one row can make: no input, from a file or another tool, makes the database or the index
/// of place names grow past a small multiple of it, nor marks the index damaged.
extension ImporterTests {
  /// Rows `sqlite3` could write: a shell of the database with its triggers off, as another tool.
  func writeAsAnotherTool(_ statements: String) throws {
    let db = try Database(path: dbPath)
    try db.execute("PRAGMA ignore_check_constraints = ON; DROP INDEX IF EXISTS zips_zip;")
    try db.execute(
      "DROP TRIGGER zips_cell_insert; DROP TRIGGER zips_cell_update; DROP TRIGGER zipgeo_places_insert; \(statements)")
  }

  /// The bytes of the index of place names' words table.
  func wordsTableBytes() throws -> Int {
    Int(try Database(path: dbPath).scalar("SELECT total(length(entries)) FROM zipgeo_place_words")?.double ?? -1)
  }

  @Test func aPlaceLongerThanAnImportKeepsIsRefusedNamingItsLine() throws {
    let long = (0..<16_000).map { "w\($0)" }.joined(separator: " ")
    let error = try importError("zip,place,lat,lon\n75075,Plano,33,-96\n75076,\(long),33,-96\n")
    #expect(error?.line == 3)
    #expect(error?.message.contains("place 'w0 w1 w2") == true)
    #expect(error?.message.contains("\(long.utf8.count) bytes long") == true)
    // A thousand bytes is kept; with --skip-invalid the long row alone is left out.
    let thousand = String(repeating: "a ", count: 500).dropLast() + "b"
    let summary = try importText(
      "zip,place,lat,lon\n75075,\(thousand),33,-96\n75076,\(long),33,-96\n",
      options: ImportOptions(skipInvalid: true))
    #expect(summary.imported == 1 && summary.skipped == 1)
    #expect(
      try ZipDatabase(readingAt: dbPath).places(named: String(thousand.prefix(9))).map(\.zipCode.zip) == ["75075"])
  }

  @Test func aNameOfManyWordsFromAnotherToolLeavesTheNextImportSmall() throws {
    try importText(Self.good)
    // 8,000 distinct words (56 KB) made the words table 466 MB; 240 words of a name within the
    // bound are indexed by their first 32.
    let huge = (0..<8_000).map { String(format: "%06d", $0 * 7919 % 1_000_000) }.joined(separator: " ")
    let many = (0..<240).map { "w\($0 % 100)" }.joined(separator: " ")
    try writeAsAnotherTool(
      """
      INSERT INTO zips (zip, place, lat, lon, cell, country, id) VALUES ('99998', '\(huge)', 40, -100, 0, 'CA', 1);
      INSERT INTO zips (zip, place, lat, lon, cell, country, id) VALUES ('99999', '\(many)', 40, -100, 0, 'CA', 2);
      """)
    let log = NoticeLog()
    try importText(Self.good, notices: log)
    #expect(try wordsTableBytes() <= 33 * (many.utf8.count + 16) + 4_096)
    #expect(
      log.notices.contains(
        .leftOutOfPlaceIndex(
          count: 1, first: "CA:99998 (\(huge.prefix(40)))", reason: "a place longer than 1000 bytes")))
    let db = try ZipDatabase(readingAt: dbPath)
    #expect(try db.places(named: "w0 w1 w2").map(\.zipCode.zip) == ["99999"])
    #expect(try db.places(named: "Plano").map(\.zipCode.zip) == ["75075"])
  }

  @Test func randomNamesNeverMakeTheDatabaseMoreThanFortyTimesTheFile() throws {
    var random = SeededGenerator(seed: 33)
    for round in 0..<6 {
      var lines = ["zip,place,lat,lon"]
      for row in 0..<200 {
        var name = ""
        let target = Int.random(in: 0...ColumnMap.longestText, using: &random)
        let wordLength = Int.random(in: 1...12, using: &random)
        while name.utf8.count + wordLength + 1 <= target {
          if !name.isEmpty { name += " " }
          name += String((0..<wordLength).map { _ in "abcdefghijklmnopqrstuvwxyzé".randomElement(using: &random)! })
        }
        lines.append("\(round)-\(row),\(name),\(Double.random(in: -90...90, using: &random)),0")
      }
      let text = lines.joined(separator: "\n") + "\n"
      try? FileManager.default.removeItem(atPath: dbPath)
      try importText(text)
      let db = try Database(path: dbPath)
      let size = Int(
        try db.scalar("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size")?.int64 ?? 0)
      #expect(size <= 40 * text.utf8.count + 200_000, "round \(round): \(size) bytes from \(text.utf8.count)")
    }
  }

  @Test func anEmptyZipFromAnotherToolIsLeftOutOfThePlaceIndexWithAWarning() throws {
    try importText("zip,place,lat,lon,country\n10115,Berlin,52.5,13.4,DE\n")
    try writeAsAnotherTool(
      "INSERT INTO zips (zip, place, lat, lon, cell, country, id) VALUES ('', 'Berlin', 52.5, 13.4, 0, 'DE', 9);")
    let log = NoticeLog()
    try importText(Self.good, notices: log)
    #expect(log.notices == [.leftOutOfPlaceIndex(count: 1, first: "DE:'' (Berlin)", reason: "an empty zip")])
    #expect(try ZipDatabase(readingAt: dbPath).places(named: "Berlin").map(\.zipCode.zip) == ["10115"])
  }

  @Test func rowsAnotherToolRepeatedAreLeftOutByTheirCodeAndNeverFailALaterImport() throws {
    try importText("zip,place,lat,lon,country\n10115,Berlin,52.5,13.4,DE\n10117,Berlin,52.51,13.39,DE\n")
    // One repeat with an id of its own, one with its twin's id in another cell.
    try writeAsAnotherTool(
      """
      INSERT INTO zips (cell, zip, place, lat, lon, country, id)
        SELECT cell, zip, place, lat, lon, country, id + 10 FROM zips WHERE zip = '10115';
      INSERT INTO zips (cell, zip, place, lat, lon, country, id)
        SELECT cell + 1, zip, place, lat, lon, country, id FROM zips WHERE zip = '10117';
      """)
    for round in 0..<2 {
      let log = NoticeLog()
      let summary = try importText(Self.good, notices: log)
      #expect(summary.imported == 3 && summary.duplicates == 0)
      guard round == 0 else {
        #expect(log.notices.isEmpty)
        continue
      }
      guard case .repeatedInDatabase(let zip, let count)? = log.notices.first, log.notices.count == 1 else {
        Issue.record("notices: \(log.notices)")
        continue
      }
      #expect(count == 2 && ["DE:10115 (Berlin)", "DE:10117 (Berlin)"].contains(zip))
    }
    let db = try Database(path: dbPath)
    #expect(
      try db.rows("SELECT zip FROM zips WHERE country = 'DE' ORDER BY zip").map { $0[0].string } == ["10115", "10117"])
  }
}

extension ImporterTests {
  /// A `regions` table of the user's own (other columns than zipgeo's) is left as it is, with one
  /// warning, where the import failed on it with "no such column: country".
  @Test func aRegionsTableOfTheUsersOwnShapeIsLeftAsItIsWithAWarning() throws {
    _ = try importText(Self.good)
    let db = try Database(path: dbPath)
    try db.execute(
      "DROP TABLE regions; CREATE TABLE regions (id INTEGER PRIMARY KEY, label TEXT); INSERT INTO regions VALUES (1, 'mine')"
    )
    let log = NoticeLog()
    let summary = try importText(Self.good, notices: log)
    #expect(summary.imported == 3)
    #expect(log.notices == [.foreignTableLeftAlone(table: "regions", columns: ["id", "label"])])
    #expect(
      log.notices.map(\.description) == [
        "the table 'regions' has columns zipgeo does not make (id, label), so it is taken for one of your own and"
          + " left as it is: the import records no state names there, and tables show those of ISO 3166-2"
      ])
    #expect(try db.rows("SELECT * FROM regions").map(\.values) == [[.integer(1), .text("mine")]])
    // States are still named and searched.
    let zips = try ZipDatabase(readingAt: dbPath)
    #expect(try zips.places(named: "Plano", state: "Texas").map(\.zipCode.zip) == ["75075"])
  }
}
