import Foundation
import Geodesy
import TestSupport
import Testing

@testable import ZipGeo

/// The cells a band skips hold only points within its inner distance, and the cells it reads hold
/// every point within its outer distance, on both models, everywhere (poles and the 180th
/// meridian over-sampled), checked point by point.
@Suite struct GridCellCapTests {
  static func contains(_ ranges: [ClosedRange<Int>], _ cell: Int) -> Bool {
    var (low, high) = (0, ranges.count)
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].upperBound < cell { low = middle + 1 } else { high = middle }
    }
    return low < ranges.count && ranges[low].contains(cell)
  }

  @Test(arguments: EarthModel.allCases)
  func skippedCellsAreWithinAndReadCellsHoldEverythingWithin(model: EarthModel) throws {
    var rng = SeededGenerator(seed: 20)
    for round in 0..<400 {
      let latitude =
        round % 4 == 0
        ? Double.random(in: 85...90, using: &rng) * (round % 8 == 0 ? 1 : -1)
        : Double.random(in: -90...90, using: &rng)
      let longitude =
        round % 5 == 0 ? 180 - Double.random(in: 0...2, using: &rng) : Double.random(in: -180...180, using: &rng)
      let center = try Coordinate(latitude: latitude, longitude: longitude + (round % 7 == 0 ? 360 : 0))
      let metres =
        [1_000.0, 50_000, 600_000, 3_000_000, 9_000_000, 19_000_000][round % 6]
        * Double.random(in: 0.5...1.5, using: &rng)
      let inner = GridCell.rangesWithin(metres: metres, of: center, model: model)
      let outer = GridCell.rangesHolding(metres: metres, of: center, model: model)
      for ranges in [inner, outer] {
        #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }, "sorted and apart")
      }
      for _ in 0..<300 {
        // Points near the circle, where a mistake would show, and anywhere.
        let azimuth = Double.random(in: 0..<360, using: &rng)
        let reach = metres * Double.random(in: 0.9...1.1, using: &rng)
        let point =
          Bool.random(using: &rng)
          ? model.destination(from: center, azimuth: azimuth, distance: min(reach, model.halfCircumference * 0.999))
          : try Coordinate(
            latitude: Double.random(in: -90...90, using: &rng), longitude: Double.random(in: -180...180, using: &rng))
        let cell = GridCell.number(
          of: try Coordinate(storedLatitude: point.latitude, longitude: remainder(point.longitude, 360)))
        let distance = model.distance(from: center, to: point)
        if Self.contains(inner, cell) {
          #expect(distance <= metres, "\(center) \(metres) m: \(point) at \(distance) m")
        }
        if distance <= metres {
          #expect(Self.contains(outer, cell), "\(center) \(metres) m: \(point) at \(distance) m")
        }
      }
    }
  }
}
