import CSV
import TestSupport
import Testing

@testable import ZipGeo

@Suite struct ColumnMapValidationTests {
  let map: ColumnMap

  init() throws {
    map = try ColumnMap(header: ["zip", "place", "state", "county", "lat", "lon"])
  }

  func check(_ fields: [String]) throws(ImportError.Problem) -> ZipCode {
    try map.zipCode(from: CSVRecord(line: 2, fields: fields))
  }

  @Test func aGoodRowBecomesAZipCodeWithItsLeadingZero() throws {
    let zip = try check(["01001", "Agawam", "MA", "Hampden", "42.0702", "-72.6227"])
    #expect(zip.zip == "01001")
    #expect(zip.coordinate.latitude == 42.0702)
    #expect(zip.coordinate.longitude == -72.6227)
  }

  @Test func emptyOptionalFieldsBecomeNil() throws {
    let zip = try check(["09001", "APO AA", "", " ", "38.1105", "15.6613"])
    #expect(zip.state == nil)
    #expect(zip.county == nil)
  }

  @Test func spacesAroundValuesAreIgnored() throws {
    let zip = try check([" 75075 ", "Plano", "TX", "Collin", " 33.025 ", "-96.7397 "])
    #expect(zip.zip == "75075")
    #expect(zip.coordinate.latitude == 33.025)
  }

  @Test func anEmptyZipIsRefused() {
    #expect(throws: ImportError.Problem("zip is empty")) { try check(["", "x", "", "", "1", "2"]) }
  }

  @Test func latitudesOutsideTheRangeAreRefusedWithTheValue() {
    #expect(throws: ImportError.Problem("latitude '91.5' is outside [-90, 90]")) {
      try check(["1", "", "", "", "91.5", "0"])
    }
    #expect(throws: ImportError.Problem("longitude '-180.5' is outside [-180, 180]")) {
      try check(["1", "", "", "", "0", "-180.5"])
    }
  }

  @Test func onlyPlainDecimalNumbersAreCoordinates() {
    for bad in ["NaN", "nan", "inf", "-Infinity", "0x1p3", "33,025", "1e999", "1.2.3", ".", "-", "e5", "12a", "1e"] {
      #expect(throws: ImportError.Problem.self, "\(bad)") { try check(["1", "", "", "", bad, "0"]) }
    }
    for good in ["33", "-33.5", "+33.5", ".5", "5.", "1e1", "-1.5E+1", "0"] {
      #expect(throws: Never.self, "\(good)") { _ = try check(["1", "", "", "", good, "0"]) }
    }
  }

  @Test func emptyCoordinatesAreNamed() {
    #expect(throws: ImportError.Problem("longitude is empty")) { try check(["1", "", "", "", "1", ""]) }
  }

  @Test func aRowWithTheWrongNumberOfFieldsIsRefused() {
    #expect(throws: ImportError.Problem("the line has 5 fields, the header has 6")) {
      try check(["1", "", "", "1", "2"])
    }
    #expect(throws: ImportError.Problem("the line has 7 fields, the header has 6")) {
      try check(["1", "", "", "", "1", "2", "extra"])
    }
  }
}

extension ColumnMapValidationTests {
  /// A row's state name beside its code, for the regions table: none when it is the code, in
  /// whatever Unicode form either is written.
  @Test func aStateNameIsNoneWhenItIsTheCodeInAnyUnicodeForm() throws {
    let map = try ColumnMap(header: ["zip", "lat", "lon", "state_code", "state_name"])
    func name(_ code: String, _ name: String) throws -> String? {
      try CSVRecord(line: 2, fields: ["1", "10", "10", code, name]).withFields { fields in
        Result { () throws(ImportError.Problem) in try map.stateName(in: fields) }
      }.get()
    }
    #expect(try name("TX", "Texas") == "Texas")
    #expect(try name("TX", " TX ") == nil)
    #expect(try name("\u{C5}", "A\u{30A}") == nil, "Å written as one character and as A and a ring")
    #expect(try name("A\u{30A}", "\u{C5}") == nil)
    #expect(try name("\u{C5}", "\u{C5}land") == "\u{C5}land")
    #expect(try name("", "Texas") == nil && name("TX", "") == nil)
  }

  /// The countries table counts codes as the unique zip index tells them apart: by their bytes,
  /// so that `Å` in its two Unicode forms is two codes, as it is two rows (`count(DISTINCT zip)`).
  @Test func codesInTwoUnicodeFormsAreCountedAsTwoAsTheIndexKeepsThem() throws {
    let folder = try TemporaryFolder()
    let file = try folder.write("forms.csv", "zip,lat,lon\nA\u{30A},10,10\n\u{C5},11,11\n")
    let path = folder.path("forms.db")
    _ = try Importer().importFiles([file], intoDatabaseAt: path)
    let db = try ZipDatabase(readingAt: path)
    #expect(try db.countries().map { "\($0.country) \($0.places) \($0.codes)" } == ["US 2 2"])
    #expect(try db.database.scalar("SELECT count(DISTINCT zip) FROM zips")?.int64 == 2)
  }
}
