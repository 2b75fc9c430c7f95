import Foundation
import TestSupport
import Testing

@testable import Geodesy

@Suite struct BoundingBoxTests {
  /// Every point within the radius must be in the box: checked on random points near the circle's edge.
  func checkBoxHoldsTheCircle(center: Coordinate, radiusKm: Double) {
    let box = Sphere.earth.boundingBox(around: center, radius: radiusKm * 1000)
    var rng = SeededGenerator(seed: 42)
    let angle = radiusKm / 6371.0088 * 180 / Double.pi
    var inside = 0
    for _ in 0..<4000 {
      let lat = min(90, max(-90, center.latitude + .random(in: -1.2...1.2, using: &rng) * angle))
      let lonSpan = min(180, angle / max(cos(center.latitude * Double.pi / 180), 1e-3))
      let lon = remainder(center.longitude + .random(in: -1.2...1.2, using: &rng) * lonSpan, 360)
      let point = Coordinate(uncheckedLatitude: lat, longitude: lon)
      if Sphere.earth.distance(from: center, to: point) <= radiusKm * 1000 {
        inside += 1
        #expect(box.contains(point), "\(point) is within \(radiusKm) km of \(center) but outside \(box)")
      }
    }
    #expect(inside > 0)
  }

  @Test func theBoxHoldsEveryPointOfTheCircle() {
    checkBoxHoldsTheCircle(center: Coordinate(uncheckedLatitude: 33.025, longitude: -96.7397), radiusKm: 10)
    checkBoxHoldsTheCircle(center: Coordinate(uncheckedLatitude: 33.025, longitude: -96.7397), radiusKm: 3000)
    checkBoxHoldsTheCircle(center: Coordinate(uncheckedLatitude: -60, longitude: 20), radiusKm: 1500)
  }

  /// A circle's widest longitude is at the point T where it touches a meridian: seen from T, the
  /// centre lies due east or west. Where the circle nearly reaches a pole the box's half width is
  /// asin of a ratio near 1, and latitudes are known only to ulp(90): the rounding once left T
  /// out. Each case puts T near a pole, the centre a random arc east or west of it, and the radius
  /// at T's computed distance; on both models.
  @Test func theWidestPointOfACircleThatNearlyTouchesAPoleIsInTheBox() {
    var rng = SeededGenerator(seed: 43)
    var tested = 0
    for _ in 0..<20_000 {
      let arc = exp(.random(in: log(1e-4)...log(20), using: &rng))  // degrees
      let fromPole = arc * exp(.random(in: log(1e-9)...log(0.2), using: &rng))
      let north = Bool.random(using: &rng)
      let tangent = Coordinate(
        uncheckedLatitude: north ? 90 - fromPole : fromPole - 90, longitude: .random(in: -180...180, using: &rng))
      let azimuth: Double = Bool.random(using: &rng) ? 90 : -90
      for model in EarthModel.allCases {
        let center = model.destination(from: tangent, azimuth: azimuth, distance: arc * Double.pi / 180 * 6_371_000)
        let radius = model.distance(from: center, to: tangent)
        let box = model.boundingBox(around: center, radius: radius)
        guard box.longitudeRanges != [-180...180] else { continue }
        tested += 1
        #expect(box.contains(tangent), "\(model): \(tangent) at \(radius) m from \(center), outside \(box)")
      }
    }
    #expect(tested > 5_000)
  }

  @Test func aCircleAcrossTheAntimeridianGetsTwoLongitudeRanges() {
    let center = Coordinate(uncheckedLatitude: 51.9, longitude: 179.9)
    let box = Sphere.earth.boundingBox(around: center, radius: 50_000)
    #expect(box.longitudeRanges.count == 2)
    #expect(box.contains(Coordinate(uncheckedLatitude: 51.9, longitude: -179.8)))
    checkBoxHoldsTheCircle(center: center, radiusKm: 50)
    checkBoxHoldsTheCircle(center: Coordinate(uncheckedLatitude: 0, longitude: -179.99), radiusKm: 200)
  }

  @Test func aCircleHoldingAPoleSpansEveryLongitude() {
    let center = Coordinate(uncheckedLatitude: 89.5, longitude: 10)
    let box = Sphere.earth.boundingBox(around: center, radius: 100_000)
    #expect(box.longitudeRanges == [-180...180])
    #expect(box.maxLatitude == 90)
    checkBoxHoldsTheCircle(center: center, radiusKm: 100)
  }

  @Test func halfTheCircumferenceCoversTheWorld() {
    let box = Sphere.earth.boundingBox(around: Coordinate(uncheckedLatitude: 0, longitude: 0), radius: 20_015_200)
    #expect(box == .world)
  }

  @Test func aSmallCircleGetsATightBox() {
    let box = Sphere.earth.boundingBox(
      around: Coordinate(uncheckedLatitude: 33.025, longitude: -96.7397), radius: 10_000)
    #expect(abs((box.maxLatitude - box.minLatitude) - 0.17986) < 1e-4)
    #expect(box.longitudeRanges.count == 1)
    let width = box.longitudeRanges[0].upperBound - box.longitudeRanges[0].lowerBound
    #expect(abs(width - 0.17986 / 0.838) < 1e-3)
  }

  /// Random centres, a third within a degree of a pole and a third within a degree of the 180th
  /// meridian; radii from 1 m to 20,000 km, uniform in their logarithm.
  static func centresAndRadii(_ count: Int, seed: UInt64) -> [(Coordinate, Double)] {
    var rng = SeededGenerator(seed: seed)
    return (0..<count).map { i in
      var lat = Double.random(in: -90...90, using: &rng)
      var lon = Double.random(in: -180...180, using: &rng)
      if i % 3 == 1 { lat = (Bool.random(using: &rng) ? 1 : -1) * Double.random(in: 89...90, using: &rng) }
      if i % 3 == 2 { lon = (Bool.random(using: &rng) ? 1 : -1) * Double.random(in: 179...180, using: &rng) }
      let radius = pow(10, Double.random(in: 0...log10(20_000_000), using: &rng))
      return (Coordinate(uncheckedLatitude: lat, longitude: lon), radius)
    }
  }

  @Test(arguments: EarthModel.allCases)
  func theBoxHoldsEveryPointWithinTheRadius(model: EarthModel) {
    var rng = SeededGenerator(seed: 77)
    for (center, radius) in Self.centresAndRadii(600, seed: 76) {
      let box = model.boundingBox(around: center, radius: radius)
      // Points reached by going up to the radius in any direction, most of them near the edge...
      for _ in 0..<40 {
        let distance = radius * (1 - pow(Double.random(in: 0...1, using: &rng), 4))
        let point = model.destination(from: center, azimuth: .random(in: -180...180, using: &rng), distance: distance)
        #expect(box.contains(point), "\(model): \(point), \(distance) m from \(center), is outside \(box)")
      }
      // ...and points anywhere near the box whose measured distance is within the radius.
      for _ in 0..<40 {
        let lat = Double.random(in: max(-90, box.minLatitude - 1)...min(90, box.maxLatitude + 1), using: &rng)
        let range = box.longitudeRanges[Int.random(in: 0..<box.longitudeRanges.count, using: &rng)]
        let lon = remainder(
          Double.random(in: (range.lowerBound - 1)...(range.upperBound + 1), using: &rng), 360)
        let point = Coordinate(uncheckedLatitude: lat, longitude: lon)
        if model.distance(from: center, to: point) <= radius {
          #expect(box.contains(point), "\(model): \(point) is within \(radius) m of \(center) but outside \(box)")
        }
      }
    }
  }

  @Test func theEllipsoidsBoxIsTightInLatitudeAndNearlyTightInLongitude() {
    let wgs84 = Ellipsoid.wgs84
    for (center, radius) in Self.centresAndRadii(300, seed: 78) {
      let box = wgs84.boundingBox(around: center, radius: radius)
      guard box.maxLatitude < 90, box.minLatitude > -90 else { continue }
      let north = wgs84.destination(from: center, azimuth: 0, distance: radius).point.latitude
      let south = wgs84.destination(from: center, azimuth: 180, distance: radius).point.latitude
      #expect(abs(box.maxLatitude - north) < 1e-8 && abs(box.minLatitude - south) < 1e-8, "\(center) \(radius)")
      guard box.longitudeRanges != [-180...180] else { continue }
      // The widest longitude any direction reaches, against the box's half width.
      let reached = stride(from: 0.0, through: 180, by: 0.05).map { azimuth in
        abs(
          angleDifference(
            degrees: center.longitude,
            wgs84.destination(from: center, azimuth: azimuth, distance: radius).point.longitude))
      }.max()!
      let halfWidth = box.longitudeRanges.reduce(0) { $0 + $1.upperBound - $1.lowerBound } / 2
      #expect(
        halfWidth >= reached && halfWidth <= reached * 1.007 + 1e-8, "\(center) \(radius): \(halfWidth) vs \(reached)")
    }
  }

  @Test func theEllipsoidsBoxHoldsAPoleAndCrossesTheAntimeridian() {
    let wgs84 = Ellipsoid.wgs84
    let polar = wgs84.boundingBox(around: Coordinate(uncheckedLatitude: 89.5, longitude: 10), radius: 100_000)
    #expect(polar.longitudeRanges == [-180...180] && polar.maxLatitude == 90)
    let across = wgs84.boundingBox(around: Coordinate(uncheckedLatitude: 51.9, longitude: 179.9), radius: 50_000)
    #expect(across.longitudeRanges.count == 2)
    #expect(wgs84.boundingBox(around: Coordinate(uncheckedLatitude: 0, longitude: 0), radius: 20_004_000) == .world)
  }
}
