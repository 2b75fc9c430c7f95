import Geodesy
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// The one search's rules, which the command line, the Swift API and the table functions share:
/// the centre code's own places, rows as near with the code's country first, and kinds left out.
@Suite struct CenteredSearchTests {
  let folder: TemporaryFolder
  let db: ZipDatabase

  /// GB EC1A 1BB, GB EC1A 1AA and a US military code at one point; FR 75008 of two places
  /// 2 km apart, and FR 75009 a hair from their mean.
  init() throws {
    folder = try TemporaryFolder()
    let rows = [
      ["GB", "EC1A 1BB", "London", "England", "ENG", "", "", "", "", "51.52", "-0.1", "6"],
      ["US", "09001", "APO AE", "", "AE", "", "", "", "", "51.52", "-0.1", "4"],
      ["GB", "EC1A 1AA", "London", "England", "ENG", "", "", "", "", "51.52", "-0.1", "6"],
      ["FR", "75008", "Paris 8 Nord", "Île-de-France", "11", "", "", "", "", "48.88", "2.30", "5"],
      ["FR", "75008", "Paris 8 Sud", "Île-de-France", "11", "", "", "", "", "48.86", "2.34", "5"],
      ["FR", "75009", "Paris 9", "Île-de-France", "11", "", "", "", "", "48.8700", "2.3200", "5"],
    ]
    let path = try folder.write("sample.txt", rows.map { $0.joined(separator: "\t") + "\n" }.joined())
    let dbPath = folder.path("sample.db")
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    db = try ZipDatabase(readingAt: dbPath)
  }

  /// The rows of the search from `code` within `km`, as `CC:zip place`, placing its own places
  /// as `placement` says.
  func rows(
    from code: String, km: Double, placement: CenteredSearch.OwnPlaces, kinds: Set<CodeKind>? = nil
  ) throws -> (rows: [String], leftOut: [CodeKind: Int]) {
    let found = try db.requirePostalCode(CodeReference(parsing: code))
    let query = try RadiusQuery(center: found.center, radius: Length(km, .kilometres))
    var search = try CenteredSearch(from: found, query: query, kinds: kinds, ownPlaces: placement)
    let hits = try search.allRows(on: db.database)
    return (hits.map { "\($0.zipCode.country):\($0.zipCode.zip) \($0.zipCode.place ?? "")" }, search.leftOut)
  }

  @Test(arguments: [CenteredSearch.OwnPlaces.first, .byDistance])
  func rowsAsNearAsTheCodeGiveItsOwnPlacesThenItsCountryThenTheRest(placement: CenteredSearch.OwnPlaces) throws {
    // By zip alone, 09001 would come before EC1A 1AA.
    #expect(
      try rows(from: "GB:EC1A 1BB", km: 1, placement: placement).rows == [
        "GB:EC1A 1BB London", "GB:EC1A 1AA London", "US:09001 APO AE",
      ])
  }

  @Test func theCommandLineGivesTheCodesOwnPlacesFirstAndTheTableFunctionsByDistance() throws {
    // 75008's places lie about 1.7 km from their mean, past the radius; 75009 lies at it.
    let first = try rows(from: "FR:75008", km: 0.5, placement: .first).rows
    #expect(first.map { $0.prefix(8) } == ["FR:75008", "FR:75008", "FR:75009"])
    let byDistance = try rows(from: "FR:75008", km: 0.5, placement: .byDistance).rows
    #expect(byDistance.map { $0.prefix(8) } == ["FR:75009", "FR:75008", "FR:75008"])
    #expect(Set(first) == Set(byDistance))
  }

  @Test func theTableFunctionGivesTheRowsTheEngineGivesByDistance() throws {
    let sql = try db.database.rows(
      "SELECT country || ':' || zip || ' ' || place FROM zipgeo_near('FR:75008', 0.5)"
    ).map { $0[0].string ?? "" }
    #expect(sql == (try rows(from: "FR:75008", km: 0.5, placement: .byDistance).rows))
    let london = try db.database.rows(
      "SELECT country || ':' || zip || ' ' || place FROM zipgeo_near('GB:EC1A 1BB', 1)"
    ).map { $0[0].string ?? "" }
    #expect(london == (try rows(from: "GB:EC1A 1BB", km: 1, placement: .byDistance).rows))
  }

  @Test func kindsLeftOutAreCountedAndTheCodesOwnPlacesAreAlwaysGiven() throws {
    let areas = try rows(from: "GB:EC1A 1BB", km: 1, placement: .first, kinds: [.area])
    #expect(areas.rows == ["GB:EC1A 1BB London", "GB:EC1A 1AA London"])
    #expect(areas.leftOut == [.military: 1])
    let military = try rows(from: "GB:EC1A 1BB", km: 1, placement: .first, kinds: [.military])
    #expect(military.rows == ["GB:EC1A 1BB London", "US:09001 APO AE"])
    #expect(military.leftOut == [.area: 1])
  }

  @Test func aLimitCountsTheCodesOwnPlacesWithTheRest() throws {
    let found = try db.requirePostalCode(CodeReference(parsing: "FR:75008"))
    for limit in 1...4 {
      let query = try RadiusQuery(center: found.center, radius: Length(0.5, .kilometres), limit: limit)
      var search = try CenteredSearch(from: found, query: query)
      let zips = try search.allRows(on: db.database).map(\.zipCode.zip)
      #expect(zips == Array(["75008", "75008", "75009"].prefix(limit)), "\(limit)")
    }
  }
}
