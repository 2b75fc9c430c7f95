import Testing

@testable import ZipGeo

/// Names of states and regions, from ISO 3166-2 as Debian's iso-codes gives them.
@Suite struct SubdivisionNameTests {
  @Test func aLetterCodeHasItsISONameAndTheNameItsCode() {
    let known = [
      ("US", "TX", "Texas"), ("DE", "BY", "Bayern"), ("AU", "NSW", "New South Wales"), ("GB", "ENG", "England"),
    ]
    for (country, code, name) in known {
      #expect(SubdivisionName.of(code, in: country) == name)
      #expect(SubdivisionName.code(of: PlaceNameKey(name), in: country) == code)
    }
    // Folded: any case, no diacritics.
    #expect(SubdivisionName.code(of: PlaceNameKey("ILE-DE-FRANCE"), in: "FR") == "IDF")
  }

  /// Data numbers regions in its own ways (GeoNames' JP 40 is Tokyo, ISO's JP-40 Fukuoka): no
  /// code of digits is looked up.
  @Test func noCodeOfDigitsIsInTheTable() {
    #expect(SubdivisionName.of("40", in: "JP") == nil && SubdivisionName.of("75", in: "FR") == nil)
    #expect(SubdivisionName.code(of: PlaceNameKey("Tokyo"), in: "JP") == nil)
    for line in SubdivisionName.table.split(separator: "\n") {
      let code = line.split(separator: "\t")[0].dropFirst(3)
      #expect(code.contains { $0.isLetter }, "\(line)")
    }
  }

  @Test func aCodeOfAnotherCountryOrInAnotherCaseHasNoName() {
    for (country, code) in [("CA", "TX"), ("US", "tx"), ("US", ""), ("", "TX"), ("USA", "TX")] {
      #expect(SubdivisionName.of(code, in: country) == nil, "\(country) \(code)")
    }
  }
}
