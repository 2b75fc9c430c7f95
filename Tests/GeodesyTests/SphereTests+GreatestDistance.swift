import Foundation
import TestSupport
import Testing

@testable import Geodesy

extension SphereTests {
  /// The distance of each of `points` from `center`, in kilometres, as searches measure rows.
  func distances(from center: Coordinate, to points: [Coordinate]) -> [Double] {
    points.map { Sphere.earth.distance(from: center, to: $0, in: .kilometres) }
  }

  /// Points of a box: its corners, a grid over its edges and inside, and random points in it.
  func points(
    latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>, using rng: inout SeededGenerator
  ) -> [Coordinate] {
    let steps = 8
    var points: [Coordinate] = []
    for i in 0...steps {
      for j in 0...steps {
        let latitude = latitudes.lowerBound + (latitudes.upperBound - latitudes.lowerBound) * Double(i) / Double(steps)
        let longitude =
          longitudes.lowerBound + (longitudes.upperBound - longitudes.lowerBound) * Double(j) / Double(steps)
        points.append(Coordinate(uncheckedLatitude: min(90, max(-90, latitude)), longitude: longitude))
      }
    }
    for _ in 0..<40 {
      points.append(
        Coordinate(
          uncheckedLatitude: min(90, max(-90, .random(in: latitudes, using: &rng))),
          longitude: .random(in: longitudes, using: &rng)))
    }
    return points
  }

  /// Boxes of every size from a millimetre to 80 degrees, about the centre, beside it, across the
  /// 180th meridian, touching a pole, and up to a quarter turn of longitude away: no point of the
  /// box measures more than the bound, and the bound is the farthest corner's distance (within
  /// its billionth and micrometre), not a loose one.
  @Test func noPointOfABoxLiesFartherThanItsGreatestDistance() {
    var rng = SeededGenerator(seed: 29)
    var bounded = 0
    for index in 0..<20_000 {
      let center = Coordinate(
        uncheckedLatitude: index % 10 == 0 ? (index % 20 == 0 ? 90 : -90) : .random(in: -90...90, using: &rng),
        longitude: index % 7 == 0 ? 180 : .random(in: -180...180, using: &rng))
      let height: Double = pow(10, Double.random(in: -8...log10(80.0), using: &rng))
      let width: Double = pow(10, Double.random(in: -8...log10(80.0), using: &rng))
      let south = index % 13 == 0 ? 90 - height : .random(in: -90...(90 - height), using: &rng)
      let west = center.longitude + .random(in: -95...(95 - width), using: &rng)
      let (latitudes, longitudes) = (south...(south + height), west...(west + width))
      guard
        let bound = Sphere.earth.greatestDistance(
          from: center, latitudes: latitudes, longitudes: longitudes, in: .kilometres)
      else {
        // Only a box reaching past a quarter turn of longitude from the centre has no bound.
        #expect(west < center.longitude - 90 || west + width > center.longitude + 90, "\(center) \(longitudes)")
        continue
      }
      bounded += 1
      let sample = points(latitudes: latitudes, longitudes: longitudes, using: &rng)
      let measured = distances(from: center, to: sample)
      let farthest = measured.max() ?? 0
      #expect(farthest <= bound, "\(center) \(latitudes) \(longitudes): \(farthest) > \(bound)")
      let corners = [0, 8, 72, 80].map { measured[$0] }
      let corner = corners.max() ?? 0
      #expect(bound <= corner * (1 + 2e-9) + 2e-9, "\(center) \(latitudes) \(longitudes): \(bound) for \(corner)")
    }
    #expect(bounded > 15_000)
  }

  /// A point on a pole, a box past a pole by the search's margin, a box a quarter turn away on
  /// either side, longitudes given as 1e300 or -0.0, a box of no size, and boxes no bound is
  /// proven for (wider than a half turn, farther than a quarter, not numbers).
  @Test func theGreatestDistanceAtItsEdges() throws {
    let earth = Sphere.earth
    let pole = Coordinate(uncheckedLatitude: 90, longitude: 0)
    // Every point of a cap about the pole is as far as its edge.
    let cap = try #require(
      earth.greatestDistance(from: pole, latitudes: 89...90.000_000_001, longitudes: 0...80, in: .kilometres))
    #expect(
      abs(cap - earth.distance(from: pole, to: Coordinate(uncheckedLatitude: 89, longitude: 40), in: .kilometres))
        < 1e-6)
    let origin = Coordinate(uncheckedLatitude: 0, longitude: -0.0)
    let quarter = try #require(
      earth.greatestDistance(from: origin, latitudes: 0...0, longitudes: 0...90, in: .kilometres))
    let exact = Double.pi / 2 * earth.radius / 1000
    #expect(quarter >= exact && quarter <= exact * (1 + 2e-9))
    #expect(earth.greatestDistance(from: origin, latitudes: 0...0, longitudes: -90...(-80), in: .kilometres) != nil)
    #expect(earth.greatestDistance(from: origin, latitudes: 0...0, longitudes: 0...90.000_001, in: .kilometres) == nil)
    #expect(earth.greatestDistance(from: origin, latitudes: 0...0, longitudes: -90.000_001...0, in: .kilometres) == nil)
    #expect(earth.greatestDistance(from: origin, latitudes: 0...1, longitudes: -10...170, in: .kilometres) == nil)
    #expect(earth.greatestDistance(from: origin, latitudes: 0...1, longitudes: 100...110, in: .kilometres) == nil)
    #expect(
      earth.greatestDistance(from: origin, latitudes: 0...Double.infinity, longitudes: 0...1, in: .kilometres) == nil)
    #expect(
      earth.greatestDistance(from: origin, latitudes: 0...1, longitudes: 0...Double.infinity, in: .kilometres) == nil)
    // Longitudes a whole number of turns away are the same longitudes.
    let far = Coordinate(uncheckedLatitude: 10, longitude: 1e300)
    let reduced = Coordinate(uncheckedLatitude: 10, longitude: remainder(1e300, 360))
    let span = (remainder(1e300, 360) - 1)...(remainder(1e300, 360) + 1)
    #expect(
      earth.greatestDistance(from: far, latitudes: 9...11, longitudes: span, in: .metres)
        == earth.greatestDistance(from: reduced, latitudes: 9...11, longitudes: span, in: .metres))
    // A box that is the point itself: a micrometre.
    let point = Coordinate(uncheckedLatitude: 33.025, longitude: -96.7397)
    let zero = try #require(
      earth.greatestDistance(from: point, latitudes: 33.025...33.025, longitudes: -96.7397...(-96.7397), in: .metres))
    #expect(zero > 0 && zero <= 1e-6 * 1.000_001)
  }
}
