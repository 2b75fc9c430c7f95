import Testing

@testable import ZipGeo

/// One judge of country codes: two ASCII letters, upper-cased, for every surface.
@Suite struct CountryCodeTests {
  @Test func twoASCIILettersInAnyCaseAreACountryCode() {
    #expect(CountryCode("de")?.text == "DE")
    #expect(CountryCode(" Jp ")?.text == "JP")
    #expect(CountryCode("GB")?.description == "GB")
    #expect(CountryCode("us")! < CountryCode("ZA")!)
  }

  @Test func anythingElseIsNone() {
    for text in ["", "D", "DEU", "D1", "ﬁ", "ÄB", "D E", "\u{0}E", "de:", "--"] {
      #expect(CountryCode(text) == nil, "\(text.unicodeScalars.map(\.value))")
    }
  }

  /// The surfaces that take a country agree: a code's prefix, an import's rows and SQL.
  @Test func aPrefixAndAnImportRowJudgeCountriesAsCountryCodeDoes() throws {
    for text in ["de", "GB", "ﬁ", "D1", "zz"] {
      let prefixed = try? CodeReference(parsing: "\(text):10115")
      #expect(prefixed?.country == CountryCode(text)?.text, "\(text)")
      #expect((try? ColumnMap.countryCode(text)) == CountryCode(text)?.text, "\(text)")
    }
  }
}
