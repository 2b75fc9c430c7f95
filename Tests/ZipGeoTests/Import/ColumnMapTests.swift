import CSV
import Testing

@testable import ZipGeo

@Suite struct ColumnMapTests {
  @Test func columnsAreFoundByNameInAnyOrderAndCase() throws {
    let map = try ColumnMap(header: ["Longitude", "extra", "ZIP_CODE", "Latitude", "City"])
    #expect(map.zip == 2)
    #expect(map.latitude == 3)
    #expect(map.longitude == 0)
    #expect(map.place == 4)
    #expect(map.state == nil)
    #expect(map.fieldCount == 5)
  }

  @Test func everyDocumentedNameIsAccepted() throws {
    for zip in ColumnMap.zipNames {
      for lat in ColumnMap.latitudeNames {
        for lon in ColumnMap.longitudeNames {
          let map = try ColumnMap(header: [zip, lat, lon])
          #expect((map.zip, map.latitude, map.longitude) == (0, 1, 2))
        }
      }
    }
    #expect(try ColumnMap(header: ["Zip Code", "lat", "lng"]).zip == 0)
    #expect(try ColumnMap(header: ["postal-code", "lat", "lng", "place_name"]).place == 3)
  }

  @Test func theStateAbbreviationWinsOverTheStateName() throws {
    // The GeoNames file has both `state` (full name) and `state_abbr`.
    let map = try ColumnMap(header: ["zip", "city", "state", "state_abbr", "county", "lat", "lng"])
    #expect(map.state == 3)
    #expect(map.county == 4)
  }

  @Test func aMissingLatitudeColumnIsNamed() {
    #expect(
      throws: ImportError.Problem("no latitude column: expected one of lat, latitude; the header has 'zip', 'lon'")
    ) {
      try ColumnMap(header: ["zip", "lon"])
    }
  }
}

extension ColumnMapTests {
  @Test func aGeoNamesCodeWithoutAdmin2TakesItsCountyFromAdmin3AsGermanCodesNeed() throws {
    let fields = "DE\t01945\tTettau\tBrandenburg\tBB\t\t00\tLandkreis Oberspreewald-Lausitz\t12066\t51.4333\t13.7333\t4"
    let zip = try ColumnMap.geoNames.zipCode(
      from: CSVRecord(line: 1, fields: fields.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
    )
    #expect(zip.county == "Landkreis Oberspreewald-Lausitz")
    #expect(zip.state == "BB")
    let us = "US\t75075\tPlano\tTexas\tTX\tCollin\t085\t\t\t33.025\t-96.7397\t4"
    let plano = try ColumnMap.geoNames.zipCode(
      from: CSVRecord(line: 1, fields: us.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)))
    #expect(plano.county == "Collin")
  }

  func geoNamesRecord(_ line: String) throws(ImportError.Problem) -> ZipCode {
    try ColumnMap.geoNames.zipCode(
      from: CSVRecord(line: 1, fields: line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)))
  }

  @Test func aGeoNamesRecordMayEndInEmptyFieldsButNotInAValue() throws {
    let melbourne = "AU\t3000\tMelbourne\tVictoria\tVIC\t\t\t\t\t-37.814\t144.9633\t4"
    #expect(try geoNamesRecord(melbourne + "\t").accuracy == 4)
    #expect(try geoNamesRecord(melbourne + "\t \t").place == "Melbourne")
    #expect(throws: ImportError.Problem("the line has 13 fields, a GeoNames record has 12: field 13 is 'extra'")) {
      try geoNamesRecord(melbourne + "\textra")
    }
    #expect(throws: ImportError.Problem("the line has 14 fields, a GeoNames record has 12: field 14 is '7'")) {
      try geoNamesRecord(melbourne + "\t\t7")
    }
    #expect(throws: ImportError.Problem("the line has 11 fields, a GeoNames record has 12")) {
      try geoNamesRecord(String(melbourne.dropLast(2)))
    }
  }

  @Test func aTabSeparatedHeaderIsToldWhatZipgeoReadsGeoNamesFilesIncluded() {
    #expect(
      throws: ImportError.Problem(
        "no zip code column: expected one of zip, zipcode, zip_code, postal_code, postcode; the header has"
          + " 'zip\\tlat\\tlon' (the file seems separated by tabs; zipgeo reads comma-separated values with a header,"
          + " or GeoNames files without one: 12 tab-separated columns, the first a country code, the 10th and 11th"
          + " latitude and longitude)")
    ) {
      try ColumnMap(header: ["zip\tlat\tlon"])
    }
  }
}

extension ColumnMapTests {
  @Test func aCountryCodeIsTwoASCIILettersInEitherCaseNeverALetterThatUpperCasesToTwo() throws {
    #expect(try ColumnMap.countryCode("de") == "DE")
    #expect(try ColumnMap.countryCode(" Ch ") == "CH")
    for text in ["ﬁ", "ß", "DEU", "D", "", "1A", "Dé", "D\u{0}"] {
      #expect(throws: ImportError.Problem.self, "\(text)") { try ColumnMap.countryCode(text) }
    }
  }

  @Test func aColumnIsFoundByItsNameAsWrittenElseAsTheImportReadsNames() {
    #expect(ColumnMap.field(named: "postcode", in: ["id", "PostCode", "postcode"]) == 2)
    #expect(ColumnMap.field(named: "postcode", in: ["id", " PostCode ", "city"]) == 1)
    #expect(ColumnMap.field(named: "post code", in: ["post-code"]) == 0)
    #expect(ColumnMap.field(named: "zip", in: ["zipcode"]) == nil)
  }

  @Test func aFilesCodesAreFoundUnderTheNamesTheImportKnows() {
    #expect(ColumnMap.zipField(in: ["name", "Postal Code", "zip"]) == 2)
    #expect(ColumnMap.zipField(in: ["name", "Postal Code"]) == 1)
    #expect(ColumnMap.zipField(in: ["name", "code"]) == nil)
  }
}
