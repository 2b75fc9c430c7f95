import Foundation
import Geodesy
import TestSupport
import Testing

@testable import ZipGeo

@Suite struct RadiusQueryTests {
  let folder: TemporaryFolder
  let db: ZipDatabase
  let points: [(String, Coordinate)]

  /// A database of random points, dense near the poles and the antimeridian, where boxes go wrong.
  init() throws {
    folder = try TemporaryFolder()
    var rng = SeededGenerator(seed: 20_261_130)
    var points: [(String, Coordinate)] = []
    var csv = "zip,lat,lon\n"
    func add(_ lat: Double, _ lon: Double) {
      let zip = String(format: "%05d", points.count)
      points.append((zip, Coordinate(uncheckedLatitude: lat, longitude: lon)))
      csv += "\(zip),\(lat),\(lon)\n"
    }
    for _ in 0..<3000 { add(.random(in: -90...90, using: &rng), .random(in: -180...180, using: &rng)) }
    for _ in 0..<1000 { add(.random(in: -60...60, using: &rng), .random(in: 178...180, using: &rng)) }
    for _ in 0..<1000 { add(.random(in: -60...60, using: &rng), .random(in: -180 ... -178, using: &rng)) }
    for _ in 0..<1000 { add(.random(in: 88...90, using: &rng), .random(in: -180...180, using: &rng)) }
    add(90, 0)
    add(-90, 0)
    add(0, 180)
    add(0, -180)
    self.points = points
    let path = try folder.write("points.csv", csv)
    let dbPath = folder.path("zipgeo.db")
    _ = try Importer().importFile(path, into: ZipDatabase(writingAt: dbPath))
    db = try ZipDatabase(readingAt: dbPath)
  }

  /// Every point within the radius, by brute force over all points.
  func bruteForce(_ center: Coordinate, _ metres: Double) -> [String] {
    // The same kilometres as the SQL function computes, compared with the same bound.
    points.map { ($0.0, Sphere.earth.distance(from: center, to: $0.1, in: .kilometres)) }
      .filter { $0.1 <= metres / 1000 }
      .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
      .map(\.0)
  }

  @Test func resultsEqualABruteForceScanEverywhere() throws {
    var rng = SeededGenerator(seed: 7)
    var centers = (0..<60).map { _ in points[Int.random(in: 0..<points.count, using: &rng)].1 }
    centers += (0..<40).map { _ in
      Coordinate(uncheckedLatitude: .random(in: -90...90, using: &rng), longitude: .random(in: -180...180, using: &rng))
    }
    centers += [
      Coordinate(uncheckedLatitude: 89.9, longitude: 0), Coordinate(uncheckedLatitude: 0, longitude: 179.99),
      Coordinate(uncheckedLatitude: 0, longitude: -180), Coordinate(uncheckedLatitude: -90, longitude: 0),
    ]
    for center in centers {
      for km in [1.0, 50, 300, 2000, 20_000] {
        let found = try RadiusQuery(center: center, radius: km * 1000).run(on: db).map(\.zipCode.zip)
        let expected = bruteForce(center, km * 1000)
        let missing = Set(expected).subtracting(found).sorted()
        let extra = Set(found).subtracting(expected).sorted()
        #expect(missing.isEmpty && extra.isEmpty, "\(km) km around \(center): missing \(missing), extra \(extra)")
        #expect(found == expected, "\(km) km around \(center): same zips, different order")
      }
    }
  }

  @Test func resultsAreSortedByDistanceThenZipAndLimited() throws {
    let center = points[0].1
    let all = try RadiusQuery(center: center, radius: 5_000_000).run(on: db)
    #expect(all.first?.distance.value == 0)
    #expect(
      zip(all, all.dropFirst()).allSatisfy {
        $0.distance < $1.distance || ($0.distance == $1.distance && $0.zipCode.zip < $1.zipCode.zip)
      })
    let three = try RadiusQuery(center: center, radius: 5_000_000, limit: 3).run(on: db)
    #expect(three == Array(all.prefix(3)))
  }
}
