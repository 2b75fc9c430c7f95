import Foundation
import Geodesy
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// `zipgeo_cover`, the native form of a radius search: the ranges of cells it gives, joined to
/// `zips` and filtered by `distance()`, hold exactly the rows `zipgeo_within` returns, on the
/// world's postal codes, in every unit and model, at the poles, across the 180th meridian, for
/// the tiniest radius and one that holds the whole Earth.
@Suite struct CellCoveringTests {
  let db: ZipDatabase

  init() throws {
    db = try ZipDatabase(readingAt: WorldDatabase.path())
  }

  /// A radius search's arguments.
  struct Circle: CustomStringConvertible, Sendable {
    let latitude: Double
    let longitude: Double
    let radius: Double
    var unit = "km"
    var model = "sphere"

    var description: String { "\(latitude),\(longitude) \(radius) \(unit) \(model)" }
  }

  /// Each row's zip, country, place and position, sorted: what both forms must agree on.
  func rows(_ sql: String, _ circle: Circle) throws -> [String] {
    let statement = try db.database.prepare(sql)
    try statement.bind(.real(circle.latitude), at: 1)
    try statement.bind(.real(circle.longitude), at: 2)
    try statement.bind(.real(circle.radius), at: 3)
    try statement.bind(.text(circle.unit), at: 4)
    try statement.bind(.text(circle.model), at: 5)
    var found: [String] = []
    while try statement.step() {
      found.append(
        (0..<statement.columnCount).map { statement.text(at: $0) ?? "NULL" }.joined(separator: "|"))
    }
    return found.sorted()
  }

  static let native = """
    SELECT z.zip, z.country, z.place, z.lat, z.lon
    FROM zipgeo_cover(?1, ?2, ?3, ?4, ?5) AS c JOIN zips AS z ON z.cell BETWEEN c.first_cell AND c.last_cell
    WHERE CASE ?5 WHEN 'wgs84' THEN geodesic_distance(z.lat, z.lon, ?1, ?2, ?4)
      ELSE distance(z.lat, z.lon, ?1, ?2, ?4) END <= ?3
    """
  static let within = "SELECT zip, country, place, lat, lon FROM zipgeo_within(?1, ?2, ?3, ?4, ?5)"

  static let edges: [Circle] = [
    Circle(latitude: 51.5074, longitude: -0.1278, radius: 10),
    Circle(latitude: 33.0198, longitude: -96.6989, radius: 10),
    Circle(latitude: 35.6812, longitude: 139.7671, radius: 25),
    Circle(latitude: 50.11, longitude: 8.68, radius: 100),
    Circle(latitude: 50.11, longitude: 8.68, radius: 62, unit: "mi", model: "wgs84"),
    Circle(latitude: -23.5505, longitude: -46.6333, radius: 10, unit: "m"),
    // The 180th meridian, from both sides, and the poles.
    Circle(latitude: 51.88, longitude: 179.99, radius: 300),
    Circle(latitude: 51.88, longitude: -179.99, radius: 300, model: "wgs84"),
    Circle(latitude: -17.7, longitude: 180, radius: 300),
    Circle(latitude: 90, longitude: 0, radius: 600),
    Circle(latitude: -90, longitude: 0, radius: 20),
    Circle(latitude: 78.2, longitude: 15.6, radius: 50, unit: "nmi"),
    // A point on a line of the grid, the tiniest radius, and radii that hold the whole Earth.
    Circle(latitude: 0, longitude: 0, radius: 300),
    Circle(latitude: 40.7128, longitude: -74.006, radius: 1e-300),
  ]

  /// Radii that hold most of the Earth, or all of it: the rows counted and summed (the rows
  /// themselves would be compared a million at a time).
  @Test(arguments: [19_000, 1e300]) func aRadiusHoldingTheEarthCoversEveryRow(radius: Double) throws {
    let circle = Circle(latitude: 46.2, longitude: 6.15, radius: radius)
    let tally = "count(*), total(length(zip || country || ifnull(place, '')))"
    let native = try rows(
      Self.native.replacingOccurrences(of: "z.zip, z.country, z.place, z.lat, z.lon", with: tally), circle)
    let within = try rows(Self.within.replacingOccurrences(of: "zip, country, place, lat, lon", with: tally), circle)
    let all = try db.database.scalar("SELECT count(*) FROM zips")?.int64 ?? 0
    #expect(all > 1_000_000)
    #expect(native == within)
    #expect(native.first?.hasPrefix("\(all)|") == (radius > 20_000), "\(native)")
  }

  @Test(arguments: edges) func theNativeJoinHoldsExactlyTheRowsOfZipgeoWithin(circle: Circle) throws {
    let native = try rows(Self.native, circle)
    let within = try rows(Self.within, circle)
    #expect(native.count == within.count, "\(circle)")
    #expect(native == within, "\(circle)")
  }

  @Test func theNativeJoinHoldsExactlyTheRowsOfZipgeoWithinAroundRandomPoints() throws {
    var random = SeededGenerator(seed: 35)
    let radii = [0.5, 3, 10, 40, 150]
    for index in 0..<80 {
      // Half near the places of the table (dense and sparse alike), half anywhere.
      let statement = try db.database.prepare("SELECT lat, lon FROM zips WHERE id = ?")
      var latitude = Double.random(in: -90...90, using: &random)
      var longitude = Double.random(in: -180...180, using: &random)
      if index % 2 == 0 {
        let id = Int64.random(in: 1...1_800_000, using: &random)
        try statement.bind(.integer(id), at: 1)
        if try statement.step() { (latitude, longitude) = (statement.double(at: 0), statement.double(at: 1)) }
      }
      let circle = Circle(
        latitude: latitude, longitude: longitude, radius: radii[index % radii.count],
        model: index % 5 == 0 ? "wgs84" : "sphere")
      #expect(try rows(Self.native, circle) == rows(Self.within, circle), "\(circle)")
    }
  }

  @Test func theRangesAreAscendingDisjointAndFewWhateverTheRadius() throws {
    for circle in Self.edges {
      let ranges = try db.database.rows(
        "SELECT first_cell, last_cell FROM zipgeo_cover(?, ?, ?, ?, ?)",
        [circle.latitude, circle.longitude, circle.radius, circle.unit, circle.model]
      ).map { ($0[0].int64 ?? -1, $0[1].int64 ?? -1) }
      #expect(!ranges.isEmpty, "\(circle)")
      #expect(ranges.count <= CellCovering.mostSquares, "\(circle): \(ranges.count)")
      for (index, range) in ranges.enumerated() {
        #expect(range.0 >= 0 && range.0 <= range.1 && range.1 < 1 << 32, "\(circle): \(range)")
        if index > 0 { #expect(ranges[index - 1].1 + 1 < range.0, "\(circle): \(ranges)") }
      }
    }
  }

  @Test func badArgumentsAreErrorsNamingTheFunctionAndTheArgument() throws {
    for (arguments, words) in [
      ("91, 0, 10", "latitude 91.0 is outside [-90, 90]"), ("0, 0, -1", "radius"), ("0, 0, 'x'", "radius"),
      ("0, 0, 10, 'parsecs'", "unit"), ("0, 0, 10, 'km', 'flat'", "model"), ("'nan', 0, 10", "center_lat"),
    ] {
      #expect {
        _ = try db.database.rows("SELECT * FROM zipgeo_cover(\(arguments))")
      } throws: { error in
        "\(error)".contains("zipgeo_cover()") && "\(error)".contains(words)
      }
    }
  }

  /// A `zips` the join would read wrongly is refused as the searches refuse it: a view, no table
  /// at all, a `cell` of text, rows whose cells no longer match them (no triggers), and a table
  /// not keyed as zipgeo keys its own.
  @Test func aTableTheJoinWouldMisreadIsAnErrorAsInTheSearches() throws {
    let folder = try TemporaryFolder()
    let cases: [(setup: String, words: String)] = [
      (
        "CREATE TABLE z(zip TEXT, lat REAL, lon REAL, cell INTEGER); CREATE VIEW zips AS SELECT * FROM z",
        "it is a view"
      ),
      ("CREATE TABLE other(x)", "there is no zips table"),
      ("CREATE TABLE zips(zip TEXT, lat REAL, lon REAL, cell TEXT)", "cell"),
      (
        """
        \(Schema.createTable)
        INSERT INTO zips (zip, place, state, lat, lon, cell, country, accuracy, id)
          VALUES ('10001', 'New York', 'NY', 33.0198, -96.6989, 4426468, 'US', 4, 1)
        """, "grid cell that does not match"
      ),
      (
        "CREATE TABLE zips(zip TEXT NOT NULL, lat REAL, lon REAL, cell INTEGER, country TEXT, id INTEGER)",
        "it is not laid out as zipgeo lays out its table"
      ),
    ]
    for (index, (setup, words)) in cases.enumerated() {
      let db = try Database(path: folder.path("\(index).db"))
      try db.execute(setup)
      try SQLFunctions.register(on: db)
      #expect {
        _ = try db.rows("SELECT * FROM zipgeo_cover(33.0198, -96.6989, 1)")
      } throws: { error in
        "\(error)".contains("zipgeo_cover()") && "\(error)".contains(words)
      }
      #expect {
        _ = try db.rows("SELECT * FROM zipgeo_within(33.0198, -96.6989, 1)")
      } throws: { error in
        "\(error)".contains(words)
      }
    }
  }
}
