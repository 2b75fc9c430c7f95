import Foundation
import TestSupport
import Testing

@testable import Geodesy

@Suite struct GeodesicTests {
  struct Reference {
    let kind: String
    let a: Coordinate
    let b: Coordinate
    let distance: Double
    let initialAzimuth: Double
    let finalAzimuth: Double
  }

  /// Reference geodesics made outside the project by scripts/make-geodesic-fixture.py (GeographicLib).
  static let fixture: [Reference] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/wgs84-geodesics.csv")
    // The fixture is committed next to this file; without it the suite cannot run at all.
    let text = try! String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map { line in
      let f = line.split(separator: ",").map(String.init)
      let n = f.dropFirst().map { Double($0)! }
      return Reference(
        kind: f[0], a: Coordinate(uncheckedLatitude: n[0], longitude: n[1]),
        b: Coordinate(uncheckedLatitude: n[2], longitude: n[3]), distance: n[4], initialAzimuth: n[5],
        finalAzimuth: n[6])
    }
  }()

  let wgs84 = Ellipsoid.wgs84

  @Test func theFixtureCoversEveryKindOfPair() {
    let kinds = Set(Self.fixture.map(\.kind))
    #expect(
      kinds == [
        "random", "short", "identical", "pole", "antimeridian", "antipodal", "nearly-antipodal", "meridian", "equator",
      ])
    #expect(Self.fixture.count >= 5000)
  }

  @Test func distancesMatchGeographicLibToATenthOfAMillimetre() {
    var worst = (error: 0.0, line: "")
    for pair in Self.fixture {
      let distance = wgs84.distance(from: pair.a, to: pair.b)
      let error = abs(distance - pair.distance)
      #expect(error <= 1e-4, "\(pair.kind) \(pair.a) -> \(pair.b): \(distance) m, GeographicLib \(pair.distance) m")
      if error > worst.error { worst = (error, "\(pair.kind) \(pair.a) -> \(pair.b)") }
    }
    // Round-off, in fact: nanometres.
    #expect(worst.error < 1e-6, "worst \(worst.error) m at \(worst.line)")
  }

  /// Azimuths are compared where they are unique: away from the antipode (where many geodesics
  /// tie) and away from the poles (where a point's azimuth depends on its longitude by convention),
  /// as the sideways miss at the far end: coordinates in degrees hold a point to about a
  /// nanometre, so the azimuth of a line a centimetre long is only good to about 1e-7 radians.
  @Test func azimuthsMatchGeographicLib() {
    var compared = 0
    for pair in Self.fixture where ["random", "short", "antimeridian", "meridian"].contains(pair.kind) {
      guard abs(pair.a.latitude) < 89, abs(pair.b.latitude) < 89, pair.distance > 0, pair.distance < 19_000_000
      else { continue }
      let line = wgs84.inverse(from: pair.a, to: pair.b)
      let miss = { (a: Double, b: Double) in abs(angleDifference(degrees: a, b)) * Double.pi / 180 * pair.distance }
      #expect(miss(line.initialAzimuth, pair.initialAzimuth) < 1e-6, "\(pair.kind) \(pair.a) -> \(pair.b): \(line)")
      #expect(miss(line.finalAzimuth, pair.finalAzimuth) < 1e-6, "\(pair.kind) \(pair.a) -> \(pair.b): \(line)")
      compared += 1
    }
    #expect(compared > 2500)
  }

  @Test func identicalPointsAreExactlyZeroApart() {
    for pair in Self.fixture where pair.kind == "identical" {
      #expect(wgs84.distance(from: pair.a, to: pair.a) == 0, "\(pair.a)")
    }
    let points = [(0.0, 0.0), (90, 0), (-90, 45), (45, 180), (-33.9, -180), (1e-300, 1e-300)]
    for (lat, lon) in points {
      let p = Coordinate(uncheckedLatitude: lat, longitude: lon)
      #expect(wgs84.distance(from: p, to: p) == 0, "\(p)")
    }
  }

  @Test func nearlyAntipodalPointsAlwaysGiveAFiniteAnswer() {
    var rng = SeededGenerator(seed: 4)
    for _ in 0..<3000 {
      let lat = Double.random(in: -90...90, using: &rng) * (Bool.random(using: &rng) ? 1 : 1e-6)
      let lon = Double.random(in: -180...180, using: &rng)
      let offset = { (rng: inout SeededGenerator) in pow(10, Double.random(in: -12 ... -0.3, using: &rng)) }
      let a = Coordinate(uncheckedLatitude: lat, longitude: lon)
      let b = Coordinate(
        uncheckedLatitude: max(-90, min(90, -lat + offset(&rng))),
        longitude: angleDifference(degrees: 0, lon + 180 - offset(&rng)))
      let line = wgs84.inverse(from: a, to: b)
      #expect(line.distance.isFinite && line.distance > 19_900_000 && line.distance <= 20_003_931.5, "\(a) \(b)")
      #expect(line.initialAzimuth.isFinite && line.finalAzimuth.isFinite, "\(a) \(b)")
    }
  }

  @Test func distanceIsSymmetricAndObeysTheTriangleInequality() {
    var rng = SeededGenerator(seed: 5)
    func random() -> Coordinate {
      Coordinate(uncheckedLatitude: .random(in: -90...90, using: &rng), longitude: .random(in: -180...180, using: &rng))
    }
    for _ in 0..<2000 {
      let (a, b, c) = (random(), random(), random())
      let ab = wgs84.distance(from: a, to: b)
      #expect(abs(ab - wgs84.distance(from: b, to: a)) <= 1e-8, "\(a) \(b)")
      #expect(ab <= wgs84.distance(from: a, to: c) + wgs84.distance(from: c, to: b) + 1e-8, "\(a) \(b) \(c)")
    }
  }

  @Test func goingOutAndMeasuringBackRoundTrips() {
    var rng = SeededGenerator(seed: 6)
    for _ in 0..<3000 {
      let start = Coordinate(
        uncheckedLatitude: .random(in: -89.9...89.9, using: &rng), longitude: .random(in: -180...180, using: &rng))
      let azimuth = Double.random(in: -180...180, using: &rng)
      // Up to 19,000 km, short of the region near the antipode where other geodesics are shorter.
      let distance = pow(10, Double.random(in: -3...log10(19_000_000), using: &rng))
      let end = wgs84.destination(from: start, azimuth: azimuth, distance: distance)
      let line = wgs84.inverse(from: start, to: end.point)
      #expect(abs(line.distance - distance) <= 1e-6, "\(start) \(azimuth) \(distance): \(line.distance)")
      // Coordinates in degrees hold a point to about a nanometre, so the azimuth of a short line
      // is only that good: compared as the sideways miss at the far end.
      let miss = { (a: Double, b: Double) in abs(angleDifference(degrees: a, b)) * Double.pi / 180 * distance }
      #expect(miss(line.initialAzimuth, azimuth) < 1e-6, "\(start) \(azimuth) \(distance): \(line)")
      #expect(miss(line.finalAzimuth, end.finalAzimuth) < 1e-6, "\(start) \(azimuth) \(distance): \(line)")
    }
  }

  @Test func destinationsMatchGeographicLib() {
    // Going from a along GeographicLib's azimuth for its distance arrives at b.
    for pair in Self.fixture where ["random", "short", "antimeridian"].contains(pair.kind) {
      guard pair.distance < 19_000_000 else { continue }
      let end = wgs84.destination(from: pair.a, azimuth: pair.initialAzimuth, distance: pair.distance)
      #expect(wgs84.distance(from: end.point, to: pair.b) < 1e-6, "\(pair.a) -> \(pair.b): \(end.point)")
    }
  }

  @Test func theMeridianAndTheEquatorHaveTheirKnownLengths() {
    // The quarter meridian of WGS84 is 10,001,965.729 m; the equator is 2 pi a.
    let pole = Coordinate(uncheckedLatitude: 90, longitude: 0)
    let equator = Coordinate(uncheckedLatitude: 0, longitude: 0)
    #expect(abs(wgs84.distance(from: equator, to: pole) - 10_001_965.729) < 1e-3)
    #expect(abs(wgs84.meridianDistance(toLatitude: 90) - 10_001_965.729) < 1e-3)
    #expect(abs(wgs84.quarterMeridian - wgs84.meridianDistance(toLatitude: 90)) < 1e-8)
    #expect(abs(wgs84.meridianDistance(toLatitude: -90) + wgs84.quarterMeridian) < 1e-8)
    let east = Coordinate(uncheckedLatitude: 0, longitude: 90)
    #expect(abs(wgs84.distance(from: equator, to: east) - Double.pi / 2 * 6_378_137) < 1e-6)
  }

  @Test func strangeButFiniteInputsGiveFiniteAnswers() {
    let latitudes = [-90, -89.999999999, -1e-300, -0.0, 0, .leastNonzeroMagnitude, 1e-9, 45, 89.99999999999, 90]
    let longitudes = [-1e300, -540, -180, -179.999999999, -0.0, 0, 1e-300, 179.999999999, 180, 360, 1e15]
    var checked = 0
    for lat1 in latitudes {
      for lat2 in latitudes {
        for lon in longitudes {
          let a = Coordinate(uncheckedLatitude: lat1, longitude: 0)
          let b = Coordinate(uncheckedLatitude: lat2, longitude: lon)
          let line = wgs84.inverse(from: a, to: b)
          #expect(line.distance.isFinite && line.distance >= 0 && line.distance <= 20_003_931.46, "\(a) \(b)")
          #expect(line.initialAzimuth.isFinite && line.finalAzimuth.isFinite, "\(a) \(b)")
          let end = wgs84.destination(from: a, azimuth: lon, distance: lat2 * 1e5)
          #expect(end.point.latitude.isFinite && end.point.longitude.isFinite, "\(a) \(lon) \(lat2 * 1e5)")
          checked += 1
        }
      }
    }
    #expect(checked == 1100)
  }
}
