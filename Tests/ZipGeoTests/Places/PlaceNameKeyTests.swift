import TestSupport
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

  @Test func bytesThatAreNotUTF8SeparateWordsAsTheReplacementCharacterDoes() {
    for bytes: [UInt8] in [
      [0xC3, 0x41], [0x61, 0xFF, 0x62], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3, 0xBC, 0x80, 0x7A],
    ] {
      var folded: [UInt8] = []
      PlaceNameKey.fold(bytes: bytes, into: &folded)
      #expect(folded == Array(PlaceNameKey(String(decoding: bytes, as: UTF8.self)).text.utf8), "\(bytes)")
    }
    var folded: [UInt8] = []
    PlaceNameKey.fold(bytes: [0x61, 0xFF, 0x62], into: &folded)
    #expect(folded == Array("a b".utf8))
  }

  /// One folder for a million names, as an import uses it: what it remembers of each letter
  /// never changes how a later name folds.
  @Test func aFolderThatRemembersLettersFoldsEachNameAsAFreshOneWould() {
    var random = SeededGenerator(seed: 31)
    let pieces = ["ü", "Ü", "a", "B", " ", "-", "ß", "東", "İ", "\u{301}", "ﬁ", "Ж", "'", "1", "Ａ", "ø"]
    var remembering = PlaceNameKey.Folder()
    for _ in 0..<3_000 {
      let name = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
      var folded: [UInt8] = []
      remembering.fold(bytes: Array(name.utf8), into: &folded)
      var fresh: [UInt8] = []
      PlaceNameKey.fold(bytes: Array(name.utf8), into: &fresh)
      #expect(folded == fresh, "\(name)")
    }
  }

  @Test func theyOrderAsSQLiteComparesTexts() {
    #expect(PlaceNameKey("a") < PlaceNameKey("ab"))
    #expect(PlaceNameKey("z") < PlaceNameKey("Ж!"))
    #expect(PlaceNameKey("ab").begins(with: PlaceNameKey("A")))
  }
}
