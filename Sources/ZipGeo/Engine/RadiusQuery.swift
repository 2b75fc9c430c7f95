import Geodesy
import SQLiteKit

/// "Which zip codes lie within this distance of that point, nearest first?"
///
/// ```swift
/// let query = try RadiusQuery(center: plano.coordinate, radius: Length(10, .kilometres))
/// for hit in try query.run(on: db) { print(hit.zipCode.zip, hit.distance) }
/// ```
///
/// A bounding box from the geodesy core becomes pieces of the grid of cells the table is
/// clustered by, read nearest first (`NearestFirstSearch`); the distance `distance()` computes
/// (or `geodesic_distance()` on the WGS84 model) keeps exactly the zips within the radius.
/// Results are sorted by distance, then by zip.
public struct RadiusQuery: Equatable, Sendable {
  /// The centre of the circle.
  public let center: Coordinate
  /// The radius; distances are measured and reported in its unit.
  public let radius: Length
  /// At most this many results, or all when `nil`.
  public let limit: Int?
  /// The Earth model distances are measured on: the box and the exact filter both follow it.
  public let model: EarthModel
  /// Only the codes of this country (two upper-case letters), or of every country when `nil`.
  public let country: String?

  /// `try RadiusQuery(center: plano, radius: Length(10, .kilometres), limit: 5)`.
  ///
  /// Distances come in the radius's unit, computed as the SQL functions compute them in that
  /// unit (`distance(lat1, lon1, lat2, lon2, 'mi')`), so both agree to the last bit.
  ///
  /// - Throws: `CoordinateError` for a centre that is not a point, `LengthError` for a radius
  ///   that is not positive or overflows in metres (`Length(radius:_:)`, the one check of radii).
  public init(
    center: Coordinate, radius: Length, limit: Int? = nil, model: EarthModel = .sphere, country: String? = nil
  ) throws {
    self.center = try Coordinate(latitude: center.latitude, longitude: center.longitude)
    self.radius = try Length(radius: radius.value, radius.unit)
    self.limit = limit.map { max(0, $0) }
    self.model = model
    self.country = country
  }

  /// The radius, at most half the Earth's circumference (1e300 km reads the world): the farthest
  /// a row is found at, in the query's unit.
  var farthest: Double { Self.farthest(radius, model: model) }

  /// The farthest a row of a search of `radius` on `model` is found at, in the radius's unit.
  static func farthest(_ radius: Length, model: EarthModel) -> Double {
    min(radius.value, radius.unit.fromMetres(model.halfCircumference * (1 + 1e-9)))
  }

  /// The least distance any point of `node` can have from the centre, in metres
  /// (`EarthModel.leastDistance`): a square whose bound in the query's unit is past `farthest`
  /// holds no row of the answer.
  func leastMetres(to node: GridCell.Node) -> Double {
    model.leastDistance(from: center, latitudes: node.holdingLatitudes, longitudes: node.holdingLongitudes)
  }

  /// Whether every point of `node` lies within the radius (`Sphere.greatestDistance`, on the
  /// sphere only: on WGS84 no such bound is proven, and no square is said to): every row of such
  /// a square is within it, unmeasured.
  func holdsWhole(_ node: GridCell.Node) -> Bool {
    guard model == .sphere,
      let greatest = Sphere.earth.greatestDistance(
        from: center, latitudes: node.holdingLatitudes, longitudes: node.holdingLongitudes, in: radius.unit)
    else { return false }
    return greatest <= farthest
  }

  /// Runs the query on any connection with a zipgeo `zips` table.
  public func run(on database: Database) throws -> [NearbyZip] {
    try run(on: database, details: true)
  }

  /// Runs the query; without `details`, the zip codes found have no place, state or county. The
  /// answer is gathered from the bands of a `NearestFirstSearch`; a caller that can use rows as
  /// they come reads the bands itself.
  func run(on database: Database, details: Bool) throws -> [NearbyZip] {
    var search = NearestFirstSearch(self, details: details)
    return try search.allRows(on: database)
  }
}

extension RadiusQuery {
  /// The `count` zip codes nearest `center`, nearest first (ties by zip), exactly, with
  /// distances in `unit`.
  ///
  /// A nearest-first search over the whole Earth that stops after `count` zip codes: it reads
  /// the cells around the point, nearest first, not the whole table. A count of 0 or less
  /// finds nothing. With `country`, only that country's codes are ranked.
  public static func nearest(
    to center: Coordinate, count: Int, on database: Database, model: EarthModel = .sphere,
    unit: LengthUnit = .kilometres, country: String? = nil
  ) throws -> [NearbyZip] {
    try nearest(to: center, count: count, on: database, details: true, model: model, unit: unit, country: country)
  }

  /// The nearest zip codes; without `details`, with no place, state, county or accuracy.
  static func nearest(
    to center: Coordinate, count: Int, on database: Database, details: Bool, model: EarthModel = .sphere,
    unit: LengthUnit = .kilometres, country: String? = nil
  ) throws -> [NearbyZip] {
    guard count > 0 else { return [] }
    var search = try NearestFirstSearch(
      nearestTo: center, count: count, model: model, unit: unit, country: country, details: details)
    return try search.allRows(on: database)
  }
}
