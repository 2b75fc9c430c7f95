import Geodesy
import SQLiteKit

/// "Which zip codes lie within this distance of that point, nearest first?"
///
/// ```swift
/// let query = RadiusQuery(center: plano.coordinate, radius: 10_000)
/// for hit in try query.run(on: db) { print(hit.zipCode.zip, hit.distance) }
/// ```
///
/// The query runs inside SQLite: a bounding box from the geodesy core becomes ranges of grid
/// cells read from the `(cell, lat, lon, zip)` index, then the `distance()` SQL function (or
/// `geodesic_distance()` on the WGS84 model) keeps exactly the zips within the radius.
/// Results are sorted by distance, then by zip.
public struct RadiusQuery: Equatable, Sendable {
  /// The centre of the circle.
  public let center: Coordinate
  /// The radius in metres.
  public let radius: Double
  /// At most this many results, or all when `nil`.
  public let limit: Int?
  /// The Earth model distances are measured on: the box and the exact filter both follow it.
  public let model: EarthModel

  /// `RadiusQuery(center: plano, radius: 10_000, limit: 5)`: radius in metres.
  public init(center: Coordinate, radius: Double, limit: Int? = nil, model: EarthModel = .sphere) {
    precondition(radius >= 0 && radius.isFinite, "a radius is a finite length, not \(radius)")
    self.center = center
    self.radius = radius
    self.limit = limit
    self.model = model
  }

  /// The query for a box covered by `cellRanges` ranges of grid cells: parameters 1-10 are the
  /// centre, the box, the radius in km and the limit; then a pair per cell range.
  ///
  /// Without `details`, place, state and county are NULL and the query reads only the index,
  /// which holds zip, lat and lon: no lookup in the table for each zip found.
  static func sql(cellRanges: Int, details: Bool = true, model: EarthModel = .sphere) -> String {
    let cells = (0..<cellRanges).map { "cell BETWEEN ?\(11 + 2 * $0) AND ?\(12 + 2 * $0)" }
    let distance = SQLFunctions.functionName(of: model)
    return """
      SELECT zip, \(details ? "place, state, county" : "NULL, NULL, NULL"), lat, lon, \(distance)(?1, ?2, lat, lon) AS km
      FROM zips
      WHERE (\(cells.joined(separator: " OR ")))
        AND lat BETWEEN ?3 AND ?4
        AND (lon BETWEEN ?5 AND ?6 OR lon BETWEEN ?7 AND ?8)
        AND km <= ?9
      ORDER BY km, zip
      LIMIT ?10
      """
  }

  /// Runs the query.
  public func run(on db: ZipDatabase) throws -> [NearbyZip] {
    try run(on: db.database)
  }

  /// Runs the query on any connection with a zipgeo `zips` table and zipgeo's SQL functions.
  public func run(on database: Database) throws -> [NearbyZip] {
    try run(on: database, details: true)
  }

  /// Runs the query; without `details`, the zip codes found have no place, state or county, and
  /// the query reads only the index.
  func run(on database: Database, details: Bool) throws -> [NearbyZip] {
    let box = model.boundingBox(around: center, radius: radius)
    let first = box.longitudeRanges[0]
    // When the box needs one longitude range, the second is empty (1 to 0) and matches nothing.
    let second =
      box.longitudeRanges.count > 1
      ? (box.longitudeRanges[1].lowerBound, box.longitudeRanges[1].upperBound) : (1.0, 0.0)
    let cells = GridCell.ranges(covering: box)
    let statement = try database.cachedStatement(Self.sql(cellRanges: cells.count, details: details, model: model))
    try statement.bind(
      [
        center.latitude, center.longitude, box.minLatitude, box.maxLatitude, first.lowerBound, first.upperBound,
        second.0, second.1, LengthUnit.kilometres.fromMetres(radius), limit ?? -1,
      ] + cells.flatMap { [$0.lowerBound, $0.upperBound] as [any DatabaseValueConvertible] })
    defer { statement.reset() }
    var results: [NearbyZip] = []
    while try statement.step() {
      results.append(
        NearbyZip(
          zipCode: ZipDatabase.zipCode(from: statement),
          distance: Length(statement.double(at: 6), .kilometres)))
    }
    return results
  }
}

extension RadiusQuery {
  /// The `count` zip codes nearest `center`, nearest first (ties by zip), exactly.
  ///
  /// A radius query, widened until it holds `count` zips: within the radius the ranking is
  /// complete, since no zip outside it can be nearer. It reads the index around the point, not
  /// the whole table.
  public static func nearest(
    to center: Coordinate, count: Int, on database: Database, model: EarthModel = .sphere
  ) throws -> [NearbyZip] {
    try nearest(to: center, count: count, on: database, details: true, model: model)
  }

  /// The nearest zip codes; without `details`, with no place, state or county.
  static func nearest(
    to center: Coordinate, count: Int, on database: Database, details: Bool, model: EarthModel = .sphere
  ) throws -> [NearbyZip] {
    precondition(count >= 0, "a count cannot be negative")
    guard count > 0 else { return [] }
    let halfCircumference = model.halfCircumference
    var radius = 10_000.0  // metres
    while true {
      // The last round's radius reaches past the farthest point by more than any rounding.
      let reach = min(radius, halfCircumference * (1 + 1e-9))
      let hits = try RadiusQuery(center: center, radius: reach, limit: count, model: model)
        .run(on: database, details: details)
      if hits.count == count || radius >= halfCircumference { return hits }
      radius *= 4
    }
  }
}
