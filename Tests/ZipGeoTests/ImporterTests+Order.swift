import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// Rows go straight to the clustered table while the file's order keeps its writes near each
/// other, and are staged and sorted when it does not (`Importer.orderSample`): either way the
/// table holds every row once, numbered by its line, repeats removed on both sides of the point
/// where the import judged the order.
@Suite struct ImporterOrderTests {
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

  @Test(arguments: [true, false])
  func everyRowIsKeptOnceWhateverTheOrderOfTheFile(ordered: Bool) throws {
    let folder = try TemporaryFolder()
    let count = Importer.orderSample.rows + 8_000
    let (csv, repeats) = Self.file(count: count, ordered: ordered)
    let path = try folder.write("points.csv", csv)
    let summary = try Importer().importFile(path, intoDatabaseAt: folder.path("zipgeo.db"))
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
