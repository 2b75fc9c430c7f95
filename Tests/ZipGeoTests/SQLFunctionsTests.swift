import Foundation
import Geodesy
import SQLiteKit
import Testing

@testable import ZipGeo

@Suite struct SQLFunctionsTests {
  let db: Database

  init() throws {
    db = try Database.inMemory()
    try SQLFunctions.register(on: db)
  }

  func distance(_ sql: String) throws -> DatabaseValue? {
    try db.scalar("SELECT distance(\(sql))")
  }

  @Test func distanceIsInKilometresOnTheMeanEarthSphere() throws {
    // A quarter of a great circle is R * pi / 2, with R = 6371.0088 km.
    let quarter = try #require(try distance("0, 0, 0, 90")?.double)
    #expect(abs(quarter - 6371.0088 * Double.pi / 2) < 1e-9)
    let plano = try #require(try distance("33.025, -96.7397, 40.7484, -73.9967")?.double)
    #expect(abs(plano - 2189.2) < 0.01)
  }

  @Test func identicalPointsAreExactlyZeroNotNaN() throws {
    #expect(try distance("33.025, -96.7397, 33.025, -96.7397") == .real(0))
    #expect(try distance("90, 0, 90, 180") == .real(0))
    #expect(try distance("-90, 10, -90, -170") == .real(0))
  }

  @Test func antipodalPointsAreHalfACircumferenceApart() throws {
    let half = try #require(try distance("33.025, -96.75, -33.025, 83.25")?.double)
    #expect(abs(half - 6371.0088 * Double.pi) < 1e-9)
  }

  @Test func nullInAnyArgumentGivesNull() throws {
    #expect(try distance("NULL, 0, 0, 0") == .null)
    #expect(try distance("0, 0, 0, NULL") == .null)
  }

  @Test func numericTextAndIntegersAreNumbers() throws {
    #expect(try distance("'0', 0, '0.0', 90")?.double == (try distance("0.0, 0.0, 0.0, 90.0")?.double))
  }

  @Test func nonNumericArgumentsAreErrorsNamingTheFunctionAndArgument() throws {
    let text = #expect(throws: DatabaseError.self) { try distance("33, 'abc', 0, 0") }
    #expect(text?.message == "distance(): lon1 (argument 2) is not a number: 'abc'")
    let blob = #expect(throws: DatabaseError.self) { try distance("33, 0, x'01', 0") }
    #expect(blob?.message == "distance(): lat2 (argument 3) is a blob, not a number")
  }

  @Test func latitudesOutsideTheRangeAreErrors() throws {
    let error = #expect(throws: DatabaseError.self) { try distance("91.5, 0, 0, 0") }
    #expect(error?.message == "distance(): lat1 (argument 1) is 91.5, outside [-90, 90]")
    let infinite = #expect(throws: DatabaseError.self) { try distance("0, 0, 0, 1e999") }
    #expect(infinite?.message == "distance(): lon2 (argument 4) is inf, not a finite number")
  }

  @Test func distanceIsDeterministicSoItCanBeIndexed() throws {
    try db.execute("CREATE TABLE t(lat REAL, lon REAL); CREATE INDEX t_d ON t(distance(lat, lon, 0, 0));")
  }
}
