import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// zipgeo_near, zipgeo_within and zipgeo_nearest on the kind of connection the CLI opens,
/// against brute force with the same distance() function.
@Suite struct SQLTableFunctionsTests {
  static let zipsCSV = zipsCSVPath

  let temporary: TemporaryFolder
  let db: Database

  init() throws {
    temporary = try TemporaryFolder()
    let path = temporary.path("zipgeo.db")
    _ = try ZipDatabase.importFile(Self.zipsCSV, into: path)
    db = try ZipDatabase(readingAt: path).database
  }

  func zips(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> [String] {
    try db.rows(sql, arguments).compactMap { $0[0].string }
  }

  @Test func nearAndWithinEqualABruteForceScan() throws {
    var rng = SeededGenerator(seed: 11)
    let all = try db.rows("SELECT zip, lat, lon FROM zips")
    for _ in 0..<25 {
      let row = all[Int.random(in: 0..<all.count, using: &rng)]
      let (zip, lat, lon) = (row[0].string!, row[1].double!, row[2].double!)  // the schema's types
      let km = Double.random(in: 1...300, using: &rng)
      let truth = try zips(
        "SELECT zip FROM zips WHERE distance(?, ?, lat, lon) <= ? ORDER BY distance(?, ?, lat, lon), zip",
        [lat, lon, km, lat, lon])
      #expect(try zips("SELECT zip FROM zipgeo_near(?, ?)", [zip, km]) == truth, "\(zip) \(km) km")
      #expect(try zips("SELECT zip FROM zipgeo_within(?, ?, ?)", [lat, lon, km]) == truth, "\(zip) \(km) km")
      let miles = km / 1.609344
      let truthInMiles = try zips(
        "SELECT zip FROM zips WHERE distance(?, ?, lat, lon, 'mi') <= ? ORDER BY distance(?, ?, lat, lon), zip",
        [lat, lon, miles, lat, lon])
      #expect(try zips("SELECT zip FROM zipgeo_within(?, ?, ?, 'mi')", [lat, lon, miles]) == truthInMiles)
    }
  }

  @Test func nearestEqualsABruteForceEverywhere() throws {
    for (lat, lon) in [(33.0, -96.7), (89.9, 0.0), (-89.9, 0.0), (51.9, 179.99), (51.9, -179.99), (0.0, -140.0)] {
      let truth = try zips("SELECT zip FROM zips ORDER BY distance(?, ?, lat, lon), zip LIMIT 7", [lat, lon])
      #expect(try zips("SELECT zip FROM zipgeo_nearest(?, ?, 7)", [lat, lon]) == truth, "\(lat),\(lon)")
    }
    #expect(try zips("SELECT zip FROM zipgeo_nearest(33.0, -96.7)").count == 5)
  }

  @Test func distancesComeInTheAskedUnit() throws {
    let km = try db.scalar("SELECT distance FROM zipgeo_near('75075', 5) WHERE zip = '75023'")?.double ?? 0
    let mi = try db.scalar("SELECT distance FROM zipgeo_near('75075', 5, 'mi') WHERE zip = '75023'")?.double ?? 0
    #expect(abs(km - 3.349161775694397) < 1e-12)
    #expect(abs(mi * 1.609344 - km) < 1e-12)
  }

  @Test func badArgumentsAreNamedErrors() throws {
    let cases = [
      ("SELECT * FROM zipgeo_near('00000', 5)", "zipgeo_near(): zip code '00000' is not in the zips table"),
      ("SELECT * FROM zipgeo_near('75075', -1)", "zipgeo_near(): radius (argument 2) is -1.0; give a positive number"),
      (
        "SELECT * FROM zipgeo_near('75075', 5, 'yd')",
        "zipgeo_near(): unknown unit 'yd' (argument 3); use one of 'km', 'm', 'mi', 'nmi', 'ft'"
      ),
      (
        "SELECT * FROM zipgeo_within(91, 0, 5)",
        "zipgeo_within(): the centre 91.0,0.0 is not a coordinate (latitude within [-90, 90])"
      ),
      (
        "SELECT * FROM zipgeo_nearest(0, 0, 0)",
        "zipgeo_nearest(): k (argument 3) is 0.0; give a whole number from 1 to 1000000"
      ),
      ("SELECT * FROM zipgeo_nearest(0)", "zipgeo_nearest(): needs at least 2 arguments: center_lat, center_lon"),
    ]
    for (sql, message) in cases {
      let error = #expect(throws: DatabaseError.self) { try db.rows(sql) }
      #expect(error?.message == message, "\(sql)")
    }
  }

  @Test func theRadiusQueryReadsTheCellIndex() throws {
    let plan = try db.rows("EXPLAIN QUERY PLAN " + RadiusQuery.sql(details: true), Array(repeating: 1.0, count: 8))
      .compactMap { $0["detail"]?.string }.joined(separator: "\n")
    #expect(plan.contains("USING INDEX zips_cell (cell>? AND cell<?)"), "\(plan)")
    #expect(!plan.contains("SCAN zips"), "\(plan)")
  }

  @Test func withoutPlaceNamesTheRadiusQueryReadsOnlyTheIndex() throws {
    let plan = try db.rows("EXPLAIN QUERY PLAN " + RadiusQuery.sql(details: false), Array(repeating: 1.0, count: 8))
      .compactMap { $0["detail"]?.string }.joined(separator: "\n")
    #expect(plan.contains("USING COVERING INDEX zips_cell (cell>? AND cell<?)"), "\(plan)")
  }
}
