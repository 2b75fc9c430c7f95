import Testing

@testable import Geodesy

@Suite struct CoordinateTests {
  @Test func latitudesBeyondThePolesAreRejected() {
    #expect(throws: CoordinateError.latitudeOutOfRange(91.5)) { try Coordinate(latitude: 91.5, longitude: 0) }
    #expect(throws: CoordinateError.latitudeOutOfRange(-90.0001)) {
      try Coordinate(latitude: -90.0001, longitude: 0)
    }
    #expect(throws: CoordinateError.self) { try Coordinate(latitude: .nan, longitude: 0) }
    #expect((try? Coordinate(latitude: 90, longitude: -180)) != nil)
  }

  @Test func infiniteLongitudesAreRejected() {
    #expect(throws: CoordinateError.longitudeNotFinite(.infinity)) {
      try Coordinate(latitude: 0, longitude: .infinity)
    }
  }

  @Test func errorsSayWhatIsWrong() {
    #expect(CoordinateError.latitudeOutOfRange(91.5).description == "latitude 91.5 is outside [-90, 90]")
  }
}
