#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

extension Sphere {
  /// At least the distance in `unit` from `point` to any point whose latitude lies within
  /// `latitudes` and whose longitude within `longitudes` (degrees, west edge first, less than a
  /// half turn wide), as `distance(from:to:in:)` computes it; `nil` when some longitude of the box
  /// lies more than a quarter turn from the point's, where this bound is not proven. A search
  /// takes every row of a piece of the map that lies wholly within its radius without measuring
  /// each.
  ///
  /// ```swift
  /// Sphere.earth.greatestDistance(from: plano, latitudes: 33...33.01, longitudes: -96.7...(-96.69), in: .kilometres)
  /// ```
  ///
  /// The farthest point of such a box is one of its corners. The distance has no maximum inside
  /// the box, since the antipode, its only maximum, is more than a quarter turn of longitude away.
  /// Along a meridian, the cosine of the distance is `C cos(φ - φ0)` with `φ0` within ±90° (the
  /// quarter turn makes the cosine's coefficient non-negative), so it is least at an end of the
  /// edge. Along a parallel, the distance grows with the difference of longitude. The largest of
  /// the corners' distances is kept, plus a billionth of it and a micrometre for rounding: every
  /// point of the box measures at most that.
  public func greatestDistance(
    from point: Coordinate, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, in unit: LengthUnit
  ) -> Double? {
    let width = longitudes.upperBound - longitudes.lowerBound
    guard width.isFinite, width < 180, latitudes.lowerBound.isFinite, latitudes.upperBound.isFinite else { return nil }
    let west = angleDifference(degrees: point.longitude, longitudes.lowerBound)
    guard west >= -90, west + width <= 90 else { return nil }
    // Latitudes past a pole hold no point: the box's are clamped to them.
    let south = min(90, max(-90, latitudes.lowerBound))
    let north = min(90, max(-90, latitudes.upperBound))
    // The corners' longitudes from the point's reduced to [-180, 180]: added to a huge longitude
    // (1e300), the difference would be lost.
    let center = Coordinate(uncheckedLatitude: point.latitude, longitude: remainder(point.longitude, 360))
    var greatest = 0.0
    for latitude in [south, north] {
      for longitude in [center.longitude + west, center.longitude + west + width] {
        let corner = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
        greatest = max(greatest, distance(from: center, to: corner, in: unit))
      }
    }
    return greatest * (1 + 1e-9) + unit.fromMetres(1e-6)
  }
}
