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

  /// A sphere of `radius` metres: `Sphere(radius: 6_378_137)`.
  public init(radius: Double) {
    precondition(radius > 0 && radius.isFinite, "a sphere needs a positive finite radius")
    self.radius = radius
  }

  /// The IUGG mean Earth radius, R1 = 6,371,008.8 m: the sphere zipgeo uses unless told otherwise.
  /// (Computed, not stored, so that hot paths pay no lazy-initialisation check for it.)
  @inlinable
  public static var earth: Sphere { Sphere(checkedRadius: 6_371_008.8) }

  @usableFromInline
  init(checkedRadius radius: Double) { self.radius = radius }

  /// The great-circle distance in metres.
  public func distance(from a: Coordinate, to b: Coordinate) -> Double {
    radius * Sphere.centralAngle(from: a, to: b)
  }

  /// The great-circle distance in `unit`: one multiplication by a constant the compiler folds,
  /// where converting metres would divide.
  @inlinable
  public func distance(from a: Coordinate, to b: Coordinate, in unit: LengthUnit) -> Double {
    Sphere.centralAngle(from: a, to: b) * (radius / unit.metres)
  }

  /// The angle at the sphere's centre between two points, in radians, in [0, pi].
  ///
  /// The haversine `a = sin²(σ/2)` and its complement `1 - a = cos²(σ/2)` are both written as sums
  /// of squares, with no subtraction anywhere:
  ///
  ///     a     = sin²(Δφ/2) cos²(Δλ/2) + cos²(Σφ/2) sin²(Δλ/2)
  ///     1 - a = cos²(Δφ/2) cos²(Δλ/2) + sin²(Σφ/2) sin²(Δλ/2)
  ///     σ     = 2 asin(√a)           when a <= 1/2,
  ///     σ     = π - 2 asin(√(1 - a))  otherwise
  ///
  /// (Δφ = φ2 - φ1, Σφ = φ1 + φ2, Δλ = λ2 - λ1.) Both keep full relative precision at every range,
  /// so identical points give exactly 0, points a millimetre apart keep every digit, and antipodal
  /// points give exactly pi; the textbook haversine computes `1 - a` by subtraction and loses half
  /// its digits near antipodes, and the law of cosines loses metres at short range or returns NaN.
  /// Every term is squared, so the result is exactly symmetric in its two points. Only squares of
  /// sines and cosines of angles within [-90°, 90°] appear: three short polynomials in all.
  @inlinable @inline(__always)
  public static func centralAngle(from a: Coordinate, to b: Coordinate) -> Double {
    let (sin2HalfDLat, cos2HalfDLat) = sinCosSquared(halfTurnDegrees: (b.latitude - a.latitude) / 2)
    let (sin2HalfSLat, cos2HalfSLat) = sinCosSquared(halfTurnDegrees: (a.latitude + b.latitude) / 2)
    let (sin2HalfDLon, cos2HalfDLon) = sinCosSquared(
      halfTurnDegrees: longitudeDifference(a.longitude, b.longitude) / 2)
    let haversine = sin2HalfDLat * cos2HalfDLon + cos2HalfSLat * sin2HalfDLon
    // asin is well conditioned below sin²(σ/2) = 1/2; beyond, the complement takes over.
    if haversine <= 0.5 { return 2 * asin(haversine.squareRoot()) }
    let complement = cos2HalfDLat * cos2HalfDLon + sin2HalfSLat * sin2HalfDLon
    return Double.pi - 2 * asin(complement.squareRoot())
  }

  /// The point reached from `start` along the great circle that leaves it at `azimuth` (degrees
  /// clockwise from north) after `distance` metres, and the azimuth there.
  ///
  /// ```swift
  /// let north = Sphere.earth.destination(from: plano, azimuth: 0, distance: 10_000).point
  /// ```
  public func destination(from start: Coordinate, azimuth: Double, distance: Double) -> (
    point: Coordinate, finalAzimuth: Double
  ) {
    let (sinAzimuth, cosAzimuth) = sinCos(degrees: azimuth)
    let (sinLat, cosLat) = sinCos(degrees: start.latitude)
    let angle = distance / radius
    let (sinAngle, cosAngle) = (sin(angle), cos(angle))
    // The end point in a frame whose z axis is the pole, x axis the start's meridian.
    let z = sinLat * cosAngle + cosLat * sinAngle * cosAzimuth
    let x = cosLat * cosAngle - sinLat * sinAngle * cosAzimuth
    let y = sinAngle * sinAzimuth
    let latitude = atan2(z, (x * x + y * y).squareRoot()) * (180 / Double.pi)
    let longitude = angleSum(degrees: start.longitude, atan2(y, x) * (180 / Double.pi))
    // The direction of travel there: the derivative of the position along the circle.
    let dz = -sinLat * sinAngle + cosLat * cosAngle * cosAzimuth
    let dx = -cosLat * sinAngle - sinLat * cosAngle * cosAzimuth
    let dy = cosAngle * sinAzimuth
    // Its east and north components, both times √(x² + y²) (which atan2 ignores).
    let eastward = x * dy - y * dx
    let northward = dz * (x * x + y * y) - z * (x * dx + y * dy)
    return (
      Coordinate(uncheckedLatitude: latitude, longitude: longitude),
      atan2(eastward, northward) * (180 / Double.pi)
    )
  }

  /// `b - a` in degrees, within [-180, 180]: a cheap fold when the difference is within
  /// ±540 degrees, `angleDifference(degrees:_:)` (which reduces each longitude first) otherwise.
  ///
  /// The fold is exact past ±180 (Sterbenz), and the subtraction loses nothing a huge longitude
  /// could hide: when |b - a| <= 540, either both are huge and close (the subtraction is exact)
  /// or neither exceeds about 1,080 degrees; a huge longitude beside a small one (1e300 and 45)
  /// makes a huge difference, which takes the reducing path.
  @inlinable @inline(__always)
  static func longitudeDifference(_ a: Double, _ b: Double) -> Double {
    let difference = b - a
    if difference > 180 {
      return difference <= 540 ? difference - 360 : angleDifference(degrees: a, b)
    } else if difference < -180 {
      return difference >= -540 ? difference + 360 : angleDifference(degrees: a, b)
    }
    return difference
  }

  /// The mean position of `points` on the sphere: the direction of the sum of their unit vectors,
  /// which, unlike averaging degrees, is right across the 180th meridian (179.9 and -179.9 average
  /// to 180, not 0) and near the poles. `nil` for no points, and for points whose vectors cancel
  /// out (two antipodes), which have no mean. Points that are all equal give that point exactly.
  ///
  /// ```swift
  /// Sphere.meanPosition(of: [berlinMitte, berlinTiergarten])   // between the two
  /// ```
  public static func meanPosition(of points: [Coordinate]) -> Coordinate? {
    guard let first = points.first else { return nil }
    if points.allSatisfy({ $0 == first }) { return first }
    var (x, y, z) = (0.0, 0.0, 0.0)
    for point in points {
      let (sinLat, cosLat) = sinCos(degrees: point.latitude)
      let (sinLon, cosLon) = sinCos(degrees: point.longitude)
      x += cosLat * cosLon
      y += cosLat * sinLon
      z += sinLat
    }
    let horizontal = (x * x + y * y).squareRoot()
    let length = (horizontal * horizontal + z * z).squareRoot()
    // A sum shorter than one part in 10^12 of the points' count has no direction to speak of.
    guard length > 1e-12 * Double(points.count) else { return nil }
    // Within micrometres of a pole, the pole: its longitude would be rounding noise.
    if horizontal <= 1e-12 * length { return Coordinate(uncheckedLatitude: z > 0 ? 90 : -90, longitude: 0) }
    let degreesPerRadian = 180 / Double.pi
    let latitude = min(90, max(-90, atan2(z, horizontal) * degreesPerRadian))
    let longitude = atan2(y, x) * degreesPerRadian
    return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
  }
}
