import Foundation
import TestSupport
import Testing

@testable import ZipGeo

/// The per-country rules: how a code as people write it becomes the form the data holds, and how
/// a code finer than the data becomes the coarser code it holds.
@Suite struct PostalCodeFormatTests {
  func format(_ country: String) throws -> PostalCodeFormat { try #require(PostalCodeFormat.of(country)) }

  @Test func everyCountryOfTheWorldFileHasOneRowWhoseExampleHasItsFirstShape() {
    let countries = PostalCodeFormat.all.map(\.country)
    #expect(countries.count == 121 && Set(countries).count == 121)
    for format in PostalCodeFormat.all {
      #expect(format.fits(format.example), "\(format.country): \(format.example)")
      #expect(!format.shapes.isEmpty)
    }
  }

  @Test(arguments: [
    ("JP", "1000001", ["100-0001"]), ("JP", "100 0001", ["100-0001"]), ("PL", "00002", ["00-002"]),
    ("PT", "1000001", ["1000-001"]), ("CZ", "10000", ["100 00"]), ("SE", "100-04", ["100 04"]),
    ("LU", "1111", ["L-1111"]), ("LU", "l1111", ["L-1111"]), ("LU", "LU-1111", ["L-1111"]),
    ("LV", "1001", ["LV-1001"]), ("AZ", "az0100", ["AZ 0100"]), ("AD", "100", ["AD100"]),
    ("BR", "01000000", ["01000-000"]), ("GB", "sw1a", ["SW1A"]), ("CA", "k1a", ["K1A"]),
    ("FR", "01014cedex9", ["01014 CEDEX 9"]), ("AE", "0000462392", ["00004 62392"]),
    ("FK", "fiqq1zz", ["FIQQ 1ZZ"]), ("DE", "10115", []), ("DE", "1011", []), ("US", "", []),
  ])
  func aCodeAsWrittenBecomesTheFormsItsCountrysDataHolds(country: String, written: String, forms: [String]) throws {
    #expect(try format(country).forms(of: written) == forms)
  }

  @Test(arguments: [
    ("GB", "SW1A 1AA", ["SW1A", "SW1"]), ("GB", "sw1a1aa", ["SW1A", "SW1"]), ("GB", "M1 1AE", ["M1"]),
    ("GB", "EC1A", ["EC1"]), ("GB", "B1", []), ("JE", "JE2 3AB", ["JE2"]), ("CA", "K1A 0B1", ["K1A"]),
    ("CA", "K1A", []), ("NL", "1012 ab", ["1012"]), ("NL", "1012", []), ("IE", "D02 X285", ["D02"]),
    ("IE", "D6W XY12", ["D6W"]), ("US", "75075-1234", ["75075"]), ("US", "750751234", ["75075"]),
    ("US", "75075-123", []), ("MT", "VLT 1117", ["VLT"]), ("DE", "10115", []), ("BR", "01310-100", []),
  ])
  func aCodeFinerThanTheDataBecomesTheCoarserCodesItHolds(country: String, written: String, coarser: [String])
    throws
  {
    #expect(try format(country).coarserForms(of: written) == coarser)
  }

  /// docs/postcodes.md lists every country's rules: the same rows as the code's table.
  @Test func theDocumentedTableIsTheCodesTable() throws {
    let text = try String(
      contentsOf: repositoryFolder.appendingPathComponent("docs/postcodes.md"), encoding: .utf8)
    let rows = text.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| country") }
    let documented = rows.map { row in
      let cells = row.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      let shapes = cells[2].split(separator: ", ").map { String($0.dropFirst().dropLast()) }
      return "\(cells[1]) \(shapes) \(cells[3].dropFirst().dropLast()) \(!cells[4].isEmpty)"
    }
    let coded = PostalCodeFormat.all.map { "\($0.country) \($0.shapes) \($0.example) \($0.coarser != nil)" }
    #expect(documented == coded)
  }

  @Test func extremesOfTextAreNoCodeOfAnyCountry() {
    let texts = ["", " ", "-", "\u{0}", "ÿ", "١٠١١٥", String(repeating: "9", count: 100_000), "１０１１５"]
    for format in PostalCodeFormat.all {
      for text in texts {
        #expect(format.coarserForms(of: text).isEmpty, "\(format.country)")
        #expect(format.forms(of: text).allSatisfy(format.fits), "\(format.country)")
      }
    }
  }
}

/// Every code of the world file finds itself however it is typed: in lower case, without its
/// separators, with its country (`PostalCodeFormat` over every code; the lookup itself over a
/// sample of them and the forms people write).
@Suite struct PostalCodeFormatWorldTests {
  let db: ZipDatabase

  init() throws { db = try ZipDatabase(readingAt: try WorldDatabase.path()) }

  /// The code with its letters in lower case and without spaces or hyphens.
  static func retyped(_ code: String) -> String {
    String(code.lowercased().filter { $0 != " " && $0 != "-" })
  }

  @Test func everyCodeOfTheWorldRetypedIsAFormOfItselfInItsCountrysData() throws {
    let codes = try db.database.rows("SELECT DISTINCT country, zip FROM zips").map {
      ($0[0].string ?? "", $0[1].string ?? "")
    }
    #expect(codes.count > 1_000_000)
    var missed: [String] = []
    for (country, code) in codes {
      let format = try #require(PostalCodeFormat.of(country), "\(country)")
      let retyped = Self.retyped(code)
      if retyped != code && !format.forms(of: retyped).contains(code) { missed.append("\(country):\(code)") }
    }
    #expect(missed.isEmpty, "\(missed.count): \(missed.prefix(20))")
  }

  /// A code without a country is tried only against the countries whose rules may find it: any
  /// other country's rules give it no form and no coarser code, for a sample of the world's codes
  /// as stored and retyped, with and without its country's code in front, and for random keys.
  @Test func aCodeWithoutACountryIsTriedAgainstEveryCountryWhoseRulesMayFindIt() throws {
    var keys = Set<[UInt8]>()
    for row in try db.database.rows("SELECT DISTINCT country, zip FROM zips WHERE id % 101 = 0") {
      let (country, code) = (row[0].string ?? "", row[1].string ?? "")
      // With what finer codes add (an inward code, a ZIP+4, the Dutch letters) too.
      for written in [
        code, Self.retyped(code), country + code, country + "-" + code, code + "1AA", code + "1234", code + "AB",
      ] {
        if let key = PostalCodeFormat.shortKey(written) { keys.insert(key) }
      }
    }
    var random = SeededGenerator(seed: 41)
    let characters = Array("ABCDEGKLNSVX0123456789".utf8)
    for _ in 0..<20_000 {
      keys.insert((0..<Int.random(in: 1...12, using: &random)).map { _ in characters.randomElement(using: &random)! })
    }
    #expect(keys.count > 50_000)
    var wrong: [String] = []
    for key in keys {
      let tried = Set(PostalCodeFormat.candidates(forKey: key).map(\.country))
      let written = String(decoding: key, as: UTF8.self)
      for format in PostalCodeFormat.all where !tried.contains(format.country) {
        if !format.forms(ofKey: key, written: written).isEmpty || !format.coarserForms(ofKey: key).isEmpty
          || (format.coarser == .cityRange && format.fits(written))
        {
          wrong.append("\(format.country): \(written)")
        }
      }
    }
    #expect(wrong.isEmpty, "\(wrong.count): \(wrong.prefix(10))")
  }

  @Test func aSampleOfTheWorldsCodesRetypedFindsItselfThroughTheLookup() throws {
    let codes = try db.database.rows("SELECT DISTINCT country, zip FROM zips WHERE id % 211 = 0")
      .map { ($0[0].string ?? "", $0[1].string ?? "") }
    #expect(codes.count > 4_000)
    for (country, code) in codes {
      let found = try db.postalCode(CodeReference(code: Self.retyped(code), country: country))
      #expect(found?.code == code && found?.country == country && found?.resolution == nil, "\(country):\(code)")
    }
  }

  @Test(
    arguments: [
      ("SW1A 1AA", nil, "GB", "SW1A", true), ("sw1a1aa", nil, "GB", "SW1A", true), ("K1A 0B1", nil, "CA", "K1A", true),
      ("1012 AB", nil, "NL", "1012", true), ("75075-1234", nil, "US", "75075", true),
      ("l-1111", nil, "LU", "L-1111", false),
      ("1000001", "JP", "JP", "100-0001", false), ("D02 X285", nil, "IE", "D02", true),
      ("01310-100", nil, "BR", "01000-000", true),
      ("k1a", nil, "CA", "K1A", false), ("ec1a 1bb", nil, "GB", "EC1A", true), ("75075", nil, "US", "75075", false),
    ] as [(String, String?, String, String, Bool)])
  func aCodeAsPeopleWriteItFindsTheCodeTheDataHolds(
    written: String, country: String?, foundCountry: String, code: String, coarser: Bool
  ) throws {
    let found = try #require(try db.postalCode(CodeReference(parsing: written, country: country)))
    #expect(found.country == foundCountry && found.code == code)
    #expect((found.resolution != nil) == coarser)
    if coarser {
      #expect(found.resolution?.description.hasPrefix("\(written): the \(foundCountry) data holds ") == true)
      #expect(found.resolution?.description.hasSuffix("; using \(code)") == true)
    }
  }

  @Test func aFormatTwoCountriesShareIsAnErrorNamingThem() throws {
    #expect(
      throws: ZipGeoError.ambiguousCode(code: "1000001", countries: ["JP", "PT"], places: ["Chiyoda", "Lisboa"])
    ) {
      try db.postalCode(CodeReference(parsing: "1000001"))
    }
    #expect(try db.postalCode(CodeReference(parsing: "1000001", country: "PT"))?.code == "1000-001")
  }

  @Test func aCodeOfNoShapeOfAnyCountryIsNotFound() throws {
    for text in ["AB1 2CD", "ZZZZZZZZ", "", "-", String(repeating: "9", count: 10_000)] {
      #expect(try db.postalCode(CodeReference(code: text)) == nil, "\(text.prefix(20))")
    }
  }
}
