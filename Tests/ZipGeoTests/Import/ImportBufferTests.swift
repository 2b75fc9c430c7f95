import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// Rows are held in memory and written in the clustered table's key order (`ImportBuffer`), or,
/// past the buffer's budget, staged in SQLite and sorted there: either way the table holds every
/// row once, numbered by its line, repeats removed on both sides of the point where the buffer
/// filled.
@Suite struct ImportBufferTests {
  /// A file of `count` rows, in order of latitude or at random, in which every 997th row repeats
  /// (country, code and place of) the row 15,000 lines before it, or 13 lines before it.
  static func file(count: Int, ordered: Bool) -> (csv: String, repeats: Set<Int>) {
    var rng = SeededGenerator(seed: ordered ? 5 : 6)
    var lines: [(zip: String, place: String, lat: Double, lon: Double)] = []
    var repeats: Set<Int> = []
    for line in 1...count {
      let lat = ordered ? -60 + 120 * Double(line) / Double(count) : Double.random(in: -80...80, using: &rng)
      let lon = ordered ? 10 + Double(line % 50) / 100 : Double.random(in: -180...180, using: &rng)
      if line % 997 == 0 {
        let back = line > 15_000 ? 15_000 : 13
        let first = lines[line - back - 1]
        lines.append((first.zip, first.place, lat, lon))
        repeats.insert(line)
      } else {
        lines.append((String(format: "Z%06d", line), "Place \(line)", lat, lon))
      }
    }
    let csv = "zip,place,lat,lon\n" + lines.map { "\($0.zip),\($0.place),\($0.lat),\($0.lon)\n" }.joined()
    return (csv, repeats)
  }

  /// Budgets: the default (every row in memory), one that fills after some 8,000 rows, and none
  /// (every row staged after the first).
  @Test(arguments: [true, false], [ImportBuffer.defaultBudget, 1 << 20, 0])
  func everyRowIsKeptOnceWhateverTheOrderOfTheFileAndTheBuffersBudget(ordered: Bool, budget: Int) throws {
    let folder = try TemporaryFolder()
    let count = 24_384
    let (csv, repeats) = Self.file(count: count, ordered: ordered)
    let path = try folder.write("points.csv", csv)
    var importer = Importer()
    importer.bufferBudget = budget
    let summary = try importer.importFile(path, intoDatabaseAt: folder.path("zipgeo.db"))
    #expect(summary.duplicates == repeats.count)
    #expect(summary.imported == count - repeats.count)
    let zipgeo = try ZipDatabase(readingAt: folder.path("zipgeo.db"))
    let db = zipgeo.database
    // Ids are lines of the file: the header is line 1.
    let ids = try db.rows("SELECT id FROM zips ORDER BY id").compactMap { $0[0].int64 }
    #expect(ids == (1...Int64(count)).filter { !repeats.contains(Int($0)) }.map { $0 + 1 })
    #expect(try db.scalar("SELECT count(*) FROM zips WHERE cell IS NOT \(GridCell.sqlExpression())") == .integer(0))
    #expect(try db.scalar("PRAGMA integrity_check") == .text("ok"))
    // Searched as any table is: a radius against brute force.
    let center = try Coordinate(latitude: 10, longitude: 10.2)
    let found = try zipgeo.near(coordinate: center, within: Length(500, .kilometres)).map(\.zipCode.zip)
    let truth = try db.rows(
      "SELECT zip FROM zips WHERE distance(10, 10.2, lat, lon) <= 500 ORDER BY distance(10, 10.2, lat, lon), zip, id"
    ).compactMap { $0[0].string }
    #expect(!truth.isEmpty && found == truth)
  }
}

extension ImportBufferTests {
  /// Codes and places of every length class, the same code in two countries, cells shared by
  /// several rows.
  static func rows(_ count: Int) -> [(id: Int64, cell: UInt32, zip: ZipCode)] {
    var rng = SeededGenerator(seed: 11)
    return (0..<count).map { index in
      let code = String(repeating: "9", count: Int.random(in: 1...4, using: &rng)) + "\(index % 700)"
      let place: String? =
        switch index % 5 {
        case 0: nil
        case 1: String(repeating: "ü", count: Int.random(in: 70...200, using: &rng))
        default: "Place \(index)"
        }
      let zip = ZipCode(
        zip: code, place: place, state: index % 3 == 0 ? nil : "", county: "County",
        coordinate: Coordinate(uncheckedLatitude: 1, longitude: 2), country: index % 2 == 0 ? "DE" : "CH",
        accuracy: index % 8 == 7 ? nil : index % 7)
      return (Int64(index + 2), UInt32.random(in: 0...40, using: &rng), zip)
    }
  }

  /// Under SQLite's own limit on a statement's parameters, and under those of older systems
  /// (999) and of hosts that lower it, down to the one row's worth a statement needs.
  @Test(arguments: [nil, 999, 25, 11])
  func aBufferFillsAtItsBudgetAndWritesItsRowsInTheTablesKeyOrder(mostParameters: Int?) throws {
    var buffer = ImportBuffer(budget: 1 << 20)
    var kept: [(id: Int64, cell: UInt32, zip: ZipCode)] = []
    for row in Self.rows(40_000) where !buffer.isFull {
      if buffer.append(id: row.id, cell: row.cell, code: row.zip.zip, zip: row.zip) == nil { kept.append(row) }
    }
    #expect(buffer.isFull && buffer.memory > 1 << 20 && buffer.memory < 2 << 20)
    #expect(buffer.count == kept.count && kept.count > 1_000 && kept.count < 40_000)
    let db = try Database(path: ":memory:")
    if let mostParameters { db.mostParameters = mostParameters }
    #expect(mostParameters.map { db.mostParameters == $0 } ?? (db.mostParameters >= 999))
    try db.execute(Schema.createTable)
    try buffer.write(
      into: "zips", idColumn: "id", of: db, namedStates: .coded([:]), shouldStop: { false },
      stopped: { CancellationError() })
    let truth = kept.sorted { a, b in
      if a.cell != b.cell { return a.cell < b.cell }
      if a.zip.zip != b.zip.zip { return Array(a.zip.zip.utf8).lexicographicallyPrecedes(Array(b.zip.zip.utf8)) }
      if a.zip.country != b.zip.country { return a.zip.country < b.zip.country }
      return a.id < b.id
    }
    // The rows are written in the table's key order (`zips` reads back in that order whatever
    // the order of the writes; the order they are written in is `keyOrder()`'s)...
    #expect(buffer.keyOrder().map { kept[Int($0)].id } == truth.map(\.id))
    // ...with every value as it came, byte for byte.
    let read = try db.rows("SELECT cell, zip, country, id, place, state, county, accuracy FROM zips")
    #expect(read.count == truth.count)
    for (row, want) in zip(read, truth) {
      #expect(row[0].int64 == Int64(want.cell) && row[1].string == want.zip.zip && row[2].string == want.zip.country)
      #expect(row[3].int64 == want.id && row[4].string == want.zip.place && row[5].string == want.zip.state)
      #expect(row[6].string == want.zip.county && row[7].int64 == want.zip.accuracy.map(Int64.init))
    }
  }

  @Test func eachCountrysRowsAndCodesAreCountedAsTheCountriesTableCountsThem() throws {
    var buffer = ImportBuffer()
    var truth: [String: (places: Int, codes: Set<String>)] = [:]
    // Codes of 1 to 4 nines and a number below 700, so that most come in several places, and in
    // both countries.
    for row in Self.rows(40_000) {
      guard buffer.append(id: row.id, cell: row.cell, code: row.zip.zip, zip: row.zip) == nil else { continue }
      truth[row.zip.country, default: (0, [])].places += 1
      truth[row.zip.country, default: (0, [])].codes.insert(row.zip.zip)
    }
    #expect(buffer.count < 40_000 && truth.count == 2)
    let counted = try #require(buffer.countryCounts(unless: { false }))
    for (country, want) in truth {
      let count = try #require(counted.of(country))
      #expect(count.places == want.places && count.codes == want.codes.count, "\(country)")
      #expect(count.codes < count.places)
    }
    #expect(counted.of("FR") == nil && counted.of("D") == nil)
    #expect(ImportBuffer().countryCounts(unless: { false })?.of("DE") == nil)
    #expect(buffer.countryCounts(unless: { true }) == nil)
  }

  /// An import over rows of other countries, whatever its buffer's budget: the `countries` table
  /// counts each country's rows and codes as `zips` holds them, repeats left out.
  @Test(arguments: [ImportBuffer.defaultBudget, 1 << 16, 0])
  func theCountriesTableCountsWhatZipsHolds(budget: Int) throws {
    let folder = try TemporaryFolder()
    let path = folder.path("zipgeo.db")
    var rng = SeededGenerator(seed: 41)
    func file(_ name: String, countries: [String], lines: Int) throws -> String {
      var csv = "zip,place,country,lat,lon\n"
      for _ in 0..<lines {
        // Codes in several places and countries, and exact repeats.
        let code = String(format: "%05d", Int.random(in: 0..<3_000, using: &rng))
        let place = ["", "Altstadt", "Neustadt", "Dorf \(code.prefix(2))"].randomElement(using: &rng)!
        let country = countries.randomElement(using: &rng)!
        let (lat, lon) = (Double.random(in: -60...60, using: &rng), Double.random(in: -170...170, using: &rng))
        csv += "\(code),\(place),\(country),\(lat),\(lon)\n"
      }
      return try folder.write(name, csv)
    }
    func check(_ step: String) throws {
      let db = try Database(path: path)
      let counted = try db.rows("SELECT country, places, codes FROM countries ORDER BY country").map(\.values)
      let truth = try db.rows(
        "SELECT country, count(*), count(DISTINCT zip) FROM zips GROUP BY country ORDER BY country"
      ).map(\.values)
      #expect(counted == truth, "\(step), budget \(budget)")
    }
    var importer = Importer(options: ImportOptions(countries: ["DE", "CH", "AT"]))
    importer.bufferBudget = budget
    let first = try importer.importFile(
      try file("first.csv", countries: ["DE", "CH", "AT", "FR"], lines: 12_000), intoDatabaseAt: path)
    #expect(first.duplicates > 100)
    try check("first import")
    // AT again, the other countries kept.
    importer = Importer()
    importer.bufferBudget = budget
    _ = try importer.importFile(try file("at.csv", countries: ["AT"], lines: 5_000), intoDatabaseAt: path)
    try check("AT replaced")
  }

  @Test func keysSortedByCellKeepTheOrderOfEachCellsRows() {
    var rng = SeededGenerator(seed: 32)
    // Cells over all 32 bits, and few enough of them that many keys share one; the low half of a
    // key is its index, rising, which a stable sort by cell keeps.
    let cells: [UInt64] =
      (0..<300).map { _ in UInt64.random(in: 0...UInt64(UInt32.max), using: &rng) } + [0, 0xFFFF_FFFF]
    for count in [0, 1, 2, 1_000, 200_000] {
      var keys = (0..<count).map { UInt64(cells.randomElement(using: &rng)!) << 32 | UInt64($0) }
      let truth = keys.sorted()
      ImportBuffer.sortByCell(&keys)
      #expect(keys == truth, "\(count) keys")
    }
  }

  @Test func aRowThatRepeatsTheCountryCodeAndPlaceOfAnEarlierOneIsNotKept() {
    var buffer = ImportBuffer()
    func zip(_ code: String, _ place: String?, _ country: String = "DE", state: String? = nil) -> ZipCode {
      ZipCode(
        zip: code, place: place, state: state, county: nil, coordinate: Coordinate(uncheckedLatitude: 0, longitude: 0),
        country: country)
    }
    #expect(buffer.append(id: 2, cell: 5, code: "1000", zip: zip("1000", "Berlin")) == nil)
    #expect(buffer.append(id: 3, cell: 9, code: "1000", zip: zip("1000", "Berlin", state: "BE")) == 2)
    #expect(buffer.append(id: 4, cell: 5, code: "1000", zip: zip("1000", "Berlin", "CH")) == nil)
    #expect(buffer.append(id: 5, cell: 5, code: "1000", zip: zip("1000", "Berli")) == nil)
    #expect(buffer.append(id: 6, cell: 5, code: "10001", zip: zip("10001", "Berlin")) == nil)
    // A missing place and an empty one are one place, as for the unique zip index.
    #expect(buffer.append(id: 7, cell: 5, code: "2000", zip: zip("2000", nil)) == nil)
    #expect(buffer.append(id: 8, cell: 5, code: "2000", zip: zip("2000", "")) == 7)
    #expect(buffer.count == 5)
  }
}

/// The world file's rows are held in memory whole by default: sorted once and written in key
/// order, not staged (the slow way for files past the budget), and the import's memory, the
/// index of place names made beside them, stays within a few times the rows' text.
@Suite struct ImportBufferWorldTests {
  /// The import of data/world.txt.xz, measured against the same import of a file of 19 lines in
  /// the same format (Tests/ZipGeoCLITests/World/sample.txt.xz), so that what the machine gives
  /// every process is left out: the rows as the import holds them, with their keys and the sort's
  /// second array, took about twice their text; rows copied again, or held as strings, take more.
  @Test func theWorldsImportTakesAFewTimesItsTextInMemory() throws {
    let world = try WorldDatabase.importPeakResidentBytes()
    let folder = try TemporaryFolder()
    let sample = repositoryFolder.appendingPathComponent("Tests/ZipGeoCLITests/World/sample.txt.xz").path
    let small = try MeasuredRun(
      buildProductsFolder.appendingPathComponent("zipgeo"),
      ["import", sample, "--db", folder.path("sample.db"), "--quiet"],
      standardOutput: "/dev/null")
    #expect(small.exitCode == 0)
    // The bytes of the world file's text, uncompressed.
    let counted = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c", "import lzma, sys; f = lzma.open(sys.argv[1]); print(sum(iter(lambda: len(f.read(1 << 20)), 0)))",
        WorldDatabase.sourcePath,
      ])
    let text = try #require(Int(counted.out.trimmingCharacters(in: .whitespacesAndNewlines)), "\(counted.err)")
    let growth = world - small.peakResidentBytes
    // At least half the text: the rows were held, and the measure is the import's.
    #expect(
      growth > text / 2 && growth < 3 * text,
      "peak \(small.peakResidentBytes >> 20) MB for 19 lines, \(world >> 20) MB for \(text >> 20) MB of text")
  }

  @Test func theWorldFilesRowsFitTheDefaultBudget() throws {
    let db = try ZipDatabase(readingAt: try WorldDatabase.path())
    let rows = try db.database.prepare(
      "SELECT id, cell, zip, place, state, county, lat, lon, country, accuracy FROM zips")
    var buffer = ImportBuffer()
    while try rows.step() {
      let zip = ZipCode(
        zip: rows.text(at: 2) ?? "", place: rows.text(at: 3), state: rows.text(at: 4), county: rows.text(at: 5),
        coordinate: Coordinate(uncheckedLatitude: rows.double(at: 6), longitude: rows.double(at: 7)),
        country: rows.text(at: 8) ?? "", accuracy: rows.isNull(at: 9) ? nil : Int(rows.int64(at: 9)))
      #expect(buffer.append(id: rows.int64(at: 0), cell: UInt32(rows.int64(at: 1)), code: zip.zip, zip: zip) == nil)
    }
    #expect(buffer.count > 1_800_000)
    #expect(!buffer.isFull, "\(buffer.memory >> 20) MiB of \(ImportBuffer.defaultBudget >> 20)")
  }
}
