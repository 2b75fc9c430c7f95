import Testing

@testable import ISO3166

/// English country names, from ISO 3166-1 as Debian's iso-codes gives them.
@Suite struct CountryNameTests {
  @Test func everyCodeISOAssignsHasItsEnglishName() {
    #expect(CountryName.names.count == 249)
    let names = ["DE": "Germany", "JP": "Japan", "GB": "United Kingdom", "US": "United States", "AX": "Åland Islands"]
    for (code, name) in names { #expect(CountryName.of(code) == name) }
  }

  @Test func aCodeISODoesNotAssignHasNoName() {
    for code in ["XX", "de", "", "DEU", "EU", "UK"] { #expect(CountryName.of(code) == nil, "\(code)") }
  }
}
