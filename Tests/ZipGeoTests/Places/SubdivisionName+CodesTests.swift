import Testing

@testable import ZipGeo

/// The codes of states and regions by their ISO names, folded as place names are.
@Suite struct SubdivisionNameCodesTests {
  @Test func anISONameFoldedGivesItsCode() {
    for (country, code, name) in [
      ("US", "TX", "Texas"), ("DE", "BY", "Bayern"), ("AU", "NSW", "New South Wales"), ("GB", "ENG", "England"),
    ] {
      #expect(SubdivisionName.code(of: PlaceNameKey(name), in: country) == code)
    }
    // Folded: any case, no diacritics.
    #expect(SubdivisionName.code(of: PlaceNameKey("ILE-DE-FRANCE"), in: "FR") == "IDF")
    #expect(SubdivisionName.code(of: PlaceNameKey("Texas"), in: "CA") == nil)
  }

  /// No code of digits is looked up: GeoNames' JP 40 is Tokyo, ISO's JP-40 Fukuoka.
  @Test func aNameWhoseISOCodeIsDigitsHasNoCode() {
    #expect(SubdivisionName.code(of: PlaceNameKey("Tokyo"), in: "JP") == nil)
  }

}
