import Foundation
import TestSupport
import Testing

/// `ZIPGEO_COUNTRY`, the default of `--country`: with the world imported, a US user's bare codes
/// work as they did with US codes alone.
@Suite struct CountryOptionTests {
  let world: WorldCommands

  init() throws { world = try WorldCommands() }

  func zipgeo(_ arguments: [String], country: String?) throws -> EndToEndTests.Result {
    try world.zipgeo(arguments, environment: country.map { ["ZIPGEO_COUNTRY": $0] } ?? [:])
  }

  @Test func aDefaultCountryIsTheCountryOfBareCodesAndTheOnlyOneSearched() throws {
    #expect(try zipgeo(["info", "10001"], country: nil).status != 0)
    let info = try zipgeo(["info", "10001", "--format", "csv"], country: "us")
    #expect(info.status == 0 && info.out.contains("\r\n10001,New York,NY,"))
    // 10 km around a code on the Canadian border: US codes only, as with US codes alone.
    let near = try zipgeo(["near", "14301", "--km", "10", "--format", "csv"], country: "US")
    let all = try zipgeo(["near", "US:14301", "--km", "10", "--format", "csv", "--country", "all"], country: "US")
    #expect(near.status == 0 && all.status == 0)
    #expect(near.out.contains(",US,") && !near.out.contains(",CA,"))
    #expect(all.out.contains(",CA,"))
    // A code that names its country is of that country.
    #expect(try zipgeo(["info", "DE:10115"], country: "US").out.hasPrefix("zip      10115\ncountry  DE\n"))
  }

  @Test func anEmptyDefaultCountryOrAllIsNone() throws {
    for value in ["", "all", "ALL"] {
      let result = try zipgeo(["info", "10001"], country: value)
      #expect(
        result.status == 1
          && result.err.hasPrefix("Error: '10001' is a postal code in 10 countries: Bouira Cite El Badr, DZ; "),
        "\(value)")
    }
  }

  @Test func anErrorSaysThatTheDefaultCountryChoseTheCountry() throws {
    let result = try zipgeo(["info", "SW1A 1AA"], country: "US")
    #expect(result.status == 1)
    #expect(result.err.hasPrefix("Error: zip code 'US:SW1A 1AA' is not in world.db; "))
    #expect(result.err.hasSuffix(" (the country is US, from $ZIPGEO_COUNTRY; --country all for every country)\n"))
    // Not when --country gave it.
    #expect(!(try zipgeo(["info", "SW1A 1AA", "--country", "US"], country: "US").err.contains("ZIPGEO_COUNTRY")))
  }

  @Test func anInvalidDefaultCountryIsAnErrorNamingTheVariable() throws {
    for value in ["USA", "1", "ü", "U S", "\u{1}"] {
      let result = try zipgeo(["info", "75075"], country: value)
      #expect(result.status == 64, "\(value)")
      // A control character is shown escaped, as everything zipgeo writes to standard error.
      let shown = value == "\u{1}" ? "\\u{1}" : value
      #expect(result.err.hasPrefix("Error: The value '\(shown)' of ZIPGEO_COUNTRY is invalid: "), "\(result.err)")
    }
    // --country wins over it.
    #expect(try zipgeo(["info", "75075", "--country", "US"], country: "USA").status == 0)
  }

  @Test func whereShowsTheDefaultCountry() throws {
    #expect(
      try zipgeo(["where"], country: "de").out.contains("\ncountry    DE ($ZIPGEO_COUNTRY), for codes without one\n"))
    #expect(!(try zipgeo(["where"], country: nil).out.contains("\ncountry ")))
    #expect(try zipgeo(["where", "--format", "json"], country: "DE").out.contains("\"country\": \"DE\""))
  }
}
