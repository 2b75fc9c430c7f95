import Testing

@testable import ZipGeo

/// The words place names write in several ways.
@Suite struct PlaceNameKeySynonymsTests {
  @Test func everyWordOfAGroupHasTheOthersAndItselfFirst() {
    for group in PlaceNameKey.synonymGroups {
      for word in group {
        let synonyms = PlaceNameKey.synonyms(of: word)
        #expect(synonyms?.first == word && Set(synonyms ?? []) == Set(group), "\(word)")
      }
    }
    #expect(PlaceNameKey.synonyms(of: "louis") == nil && PlaceNameKey.synonyms(of: "") == nil)
    // Folded words only: the search folds first.
    #expect(PlaceNameKey.synonyms(of: "St") == nil)
  }

  @Test func aNameIsSpeltAsWrittenFirstThenWithEachSynonym() {
    let spellings = PlaceNameKey.spellings(of: ["st", "louis"])
    #expect(spellings.first?.text == "st louis")
    #expect(spellings.count == PlaceNameKey.synonymGroups[0].count)
    #expect(spellings.contains { $0.text == "saint louis" && $0.lastWritten })
    // A synonym put in for the last word is whole: it begins no longer word.
    let last = PlaceNameKey.spellings(of: ["fort", "st"])
    #expect(last.first! == ("fort st", true))
    #expect(last.contains { $0 == ("ft saint", false) } && last.contains { $0 == ("fort st", true) })
    #expect(last.count == 2 * PlaceNameKey.synonymGroups[0].count)
    #expect(PlaceNameKey.spellings(of: []).map(\.text) == [""])
  }

  /// A name of many such words would have millions of spellings.
  @Test func aNameOfManySynonymsHasBoundedSpellings() {
    let spellings = PlaceNameKey.spellings(of: Array(repeating: "san", count: 64))
    #expect(spellings.count == 64 && spellings.first?.text == Array(repeating: "san", count: 64).joined(separator: " "))
  }
}
