import Foundation
import TestSupport
import Testing

@testable import ZipGeo

/// Codes as a column of a file writes them: each is a code found or a stable reason, never an
/// error that would stop the next.
@Suite struct CodeLookupTests {
  let folder: TemporaryFolder
  /// DE 01945 (9 places), DE 10115, AU 3000, CH 3000 (Bern 9), CH 6719, and US 02134, 75075.
  let mixed: ZipDatabase
  /// US 02134, 00501, 75075 alone.
  let us: ZipDatabase

  init() throws {
    folder = try TemporaryFolder()
    let usCSV = try folder.write(
      "us.csv",
      "zip,lat,lon,place,state\n02134,42.3537,-71.1327,Allston,MA\n00501,40.8154,-73.0451,Holtsville,NY\n"
        + "75075,33.025,-96.7397,Plano,TX\n")
    _ = try Importer().importFile(usCSV, into: try ZipDatabase(writingAt: folder.path("us.db")))
    us = try ZipDatabase(readingAt: folder.path("us.db"))
    let rows =
      ImporterCountryTests.german01945 + [
        ImporterCountryTests.melbourne, ImporterCountryTests.bern, ImporterCountryTests.aquila,
        ["DE", "10115", "Berlin", "Berlin", "BE", "", "00", "Berlin, Stadt", "11000", "52.5323", "13.3846", "6"],
        ["US", "02134", "Allston", "Massachusetts", "MA", "", "", "", "", "42.3537", "-71.1327", "4"],
        ["US", "75075", "Plano", "Texas", "TX", "", "", "", "", "33.025", "-96.7397", "4"],
      ]
    let world = try folder.write("world.txt", ImporterCountryTests.geoNames(rows))
    _ = try Importer().importFile(world, into: try ZipDatabase(writingAt: folder.path("mixed.db")))
    mixed = try ZipDatabase(readingAt: folder.path("mixed.db"))
  }

  @Test func aCodeIsFoundAsZipgeoInfoFindsIt() throws {
    let found = try mixed.lookUp(" de:10115 ")
    #expect(found.code?.description == "DE:10115" && found.failure == nil && !found.restoredLeadingZeros)
    #expect(try mixed.lookUp("10115", country: " de ").code?.places[0].place == "Berlin")
    #expect(try mixed.lookUp("01945", country: "DE").code?.places.count == 9)
    // The prefix wins over the country given beside it, as for CodeReference.
    #expect(try mixed.lookUp("CH:3000", country: "AU").code?.country == "CH")
  }

  @Test(
    arguments: [
      ("", nil, CodeLookup.Failure.empty), ("   ", nil, .empty), ("DE:", nil, .invalid), ("DE:DE:1", nil, .invalid),
      ("99999", nil, .unknown), ("DE:99999", nil, .unknown), ("3000", nil, .ambiguous), ("3000", "FR", .unknownCountry),
      ("FR:75001", nil, .unknownCountry), ("10115", "Germany", .invalidCountry), ("10115", "D", .invalidCountry),
    ] as [(String, String?, CodeLookup.Failure)])
  func aCodeNotFoundSaysWhyInOneStableWord(written: String, country: String?, failure: CodeLookup.Failure) throws {
    let lookup = try mixed.lookUp(written, country: country)
    #expect(lookup.failure == failure)
    #expect(lookup.code == nil)
  }

  @Test func theReasonsAreTheWordsScriptsRead() {
    #expect(
      CodeLookup.Failure.allCases.map(\.rawValue) == [
        "empty", "invalid", "invalid country", "unknown country", "unknown", "ambiguous",
      ])
  }

  @Test func aSharedCodeIsTheHomeCountrys() throws {
    mixed.homeCountry = "CH"
    #expect(try mixed.lookUp("3000").code?.country == "CH")
  }

  @Test func aCodeThatLostItsLeadingZerosIsFoundWhereItsCountryIsKnown() throws {
    // A database of US codes alone: the country is known.
    let alone = try us.lookUp("2134")
    #expect(alone.code?.code == "02134" && alone.restoredLeadingZeros)
    #expect(try us.lookUp("501").code?.code == "00501")
    // A database of several countries: only where the country is said to be the US.
    let given = try mixed.lookUp("2134", country: "us")
    #expect(given.code?.description == "US:02134" && given.restoredLeadingZeros)
    #expect(try mixed.lookUp("US:2134").code?.code == "02134")
    let bare = try mixed.lookUp("2134")
    #expect(bare.failure == .unknown && bare.suggestion == "US:02134")
    // No US code 09999: nothing to restore nor suggest.
    let none = try us.lookUp("9999")
    #expect(none.failure == .unknown && none.suggestion == nil && !none.restoredLeadingZeros)
    // Four digits of another country are that country's to have.
    #expect(try mixed.lookUp("2134", country: "DE").suggestion == nil)
  }

  @Test func aCodeFinerThanTheDataBecomesTheCoarserCodeAndSaysSo() throws {
    let found = try us.lookUp("75075-1234")
    #expect(found.code?.code == "75075")
    #expect(found.code?.resolution?.description == "75075-1234: the US data holds five-digit ZIP codes; using 75075")
  }
}
