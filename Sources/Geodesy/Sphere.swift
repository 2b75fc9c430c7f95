#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A spherical Earth model.
///
/// ```swift
/// let km = Sphere.earth.distance(from: plano, to: newYork) / 1000  // 2207.4...
/// ```
public struct Sphere: Hashable, Sendable {
  /// The radius in metres.
  public let radius: Double

  public init(radius: Double) {
    precondition(radius > 0 && radius.isFinite, "a sphere needs a positive finite radius")
    self.radius = radius
  }

  /// The IUGG mean Earth radius, R1 = 6,371,008.8 m: the sphere zipgeo uses unless told otherwise.
  public static let earth = Sphere(radius: 6_371_008.8)

  /// The great-circle distance in metres.
  public func distance(from a: Coordinate, to b: Coordinate) -> Double {
    radius * Sphere.centralAngle(from: a, to: b)
  }

  /// The angle at the sphere's centre between two points, in radians, in [0, pi].
  ///
  /// This is Vincenty's `atan2` form of the great-circle formula with both of its terms rewritten
  /// around `1 - cos(dLon) = 2 sin^2(dLon / 2)`, so that every term is computed without
  /// cancellation: identical points give exactly 0, points a millimetre apart keep full relative
  /// precision, and antipodal points give pi. (The law of cosines loses metres at short range and
  /// can return NaN; the haversine form loses precision near antipodes.)
  public static func centralAngle(from a: Coordinate, to b: Coordinate) -> Double {
    // The terms below are not symmetric in a and b; a fixed order makes d(a, b) == d(b, a) exactly.
    if (b.latitude, b.longitude) < (a.latitude, a.longitude) { return centralAngle(from: b, to: a) }
    let (sinLat1, cosLat1) = sinCos(degrees: a.latitude)
    let (_, cosLat2) = sinCos(degrees: b.latitude)
    let (sinDLat, cosDLat) = sinCos(degrees: b.latitude - a.latitude)
    let dLon = angleDifference(degrees: a.longitude, b.longitude)
    let sinDLon = sinCos(degrees: dLon).sin
    let sinHalfDLon = sinCos(degrees: dLon / 2).sin
    let versine = 2 * sinHalfDLon * sinHalfDLon  // 1 - cos(dLon), without cancellation
    let y1 = cosLat2 * sinDLon
    let y2 = sinDLat + sinLat1 * cosLat2 * versine
    let x = cosDLat - cosLat1 * cosLat2 * versine
    return atan2((y1 * y1 + y2 * y2).squareRoot(), x)
  }
}
