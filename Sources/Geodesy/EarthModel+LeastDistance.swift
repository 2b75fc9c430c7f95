#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

extension EarthModel {
  /// At most the distance in metres from `point` to any point whose latitude lies within
  /// `latitudes` and whose longitude within `longitudes` (degrees; the longitudes taken round the
  /// globe as they come, so `170...190` spans the 180th meridian): the key of a nearest-first
  /// search, which reads a piece of the map only once nothing nearer can remain unread.
  ///
  /// ```swift
  /// EarthModel.sphere.leastDistance(from: plano, latitudes: 34...35, longitudes: -97...(-96))   // about 108 km
  /// ```
  ///
  /// Two bounds, the larger kept: the difference of latitude (no path between two parallels is
  /// shorter than the meridian between them), and, when the point's longitude is outside the span,
  /// the distance to the nearest meridian of the span (`asin(cos φ sin Δλ)` up to a quarter turn,
  /// then the distance to the nearer pole), which only grows with Δλ. On the sphere the angle times
  /// its radius, less a billionth for rounding; on WGS84 the angle times the polar radius, less 2%
  /// (a geodesic between two latitudes and longitudes differs from such an arc by well under 1%).
  /// Both less a micrometre, never below 0. A point inside gives 0.
  public func leastDistance(
    from point: Coordinate, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>
  ) -> Double {
    let degree = Double.pi / 180
    let latitude = point.latitude
    let latitudeGap =
      latitude < latitudes.lowerBound
      ? latitudes.lowerBound - latitude : latitude > latitudes.upperBound ? latitude - latitudes.upperBound : 0
    var longitudeGap = 0.0
    let width = longitudes.upperBound - longitudes.lowerBound
    if width < 360 {
      // The point's longitude measured east of the span's west edge, in [0, 360).
      var east = remainder(point.longitude - longitudes.lowerBound, 360)
      if east < 0 { east += 360 }
      if east > width { longitudeGap = min(east - width, 360 - east) }
    }
    var angle = latitudeGap * degree
    if longitudeGap > 0 {
      let meridian =
        longitudeGap >= 90
        ? Double.pi / 2 - abs(latitude) * degree
        : asin(min(1, cos(latitude * degree) * sin(longitudeGap * degree)))
      angle = max(angle, meridian)
    }
    // Less a micrometre too: at a pole cos φ is 6e-17, not 0, which made a square's bound 4e-10 m
    // where a row in it lay at 0, and a nearest-first search gave rows out of order.
    switch self {
    case .sphere: return max(0, angle * Sphere.earth.radius * (1 - 1e-9) - 1e-6)
    case .wgs84: return max(0, angle * Ellipsoid.wgs84.polarRadius * 0.98 - 1e-6)
    }
  }
}
