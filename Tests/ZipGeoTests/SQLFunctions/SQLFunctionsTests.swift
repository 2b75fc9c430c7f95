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

  /// Every kind of bad argument, on the kind of connection the CLI opens: the documented result or
  /// error, never a crash, never NaN.
  @Test(
    arguments: [
      ("NULL, NULL, NULL, NULL", nil),
      ("0, 0, 0, 0, NULL", nil),
      ("NULL, 'abc', x'00', 99", nil),
      ("'abc', 0, 0, 0", "distance(): lat1 (argument 1) is not a number: 'abc'"),
      ("'', 0, 0, 0", "distance(): lat1 (argument 1) is not a number: ''"),
      ("0, x'0102', 0, 0", "distance(): lon1 (argument 2) is a blob, not a number"),
      ("0, 0, 90.0000001, 0", "distance(): lat2 (argument 3) is 90.0000001, outside [-90, 90]"),
      ("-1e308, 0, 0, 0", "distance(): lat1 (argument 1) is -1e+308, outside [-90, 90]"),
      ("0, 1e308 * 10, 0, 0", "distance(): lon1 (argument 2) is inf, not a finite number"),
      ("0, 0, 0, -(1e308 * 10)", "distance(): lon2 (argument 4) is -inf, not a finite number"),
      ("0, 0, 0, '1e999'", "distance(): lon2 (argument 4) is inf, not a finite number"),
      (
        "0, 0, 0, 0, 'furlong'",
        "distance(): unknown unit 'furlong' (argument 5); use one of 'km', 'm', 'mi', 'nmi', 'ft'"
      ),
      ("0, 0, 0, 0, 5", "distance(): unit (argument 5) must be text, one of 'km', 'm', 'mi', 'nmi', 'ft'"),
    ] as [(String, String?)])
  func badArgumentsGiveNullOrANamedError(arguments: String, error: String?) throws {
    if let error {
      let thrown = #expect(throws: DatabaseError.self) { try distance(arguments) }
      #expect(thrown?.message == error)
    } else {
      #expect(try distance(arguments) == .null)
    }
  }

  @Test(arguments: [
    "1e-320, 0, 0, 0", "0, 9223372036854775807, 0, -9223372036854775808", "90, 1e300, -90, -1e300",
    "' 33 ', ' -96.7 ', 33, -96.7", "0.0 / 0.0 IS NULL, 0, 0, 0", "-0.0, -0.0, 0.0, 0.0",
  ])
  func strangeButValidArgumentsGiveADistanceWithinHalfTheEarth(arguments: String) throws {
    let value = try #require(try distance(arguments)?.double)
    #expect(value >= 0 && value <= 6371.0088 * Double.pi + 1e-9, "\(value)")
  }
}
