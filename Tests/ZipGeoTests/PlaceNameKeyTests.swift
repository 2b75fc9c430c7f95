import Testing

@testable import ZipGeo

/// Place names fold to one form: lower case, no diacritics, words apart by single spaces.
@Suite struct PlaceNameKeyTests {
  @Test func caseAndDiacriticsDoNotMatter() {
    for (written, folded) in [
      ("München", "munchen"), ("MÜNCHEN", "munchen"), ("Munchen", "munchen"), ("Mu\u{0308}nchen", "munchen"),
      ("São Paulo", "sao paulo"), ("SAO PAULO", "sao paulo"), ("Zürich", "zurich"), ("Kraków", "krakow"),
      ("Ærøskøbing", "aeroskobing"), ("Großenhain", "grossenhain"), ("Łódź", "lodz"), ("İstanbul", "istanbul"),
      ("Þórshöfn", "thorshofn"), ("Hà Nội", "ha noi"), ("Ｔｏｋｙｏ", "tokyo"), ("Saint-Mauriceﬁeld", "saint mauricefield"),
    ] {
      #expect(PlaceNameKey(written).text == folded, "\(written)")
    }
  }

  @Test func punctuationSeparatesWordsAndNothingLeadsOrTrails() {
    #expect(PlaceNameKey("  L'Aquila ").text == "l aquila")
    #expect(PlaceNameKey("Frankfurt (Oder)").text == "frankfurt oder")
    #expect(PlaceNameKey("Saint-Étienne--du\tRouvray").text == "saint etienne du rouvray")
    #expect(PlaceNameKey("Hawaiʻi").text == "hawaii")
    #expect(PlaceNameKey("Paris 01").words == ["paris", "01"])
  }

  @Test func otherScriptsKeepTheirLettersInLowerCase() {
    #expect(PlaceNameKey("МОСКВА").text == "москва")
    #expect(PlaceNameKey("東京都").text == "東京都")
    #expect(PlaceNameKey("Αθήνα").text == "αθηνα")
  }

  @Test func aNameWithNoLetterOrDigitIsEmpty() {
    for written in ["", " ", "\0", "\0\0x\0", "-- '' ()", "😀", "\u{301}"] where written != "\0\0x\0" {
      #expect(PlaceNameKey(written).isEmpty, "\(written.unicodeScalars.map(\.value))")
    }
    #expect(PlaceNameKey("\0\0x\0").text == "x")
  }

  @Test func aLongNameFoldsWhole() {
    let long = String(repeating: "Ab-", count: 300_000)
    let key = PlaceNameKey(long)
    #expect(key.words.count == 300_000)
    #expect(key.text.utf8.count == 300_000 * 3 - 1)
  }

  @Test func theyOrderAsSQLiteComparesTexts() {
    #expect(PlaceNameKey("a") < PlaceNameKey("ab"))
    #expect(PlaceNameKey("z") < PlaceNameKey("Ж!"))
    #expect(PlaceNameKey("ab").begins(with: PlaceNameKey("A")))
  }
}
