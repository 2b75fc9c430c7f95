import Testing

@testable import ISO3166

/// Names of states and regions, from ISO 3166-2 as Debian's iso-codes gives them.
@Suite struct SubdivisionNameTests {
  @Test func aLetterCodeHasItsISOName() {
    let known = [
      ("US", "TX", "Texas"), ("DE", "BY", "Bayern"), ("AU", "NSW", "New South Wales"), ("GB", "ENG", "England"),
    ]
    for (country, code, name) in known { #expect(SubdivisionName.of(code, in: country) == name) }
    #expect(SubdivisionName.all().contains { $0 == ("FR", "IDF", "Île-de-France") })
  }

  /// Data numbers regions in its own ways (GeoNames' JP 40 is Tokyo, ISO's JP-40 Fukuoka): no
  /// code of digits is in the table.
  @Test func noCodeOfDigitsIsInTheTable() {
    #expect(SubdivisionName.of("40", in: "JP") == nil && SubdivisionName.of("75", in: "FR") == nil)
    let all = SubdivisionName.all()
    #expect(all.count > 2_000)
    for (country, code, name) in all {
      #expect(code.contains { $0.isLetter }, "\(country) \(code) \(name)")
    }
  }

  @Test func aCodeOfAnotherCountryOrInAnotherCaseHasNoName() {
    for (country, code) in [("CA", "TX"), ("US", "tx"), ("US", ""), ("", "TX"), ("USA", "TX")] {
      #expect(SubdivisionName.of(code, in: country) == nil, "\(country) \(code)")
    }
  }
}
