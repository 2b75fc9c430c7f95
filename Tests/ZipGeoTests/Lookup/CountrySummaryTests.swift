import Testing

@testable import ZipGeo

/// What `countries()` says of each country.
@Suite struct CountrySummaryTests {
  @Test func everyCountryOfTheWorldFileHasItsEnglishName() {
    for format in PostalCodeFormat.all {
      let summary = CountrySummary(country: format.country, places: 1, codes: 1, source: nil, imported: nil)
      #expect(summary.name?.isEmpty == false, "\(format.country)")
    }
    #expect(CountrySummary(country: "DE", places: 1, codes: 1, source: nil, imported: nil).name == "Germany")
  }
}
