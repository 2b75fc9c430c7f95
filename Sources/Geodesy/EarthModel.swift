/// The shape of the Earth that distances are measured on.
///
/// ```swift
/// EarthModel.wgs84.distance(from: plano, to: newYork)    // metres along the ellipsoid
/// EarthModel(rawValue: "sphere")                          // .sphere
/// ```
public enum EarthModel: String, CaseIterable, Sendable {
  /// A sphere of radius 6,371,008.8 m (the IUGG mean radius): simple, fast, within 0.5%.
  case sphere
  /// The WGS84 ellipsoid, as GPS uses: geodesic distances to a fraction of a millimetre.
  case wgs84

  /// The distance in metres.
  @inlinable
  public func distance(from a: Coordinate, to b: Coordinate) -> Double {
    switch self {
    case .sphere: Sphere.earth.distance(from: a, to: b)
    case .wgs84: Ellipsoid.wgs84.distance(from: a, to: b)
    }
  }

  /// The distance in `unit`.
  @inlinable
  public func distance(from a: Coordinate, to b: Coordinate, in unit: LengthUnit) -> Double {
    switch self {
    case .sphere: Sphere.earth.distance(from: a, to: b, in: unit)
    case .wgs84: unit.fromMetres(Ellipsoid.wgs84.distance(from: a, to: b))
    }
  }

  /// A latitude/longitude box holding every point within `radius` metres of `center`.
  public func boundingBox(around center: Coordinate, radius: Double) -> BoundingBox {
    switch self {
    case .sphere: Sphere.earth.boundingBox(around: center, radius: radius)
    case .wgs84: Ellipsoid.wgs84.boundingBox(around: center, radius: radius)
    }
  }

  /// The point `distance` metres from `start` along `azimuth` (degrees clockwise from north).
  public func destination(from start: Coordinate, azimuth: Double, distance: Double) -> Coordinate {
    switch self {
    case .sphere: Sphere.earth.destination(from: start, azimuth: azimuth, distance: distance).point
    case .wgs84: Ellipsoid.wgs84.destination(from: start, azimuth: azimuth, distance: distance).point
    }
  }

  /// Half the longest way around: no two points are farther apart than this, in metres.
  public var halfCircumference: Double {
    switch self {
    case .sphere: Double.pi * Sphere.earth.radius
    case .wgs84: 2 * Ellipsoid.wgs84.quarterMeridian
    }
  }
}
