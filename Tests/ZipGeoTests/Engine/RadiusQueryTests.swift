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

  /// 1,000 centres: a third at random over the globe, a third within 2 degrees of a pole or the
  /// 180th meridian, a third on points of the set (exact hits, zero distances); radii from 1 m
  /// to 20,000 km, uniform in their logarithm.
  func centres() -> [(Coordinate, metres: Double)] {
    var rng = SeededGenerator(seed: 7)
    func random(_ lat: ClosedRange<Double>, _ lon: ClosedRange<Double>) -> Coordinate {
      Coordinate(uncheckedLatitude: .random(in: lat, using: &rng), longitude: .random(in: lon, using: &rng))
    }
    var centres: [Coordinate] = (0..<333).map { _ in random(-90...90, -180...180) }
    centres += (0..<84).map { _ in random(88...90, -180...180) }
    centres += (0..<83).map { _ in random(-90 ... -88, -180...180) }
    centres += (0..<84).map { _ in random(-70...70, 178...180) }
    centres += (0..<83).map { _ in random(-70...70, -180 ... -178) }
    centres += (0..<329).map { _ in points[Int.random(in: 0..<points.count, using: &rng)].1 }
    centres += [(90, 0), (-90, 0), (0, 180), (0, -180)].map { Coordinate(uncheckedLatitude: $0, longitude: $1) }
    return centres.map { ($0, exp(.random(in: log(1.0)...log(20_000_000), using: &rng))) }
  }

  /// Every point, nearest first (ties by zip), with its distance in `unit` (`TestSupport.ranked`).
  func ranked(around center: Coordinate, model: EarthModel = .sphere, in unit: LengthUnit = .kilometres) -> [(
    zip: String, distance: Double
  )] {
    TestSupport.ranked(points, around: center, model: model, in: unit)
  }

  func expectSame(_ found: [String], _ expected: [String], _ what: @autoclosure () -> String) {
    guard found != expected else { return }
    let missing = Set(expected).subtracting(found).sorted()
    let extra = Set(found).subtracting(expected).sorted()
    Issue.record("\(what()): missing \(missing.prefix(10)), extra \(extra.prefix(10)), or a different order")
  }

  /// On the sphere, all 1,000 centres; on WGS84, whose brute force costs more, every fourth.
  @Test(arguments: EarthModel.allCases)
  func radiusAndNearestSearchesEqualABruteForceForAThousandCentres(model: EarthModel) throws {
    let centres = centres().enumerated().filter { model == .sphere || $0.offset % 4 == 0 }.map(\.element)
    #expect(centres.count >= (model == .sphere ? 1000 : 250))
    var rng = SeededGenerator(seed: 8)
    for (center, metres) in centres {
      let all = ranked(around: center, model: model)
      let within = ranked(around: center, model: model, in: .metres).filter { $0.distance <= metres }.map(\.zip)
      expectSame(
        try db.near(coordinate: center, within: Length(metres, .metres), model: model).map(\.zipCode.zip), within,
        "\(model): near \(center) \(metres) m")
      expectSame(
        try db.database.rows(
          "SELECT zip FROM zipgeo_within(?, ?, ?, 'm', ?)", [center.latitude, center.longitude, metres, model.rawValue]
        )
        .compactMap { $0[0].string }, within, "\(model): zipgeo_within \(center) \(metres) m")
      let k = [1, 5, 50, Int.random(in: 1...200, using: &rng)][Int.random(in: 0..<4, using: &rng)]
      let nearest = all.prefix(k).map(\.zip)
      expectSame(
        try db.nearest(to: center, count: k, model: model).map(\.zipCode.zip), nearest,
        "\(model): nearest \(k) to \(center)")
      expectSame(
        try db.database.rows(
          "SELECT zip FROM zipgeo_nearest(?, ?, ?, ?)", [center.latitude, center.longitude, k, model.rawValue]
        )
        .compactMap { $0[0].string }, nearest, "\(model): zipgeo_nearest \(k) to \(center)")
    }
  }

  @Test func searchesFromAZipCodeEqualABruteForce() throws {
    var rng = SeededGenerator(seed: 9)
    for _ in 0..<200 {
      let (zip, center) = points[Int.random(in: 0..<points.count, using: &rng)]
      let km = exp(.random(in: log(0.001)...log(20_000), using: &rng))
      let within = ranked(around: center).filter { $0.distance <= km }.map(\.zip)
      expectSame(try db.near(zip: zip, within: Length(km, .kilometres)).map(\.zipCode.zip), within, "near \(zip)")
      expectSame(
        try db.database.rows("SELECT zip FROM zipgeo_near(?, ?)", [zip, km]).compactMap { $0[0].string }, within,
        "zipgeo_near \(zip) \(km) km")
    }
  }

  @Test func resultsAreSortedByDistanceThenZipAndLimited() throws {
    let center = points[0].1
    let all = try RadiusQuery(center: center, radius: Length(5000, .kilometres)).run(on: db)
    #expect(all.first?.distance.value == 0)
    #expect(
      zip(all, all.dropFirst()).allSatisfy {
        $0.distance < $1.distance || ($0.distance == $1.distance && $0.zipCode.zip < $1.zipCode.zip)
      })
    let three = try RadiusQuery(center: center, radius: Length(5000, .kilometres), limit: 3).run(on: db)
    #expect(three == Array(all.prefix(3)))
  }
}
