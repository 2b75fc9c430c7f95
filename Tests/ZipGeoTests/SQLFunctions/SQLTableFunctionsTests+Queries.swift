import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// The table functions as tables of SQL: every shape of query gives what the same query gives
/// over a brute-force scan with `distance()` (the US file: 41,487 rows, several places per code).
@Suite struct SQLTableFunctionQueryTests {
  /// One import for the suite.
  static let database = Result { () throws -> String in
    let folder = try TemporaryFolder()
    let path = folder.path("zipgeo.db")
    _ = try ZipDatabase.importFile(zipsCSVPath, into: path)
    // Kept for the process's life: the folder would be removed with its last reference.
    Self.folder = folder
    return path
  }
  nonisolated(unsafe) static var folder: TemporaryFolder?

  let db: Database

  init() throws {
    db = try ZipDatabase(readingAt: try Self.database.get()).database
  }

  /// The same rows the brute force gives, as a subquery named `s` with zipgeo's columns.
  static let bruteForce = """
    (SELECT *, distance(33.025, -96.7397, lat, lon) AS distance FROM zips
     WHERE distance(33.025, -96.7397, lat, lon) <= 150)
    """
  static let search = "zipgeo_within(33.025, -96.7397, 150)"

  func same(_ template: String, _ comment: Comment? = nil) throws {
    let zipgeo = try db.rows(template.replacingOccurrences(of: "SOURCE", with: Self.search)).map(\.values)
    let truth = try db.rows(template.replacingOccurrences(of: "SOURCE", with: Self.bruteForce)).map(\.values)
    #expect(!truth.isEmpty, "\(template)")
    #expect(zipgeo == truth, comment ?? "\(template)")
  }

  @Test func limitsAndOffsetsCutTheNearestFirstOrder() throws {
    for (limit, offset) in [(1, 0), (10, 0), (7, 5), (100, 250), (5, 1_000_000), (-1, 3)] {
      let cut = "LIMIT \(limit) OFFSET \(offset)"
      let zipgeo = try db.rows("SELECT zip, place, distance FROM \(Self.search) ORDER BY distance, zip, country \(cut)")
      // The rows of one code at one distance come in the order of the file (id).
      let truth = try db.rows(
        "SELECT zip, place, distance FROM \(Self.bruteForce) ORDER BY distance, zip, country, id \(cut)")
      #expect(zipgeo.map(\.values) == truth.map(\.values), "\(cut)")
      #expect(offset < 1_000_000 ? !truth.isEmpty : truth.isEmpty)
    }
    // The order the function gives, without an ORDER BY, is the same.
    let unordered = try db.rows("SELECT zip FROM \(Self.search) LIMIT 20 OFFSET 10").map(\.values)
    let ordered = try db.rows("SELECT zip FROM \(Self.bruteForce) ORDER BY distance, zip, id LIMIT 20 OFFSET 10")
      .map(\.values)
    #expect(unordered == ordered)
  }

  @Test func otherOrdersGroupsAndDistinctWorkAsOnAnyTable() throws {
    try same("SELECT zip, place FROM SOURCE ORDER BY place, zip")
    try same("SELECT zip, distance FROM SOURCE ORDER BY distance DESC, zip DESC LIMIT 50")
    try same("SELECT zip FROM SOURCE ORDER BY lat, lon, zip LIMIT 30")
    try same("SELECT state, count(*), round(sum(distance), 6) FROM SOURCE GROUP BY state ORDER BY state")
    try same("SELECT DISTINCT state FROM SOURCE ORDER BY state")
    try same("SELECT DISTINCT place FROM SOURCE ORDER BY 1")
    try same("SELECT county, max(distance) FROM SOURCE GROUP BY county HAVING count(*) > 3 ORDER BY county")
  }

  /// An aggregate keeps a value across rows (`max(place)` holds the text of an earlier row
  /// while later ones are read): every column, every kind.
  @Test func aggregatesOverEveryColumnKeepTheirValuesAcrossRows() throws {
    try same(
      """
      SELECT count(*), max(place), min(place), max(zip), min(state), max(county), group_concat(DISTINCT state),
        round(sum(lat), 9), round(sum(lon), 9), min(country), count(accuracy), round(max(distance), 9)
      FROM SOURCE
      """)
    try same("SELECT max(place), zip FROM SOURCE")
  }

  @Test func correlatedAndNestedCallsGiveEachCentreItsOwnAnswer() throws {
    let centres = "SELECT zip, lat, lon FROM zips WHERE zip IN ('75075', '10001', '99501', '01001', '96799')"
    let zipgeo = try db.rows(
      "SELECT c.zip, (SELECT count(*) FROM zipgeo_within(c.lat, c.lon, 20)) FROM (\(centres)) c ORDER BY c.zip")
    let truth = try db.rows(
      """
      SELECT c.zip, (SELECT count(*) FROM zips z WHERE distance(c.lat, c.lon, z.lat, z.lon) <= 20)
      FROM (\(centres)) c ORDER BY c.zip
      """)
    #expect(zipgeo.map(\.values) == truth.map(\.values))
    // A join: every pair within 5 km of five centres, in one statement.
    let pairs = try db.scalar("SELECT count(*) FROM (\(centres)) c, zipgeo_within(c.lat, c.lon, 5) w")
    let truePairs = try db.scalar(
      "SELECT count(*) FROM (\(centres)) c, zips z WHERE distance(c.lat, c.lon, z.lat, z.lon) <= 5")
    #expect(pairs == truePairs)
    // Nested: the nearest codes of each code near 75075.
    let nested = try db.rows(
      """
      SELECT a.zip, b.zip FROM zipgeo_near('75075', 3) a, zipgeo_nearest(a.lat, a.lon, 2) b
      ORDER BY a.distance, a.zip, b.distance, b.zip
      """)
    #expect(nested.count == 2 * (try db.rows("SELECT 1 FROM zipgeo_near('75075', 3)")).count)
  }

  /// A query that reads no column of a zip code (`count(*)`, `1`, the distance alone) is answered
  /// from the distances only: as many rows, within the radius, the distances nearest first.
  @Test func queriesThatReadNoColumnOfACodeGetAsManyRowsNearestFirst() throws {
    try same("SELECT count(*) FROM SOURCE")
    try same("SELECT count(*) FROM (SELECT 1 FROM SOURCE LIMIT 37 OFFSET 3)")
    try same("SELECT round(sum(distance), 6), round(max(distance), 9) FROM SOURCE")
    try same("SELECT count(*) FROM SOURCE WHERE distance BETWEEN 20 AND 30")
    let distances = try db.rows("SELECT distance FROM \(Self.search)").map(\.values)
    let truth = try db.rows("SELECT distance FROM \(Self.bruteForce) ORDER BY distance").map(\.values)
    #expect(distances == truth && distances.count > 100)
    let firstTen = try db.rows("SELECT distance FROM \(Self.search) LIMIT 10").map(\.values)
    #expect(firstTen == Array(truth.prefix(10)))
    // A join that counts pairs, as the spatial-join benchmark does.
    let centres = "SELECT lat, lon FROM zips WHERE zip IN ('75075', '10001', '99501', '01001', '96799', '60601')"
    let pairs = try db.scalar("SELECT count(*) FROM (\(centres)) c, zipgeo_within(c.lat, c.lon, 25)")
    let truePairs = try db.scalar(
      "SELECT count(*) FROM (\(centres)) c, zips z WHERE distance(c.lat, c.lon, z.lat, z.lon) <= 25")
    #expect(pairs == truePairs && (pairs?.int64 ?? 0) > 100)
  }

  /// Counts agree with brute force, on a connection with every zipgeo function and on one that
  /// registered the table functions alone (which then gets the one they hand rows to).
  @Test func countsAgreeWithBruteForceInEveryUnitAndModelOnEveryHost() throws {
    let cases: [(search: String, truth: String)] = [
      ("zipgeo_within(33.025, -96.7397, 150)", "distance(33.025, -96.7397, lat, lon) <= 150"),
      ("zipgeo_within(33.025, -96.7397, 60, 'mi')", "distance(33.025, -96.7397, lat, lon, 'mi') <= 60"),
      ("zipgeo_within(40.75, -73.99, 20000, 'ft')", "distance(40.75, -73.99, lat, lon, 'ft') <= 20000"),
      ("zipgeo_within(61.2, -149.9, 300, 'km', 'wgs84')", "geodesic_distance(61.2, -149.9, lat, lon) <= 300"),
      ("zipgeo_near('75075', 40, 'nmi')", "distance(33.025, -96.7397, lat, lon, 'nmi') <= 40"),
      ("zipgeo_nearest(33.025, -96.7397, 77)", "1 LIMIT 77"),
    ]
    let bare = try Database.inMemory()
    try bare.execute("ATTACH '\(try Self.database.get())' AS z")
    for function in SQLFunctions.tableFunctions { try bare.add(tableFunction: function) }
    #expect(throws: DatabaseError.self) { try bare.scalar("SELECT zipgeo_search_distance(1, 1, 1, 1, 0, 0)") }
    for (search, truth) in cases {
      let expected = try db.scalar("SELECT count(*) FROM (SELECT 1 FROM zips WHERE \(truth))")
      #expect((expected?.int64 ?? 0) > 10, "\(truth)")
      #expect(try db.scalar("SELECT count(*) FROM \(search)") == expected, "\(search)")
      #expect(try bare.scalar("SELECT count(*) FROM \(search)") == expected, "\(search), table functions alone")
    }
    // The function never fails a query: anything it does not expect is NULL.
    for arguments in [
      "1, 1, 1, 1, 5, 0", "1, 1, 1, 1, 0, 2", "1, 1, 1, 1, 0.5, 0", "91, 1, 1, 1, 0, 0", "'x', 1, 1, 1, 0, 0",
      "1, 1e999, 1, 1, 0, 0", "NULL, 1, 1, 1, 0, 0", "1, 1, 1, 1, -1, 0", "1, 1, 1, 1, 1e300, 0",
    ] {
      #expect(try db.scalar("SELECT zipgeo_search_distance(\(arguments))") == .null, "\(arguments)")
    }
  }

  /// A connection that has counted, whose table then loses the triggers that keep its cells right
  /// and has a row moved: the next count (of squares taken whole by their cells, or measured) is
  /// the error that names the moved row, not a count that takes it where it was.
  @Test func aCountAfterTheCellTriggersAreDroppedOnAWarmConnectionIsAnError() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("warm.db")
    _ = try ZipDatabase.importFile(
      try folder.write("warm.csv", "zip,lat,lon\nA,33,-96.7\nB,33.001,-96.7\n"), into: path)
    let db = try ZipDatabase(writingAt: path).database
    for radius in [5, 0.2] {
      #expect(try db.scalar("SELECT count(*) FROM zipgeo_within(33, -96.7, \(radius))") == .integer(2))
    }
    let other = try ZipDatabase(writingAt: path).database
    try other.execute(
      "DROP TRIGGER zips_cell_insert; DROP TRIGGER zips_cell_update; UPDATE zips SET lat = 40 WHERE zip = 'A';")
    for radius in [5, 0.2] {
      let error = #expect(throws: DatabaseError.self) {
        try db.scalar("SELECT count(*) FROM zipgeo_within(33, -96.7, \(radius))")
      }
      #expect(error?.message.contains("1 of its rows have a grid cell that does not match") == true, "\(radius)")
    }
  }

  /// A host that registered the table functions alone gets, row for row, what a connection with
  /// every zipgeo function gets: every column, some, the distances alone; from a point, a code,
  /// for the nearest few, of one country.
  @Test func aHostThatRegisteredTheTableFunctionsAloneGetsTheSameRows() throws {
    let bare = try Database.inMemory()
    try bare.execute("ATTACH '\(try Self.database.get())' AS z")
    for function in SQLFunctions.tableFunctions { try bare.add(tableFunction: function) }
    #expect(throws: DatabaseError.self) {
      try bare.scalar("SELECT zipgeo_search_rows(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)")
    }
    let searches = [
      "zipgeo_within(33.025, -96.7397, 150)", "zipgeo_within(61.2, -149.9, 300, 'km', 'wgs84')",
      // Small enough to read the squares its circle meets in one statement (`firstReads`).
      "zipgeo_within(33.025, -96.7397, 10)", "zipgeo_within(40.75, -73.99, 3)", "zipgeo_near('75075', 6, 'mi')",
      "zipgeo_near('75075', 40, 'nmi')", "zipgeo_nearest(33.025, -96.7397, 77)",
      "zipgeo_nearest(40.75, -73.99, 30, 'sphere', 'US')",
    ]
    for search in searches {
      for columns in ["*", "zip, kind, distance", "distance", "place, lat"] {
        let sql = "SELECT \(columns) FROM \(search)"
        let inside = try db.rows(sql).map(\.values)
        #expect(inside.count > 10, "\(sql)")
        #expect(try bare.rows(sql).map(\.values) == inside, "\(sql), table functions alone")
      }
    }
    // No value SQL can make is a collector: the function gives NULL, and never fails.
    for last in ["NULL", "0", "140737488355328", "'zipgeo_search_rows'", "x'00'", "1.5", "-0.0", "1e308"] {
      let call = "zipgeo_search_rows('1', 'p', 's', 'c', 1, 1, 'US', 1, 1, 1, \(last))"
      #expect(try db.scalar("SELECT \(call)") == .null, "\(call)")
    }
  }

  /// Texts reach the query byte for byte, whatever they hold: empty, a NUL inside, long, not
  /// UTF-8 at all, or of another type in a file another program wrote.
  @Test func everyValueReachesTheQueryByteForByte() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("values.db")
    let csv = try folder.write("values.csv", "zip,lat,lon,place\n00001,10,10,a\n00002,10.001,10,b\n00003,10.002,10,c\n")
    _ = try ZipDatabase.importFile(csv, into: path)
    let db = try ZipDatabase(writingAt: path).database
    try db.execute(
      """
      UPDATE zips SET place = '' WHERE zip = '00001';
      UPDATE zips SET place = 'x' || char(0) || 'y', county = '' WHERE zip = '00002';
      UPDATE zips SET place = printf('%.*c', 100000, 'p'), state = CAST(X'FF00FE' AS TEXT), accuracy = 6,
        county = 12.5 WHERE zip = '00003';
      """)
    let columns =
      "hex(zip), hex(place), typeof(place), hex(state), typeof(state), hex(county), typeof(county),"
      + " lat, lon, country, accuracy"
    let zipgeo = try db.rows("SELECT \(columns) FROM zipgeo_within(10, 10, 50) ORDER BY zip").map(\.values)
    let truth = try db.rows("SELECT \(columns) FROM zips ORDER BY zip").map(\.values)
    #expect(zipgeo.count == 3)
    #expect(zipgeo == truth)
    // And through the cursor's own values, read by the host as they come.
    let place = try db.rows("SELECT place FROM zipgeo_within(10, 10, 50) ORDER BY zip").map { $0[0] }
    #expect(place.map(\.string?.utf8.count) == [0, 3, 100_000])
  }

  /// Two statements of one function on one connection, stepped in turns.
  @Test func twoCursorsOfOneFunctionOpenAtOnceEachGiveTheirOwnRows() throws {
    let a = try db.prepare("SELECT zip FROM zipgeo_within(33.025, -96.7397, 400)")
    let b = try db.prepare("SELECT zip FROM zipgeo_within(40.75, -73.99, 60)")
    let aloneA = try db.rows("SELECT zip FROM zipgeo_within(33.025, -96.7397, 400)").compactMap { $0[0].string }
    let aloneB = try db.rows("SELECT zip FROM zipgeo_within(40.75, -73.99, 60)").compactMap { $0[0].string }
    var (rowsA, rowsB) = ([String](), [String]())
    var (moreA, moreB) = (true, true)
    while moreA || moreB {
      for _ in 0..<17 where moreA {
        moreA = try a.step()
        if moreA { rowsA.append(a.text(at: 0) ?? "") }
      }
      for _ in 0..<5 where moreB {
        moreB = try b.step()
        if moreB { rowsB.append(b.text(at: 0) ?? "") }
      }
    }
    #expect(rowsA == aloneA && rowsB == aloneB)
    #expect(aloneA.count > 1000)
  }
}
