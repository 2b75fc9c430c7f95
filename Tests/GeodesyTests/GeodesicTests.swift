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

  /// A reference solution of the direct problem: from `start` at `azimuth` for `distance` metres.
  struct DirectReference {
    let kind: String
    let start: Coordinate
    let azimuth: Double
    let distance: Double
    let end: Coordinate
    let finalAzimuth: Double
  }

  /// The rows of a fixture made outside the project by scripts/make-geodesic-fixture.py
  /// (GeographicLib): the kind, then numbers.
  static func rows(_ name: String) -> [(kind: String, numbers: [Double])] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
    // The fixture is committed next to this file; without it the suite cannot run at all.
    let text = try! String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map { line in
      let fields = line.split(separator: ",")
      // The generator writes Python's repr of floats, which Double reads back exactly.
      return (String(fields[0]), fields.dropFirst().map { Double($0)! })
    }
  }

  /// Reference geodesics (the inverse problem).
  static let fixture: [Reference] = rows("wgs84-geodesics.csv").map { kind, n in
    Reference(
      kind: kind, a: Coordinate(uncheckedLatitude: n[0], longitude: n[1]),
      b: Coordinate(uncheckedLatitude: n[2], longitude: n[3]), distance: n[4], initialAzimuth: n[5],
      finalAzimuth: n[6])
  }

  /// Reference destinations (the direct problem).
  static let destinations: [DirectReference] = rows("wgs84-destinations.csv").map { kind, n in
    DirectReference(
      kind: kind, start: Coordinate(uncheckedLatitude: n[0], longitude: n[1]), azimuth: n[2], distance: n[3],
      end: Coordinate(uncheckedLatitude: n[4], longitude: n[5]), finalAzimuth: n[6])
  }

  /// How far apart two nearby points are, in metres, measured on the local tangent plane: an
  /// error metric that does not lean on the code under test.
  static func separation(_ p: Coordinate, _ q: Coordinate) -> Double {
    let metresPerRadian = 6_378_137.0
    let north = (p.latitude - q.latitude) * Double.pi / 180 * metresPerRadian
    let cosLatitude = max(0, cos((p.latitude + q.latitude) / 2 * Double.pi / 180))
    let east = angleDifference(degrees: p.longitude, q.longitude) * Double.pi / 180 * metresPerRadian * cosLatitude
    return (north * north + east * east).squareRoot()
  }

  let wgs84 = Ellipsoid.wgs84

  @Test func theFixtureCoversEveryKindOfPair() {
    let kinds = Set(Self.fixture.map(\.kind))
    #expect(
      kinds == [
        "random", "short", "identical", "pole", "antimeridian", "antipodal", "nearly-antipodal", "meridian", "equator",
        "near-equator", "equator-switch", "nearly-antipodal-equator", "strange",
      ])
    #expect(Self.fixture.count >= 15000)
    #expect(Set(Self.destinations.map(\.kind)) == ["equator", "pole", "random", "strange"])
  }

  @Test func distancesMatchGeographicLibToATenthOfAMillimetre() {
    var worst: [String: (error: Double, line: String)] = [:]
    for pair in Self.fixture {
      // Distance alone may take the first-order shortcut; with azimuths it never does.
      for distance in [wgs84.distance(from: pair.a, to: pair.b), wgs84.inverse(from: pair.a, to: pair.b).distance] {
        let error = abs(distance - pair.distance)
        #expect(error <= 1e-4, "\(pair.kind) \(pair.a) -> \(pair.b): \(distance) m, GeographicLib \(pair.distance) m")
        if error >= worst[pair.kind, default: (0, "")].error { worst[pair.kind] = (error, "\(pair.a) -> \(pair.b)") }
      }
    }
    // Round-off, in fact: nanometres.
    for (kind, (error, line)) in worst.sorted(by: { $0.key < $1.key }) {
      print("worst distance error, \(kind): \(error) m at \(line)")
      #expect(error < 1e-7, "\(kind): worst \(error) m at \(line)")
    }
  }

  @Test func theSolverConvergesForEveryPairWithinFewIterations() {
    var total = 0
    var most = (count: 0, line: "")
    for pair in Self.fixture {
      for azimuths in [true, false] {
        let solution = wgs84.solveInverse(pair.a, pair.b, azimuths: azimuths)
        #expect(solution.converged, "\(pair.kind) \(pair.a) -> \(pair.b), azimuths: \(azimuths)")
        if azimuths {
          total += solution.iterations
          if solution.iterations > most.count { most = (solution.iterations, "\(pair.kind) \(pair.a) -> \(pair.b)") }
        }
      }
    }
    let mean = Double(total) / Double(Self.fixture.count)
    print("iterations per inverse over \(Self.fixture.count) pairs: mean \(mean), max \(most.count) at \(most.line)")
    // Newton's method from the astroid's start: GeographicLib reports at most 16 on its test set.
    #expect(most.count <= Ellipsoid.newtonIterations, "\(most)")
    #expect(mean < 3)
  }

  /// Where several geodesics tie (antipodes, the equator's far side, poles) the azimuths differ
  /// by convention, so this holds for every pair: leaving along the computed azimuth for the
  /// computed distance arrives at the second point. The arrival moves by m12 times an error in
  /// the azimuth, so this is the azimuth's error as the sideways miss at the far end.
  @Test func everyComputedGeodesicArrivesAtItsEnd() {
    var worst = (miss: 0.0, line: "")
    for pair in Self.fixture {
      let line = wgs84.inverse(from: pair.a, to: pair.b)
      guard line.initialAzimuth.isFinite && line.finalAzimuth.isFinite else {
        Issue.record("\(pair.kind) \(pair.a) -> \(pair.b): \(line)")
        continue
      }
      let end = wgs84.destination(from: pair.a, azimuth: line.initialAzimuth, distance: line.distance).point
      let miss = Self.separation(end, pair.b)
      #expect(miss < 1e-4, "\(pair.kind) \(pair.a) -> \(pair.b): \(line) arrives at \(end)")
      if miss > worst.miss { worst = (miss, "\(pair.kind) \(pair.a) -> \(pair.b)") }
    }
    print("worst arrival miss: \(worst.miss) m at \(worst.line)")
  }

  /// Azimuths are compared where they are unique: away from the antipode (where many geodesics
  /// tie) and away from the poles (where a point's azimuth depends on its longitude by convention),
  /// as the sideways miss at the far end: coordinates in degrees hold a point to about a
  /// nanometre, so the azimuth of a line a centimetre long is only good to about 1e-7 radians.
  @Test func azimuthsMatchGeographicLib() {
    var compared = 0
    let unique: Set = [
      "random", "short", "antimeridian", "meridian", "near-equator", "nearly-antipodal", "pole", "strange",
    ]
    for pair in Self.fixture where unique.contains(pair.kind) {
      guard abs(pair.a.latitude) < 89, abs(pair.b.latitude) < 89, pair.distance > 0, pair.distance < 19_000_000
      else { continue }
      let line = wgs84.inverse(from: pair.a, to: pair.b)
      let miss = { (a: Double, b: Double) in abs(angleDifference(degrees: a, b)) * Double.pi / 180 * pair.distance }
      #expect(miss(line.initialAzimuth, pair.initialAzimuth) < 1e-6, "\(pair.kind) \(pair.a) -> \(pair.b): \(line)")
      #expect(miss(line.finalAzimuth, pair.finalAzimuth) < 1e-6, "\(pair.kind) \(pair.a) -> \(pair.b): \(line)")
      compared += 1
    }
    #expect(compared > 5000)
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

  /// Random nearly antipodal pairs, on and off the equator, beyond the fixture: the solver
  /// converges, and the geodesic it returns arrives at the second point (no reference needed:
  /// `destination` is checked against GeographicLib's Direct on its own fixture).
  @Test func nearlyAntipodalPointsConvergeToAGeodesicThatArrives() {
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
      #expect(wgs84.solveInverse(a, b, azimuths: true).converged, "\(a) \(b)")
      #expect(wgs84.solveInverse(a, b, azimuths: false).converged, "\(a) \(b)")
      let end = wgs84.destination(from: a, azimuth: line.initialAzimuth, distance: line.distance).point
      #expect(Self.separation(end, b) < 1e-6, "\(a) -> \(b): \(line) arrives at \(end)")
      #expect(abs(wgs84.distance(from: a, to: b) - line.distance) < 1e-7, "\(a) \(b)")
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

  @Test func destinationsMatchGeographicLibsDirectOnTheEquatorAndAtThePoles() {
    var worst = (miss: 0.0, line: "")
    for row in Self.destinations {
      let end = wgs84.destination(from: row.start, azimuth: row.azimuth, distance: row.distance)
      let miss = Self.separation(end.point, row.end)
      let line = "\(row.kind) \(row.start) \(row.azimuth) \(row.distance): \(end), GeographicLib \(row.end)"
      #expect(miss < 1e-4, "\(line)")
      if miss > worst.miss { worst = (miss, line) }
      // The final azimuth, as the sideways miss over the line's length; near a pole the azimuth
      // turns with the longitude, so over the distance to the pole at most.
      let toPole = cos(row.end.latitude * Double.pi / 180) * 6_378_137
      let turn = abs(angleDifference(degrees: end.finalAzimuth, row.finalAzimuth)) * Double.pi / 180
      #expect(turn * min(abs(row.distance), toPole) < 1e-6, "\(line)")
    }
    print("worst destination miss: \(worst.miss) m at \(worst.line)")
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

  /// Poles, signed zeros, 1e-300 and the smallest subnormal latitude, longitudes far beyond 180:
  /// all valid, all matching GeographicLib.
  @Test func strangeButValidInputsMatchGeographicLib() {
    var checked = 0
    for pair in Self.fixture where pair.kind == "strange" {
      let line = wgs84.inverse(from: pair.a, to: pair.b)
      #expect(
        abs(line.distance - pair.distance) <= 1e-4, "\(pair.a) \(pair.b): \(line), GeographicLib \(pair.distance)")
      #expect(
        abs(wgs84.distance(from: pair.a, to: pair.b) - pair.distance) <= 1e-4, "\(pair.a) \(pair.b): \(pair.distance)")
      guard line.initialAzimuth.isFinite && line.finalAzimuth.isFinite else {
        Issue.record("\(pair.a) \(pair.b): \(line)")
        continue
      }
      let end = wgs84.destination(from: pair.a, azimuth: line.initialAzimuth, distance: line.distance).point
      #expect(Self.separation(end, pair.b) < 1e-4, "\(pair.a) \(pair.b): \(line) arrives at \(end)")
      checked += 1
    }
    for row in Self.destinations where row.kind == "strange" {
      let end = wgs84.destination(from: row.start, azimuth: row.azimuth, distance: row.distance).point
      #expect(Self.separation(end, row.end) < 1e-4, "\(row.start) \(row.azimuth) \(row.distance): \(end), \(row.end)")
      checked += 1
    }
    #expect(checked == 2200)
  }

  @Test func pointsNearTheEquatorGetTheDistancesOfTheEquator() {
    // The reported bug: 1,759 km instead of 10,018.754 km.
    let origin = Coordinate(uncheckedLatitude: 0, longitude: 0)
    let east = Coordinate(uncheckedLatitude: 1e-15, longitude: 90)
    #expect(abs(wgs84.distance(from: origin, to: east) - 10_018_754.171_394_62) < 1e-4)
    #expect(abs(wgs84.inverse(from: origin, to: east).initialAzimuth - 90) < 1e-9)
  }

  /// A longitude is an angle: 1e300 degrees is the same meridian as its remainder (here 280°, or
  /// -80°), on both models, in distance and in destination: to the last bit for huge ones.
  @Test func hugeLongitudesMeasureAsTheirRemainders() {
    var rng = SeededGenerator(seed: 12)
    let models = EarthModel.allCases
    for huge in [1e300, -1e300, 1e308, -1e308, 1e15, -1e15 - 0.25, 1e20, 9_007_199_254_740_994, 540, -900.5] {
      let reduced = remainder(huge, 360)
      for _ in 0..<50 {
        let lat1 = Double.random(in: -90...90, using: &rng)
        let lat2 = Double.random(in: -90...90, using: &rng)
        let lon2 = Double.random(in: -180...180, using: &rng)
        let b = Coordinate(uncheckedLatitude: lat2, longitude: lon2)
        for model in models {
          let far = model.distance(
            from: Coordinate(uncheckedLatitude: lat1, longitude: huge), to: b)
          let near = model.distance(
            from: Coordinate(uncheckedLatitude: lat1, longitude: reduced), to: b)
          // Past about 1,000 degrees every difference is reduced first, to the last bit; below,
          // the difference itself is taken, rounded as any within ±1,080 degrees (nanometres).
          #expect(abs(huge) > 1e4 ? far == near : abs(far - near) < 1e-7, "\(model) \(lat1),\(huge) -> \(b)")
          let azimuth = Double.random(in: -180...180, using: &rng)
          let distance = Double.random(in: 0...20_000_000, using: &rng)
          let there = model.destination(
            from: Coordinate(uncheckedLatitude: lat1, longitude: huge), azimuth: azimuth, distance: distance)
          let expected = model.destination(
            from: Coordinate(uncheckedLatitude: lat1, longitude: reduced), azimuth: azimuth, distance: distance)
          #expect(there == expected, "\(model) \(lat1),\(huge) \(azimuth) \(distance)")
        }
      }
    }
    // GeographicLib: 5,009,377.085697 m along the equator from longitude 0 (1e300 mod 360) to 45.
    let equator = wgs84.distance(
      from: Coordinate(uncheckedLatitude: 0, longitude: 1e300), to: Coordinate(uncheckedLatitude: 0, longitude: 45))
    #expect(abs(equator - 5_009_377.085697) < 1e-4)
  }
}
