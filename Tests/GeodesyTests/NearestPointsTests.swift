import Foundation
import TestSupport
import Testing

@testable import Geodesy

@Suite struct NearestPointsTests {
  /// The `k` nearest `center` by the great circle, nearest first, the earlier of points as near.
  func bruteForce(_ points: [Coordinate], _ center: Coordinate, _ k: Int) -> [Int] {
    Array(
      points.indices.sorted {
        (Sphere.earth.distance(from: center, to: points[$0]), $0) < (
          Sphere.earth.distance(from: center, to: points[$1]), $1
        )
      }.prefix(k))
  }

  func random(_ count: Int, _ rng: inout SeededGenerator, near: Coordinate? = nil, degrees: Double = 180)
    -> [Coordinate]
  {
    (0..<count).map { _ in
      guard let near else {
        return Coordinate(
          uncheckedLatitude: asin(.random(in: -1...1, using: &rng)) * 180 / .pi,
          longitude: .random(in: -180...180, using: &rng))
      }
      return Coordinate(
        uncheckedLatitude: min(90, max(-90, near.latitude + .random(in: -degrees...degrees, using: &rng))),
        longitude: remainder(near.longitude + .random(in: -degrees...degrees, using: &rng), 360))
    }
  }

  @Test func theNearestAreThoseOfTheShortestGreatCirclesEverywhere() {
    var rng = SeededGenerator(seed: 7)
    let stores = random(1000, &rng)
    let points = NearestPoints(stores)
    #expect(points.count == 1000)
    // Anywhere, and at the poles and across the 180th meridian.
    let centers =
      random(300, &rng) + [
        Coordinate(uncheckedLatitude: 90, longitude: 0), Coordinate(uncheckedLatitude: -90, longitude: 0),
        Coordinate(uncheckedLatitude: 10, longitude: 180), Coordinate(uncheckedLatitude: 10, longitude: -179.999),
      ]
    for center in centers {
      for k in [1, 3, 10] {
        #expect(points.nearest(to: center, count: k) == bruteForce(stores, center, k), "\(center) \(k)")
      }
    }
  }

  @Test func pointsMetresApartAreToldApart() {
    var rng = SeededGenerator(seed: 8)
    let plano = Coordinate(uncheckedLatitude: 33.025, longitude: -96.7397)
    // Within 20 m of each other: a chord, unlike a dot product near 1, keeps their order.
    let stores = random(500, &rng, near: plano, degrees: 0.0002)
    let points = NearestPoints(stores)
    for center in random(100, &rng, near: plano, degrees: 0.0002) {
      #expect(points.nearest(to: center, count: 5) == bruteForce(stores, center, 5))
    }
  }

  @Test func pointsAsNearComeInTheirOrderAndAFewerThanAskedAreAllGiven() {
    let here = Coordinate(uncheckedLatitude: 1, longitude: 1)
    let there = Coordinate(uncheckedLatitude: 2, longitude: 2)
    let points = NearestPoints([there, here, there, here])
    #expect(points.nearest(to: here, count: 3) == [1, 3, 0])
    #expect(points.nearest(to: here, count: 10) == [1, 3, 0, 2])
    #expect(points.nearest(to: here, count: 0).isEmpty)
    #expect(NearestPoints([]).nearest(to: here, count: 1).isEmpty)
  }
}
