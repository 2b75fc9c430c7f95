import Foundation
import Geodesy
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// The nearest-first search gives the same rows in the same order as brute force, whatever the
/// finest square it reads and the size of its bands.
@Suite struct NearestFirstSearchTests {
  let temporary: TemporaryFolder
  let db: Database

  init() throws {
    temporary = try TemporaryFolder()
    let path = temporary.path("zipgeo.db")
    _ = try ZipDatabase.importFile(zipsCSVPath, into: path)
    db = try ZipDatabase(readingAt: path).database
  }

  /// Every band of `search`, checked to be at most `budget` rows, none empty, and to lie wholly
  /// no nearer than the band before.
  func bands(_ search: NearestFirstSearch, budget: Int, on db: Database? = nil) throws -> [[NearbyZip]] {
    var search = search
    var bands: [[NearbyZip]] = []
    while let band = try search.nextBand(on: db ?? self.db) {
      #expect(!band.isEmpty)
      #expect(band.count <= budget, "a band over its budget")
      if let last = bands.last?.last { #expect(band[0].distance.value >= last.distance.value) }
      bands.append(band)
    }
    #expect(try search.nextBand(on: db ?? self.db) == nil, "a search that ended stays ended")
    return bands
  }

  func truth(_ lat: Double, _ lon: Double, within km: Double, limit: Int? = nil) throws -> [String] {
    try db.rows(
      "SELECT zip FROM zips WHERE distance(?, ?, lat, lon) <= ? ORDER BY distance(?, ?, lat, lon), zip LIMIT ?",
      [lat, lon, km, lat, lon, Int64(limit ?? -1)]
    ).compactMap { $0[0].string }
  }

  @Test(arguments: [(1, 0.0), (2, 5_000.0), (7, 100_000.0), (100, 40_000.0), (65_536, 20_000_000.0)])
  func radiusSearchesEqualBruteForceWhateverTheirSquaresAndBands(budget: Int, finest: Double) throws {
    for (lat, lon, km) in [(33.025, -96.7397, 30.0), (40.75, -73.99, 8.0), (64.8, -147.7, 400.0), (19.7, -155.1, 90.0)]
    {
      let query = try RadiusQuery(
        center: try Coordinate(latitude: lat, longitude: lon), radius: Length(km, .kilometres))
      let search = NearestFirstSearch(query, reads: .init(budget: budget), finest: finest)
      let found = try bands(search, budget: budget).flatMap { $0 }
      #expect(found.map(\.zipCode.zip) == (try truth(lat, lon, within: km)), "\(lat),\(lon) \(km) km by \(budget)")
      #expect(found.allSatisfy { $0.zipCode.place != nil })
      #expect(found.map(\.zipCode) == (try query.run(on: db)).map(\.zipCode))
    }
  }

  @Test func wgs84SearchesEqualBruteForce() throws {
    for (lat, lon, km) in [(33.025, -96.7397, 300.0), (64.8, -147.7, 900.0), (21.3, -157.8, 4000.0)] {
      let query = try RadiusQuery(
        center: try Coordinate(latitude: lat, longitude: lon), radius: Length(km, .kilometres), model: .wgs84)
      let search = NearestFirstSearch(query, reads: .init(details: [], budget: 50), finest: 0)
      let found = try bands(search, budget: 50).flatMap { $0 }
      let truth = try db.rows(
        "SELECT zip FROM zips WHERE geodesic_distance(?1, ?2, lat, lon, 'km') <= ?3"
          + " ORDER BY geodesic_distance(?1, ?2, lat, lon, 'km'), zip", [lat, lon, km]
      ).compactMap { $0[0].string }
      #expect(found.map(\.zipCode.zip) == truth, "\(lat),\(lon) \(km) km")
      #expect(found.map(\.zipCode.zip) == (try query.run(on: db)).map(\.zipCode.zip))
      #expect(found.allSatisfy { $0.zipCode.place == nil && $0.zipCode.accuracy == nil })
    }
  }

  @Test func aLimitStopsAtItsRowsAcrossBands() throws {
    let query = try RadiusQuery(
      center: try Coordinate(latitude: 33.025, longitude: -96.7397), radius: Length(200, .kilometres), limit: 25)
    let search = NearestFirstSearch(query, reads: .init(details: [], budget: 4), finest: 0)
    let found = try bands(search, budget: 4).flatMap { $0 }
    #expect(found.map(\.zipCode.zip) == (try truth(33.025, -96.7397, within: 200, limit: 25)))
  }

  @Test func nearestSearchesEqualBruteForceEverywhere() throws {
    for (lat, lon) in [(33.0, -96.7), (89.9, 0.0), (-89.9, 0.0), (51.9, 179.99), (0.0, -140.0), (0, 180), (-90, -180)] {
      let search = try NearestFirstSearch(nearestTo: try Coordinate(latitude: lat, longitude: lon), count: 300)
      // No band holds more rows than the search wants.
      let found = try bands(search, budget: 300).flatMap { $0 }
      let expected = try db.rows(
        "SELECT zip FROM zips ORDER BY distance(?, ?, lat, lon), zip LIMIT 300", [lat, lon]
      ).compactMap { $0[0].string }
      #expect(found.map(\.zipCode.zip) == expected, "\(lat),\(lon)")
    }
  }

  /// Points on lines of the grid and a few ulps either side of them (the arithmetic that gives
  /// a point its cell rounds): a CSV of them, zips `G0`, `G1`, ...
  static func gridLinePoints() -> String {
    var lines = ["zip,place,lat,lon"]
    let rows = [0, 1, 36_868, 65_535].map { Double($0) * 180 / 65_536 - 90 }
    let columns = [29_322, 32_768, 35_503, 65_535].map { Double($0) * 360 / 65_536 - 180 }
    func around(_ x: Double) -> [Double] { [x.nextDown.nextDown, x.nextDown, x, x.nextUp, x.nextUp.nextUp] }
    var number = 0
    for (lat, lon) in zip(rows, columns) {
      for a in around(lat) where a >= -90 && a <= 90 {
        for b in around(lon) where b >= -180 && b <= 180 {
          lines.append("G\(number),p,\(a),\(b)")
          number += 1
        }
      }
    }
    // The three points of a report: the nearest two of the first are it and the third.
    lines += [
      "P1,a,-31.396179199218757,-18.929443359375007", "P2,b,-31.396179199218757,-18.929443359375",
      "P3,c,-31.396179199218754,-18.929443359375007", "A,a,10,-5e-324", "B,b,10,-1e-12", "E,e,10,0",
      "H,h,-4.9e-324,50", "I,i,0,50",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Every point a hair from a line of the grid is found, in its order, by radius and nearest
  /// searches centred on every one of them.
  @Test func pointsAHairFromALineOfTheGridAreFoundInTheirOrder() throws {
    let path = temporary.path("lines.db")
    _ = try ZipDatabase.importFile(try temporary.write("lines.csv", Self.gridLinePoints()), into: path)
    let lines = try ZipDatabase(readingAt: path)
    let centres = try lines.database.rows("SELECT lat, lon FROM zips").map { ($0[0].double!, $0[1].double!) }
    for (lat, lon) in centres {
      let center = try Coordinate(latitude: lat, longitude: lon)
      let truth = try lines.database.rows(
        "SELECT zip FROM zips ORDER BY distance(?1, ?2, lat, lon), zip, id", [lat, lon]
      ).compactMap { $0[0].string }
      #expect(try lines.nearest(to: center, count: 3).map(\.zipCode.zip) == Array(truth.prefix(3)), "\(lat),\(lon)")
      let within = try lines.database.rows(
        "SELECT zip FROM zips WHERE distance(?1, ?2, lat, lon) <= 1e-9 ORDER BY distance(?1, ?2, lat, lon), zip, id",
        [lat, lon]
      ).compactMap { $0[0].string }
      #expect(
        try lines.near(coordinate: center, within: Length(1e-9, .kilometres)).map(\.zipCode.zip) == within,
        "\(lat),\(lon)")
      #expect(try lines.near(coordinate: center, within: Length(30_000, .kilometres)).map(\.zipCode.zip) == truth)
    }
  }

  /// A search as wide as the world gives its rows nearest first, band by band, as it reads them:
  /// its first band is the start of the whole answer, not the whole answer, which is every row
  /// of the table in the brute force's order; a `LIMIT 10` of the table function is its first ten.
  @Test func aWorldWideSearchGivesItsFirstRowsBeforeTheRestAndEveryRowInOrder() throws {
    let (lat, lon) = (33.025, -96.7397)
    let query = try RadiusQuery(
      center: try Coordinate(latitude: lat, longitude: lon), radius: Length(1e300, .kilometres))
    let found = try bands(NearestFirstSearch(query), budget: .max)
    let table = try #require(try db.scalar("SELECT count(*) FROM zips")?.int64)
    let truth = try truth(lat, lon, within: 1e300)
    #expect(truth.count == Int(table))
    #expect(found.flatMap { $0 }.map(\.zipCode.zip) == truth)
    #expect(found.count > 1 && found[0].count < truth.count, "\(found.count) bands for \(truth.count) rows")
    let first = try db.rows("SELECT zip FROM zipgeo_within(?, ?, 1e300) LIMIT 10", [lat, lon]).compactMap {
      $0[0].string
    }
    #expect(first == Array(truth.prefix(10)))
  }

  /// Where codes are few, the nearest ones are found across the empty land between: the nearest
  /// one, four and five, in their order, and no more than asked for.
  @Test func theNearestCodesAcrossEmptyLandAreFoundInTheirOrder() throws {
    let path = temporary.path("sparse.db")
    // Four codes about 1,000 km from the centre (0, 0), one in each direction, and one farther.
    let csv = "zip,lat,lon\n00001,9,0\n00002,-9,0\n00003,0,9\n00004,0,-9\n00005,20,20\n"
    _ = try ZipDatabase.importFile(try temporary.write("sparse.csv", csv), into: path)
    let sparse = try ZipDatabase(readingAt: path).database
    for count in [1, 4, 5, 6] {
      var search = try NearestFirstSearch(
        nearestTo: try Coordinate(latitude: 0.01, longitude: 0.02), count: count, details: false)
      var found: [String] = []
      while let band = try search.nextBand(on: sparse) { found += band.map(\.zipCode.zip) }
      #expect(found == Array(["00003", "00001", "00002", "00004", "00005"].prefix(count)), "\(count)")
    }
  }

  /// Where codes are evenly few (a grid of them 0.05 degrees apart, about 5 km), the nearest one,
  /// five and fifty are the brute force's; a search whose limit is lifted (as `CenteredSearch`
  /// lifts it, to read on to the end of the rows as near as the last) gives the same first five,
  /// then every other row of the table, in order.
  @Test func theNearestFewWhereCodesAreEvenlySparseAreTheBruteForces() throws {
    let path = temporary.path("grid.db")
    var csv = "zip,lat,lon\n"
    for row in 0..<80 {
      for column in 0..<80 {
        csv += String(
          format: "%02d%02d,%.2f,%.2f\n", row, column, 38 + Double(row) * 0.05, -102 + Double(column) * 0.05)
      }
    }
    _ = try ZipDatabase.importFile(try temporary.write("grid.csv", csv), into: path)
    let grid = try ZipDatabase(readingAt: path).database
    for (lat, lon) in [(39.013, -100.021), (40.004, -99.137), (38.51, -101.49)] {
      /// The `count` nearest by brute force (every row without one), and by a search.
      func nearest(_ count: Int?) throws -> [String] {
        try grid.rows(
          "SELECT zip FROM zips ORDER BY distance(?1, ?2, lat, lon), zip, id LIMIT ?3", [lat, lon, count ?? -1]
        ).compactMap { $0[0].string }
      }
      func searched(_ count: Int) throws -> [String] {
        var search = try NearestFirstSearch(
          nearestTo: try Coordinate(latitude: lat, longitude: lon), count: count, details: false)
        var found: [String] = []
        while let band = try search.nextBand(on: grid) { found += band.map(\.zipCode.zip) }
        return found
      }
      let everyRow = try nearest(nil)
      #expect(everyRow.count == 80 * 80)
      for count in [1, 5, 50] {
        #expect(try searched(count) == Array(everyRow.prefix(count)), "\(count) nearest \(lat),\(lon)")
      }
      var lifted = try NearestFirstSearch(
        nearestTo: try Coordinate(latitude: lat, longitude: lon), count: 5, details: false)
      lifted.liftLimit()
      var all: [String] = []
      while let band = try lifted.nextBand(on: grid) { all += band.map(\.zipCode.zip) }
      #expect(all == everyRow, "\(lat),\(lon), lifted")
    }
  }

  /// A search for the nearest starts from the squares about its centre where they hold the rows
  /// it wants, and the rest of the world waits as one item until it is needed: across the 180th
  /// meridian, at both poles, at the edges of the squares, and for more rows than the squares
  /// hold (the world outside is cut then), the rows are the brute force's.
  @Test func theNearestFromTheSquaresAboutTheirCentreAreTheBruteForcesEverywhere() throws {
    let path = temporary.path("edges.db")
    var csv = "zip,lat,lon\n"
    var number = 0
    func add(_ lat: Double, _ lon: Double) {
      number += 1
      csv += String(format: "%05d,%.6f,%.6f\n", number, lat, lon)
    }
    // Dense patches: across the 180th meridian, about each pole, on a line of the grid of
    // squares of level 11 (every 180 / 2048 degrees of latitude), and a few far codes.
    for i in 0..<40 {
      for j in 0..<40 {
        add(-16.9 + Double(i) * 0.01, 179.8 + Double(j) * 0.01 - (179.8 + Double(j) * 0.01 > 180 ? 360 : 0))
        add(89.61 + Double(i) * 0.0097, Double(j) * 9 - 180)
        add(-89.61 - Double(i) * 0.0097, Double(j) * 9 - 180)
        add(180 / 2048 * 500 - 90 + Double(i - 20) * 0.004, 10 + Double(j) * 0.004)
      }
    }
    for (lat, lon) in [(0.0, 0.0), (45.0, 100.0), (-60.0, -60.0)] { add(lat, lon) }
    _ = try ZipDatabase.importFile(try temporary.write("edges.csv", csv), into: path)
    let db = try ZipDatabase(readingAt: path).database
    let centres: [(Double, Double)] = [
      (-16.75, 180.0), (-16.75, -180.0), (-16.75, 179.999), (-16.75, -179.999), (90, 0), (-90, 45),
      (89.99, 170), (-89.99, -170), (180 / 2048 * 500 - 90, 10.08), (180 / 2048 * 500 - 90 - 1e-9, 10.08),
      (0.001, 0.001), (30, 30),
    ]
    for (lat, lon) in centres {
      for count in [1, 5, 31, 32, 50, 2_000] {
        let truth = try db.rows(
          "SELECT zip FROM zips ORDER BY distance(?1, ?2, lat, lon), zip, id LIMIT ?3", [lat, lon, count]
        ).compactMap { $0[0].string }
        var search = try NearestFirstSearch(
          nearestTo: try Coordinate(latitude: lat, longitude: lon), count: count, details: false)
        var found: [String] = []
        while let band = try search.nextBand(on: db) { found += band.map(\.zipCode.zip) }
        #expect(found == truth, "\(count) nearest \(lat),\(lon)")
      }
    }
  }

  /// A user's own indexes on `zips` (coordinates, country) are never the way a search reads a
  /// square: every statement of a search reads its range of cells by the table's key, even where
  /// SQLite has statistics that favour the user's index, and the rows are the same.
  @Test func aUsersOwnIndexesOnTheCoordinatesAreNeverHowASearchReads() throws {
    let path = temporary.path("indexed.db")
    var csv = "zip,lat,lon,country\n"
    for i in 0..<400 {
      csv += String(
        format: "%05d,%.4f,%.4f,%@\n", i, 33 + Double(i % 20) * 0.01, -96.7 + Double(i / 20) * 0.01,
        i % 3 == 0 ? "MX" : "US")
    }
    _ = try ZipDatabase.importFile(try temporary.write("indexed.csv", csv), into: path)
    let db = try ZipDatabase(writingAt: path).database
    let before = try db.rows("SELECT zip, distance FROM zipgeo_within(33.1, -96.6, 8)").map(\.values)
    try db.execute(
      """
      CREATE INDEX my_lat_lon ON zips (lat, lon); CREATE INDEX my_country ON zips (country, lat, lon);
      CREATE INDEX my_lon ON zips (lon); ANALYZE;
      """)
    var statements = [NearestFirstSearch.countSQL(restricted: false), NearestFirstSearch.countSQL(restricted: true)]
    // Every statement a search hands its rows over with (details or not, and counting), of one
    // square and of several: each square of a statement is a range scan of its own, written alike.
    for (details, counting) in [(false, false), (true, false), (false, true)] {
      for squares in 1...8 {
        statements.append(NearestFirstSearch.collectSQL(squares: squares, details: details, counting: counting))
      }
    }
    for sql in statements {
      // Its parameters unbound: the plan does not depend on them.
      let explain = try db.prepare("EXPLAIN QUERY PLAN \(sql)")
      var steps: [String] = []
      while try explain.step() { steps.append(explain.text(at: 3) ?? "") }
      let plan = steps.joined(separator: " / ")
      // Every range scan of the statement (a statement of several squares has one each).
      let scans = sql.components(separatedBy: "FROM zips").count - 1
      let keyed = plan.components(separatedBy: "USING PRIMARY KEY (cell>? AND cell<?)").count - 1
      #expect(scans > 0 && keyed == scans && !plan.contains("my_"), "\(plan): \(sql)")
    }
    #expect(try db.rows("SELECT zip, distance FROM zipgeo_within(33.1, -96.6, 8)").map(\.values) == before)
    #expect(before.count > 100)
  }

  /// Thousands of stores at one spot, in several cells' worth of squares and across bands: they
  /// come in zip order, then the order of their file.
  @Test func rowsOfOneDistanceComeInZipOrderAcrossBands() throws {
    let path = temporary.path("ties.db")
    let csv =
      "zip,place,lat,lon\n" + (0..<50).reversed().map { String(format: "%05d,a,10,10\n", $0) }.joined()
      + "00007,b,10,10\n00007,c,10,10\n99999,z,10.001,10\n"
    _ = try ZipDatabase.importFile(try temporary.write("ties.csv", csv), into: path)
    let ties = try ZipDatabase(readingAt: path).database
    let query = try RadiusQuery(
      center: try Coordinate(latitude: 10, longitude: 10.0001), radius: Length(5, .kilometres))
    let found = try bands(NearestFirstSearch(query, reads: .init(budget: 8), finest: 0), budget: 8, on: ties)
      .flatMap { $0 }
    var expected = (0..<50).map { (String(format: "%05d", $0), "a") }
    expected.insert(contentsOf: [("00007", "b"), ("00007", "c")], at: 8)
    expected.append(("99999", "z"))
    #expect(found.map(\.zipCode.zip) == expected.map(\.0))
    #expect(found.map(\.zipCode.place) == expected.map(\.1))
  }
}
