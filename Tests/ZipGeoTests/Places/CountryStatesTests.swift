import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// The states of each country, listed by the import in `zipgeo_settings`, which a search by name
/// with a state reads to pass over the places of countries without it.
@Suite struct CountryStatesTests {
  let folder: TemporaryFolder
  let dbPath: String

  init() throws {
    folder = try TemporaryFolder()
    dbPath = folder.path("world.db")
  }

  /// A GeoNames line of `country`, code `code`, place `place`, in the state `name` (`code`).
  static func line(_ country: String, _ code: String, _ place: String, state: (name: String, code: String)) -> String {
    [country, code, place, state.name, state.code, "", "", "", "", "10.5", "20.5", "4"].joined(separator: "\t") + "\n"
  }

  static let germany =
    line("DE", "80331", "Sankt Anna", state: ("Bayern", "BY"))
    + line("DE", "10115", "Sankt Bert", state: ("Berlin", "BE"))
  static let us =
    line("US", "75075", "Sankt Carl", state: ("Texas", "TX")) + line("US", "10001", "Sankt Dora", state: ("", ""))

  func importText(_ text: String) throws {
    let path = try folder.write("in.txt", text)
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath)) { _ in }
  }

  func lists() throws -> [String: [String]] {
    try CountryStates.load(from: ZipDatabase(readingAt: dbPath).database).byCountry
  }

  func places(state: String, country: String? = nil) throws -> [String] {
    try ZipDatabase(readingAt: dbPath).places(named: "sankt", country: country, state: state).map(\.zipCode.zip)
  }

  @Test func anImportListsTheStatesOfEachCountryAndNoneForACountryWithout() throws {
    try importText(Self.germany + Self.us)
    #expect(try lists() == ["DE": ["BE", "BY"], "US": ["TX"]])
    try importText(Self.line("FR", "75001", "Paris", state: ("", "")))
    // The countries kept keep their lists.
    #expect(try lists() == ["DE": ["BE", "BY"], "FR": [], "US": ["TX"]])
  }

  @Test func aStateNoCountryHasIsRefusedAndAStateIsFoundByItsCodeOrName() throws {
    try importText(Self.germany + Self.us)
    #expect(try places(state: "BY") == ["80331"])
    #expect(try places(state: "bayern") == ["80331"])
    #expect(try places(state: "Texas") == ["75075"])
    #expect(throws: ZipGeoError.unknownState(state: "QQ", path: "world.db", country: nil)) {
      try places(state: "QQ")
    }
    #expect(throws: ZipGeoError.unknownState(state: "TX", path: "world.db", country: "DE")) {
      try places(state: "TX", country: "DE")
    }
    #expect(
      "\(ZipGeoError.unknownState(state: "QQ", path: "world.db", country: "DE"))"
        == "no state or region 'QQ' of DE in world.db, by its code or its name")
  }

  @Test func aDatabaseWithoutListsIsSearchedRowByRowAsBefore() throws {
    try importText(Self.germany + Self.us)
    try ZipDatabase(writingAt: dbPath).database.execute("DELETE FROM zipgeo_settings WHERE name GLOB 'states.*'")
    #expect(try places(state: "BY") == ["80331"])
    #expect(try places(state: "QQ") == [])
  }

  @Test func listsAreNotTrustedOnceAnotherToolChangedTheRows() throws {
    try importText(Self.germany + Self.us)
    // Another tool moves Sankt Anna to a state no list names: the search still finds it there.
    try ZipDatabase(writingAt: dbPath).database.execute("UPDATE zips SET state = 'QQ' WHERE zip = '80331'")
    #expect(try places(state: "QQ") == ["80331"])
  }

  @Test func anImportListsTheStatesOfTheCountriesItKeepsWhenTheyHaveNoList() throws {
    try importText(Self.germany + Self.us)
    try ZipDatabase(writingAt: dbPath).database.execute("DELETE FROM zipgeo_settings WHERE name GLOB 'states.*'")
    // Only US rows: DE is kept, and its list made from its rows.
    try importText(Self.line("US", "75075", "Sankt Carl", state: ("Texas", "TX")))
    #expect(try lists() == ["DE": ["BE", "BY"], "US": ["TX"]])
  }

  @Test func aCountryWhoseStateHoldsALineEndHasNoListAndIsSearchedRowByRow() throws {
    var counter = CountryStates.Counter()
    counter.count(country: "DE", state: "B\nY")
    counter.count(country: "US", state: "TX")
    counter.count(country: "US", state: "TX")
    counter.count(country: "FR", state: nil)
    #expect(counter.states == ["DE": ["B\nY"], "US": ["TX"], "FR": []])
    try importText(Self.germany)
    let db = try ZipDatabase(writingAt: dbPath).database
    try db.execute("DELETE FROM zipgeo_settings WHERE name GLOB 'states.*'")
    try CountryStates.record(["DE": ["B\nY"]], imported: ["DE"], in: db)
    #expect(try lists() == [:])
  }
}
