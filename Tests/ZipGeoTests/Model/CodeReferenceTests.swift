import Testing

@testable import ZipGeo

@Suite struct CodeReferenceTests {
  @Test func twoLettersAndAColonNameTheCountryInEitherCase() throws {
    #expect(try CodeReference(parsing: "DE:10115") == CodeReference(code: "10115", country: "DE"))
    #expect(try CodeReference(parsing: "de:10115") == CodeReference(code: "10115", country: "DE"))
    #expect(try CodeReference(parsing: "gB:SW1A 1AA") == CodeReference(code: "SW1A 1AA", country: "GB"))
    #expect(try CodeReference(parsing: "DE:10115").description == "DE:10115")
  }

  @Test func theCountryOfTheTextWinsOverTheDefault() throws {
    #expect(try CodeReference(parsing: "AU:3000", country: "CH") == CodeReference(code: "3000", country: "AU"))
    #expect(try CodeReference(parsing: "3000", country: "CH") == CodeReference(code: "3000", country: "CH"))
    #expect(try CodeReference(parsing: "3000") == CodeReference(code: "3000", country: nil))
  }

  @Test func anythingElseIsABareCodeKeptAsWritten() throws {
    for text in ["01001", "ABC:1", "A:1", "12:34", "D1:5", "L-1009", ":DE", "AD500", "DE :1", "Ä:1", "DE;1", "ﬁ:1"] {
      #expect(try CodeReference(parsing: text) == CodeReference(code: text, country: nil), "\(text)")
    }
  }

  @Test func aCountryWithoutACodeOrAnEmptyTextIsAnError() {
    #expect(throws: ZipGeoError.invalidCode(text: "DE:", reason: "it names the country DE but no code; write DE:CODE"))
    {
      try CodeReference(parsing: "DE:")
    }
    #expect(throws: ZipGeoError.invalidCode(text: "", reason: "it is empty")) { try CodeReference(parsing: "") }
    #expect(
      ZipGeoError.invalidCode(text: "de:", reason: "it names the country DE but no code; write DE:CODE").description
        == "'de:' is not a postal code: it names the country DE but no code; write DE:CODE")
  }

  /// `DE:DE:10115` was looked up as the code `DE:10115`, and the hint named 99998 as next to it.
  @Test func aCountryNamedTwiceIsAnError() throws {
    for (text, fix) in [("DE:DE:10115", "DE:10115"), ("de: us:90210", "DE:90210"), ("GB:GB:", "GB:")] {
      #expect(throws: ZipGeoError.invalidCode(text: text, reason: "it names a country twice; write \(fix)")) {
        try CodeReference(parsing: text)
      }
    }
    // A colon later in the code is the code's.
    #expect(try CodeReference(parsing: "DE:D1:5") == CodeReference(code: "D1:5", country: "DE"))
    #expect(try CodeReference(parsing: "DE:ABC:1") == CodeReference(code: "ABC:1", country: "DE"))
  }

  @Test func spacesAroundTheCodeOrAfterTheColonAreLeftOut() throws {
    #expect(try CodeReference(parsing: " DE:10115 ") == CodeReference(code: "10115", country: "DE"))
    #expect(try CodeReference(parsing: "DE: 10115") == CodeReference(code: "10115", country: "DE"))
    #expect(try CodeReference(parsing: " 01001\t") == CodeReference(code: "01001", country: nil))
    #expect(try CodeReference(parsing: "GB:SW1A 1AA") == CodeReference(code: "SW1A 1AA", country: "GB"))
    #expect(
      throws: ZipGeoError.invalidCode(text: "DE:  ", reason: "it names the country DE but no code; write DE:CODE")
    ) {
      try CodeReference(parsing: "DE:  ")
    }
    #expect(throws: ZipGeoError.invalidCode(text: "   ", reason: "it is empty")) { try CodeReference(parsing: "   ") }
  }
}
