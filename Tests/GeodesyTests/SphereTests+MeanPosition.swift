import TestSupport
import Testing

@testable import Geodesy

@Suite struct SphereMeanPositionTests {
  func point(_ lat: Double, _ lon: Double) -> Coordinate { Coordinate(uncheckedLatitude: lat, longitude: lon) }

  @Test func equalPointsGiveThatPointToTheLastBit() {
    let bern = point(46.9476, 7.4065)
    #expect(Sphere.meanPosition(of: [bern]) == bern)
    #expect(Sphere.meanPosition(of: [bern, bern, bern, bern]) == bern)
    #expect(Sphere.meanPosition(of: []) == nil)
  }

  @Test func theMeanOfTwoPointsIsTheMidpointOfTheGreatCircleBetweenThem() throws {
    let a = point(51.4, 13.7333)
    let b = point(51.45, 14.0)
    let mean = try #require(Sphere.meanPosition(of: [a, b]))
    let toA = Sphere.earth.distance(from: mean, to: a)
    let toB = Sphere.earth.distance(from: mean, to: b)
    #expect(abs(toA - toB) < 1e-6)
    #expect(abs(toA + toB - Sphere.earth.distance(from: a, to: b)) < 1e-6)
  }

  @Test func theMeanAcrossThe180thMeridianIsOnItNotOnGreenwich() throws {
    let mean = try #require(Sphere.meanPosition(of: [point(-16.8, 179.9), point(-16.8, -179.9)]))
    #expect(abs(abs(mean.longitude) - 180) < 1e-9)
    #expect(abs(mean.latitude - -16.8) < 1e-3)
  }

  @Test func theMeanOfPointsAroundAPoleIsThePole() throws {
    let around = [0.0, 90, 180, -90].map { point(80, $0) }
    let mean = try #require(Sphere.meanPosition(of: around))
    #expect(mean.latitude == 90 && mean.longitude == 0)
  }

  @Test func pointsThatCancelOutHaveNoMean() {
    #expect(Sphere.meanPosition(of: [point(0, 0), point(0, 180)]) == nil)
    #expect(Sphere.meanPosition(of: [point(90, 0), point(-90, 0)]) == nil)
    #expect(Sphere.meanPosition(of: [point(10, 20), point(-10, -160)]) == nil)
  }

  @Test func theMeanStaysWithinTheRangesOfAStoredPoint() throws {
    var generator = SeededGenerator(seed: 13)
    for _ in 0..<2000 {
      let points = (0..<Int.random(in: 2...5, using: &generator)).map { _ in
        point(Double.random(in: -90...90, using: &generator), Double.random(in: -180...180, using: &generator))
      }
      guard let mean = Sphere.meanPosition(of: points) else { continue }
      #expect(throws: Never.self) { try Coordinate(storedLatitude: mean.latitude, longitude: mean.longitude) }
    }
  }
}
