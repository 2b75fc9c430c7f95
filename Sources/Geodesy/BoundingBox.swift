#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A latitude/longitude box that contains every point within some distance of a centre.
///
/// ```swift
/// let box = Sphere.earth.boundingBox(around: plano, radius: 10_000)
/// // SELECT ... WHERE lat BETWEEN box.minLatitude AND box.maxLatitude
/// //   AND (lon BETWEEN box.longitudeRanges[0].lowerBound AND ...upperBound OR ...)
/// ```
///
/// Longitudes come as one or two ranges within [-180, 180]: two when the circle crosses the
/// 180th meridian, and the whole range when it contains a pole.
public struct BoundingBox: Equatable, Sendable {
  /// The southern edge, in degrees.
  public let minLatitude: Double
  /// The northern edge, in degrees.
  public let maxLatitude: Double
  /// One range of longitudes, two across the 180th meridian, or `-180...180` around a pole.
  public let longitudeRanges: [ClosedRange<Double>]

  /// A box: `BoundingBox(minLatitude: 32.9, maxLatitude: 33.1, longitudeRanges: [-96.9 ... -96.6])`.
  public init(minLatitude: Double, maxLatitude: Double, longitudeRanges: [ClosedRange<Double>]) {
    self.minLatitude = minLatitude
    self.maxLatitude = maxLatitude
    self.longitudeRanges = longitudeRanges
  }

  /// Whether the box contains a point (with longitude in [-180, 180]).
  public func contains(_ point: Coordinate) -> Bool {
    (minLatitude...maxLatitude).contains(point.latitude)
      && longitudeRanges.contains { $0.contains(point.longitude) }
  }

  /// The whole Earth.
  public static let world = BoundingBox(minLatitude: -90, maxLatitude: 90, longitudeRanges: [-180...180])
}

extension Sphere {
  /// The smallest latitude/longitude box that holds every point within `radius` metres of `center`.
  ///
  /// The box is widened by about a tenth of a millimetre so that rounding never leaves out a point
  /// whose computed distance is within the radius.
  public func boundingBox(around center: Coordinate, radius: Double) -> BoundingBox {
    precondition(radius >= 0, "a radius cannot be negative")
    let margin = 1e-9  // degrees, about 0.1 mm
    let angle = radius / self.radius * (180 / Double.pi)  // angular radius in degrees
    guard angle < 180 else { return .world }
    let minLatitude = center.latitude - angle - margin
    let maxLatitude = center.latitude + angle + margin
    if minLatitude <= -90 || maxLatitude >= 90 {
      // The circle holds a pole: every longitude is reached.
      return BoundingBox(
        minLatitude: max(minLatitude, -90), maxLatitude: min(maxLatitude, 90), longitudeRanges: [-180...180])
    }
    // The widest longitude is reached where the circle touches a meridian tangentially. Where
    // the circle nearly reaches a pole, ratio nears 1 and asin's slope, 1 / √(1 - ratio²),
    // magnifies the few units of rounding in `ratio` far beyond the margin: they are added back.
    // Near a pole, a latitude is known only to ulp(90) degrees, a large part of its distance from
    // the pole, so the distances computed there are uncertain in longitude by as much: the
    // margin is 0.1 mm on the ground at the box's most poleward latitude, not a fixed angle.
    let ratio = sinCos(degrees: angle).sin / sinCos(degrees: center.latitude).cos
    let slope = 1 / max(0, 1 - ratio * ratio).squareRoot()
    let rounding = min(8 * Double.ulpOfOne * slope, 1e-3)  // radians
    let poleward = sinCos(degrees: max(-minLatitude, maxLatitude)).cos
    let halfWidth = (asin(min(ratio, 1)) + rounding) * (180 / Double.pi) + margin / poleward
    return BoundingBox(
      minLatitude: minLatitude, maxLatitude: maxLatitude,
      longitudeRanges: BoundingBox.longitudeRanges(around: center.longitude, halfWidth: halfWidth))
  }
}

extension Ellipsoid {
  /// A latitude/longitude box that holds every point within `radius` metres (geodesic distance)
  /// of `center`.
  ///
  /// The latitudes are the smallest possible: the shortest way to another parallel is along the
  /// meridian, so the box's edges are where the meridian through the centre leaves the circle.
  /// The longitudes come from the auxiliary sphere, where the geodesic is a great circle no
  /// longer than `radius / b` and its longitude runs ahead of the ellipsoid's: at most about
  /// 0.7% wider than the smallest. Pole and 180th-meridian cases as for the sphere's box.
  public func boundingBox(around center: Coordinate, radius: Double) -> BoundingBox {
    precondition(radius >= 0, "a radius cannot be negative")
    let margin = 1e-9  // degrees, about 0.1 mm
    let here = meridianDistance(toLatitude: center.latitude)
    let toNorthPole = quarterMeridian - here
    let toSouthPole = quarterMeridian + here
    let north =
      radius >= toNorthPole
      ? 90 : destination(from: center, azimuth: 0, distance: radius).point.latitude + margin
    let south =
      radius >= toSouthPole
      ? -90 : destination(from: center, azimuth: 180, distance: radius).point.latitude - margin
    if radius >= toNorthPole || radius >= toSouthPole {
      return BoundingBox(minLatitude: max(south, -90), maxLatitude: min(north, 90), longitudeRanges: [-180...180])
    }
    // On the auxiliary sphere the centre is at reduced latitude β and the other point within an
    // arc σ12 <= radius / b (ds/dσ >= b); the ellipsoid's longitude difference is at most ω12.
    let (sinPhi, cosPhi) = sinCos(degrees: center.latitude)
    let (_, cosBeta) = normalized(sinPhi * (1 - flattening), cosPhi)
    let arc = radius / polarRadius
    let halfWidth: Double
    if arc >= Double.pi / 2 || sin(arc) >= cosBeta {
      halfWidth = 180  // the arc reaches over a pole of the auxiliary sphere
    } else {
      halfWidth = asin(sin(arc) / cosBeta) * (180 / Double.pi) + margin
    }
    return BoundingBox(
      minLatitude: max(south, -90), maxLatitude: min(north, 90),
      longitudeRanges: BoundingBox.longitudeRanges(around: center.longitude, halfWidth: halfWidth))
  }
}

extension BoundingBox {
  /// The ranges within [-180, 180] of the longitudes within `halfWidth` degrees of `longitude`.
  static func longitudeRanges(around longitude: Double, halfWidth: Double) -> [ClosedRange<Double>] {
    guard halfWidth < 180 else { return [-180...180] }
    let lon = remainder(longitude, 360)
    let west = lon - halfWidth
    let east = lon + halfWidth
    if west < -180 { return [(west + 360)...180, -180...east] }
    if east > 180 { return [west...180, -180...(east - 360)] }
    return [west...east]
  }
}
