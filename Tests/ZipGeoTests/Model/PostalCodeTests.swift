import Geodesy
import Testing

@testable import ZipGeo

@Suite struct PostalCodeTests {
  static func place(_ name: String?, _ lat: Double, _ lon: Double, state: String? = "BB", accuracy: Int? = 4)
    -> ZipCode
  {
    ZipCode(
      zip: "01945", place: name, state: state, county: "Oberspreewald-Lausitz",
      coordinate: Coordinate(uncheckedLatitude: lat, longitude: lon), country: "DE", accuracy: accuracy)
  }

  @Test func aCodeWithOnePlaceIsCentredExactlyOnIt() throws {
    let code = try #require(PostalCode(places: [Self.place("Ruhland", 51.4576, 13.8664)]))
    #expect(code.center == Coordinate(uncheckedLatitude: 51.4576, longitude: 13.8664))
    #expect(code.summary == Self.place("Ruhland", 51.4576, 13.8664))
    #expect(code.description == "DE:01945")
  }

  @Test func aCodeWithSeveralPlacesIsCentredOnTheirMeanAndSummarisesWhatTheyShare() throws {
    let places = [Self.place("Tettau", 51.4, 13.7), Self.place("Kroppen", 51.4, 13.9, accuracy: 6)]
    let code = try #require(PostalCode(places: places))
    #expect(code.center == Sphere.meanPosition(of: places.map(\.coordinate)))
    #expect(abs(code.center.longitude - 13.8) < 1e-9)
    #expect(code.center.latitude > 51.4 && code.center.latitude < 51.4001)
    let summary = code.summary
    #expect(summary.place == nil && summary.accuracy == nil)
    #expect(summary.state == "BB" && summary.county == "Oberspreewald-Lausitz" && summary.country == "DE")
    #expect(summary.coordinate == code.center)
  }

  @Test func noPlacesMakeNoCode() {
    #expect(PostalCode(places: []) == nil)
  }

  @Test func placesWithNoMeanAreCentredOnTheFirst() throws {
    let code = try #require(PostalCode(places: [Self.place("A", 0, 0), Self.place("B", 0, 180)]))
    #expect(code.center == Coordinate(uncheckedLatitude: 0, longitude: 0))
  }
}
