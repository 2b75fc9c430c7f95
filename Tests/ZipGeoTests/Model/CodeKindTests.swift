import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// What a code is for, by the documented rule of its country.
@Suite struct CodeKindTests {
  func kind(_ zip: String, _ place: String?, _ country: String, _ accuracy: Int? = 4) -> CodeKind {
    CodeKind.classify(zip: zip, place: place, country: country, accuracy: accuracy).kind
  }

  @Test func militaryCodesAreUSPlacesNamedAPOFPOOrDPO() {
    for place in ["APO AE", "FPO AE", "APO AA", "FPO AP", "DPO AE", "APO", "APO STA"] {
      #expect(kind("09421", place, "US") == .military, "\(place)")
    }
    for place in ["Apollo Beach", "Apopka", "APO XX", "APO AE 1", "apo ae", "", nil] as [String?] {
      #expect(kind("33572", place, "US") == .area, "\(place ?? "nil")")
    }
    // The rule is the US's: another country's APO is a place.
    #expect(kind("1234", "APO AE", "PH") == .area)
  }

  @Test func cedexCodesAreCodesOfFrancesPostWithTheWordCEDEX() {
    #expect(kind("75060 CEDEX 02", "Paris 02", "FR") == .cedex)
    #expect(kind("97405 CEDEX", "Saint-Denis", "RE") == .cedex)
    #expect(kind("75008", "Paris 08", "FR") == .area)
    #expect(kind("CEDEXVILLE", "x", "FR") == .area)
    // Not France's post: no CEDEX rule.
    #expect(kind("75060 CEDEX 02", "x", "ES") == .area)
  }

  @Test func germanCodesOfAccuracyZeroAreOrganisations() {
    #expect(kind("79574", "Endress + Hauser (Deutschland) GmbH+Co. KG", "DE", 0) == .organisation)
    #expect(kind("79576", "Weil am Rhein", "DE", 4) == .area)
    #expect(kind("79576", "Weil am Rhein", "DE", nil) == .area)
    // Accuracy 0 is only a German rule (Japan's and Ireland's codes have it as areas).
    #expect(kind("100-0001", "Chiyoda", "JP", 0) == .area)
  }

  @Test func placesThatNamePOBoxesArePOBoxesInEveryCountry() {
    for place in [
      "Bristol (PO Boxes)", "Santa Cruz P.O. Box", "Makati CPO-PO Box# 1000 to 1099", "P. O. Box 12", "POBox",
      "Postfach Berlin",
    ] {
      #expect(kind("1", place, "PH") == .poBox, "\(place)")
    }
    for place in ["Box Hill", "Campo Boxi", "Boxford", "Tinderbox", "Po Valley", "Dime Box"] {
      #expect(kind("1", place, "GB") == .area, "\(place)")
    }
  }

  /// The one-pass scan that lets most places skip the words of `namesPOBoxes` says yes exactly
  /// when the place holds "box" or "postfach" in any case: at its start, its end, overlapping, in
  /// one byte or none, among bytes that are not letters.
  @Test func theScanForPOBoxWordsFindsThemWhereverTheyAre() {
    func reference(_ bytes: [UInt8]) -> Bool {
      let lower = String(decoding: bytes.map { (65...90).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
      return lower.contains("box") || lower.contains("postfach")
    }
    let alphabet = Array("bBoOxXpPsStTfFaAcChH .".utf8) + [0, 0x58 ^ 0x80, 0xC3, 0xA9]
    var generator = SystemRandomNumberGenerator()
    var cases: [[UInt8]] = [
      [], Array("x".utf8), Array("bo".utf8), Array("BOX".utf8), Array("postfac".utf8),
      Array("POSTFACH".utf8), Array("bobox".utf8), Array("postpostfach".utf8), Array("xbox".utf8),
    ]
    for _ in 0..<20_000 {
      cases.append(
        (0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }
    for bytes in cases {
      let found = bytes.withUnsafeBufferPointer { CodeKind.mayNamePOBoxes($0) }
      #expect(found == reference(bytes), "\(bytes)")
    }
  }

  @Test func kindsAreReadFromTheirNamesOrAll() {
    #expect(CodeKind.parse("area") == [.area])
    #expect(CodeKind.parse(" Military , cedex") == [.military, .cedex])
    #expect(CodeKind.parse("all") == Set(CodeKind.allCases))
    #expect(CodeKind.parse("po-box") == [.poBox])
    for bad in ["", ",", "areas", "area,", "\u{0}", String(repeating: "a,", count: 10_000)] {
      #expect(CodeKind.parse(bad) == nil, "\(bad.prefix(10))")
    }
  }

  @Test func everyRuleIsDescribedAndNamesItsCountries() {
    for rule in CodeKind.rules {
      #expect(!rule.description.isEmpty && rule.kind != .area)
      #expect(rule.countries.isEmpty || rule.description.hasPrefix(rule.countries.contains("FR") ? "FR" : rule.name))
    }
  }

  /// Every country of the world file is judged: the codes of a few are not all areas, by the
  /// rules of their countries (and the PO box rule of every country), and those of the 111
  /// others are all areas, no rule of theirs needed. A country whose rows change kind fails here.
  @Test func everyCountryOfTheWorldFileHasItsKindsByARuleOrOnlyAreas() throws {
    let db = try ZipDatabase(readingAt: WorldDatabase.path()).database
    var kinds: [String: [CodeKind: Int]] = [:]
    var countries: Set<String> = []
    for row in try db.rows("SELECT zip, place, country, accuracy FROM zips") {
      let country = row[2].string!
      countries.insert(country)
      let kind = self.kind(row[0].string!, row[1].string, country, row[3].int64.map { Int($0) })
      if kind != .area { kinds[country, default: [:]][kind, default: 0] += 1 }
    }
    #expect(countries.count == 121)
    #expect(
      kinds == [
        "US": [.military: 511], "FR": [.cedex: 14_332], "GF": [.cedex: 52], "GP": [.cedex: 72],
        "MQ": [.cedex: 65], "RE": [.cedex: 114], "DE": [.organisation: 8_247], "PH": [.poBox: 203],
        "GB": [.poBox: 2], "CA": [.poBox: 1],
      ])
    // Each country-specific rule finds codes in the file.
    for rule in CodeKind.rules where !rule.countries.isEmpty {
      #expect(rule.countries.contains { kinds[$0]?[rule.kind] != nil }, "\(rule.name)")
    }
  }
}
