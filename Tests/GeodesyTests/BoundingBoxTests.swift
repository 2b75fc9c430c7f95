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
}
