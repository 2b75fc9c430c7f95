#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The points of a sphere within an angle of a centre, for what lies surely inside a circle on
/// either Earth model (the box of a circle gives what may lie inside).
///
/// ```swift
/// let cap = SphericalCap(center: plano, innerMetres: 10_000, model: .wgs84)
/// cap.halfWidth(atLatitude: 33.0)   // degrees of longitude either side of the centre
/// ```
public struct SphericalCap: Sendable {
  public let center: Coordinate
  /// The centre's longitude reduced to [-180, 180] (a centre may be given as 540 or 1e308).
  public let centerLongitude: Double
  /// The angle from the centre to the cap's edge, in radians.
  public let angle: Double
  private let sinCenter: Double
  private let cosCenter: Double
  private let cosAngle: Double

  /// The cap whose every point is within `metres` of `center` on `model`: on the sphere, the
  /// angle of that arc less a billionth; on WGS84, the angle on a sphere of the equatorial radius
  /// less 2% (a geodesic differs from such an arc by well under 1%).
  public init(center: Coordinate, innerMetres metres: Double, model: EarthModel) {
    let angle =
      model == .sphere ? metres / Sphere.earth.radius * (1 - 1e-9) : metres * 0.98 / Ellipsoid.wgs84.equatorialRadius
    self.init(center: center, angle: angle)
  }

  /// The cap that holds every point within `metres` of `center` on `model`: on the sphere, the
  /// angle of that arc plus a billionth; on WGS84, the angle on a sphere of the polar radius plus
  /// 2%.
  public init(center: Coordinate, outerMetres metres: Double, model: EarthModel) {
    let angle =
      model == .sphere ? metres / Sphere.earth.radius * (1 + 1e-9) : metres * 1.02 / Ellipsoid.wgs84.polarRadius
    self.init(center: center, angle: angle)
  }

  /// The points within `angle` radians of `center` (clamped to 0 ... π).
  public init(center: Coordinate, angle: Double) {
    self.center = center
    centerLongitude = remainder(center.longitude, 360)
    self.angle = max(0, min(Double.pi, angle.isNaN ? 0 : angle))
    let phi = center.latitude * (Double.pi / 180)
    (sinCenter, cosCenter) = (sin(phi), cos(phi))
    cosAngle = cos(self.angle)
  }

  /// At least the widest half-width of the cap's parallels between two latitudes (180 when the
  /// cap reaches more than a quarter turn, or when no parallel there could be measured), or `nil`
  /// when the cap does not reach those latitudes. The width rises and falls once from the cap's
  /// south edge to its north, so its widest is at an end or at the widest parallel of all.
  public func widestHalfWidth(from south: Double, to north: Double) -> Double? {
    let reach = latitudeReach
    guard north >= center.latitude - reach, south <= center.latitude + reach else { return nil }
    guard cosAngle > 0 else { return 180 }
    var latitudes = [max(-89.999_999, south), min(89.999_999, north)]
    // The widest parallel of all: sin φ = sin φ0 / cos θ.
    let peak = sinCenter / cosAngle
    if abs(peak) < 1 {
      let latitude = asin(peak) * (180 / Double.pi)
      if latitude > south && latitude < north { latitudes.append(latitude) }
    }
    let widths = latitudes.compactMap { halfWidth(atLatitude: $0) }
    return widths.max() ?? 180
  }

  /// The cap's northern and southern extent in degrees of latitude from the centre.
  public var latitudeReach: Double { angle * (180 / Double.pi) }

  /// Half the width in degrees of longitude of the cap's parallel at `latitude` (180: the whole
  /// parallel), or `nil` where the parallel misses the cap (and at the poles). From the south
  /// edge of a cap to its north, this width rises and falls once.
  public func halfWidth(atLatitude latitude: Double) -> Double? {
    guard angle > 0, latitude > -90, latitude < 90 else { return nil }
    let phi = latitude * (Double.pi / 180)
    let denominator = cosCenter * cos(phi)
    guard denominator > 1e-12 else { return nil }
    let cosWidth = (cosAngle - sinCenter * sin(phi)) / denominator
    if !(cosWidth < 1) { return nil }
    if cosWidth <= -1 { return 180 }
    return acos(cosWidth) * (180 / Double.pi)
  }
}
