import Testing

@testable import ZipGeo

@Suite struct GeoNamesRecordsTests {
  @Test func aGeoNamesLineIsRecognised() {
    #expect(
      GeoNamesRecords.isRecord("DE\t01945\tTettau\tBrandenburg\tBB\t\t00\tLandkreis\t12066\t51.4333\t13.7333\t4"))
    #expect(GeoNamesRecords.isRecord("AU\t3000\tMelbourne\tVictoria\tVIC\t\t\t\t\t-37.814\t144.9633\t"))
  }

  @Test func aGeoNamesLineWithALowerCaseCountryOrMoreThan12FieldsIsRecognisedForItsRowsToBeChecked() {
    let tettau = "DE\t01945\tTettau\tBrandenburg\tBB\t\t00\tLandkreis\t12066\t51.4333\t13.7333\t4"
    #expect(GeoNamesRecords.isRecord("de" + tettau.dropFirst(2)))
    #expect(GeoNamesRecords.isRecord(tettau + "\t"))
    #expect(GeoNamesRecords.isRecord(tettau + "\textra"))
  }

  @Test func otherLinesAreNot() {
    #expect(!GeoNamesRecords.isRecord("zip,place,state,county,lat,lon"))
    #expect(!GeoNamesRecords.isRecord("DE\t01945\tTettau\tBrandenburg\tBB\t\t00\tLandkreis\t12066\tlat\t13.7333\t4"))
    #expect(!GeoNamesRecords.isRecord("DE\t01945\tTettau\tBrandenburg\tBB\t\t00\tLandkreis\t51.4333\t13.7333\t4"))
    #expect(
      !GeoNamesRecords.isRecord("DEU\t01945\tTettau\tBrandenburg\tBB\t\t00\tLandkreis\t12066\t51.4333\t13.7333\t4"))
    #expect(!GeoNamesRecords.isRecord("zip\tplace\tstate\tcounty\tlat\tlon\ta\tb\tc\td\te\tf"))
  }
}
