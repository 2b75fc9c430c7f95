import Foundation
import TestSupport
import Testing

@testable import Geodesy

@Suite struct SphereTests {
  struct Pair {
    let kind: String
    let a: Coordinate
    let b: Coordinate
    let kilometres: Double
  }

  /// Reference distances made outside the project by scripts/make-sphere-fixture.py (mpmath, 60 digits).
  static let fixture: [Pair] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/sphere-distances.csv")
    // The fixture is committed next to this file; without it the suite cannot run at all.
    let text = try! String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map { line in
      let f = line.split(separator: ",").map(String.init)
      return Pair(
        kind: f[0], a: Coordinate(uncheckedLatitude: Double(f[1])!, longitude: Double(f[2])!),
        b: Coordinate(uncheckedLatitude: Double(f[3])!, longitude: Double(f[4])!), kilometres: Double(f[5])!)
    }
  }()

  func kilometres(_ a: Coordinate, _ b: Coordinate) -> Double {
    Sphere.earth.distance(from: a, to: b) / 1000
  }

  @Test func theFixtureCoversEveryKindOfPair() {
    let kinds = Set(Self.fixture.map(\.kind))
    #expect(kinds == ["global", "short", "1mm", "identical", "pole", "antimeridian", "antipodal", "near-antipodal"])
    #expect(Self.fixture.count > 2500)
  }

  @Test func distancesMatchTheHighPrecisionReferenceToOnePartInATrillion() {
    var worst = 0.0
    for pair in Self.fixture where pair.kilometres > 0 {
      let computed = kilometres(pair.a, pair.b)
      let relative = abs(computed - pair.kilometres) / pair.kilometres
      worst = max(worst, relative)
      #expect(relative <= 1e-12, "\(pair.kind) \(pair.a) -> \(pair.b): \(computed) km, reference \(pair.kilometres)")
    }
    #expect(worst > 0, "the comparison ran")
  }

  @Test func identicalPointsAreExactlyZeroApart() {
    for pair in Self.fixture where pair.kind == "identical" {
      #expect(kilometres(pair.a, pair.b) == 0)
    }
    for lat in stride(from: -90.0, through: 90.0, by: 0.5) {
      let p = Coordinate(uncheckedLatitude: lat, longitude: 17.3)
      #expect(Sphere.earth.distance(from: p, to: p) == 0)
    }
  }

  @Test func antipodalPointsAreHalfTheCircumferenceApart() {
    let halfCircumference = Double.pi * 6371.0088
    let a = Coordinate(uncheckedLatitude: 33.025, longitude: -96.75)
    let b = Coordinate(uncheckedLatitude: -33.025, longitude: 83.25)
    #expect(abs(kilometres(a, b) - halfCircumference) <= 1e-9)
    let north = Coordinate(uncheckedLatitude: 90, longitude: 0)
    let south = Coordinate(uncheckedLatitude: -90, longitude: 45)
    #expect(abs(kilometres(north, south) - halfCircumference) <= 1e-9)
  }

  @Test func pointsOneMillimetreApartAreOneMillimetreApart() {
    // 1 mm along a meridian is 1e-6 km / R radians of latitude.
    let step = 1e-6 / 6371.0088 * 180 / Double.pi
    for lat in stride(from: -89.0, through: 89.0, by: 7.0) {
      let a = Coordinate(uncheckedLatitude: lat, longitude: -96.7)
      let b = Coordinate(uncheckedLatitude: lat + step, longitude: -96.7)
      // `lat + step` rounds; the difference of the two doubles is exact (Sterbenz).
      let expected = (b.latitude - a.latitude) * Double.pi / 180 * 6371.0088
      #expect(abs(expected - 1e-6) < 1e-9)
      #expect(abs(kilometres(a, b) - expected) <= expected * 1e-12)
    }
  }

  @Test func distanceIsSymmetricAndNeverNaN() {
    var rng = SeededGenerator(seed: 42)
    for _ in 0..<5000 {
      let a = Coordinate(
        uncheckedLatitude: .random(in: -90...90, using: &rng), longitude: .random(in: -540...540, using: &rng))
      let b = Coordinate(
        uncheckedLatitude: .random(in: -90...90, using: &rng), longitude: .random(in: -540...540, using: &rng))
      let ab = Sphere.centralAngle(from: a, to: b)
      let ba = Sphere.centralAngle(from: b, to: a)
      #expect(!ab.isNaN)
      #expect((0...Double.pi).contains(ab))
      #expect(ab == ba)
    }
  }

  @Test func distanceObeysTheTriangleInequality() {
    var rng = SeededGenerator(seed: 42)
    func random() -> Coordinate {
      Coordinate(uncheckedLatitude: .random(in: -90...90, using: &rng), longitude: .random(in: -180...180, using: &rng))
    }
    for _ in 0..<5000 {
      let (a, b, c) = (random(), random(), random())
      let direct = Sphere.centralAngle(from: a, to: c)
      let viaB = Sphere.centralAngle(from: a, to: b) + Sphere.centralAngle(from: b, to: c)
      #expect(direct <= viaB + 1e-15)
    }
  }

  @Test func longitudesWrapAroundTheGlobe() {
    let a = Coordinate(uncheckedLatitude: 10, longitude: 179.5)
    let b = Coordinate(uncheckedLatitude: 10, longitude: -179.5)
    let bWrapped = Coordinate(uncheckedLatitude: 10, longitude: 180.5)
    #expect(abs(kilometres(a, b) - kilometres(a, bWrapped)) < 1e-9)
    #expect(kilometres(a, b) < 110)
  }
}

@Suite struct SphereDestinationTests {
  @Test func goingOutAndMeasuringBackRoundTrips() {
    var rng = SeededGenerator(seed: 12)
    for _ in 0..<3000 {
      let start = Coordinate(
        uncheckedLatitude: .random(in: -89.9...89.9, using: &rng), longitude: .random(in: -180...180, using: &rng))
      let distance = pow(10, Double.random(in: -3...log10(20_000_000), using: &rng))
      let end = Sphere.earth.destination(from: start, azimuth: .random(in: -180...180, using: &rng), distance: distance)
      let measured = Sphere.earth.distance(from: start, to: end.point)
      #expect(abs(measured - distance) <= 1e-6 + distance * 1e-12, "\(start) \(distance): \(measured)")
      // Coming back from the end along the reversed final azimuth arrives at the start.
      let back = Sphere.earth.destination(from: end.point, azimuth: end.finalAzimuth + 180, distance: distance)
      #expect(Sphere.earth.distance(from: back.point, to: start) <= 1e-6, "\(start) \(distance)")
    }
  }

  @Test func destinationsGoWhereTheCompassPoints() {
    let equator = Coordinate(uncheckedLatitude: 0, longitude: 0)
    let quarter = Double.pi / 2 * Sphere.earth.radius
    let north = Sphere.earth.destination(from: equator, azimuth: 0, distance: quarter)
    #expect(abs(north.point.latitude - 90) < 1e-12)
    let east = Sphere.earth.destination(from: equator, azimuth: 90, distance: quarter)
    #expect(abs(east.point.latitude) < 1e-12 && abs(east.point.longitude - 90) < 1e-12)
    #expect(abs(east.finalAzimuth - 90) < 1e-12)
    let west = Sphere.earth.destination(
      from: Coordinate(uncheckedLatitude: 10, longitude: -179.5), azimuth: -90, distance: 111_195)
    #expect(west.point.longitude > 179 && west.point.longitude < 180)
  }
}
