import Foundation
import Geodesy
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// `zipgeo_distances`: `distance()` and `geodesic_distance()` over blobs of floats, the same
/// distance to the last bit, with the element named in an error.
@Suite struct SQLDistancesTests {
  let db: Database

  init() throws {
    db = try Database.inMemory()
    try SQLFunctions.register(on: db)
  }

  static func blob(_ values: [Double]) -> DatabaseValue {
    .blob(values.flatMap { value in withUnsafeBytes(of: value) { Array($0) } })
  }

  static func floats(_ value: DatabaseValue?) -> [Double]? {
    guard case .blob(let bytes) = value else { return nil }
    return stride(from: 0, to: bytes.count, by: 8).map { start in
      bytes[start..<start + 8].withUnsafeBytes { $0.loadUnaligned(as: Double.self) }
    }
  }

  func distances(_ columns: [DatabaseValue], _ tail: String = "") throws -> [Double]? {
    Self.floats(try db.scalar("SELECT zipgeo_distances(?, ?, ?, ?\(tail))", columns))
  }

  @Test func eachDistanceIsTheScalarFunctionsToTheLastBitForEveryUnitAndModel() throws {
    var random = SeededGenerator(seed: 56)
    var points: [[Double]] = [
      [0, 0, 0, 180], [90, 0, -90, 0], [90, 10, 90, -170], [0, 179.9999, 0, -179.9999], [-0.0, -0.0, 0, 0],
      [33.025, -96.7397, 33.025, -96.7397], [45, 1e300, -45, -1e300], [10, 540, 10, -900], [0, 0, 1e-12, 0],
    ]
    for _ in 0..<20_000 {
      points.append([
        Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random),
        Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random),
      ])
    }
    let columns = (0..<4).map { column in Self.blob(points.map { $0[column] }) }
    for (function, model) in [("distance", "sphere"), ("geodesic_distance", "wgs84")] {
      for unit in ["km", "m", "mi", "nmi", "ft"] {
        let found = try #require(try distances(columns, ", '\(unit)', '\(model)'"))
        #expect(found.count == points.count)
        let statement = try db.prepare("SELECT \(function)(?, ?, ?, ?, '\(unit)')")
        for (index, point) in points.enumerated() {
          let expected = try #require(try statement.scalar(point)?.double)
          #expect(found[index].bitPattern == expected.bitPattern, "\(function) \(unit) \(point)")
        }
      }
    }
    // Kilometres on the sphere unless told otherwise.
    #expect(try distances(columns) == (try distances(columns, ", 'km', 'sphere'")))
  }

  @Test func aNumberStandsForEveryElementAndAnEmptyBlobGivesAnEmptyBlob() throws {
    let lats = Self.blob([40.7484, 42.3601, 33.025])
    let lons = Self.blob([-73.9967, -71.0589, -96.7397])
    let found = try #require(try distances([lats, lons, .real(33.025), .integer(-96)]))
    for (index, (lat, lon)) in [(40.7484, -73.9967), (42.3601, -71.0589), (33.025, -96.7397)].enumerated() {
      #expect(found[index] == (try db.scalar("SELECT distance(?, ?, 33.025, -96)", [lat, lon])?.double))
    }
    #expect(try distances([Self.blob([]), Self.blob([]), .real(0), .real(0)]) == [])
    #expect(try distances([.real(0), .real(0), .real(0), .real(90)])?.count == 1)
    #expect(try db.scalar("SELECT zipgeo_distances(NULL, 0, 0, 0)") == .null)
  }

  @Test func aPairWithANaNIsNaNAndTheOthersAreMeasured() throws {
    let found = try #require(
      try distances([Self.blob([.nan, 0, 1]), Self.blob([0, .nan, 1]), Self.blob([0, 0, .nan]), .real(0)]))
    #expect(found.count == 3 && found.allSatisfy(\.isNaN))
    let mixed = try #require(try distances([Self.blob([.nan, 0]), .real(0), .real(0), .real(90)]))
    #expect(mixed[0].isNaN && abs(mixed[1] - 6371.0088 * Double.pi / 2) < 1e-9)
  }

  @Test func aPointOffTheEarthIsAnErrorNamingTheArgumentAndTheElement() throws {
    let cases: [([DatabaseValue], String)] = [
      ([Self.blob([0, 95]), .real(0), .real(0), .real(0)], "zipgeo_distances(): lat1[1] is 95.0, outside [-90, 90]"),
      (
        [.real(0), .real(0), .real(0), Self.blob([1, 2, .infinity])],
        "zipgeo_distances(): lon2[2] is inf, not a finite number"
      ),
      (
        [.real(0), .real(0), Self.blob([-1e308]), .real(0)],
        "zipgeo_distances(): lat2[0] is -1e+308, outside [-90, 90]"
      ),
      (
        [.blob([1, 2, 3]), .real(0), .real(0), .real(0)],
        "zipgeo_distances(): lat1 (argument 1) is a blob of 3 bytes, not of 8-byte floats (numpy's float64 tobytes())"
      ),
      (
        [Self.blob([1, 2]), Self.blob([1]), .real(0), .real(0)],
        "zipgeo_distances(): the blobs hold different numbers of values (lat1 has 2, lon1 has 1); give columns of one length"
      ),
      (
        [.text("north"), .real(0), .real(0), .real(0)], "zipgeo_distances(): lat1 (argument 1) is not a number: 'north'"
      ),
    ]
    for (arguments, message) in cases {
      #expect(throws: DatabaseError.self) { try db.scalar("SELECT zipgeo_distances(?, ?, ?, ?)", arguments) }
      do {
        _ = try db.scalar("SELECT zipgeo_distances(?, ?, ?, ?)", arguments)
      } catch {
        #expect("\(error)".contains(message), "\(error)")
      }
    }
    #expect(throws: DatabaseError.self) { try db.scalar("SELECT zipgeo_distances(0, 0, 0, 0, 'furlong')") }
    #expect(throws: DatabaseError.self) { try db.scalar("SELECT zipgeo_distances(0, 0, 0, 0, 'km', 'flat')") }
  }
}

/// `zipgeo_codes`: every code of a country as `zipgeo_lookup` answers it when written as stored.
@Suite struct SQLCodesTests {
  @Test func everyCodeOfACountryIsTheRowZipgeoLookupGivesForItWrittenAsStoredInTheOrderOfCodes() throws {
    let db = try ZipDatabase(readingAt: WorldDatabase.path()).database
    for country in ["DE", "GB", "JP", "LU", "AD"] {
      let codes = try db.rows("SELECT * FROM zipgeo_codes(?)", [country]).map(\.values)
      let looked = try db.rows(
        "SELECT l.* FROM (SELECT DISTINCT zip FROM zips WHERE country = ?1 ORDER BY zip) z, zipgeo_lookup(z.zip, ?1) l",
        [country]
      ).map(\.values)
      #expect(codes.count > 0 && codes == looked, "\(country)")
      #expect(codes.allSatisfy { $0[12] == .text("as written") })
    }
    // Codes of several places (DE 01945 names nine) are one row, at their centre.
    let row = try #require(try db.rows("SELECT places, lat FROM zipgeo_codes('DE') WHERE zip = '01945'").first)
    #expect(row[0] == .integer(9))
    #expect(row[1] == (try db.scalar("SELECT lat FROM zipgeo_lookup('DE:01945')")))
    // A NULL country of a joined table is the bare code's; a country of no code gives no rows.
    #expect(try db.rows("SELECT * FROM zipgeo_codes('QQ')").isEmpty)
    #expect(throws: DatabaseError.self) { try db.rows("SELECT * FROM zipgeo_codes('Germany')") }
    #expect(throws: DatabaseError.self) { try db.rows("SELECT * FROM zipgeo_codes(12)") }
  }

  @Test func leftOutTheCountryIsTheHomeOrTheOnlyCountryAndNoneInAWorldWithoutAHome() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("two.db")
    let rows = [
      ["DE", "10115", "Berlin", "Berlin", "BE", "", "00", "Berlin, Stadt", "11000", "52.5323", "13.3846", "6"],
      ["AU", "3001", "Melbourne", "Victoria", "VIC", "", "", "", "", "-37.814", "144.9633", "4"],
      ["AU", "3000", "Melbourne", "Victoria", "VIC", "", "", "", "", "-37.814", "144.9633", "4"],
    ]
    let file = try folder.write("two.txt", ImporterCountryTests.geoNames(rows))
    _ = try Importer().importFile(file, into: try ZipDatabase(writingAt: path))
    func bare() throws -> [String] {
      try ZipDatabase(readingAt: path).database.rows("SELECT country || ':' || zip FROM zipgeo_codes()")
        .compactMap { $0[0].string }
    }
    #expect(try bare() == [])
    try ZipDatabase.recordHome("AU", inDatabaseAt: path)
    #expect(try bare() == ["AU:3000", "AU:3001"])
    // A code of the home written as stored is the home's, as zipgeo_lookup reads a bare code.
    let db = try ZipDatabase(readingAt: path).database
    #expect(try db.scalar("SELECT country FROM zipgeo_lookup('3000')") == .text("AU"))
    let us = folder.path("us.db")
    _ = try ZipDatabase.importFile(zipsCSVPath, into: us)
    let one = try ZipDatabase(readingAt: us).database
    #expect(
      try one.scalar("SELECT count(*) FROM zipgeo_codes()") == (try one.scalar("SELECT count(DISTINCT zip) FROM zips")))
  }
}
