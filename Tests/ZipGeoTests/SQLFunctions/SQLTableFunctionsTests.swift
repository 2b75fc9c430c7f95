import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// zipgeo_near, zipgeo_within and zipgeo_nearest on the kind of connection the CLI opens,
/// against brute force with the same distance() function.
@Suite struct SQLTableFunctionsTests {
  static let zipsCSV = zipsCSVPath

  let temporary: TemporaryFolder
  let db: Database

  init() throws {
    temporary = try TemporaryFolder()
    let path = temporary.path("zipgeo.db")
    _ = try ZipDatabase.importFile(Self.zipsCSV, into: path)
    db = try ZipDatabase(readingAt: path).database
  }

  func zips(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> [String] {
    try db.rows(sql, arguments).compactMap { $0[0].string }
  }

  @Test func nearAndWithinEqualABruteForceScan() throws {
    var rng = SeededGenerator(seed: 11)
    let all = try db.rows("SELECT zip, lat, lon FROM zips")
    for _ in 0..<25 {
      let row = all[Int.random(in: 0..<all.count, using: &rng)]
      let (zip, lat, lon) = (row[0].string!, row[1].double!, row[2].double!)  // the schema's types
      let km = Double.random(in: 1...300, using: &rng)
      let truth = try zips(
        "SELECT zip FROM zips WHERE distance(?, ?, lat, lon) <= ? ORDER BY distance(?, ?, lat, lon), zip",
        [lat, lon, km, lat, lon])
      // From the code, the code itself comes first of the rows as near.
      let truthFromCode = try zips(
        "SELECT zip FROM zips WHERE distance(?, ?, lat, lon) <= ? ORDER BY distance(?, ?, lat, lon), zip <> ?, zip",
        [lat, lon, km, lat, lon, zip])
      #expect(try zips("SELECT zip FROM zipgeo_near(?, ?)", [zip, km]) == truthFromCode, "\(zip) \(km) km")
      #expect(try zips("SELECT zip FROM zipgeo_within(?, ?, ?)", [lat, lon, km]) == truth, "\(zip) \(km) km")
      let miles = km / 1.609344
      let truthInMiles = try zips(
        "SELECT zip FROM zips WHERE distance(?, ?, lat, lon, 'mi') <= ? ORDER BY distance(?, ?, lat, lon), zip",
        [lat, lon, miles, lat, lon])
      #expect(try zips("SELECT zip FROM zipgeo_within(?, ?, ?, 'mi')", [lat, lon, miles]) == truthInMiles)
    }
  }

  /// SQLite applies a column's affinity to an IN list: an untyped center_zip turned '01001' into
  /// 1001, which on a database of the US and Norway is Oslo's code.
  @Test func anInListOfCodesKeepsTheirLeadingZerosOnTwoCountries() throws {
    let path = temporary.path("us-no.db")
    _ = try ZipDatabase.importFile(Self.zipsCSV, into: path)
    let norway = try temporary.write("NO.txt", "NO\t1001\tOslo\tOslo\t03\t\t\t\t\t59.91\t10.75\t4\n")
    _ = try Importer().importFile(norway, into: try ZipDatabase(writingAt: path))
    let both = try ZipDatabase(readingAt: path).database
    let rows = try both.rows(
      """
      SELECT center_zip, typeof(center_zip), zip, country, place FROM zipgeo_near
      WHERE center_zip IN ('01001', '75075') AND radius = 2 AND zip = center_zip ORDER BY center_zip
      """
    ).map(\.values)
    #expect(
      rows == [
        [.text("01001"), .text("text"), .text("01001"), .text("US"), .text("Agawam")],
        [.text("75075"), .text("text"), .text("75075"), .text("US"), .text("Plano")],
      ])
    // Oslo's 1001, asked for as a number or as text without the zero, is still Oslo.
    #expect(
      try both.scalar("SELECT place FROM zipgeo_near WHERE center_zip IN ('1001') AND radius = 1") == .text("Oslo"))
    #expect(try both.scalar("SELECT place FROM zipgeo_near(1001, 1) WHERE zip = '1001'") == .text("Oslo"))
  }

  @Test func nearestEqualsABruteForceEverywhere() throws {
    for (lat, lon) in [(33.0, -96.7), (89.9, 0.0), (-89.9, 0.0), (51.9, 179.99), (51.9, -179.99), (0.0, -140.0)] {
      let truth = try zips("SELECT zip FROM zips ORDER BY distance(?, ?, lat, lon), zip LIMIT 7", [lat, lon])
      #expect(try zips("SELECT zip FROM zipgeo_nearest(?, ?, 7)", [lat, lon]) == truth, "\(lat),\(lon)")
    }
    #expect(try zips("SELECT zip FROM zipgeo_nearest(33.0, -96.7)").count == 5)
  }

  /// 'nmi', 'mi' and 'ft' once differed from distance(..., unit) in the last bit (a search measured
  /// in km and converted), which reordered ties.
  @Test(arguments: EarthModel.allCases)
  func distancesEqualTheDistanceFunctionsInEveryUnitToTheLastBit(model: EarthModel) throws {
    let function = model == .sphere ? "distance" : "geodesic_distance"
    for unit in LengthUnit.allCases {
      let radius = LengthUnit.kilometres.toMetres(80) / unit.metres
      let rows = try db.rows(
        """
        SELECT zip, distance, \(function)(33.025, -96.7397, lat, lon, ?1) AS expected
        FROM zipgeo_within(33.025, -96.7397, ?2, ?1, ?3)
        """, [unit.symbol, radius, model.rawValue])
      #expect(rows.count > 100)
      let different = rows.filter { $0["distance"]?.double != $0["expected"]?.double }
      #expect(different.isEmpty, "\(model) \(unit): \(different.prefix(3))")
      let near = try db.rows(
        """
        SELECT n.distance, \(function)(c.lat, c.lon, n.lat, n.lon, ?1)
        FROM zipgeo_near('75075', ?2, ?1, ?3) AS n, zips AS c WHERE c.zip = '75075'
        """,
        [unit.symbol, radius, model.rawValue])
      #expect(near.count > 100 && near.allSatisfy { $0[0] == $0[1] }, "\(model) \(unit) near")
    }
    let nearest = try db.rows(
      "SELECT distance, \(function)(33.025, -96.7397, lat, lon) FROM zipgeo_nearest(33.025, -96.7397, 50, ?)",
      [model.rawValue])
    #expect(nearest.count == 50 && nearest.allSatisfy { $0[0] == $0[1] })
  }

  @Test func aNullArgumentGivesNoRowsNotTheDefault() throws {
    for sql in [
      "SELECT * FROM zipgeo_near(NULL, 10)", "SELECT * FROM zipgeo_near('75075', NULL)",
      "SELECT * FROM zipgeo_near('75075', 10, NULL)", "SELECT * FROM zipgeo_near('75075', 10, 'km', NULL)",
      "SELECT * FROM zipgeo_near WHERE center_zip = '75075' AND radius = 10 AND unit = NULL",
      "SELECT * FROM zipgeo_within(NULL, 0, 10)", "SELECT * FROM zipgeo_within(33, -96.7, 10, NULL)",
      "SELECT * FROM zipgeo_nearest(33, -96.7, NULL)", "SELECT * FROM zipgeo_nearest(33, NULL)",
    ] {
      #expect(try db.rows(sql).isEmpty, "\(sql)")
    }
    // Left out, an optional argument takes its default.
    #expect(try db.rows("SELECT * FROM zipgeo_near('75075', 10)").count == 14)
    #expect(try db.rows("SELECT * FROM zipgeo_nearest(33, -96.7)").count == 5)
  }

  @Test func distancesComeInTheAskedUnit() throws {
    let km = try db.scalar("SELECT distance FROM zipgeo_near('75075', 5) WHERE zip = '75023'")?.double ?? 0
    let mi = try db.scalar("SELECT distance FROM zipgeo_near('75075', 5, 'mi') WHERE zip = '75023'")?.double ?? 0
    #expect(abs(km - 3.349161775694397) < 1e-12)
    #expect(abs(mi * 1.609344 - km) < 1e-12)
  }

  @Test func badArgumentsAreNamedErrors() throws {
    let cases = [
      ("SELECT * FROM zipgeo_near('00000', 5)", "zipgeo_near(): zip code '00000' is not in the zips table"),
      // A NUL would end the message SQLite carries as a C string.
      (
        "SELECT * FROM zipgeo_near('75075' || char(0) || 'x', 5)",
        "zipgeo_near(): zip code '75075\\0x' is not in the zips table"
      ),
      (
        "SELECT * FROM zipgeo_near('75075', -1)",
        "zipgeo_near(): radius (argument 2): -1.0 km is not a positive finite length"
      ),
      (
        "SELECT * FROM zipgeo_near('75075', 5, 'yd')",
        "zipgeo_near(): unknown unit 'yd' (argument 3); use one of 'km', 'm', 'mi', 'nmi', 'ft'"
      ),
      (
        "SELECT * FROM zipgeo_within(91, 0, 5)",
        "zipgeo_within(): the centre 91.0,0.0 is not a point: latitude 91.0 is outside [-90, 90]"
      ),
      (
        "SELECT * FROM zipgeo_nearest(0, 0, 0)",
        "zipgeo_nearest(): k (argument 3): 0 is not a whole number from 1 to 1000000"
      ),
      ("SELECT * FROM zipgeo_nearest(0)", "zipgeo_nearest(): needs at least 2 arguments: center_lat, center_lon"),
      (
        "SELECT * FROM zipgeo_within(0, 0, 1e306)",
        "zipgeo_within(): radius (argument 3): 1e+306 km is too large: at most 1.7976931348623156e+305 km"
          + " (the largest length in metres)"
      ),
      (
        "SELECT * FROM zipgeo_near('75075', 1e308, 'mi')",
        "zipgeo_near(): radius (argument 2): 1e+308 mi is too large: at most 1.1170347264862675e+305 mi"
          + " (the largest length in metres)"
      ),
      (
        "SELECT * FROM zipgeo_within(0, 1e308 * 10, 5)",
        "zipgeo_within(): the centre 0.0,inf is not a point: longitude inf is not a finite number"
      ),
    ]
    for (sql, message) in cases {
      let error = #expect(throws: DatabaseError.self) { try db.rows(sql) }
      #expect(error?.message == message, "\(sql)")
    }
  }

  /// Each square of a search is one range of the table's key, with or without a country and
  /// place names: no index, no scan.
  @Test(arguments: [false, true], [false, true])
  func eachSquareOfASearchIsOneRangeOfTheTablesKey(details: Bool, restricted: Bool) throws {
    let sql = NearestFirstSearch.collectSQL(details: details)
    let parameters: [DatabaseValue] = [1, 2, restricted ? "US" : .null, -90, 90, -180, 180, .null]
    let plan = try db.rows("EXPLAIN QUERY PLAN " + sql, parameters)
      .compactMap { $0["detail"]?.string }.joined(separator: "\n")
    #expect(plan.contains("SEARCH zips USING PRIMARY KEY (cell>? AND cell<?)"), "\(plan)")
    #expect(!plan.contains("SCAN"), "\(plan)")
  }

  /// A search keeps the last row's country and state to judge the next: rows that alternate
  /// between countries whose rules differ (a CEDEX, a German accuracy 0, US military mail, PO
  /// boxes) and between states that share their first bytes, or are longer than what is kept
  /// packed, each get their own kind and state name.
  @Test func stateNameAndKindFollowEachRowWhereCountriesAndStatesAlternate() throws {
    let kinds: [(zip: String, place: String, state: String, country: String, accuracy: String)] = [
      ("67000 CEDEX", "Strasbourg", "GES", "FR", "4"),
      ("77694", "Kehl", "BW", "DE", "0"),
      ("09001", "APO AE", "AE", "US", "4"),
      ("67000", "Strasbourg", "GES", "FR", "4"),
      ("77694", "Kehl Postfach", "BW", "DE", "4"),
      ("75075", "Plano", "TX", "US", "4"),
      ("1000", "Box Hill", "A", "AU", "4"),
      ("1001", "PO Box", "AB", "AU", "4"),
      ("1002", "Ab", "ABCDE", "AU", "4"),
      ("1003", "Abc", "ABCDEF", "AU", "4"),
      ("1004", "Abcd", "ABCDEFG", "AU", "4"),
      ("67001 CEDEX", "Strasbourg", "67", "FR", "4"),
    ]
    var csv = "zip,place,state,lat,lon,country,accuracy\n"
    // Nearest first, the kinds in turn: each row after one of another country or state.
    for index in 0..<240 {
      let row = kinds[index % kinds.count]
      let lat = 48 + Double(index) * 0.001
      csv += "\(row.zip)-\(index),\(row.place),\(row.state),\(lat),7,\(row.country),\(row.accuracy)\n"
    }
    let file = temporary.path("mixed.csv")
    try csv.write(toFile: file, atomically: true, encoding: .utf8)
    let path = temporary.path("mixed.db")
    _ = try ZipDatabase.importFile(file, into: path)
    let mixed = try ZipDatabase(readingAt: path).database
    let regions = try RegionNames.load(from: mixed)
    let rows = try mixed.rows(
      "SELECT zip, place, state, country, accuracy, state_name, kind FROM zipgeo_within(48, 7, 100)"
    ).map(\.values)
    #expect(rows.count == 240)
    var seen: Set<String> = []
    for row in rows {
      let (zip, place, state, country) = (row[0].string!, row[1].string, row[2].string!, row[3].string!)
      #expect(row[5].string == regions.name(ofState: state, in: country), "\(zip) \(state)")
      let kind = CodeKind.classify(zip: zip, place: place, country: country, accuracy: row[4].int64.map { Int($0) })
      #expect(row[6].string == kind.kind.rawValue, "\(zip) \(place ?? "")")
      seen.insert(kind.kind.rawValue)
    }
    #expect(seen == Set(CodeKind.allCases.map(\.rawValue)))
    #expect(rows.contains { $0[2] == .text("TX") && $0[5] == .text("Texas") })
    let alone = try mixed.rows("SELECT state_name, kind FROM zipgeo_within(48, 7, 100)").map(\.values)
    #expect(alone == rows.map { [$0[5], $0[6]] })
  }

  /// Each pair of a short state and its country packs to a number of its own; longer ones to
  /// none.
  @Test func aStateAndItsCountryPackToANumberNoOtherPairHas() {
    func key(_ state: String, _ country: String) -> UInt64? {
      Array(state.utf8).withUnsafeBufferPointer { state in
        Array(country.utf8).withUnsafeBufferPointer { SQLFunctions.SearchRows.stateKey(state: state, country: $0) }
      }
    }
    let states = ["", "A", "AB", "A\u{0}", "\u{0}A", "BA", "ABCDE", "ABCDF", "\u{FF}"]
    var keys: [UInt64: String] = [:]
    for country in ["FR", "DE", "RF"] {
      for state in states {
        guard let key = key(state, country) else {
          Issue.record("no key for \(state) \(country)")
          continue
        }
        #expect(keys.updateValue("\(country):\(state)", forKey: key) == nil, "\(country):\(state)")
      }
      #expect(key("ABCDEF", country) == nil)
      #expect(key("ABCDEFGHIJ", country) == nil)
    }
    #expect(key("A", "ABC") == nil)
    #expect(key("A", "") == nil)
  }

  /// `state_name` and `kind` are each row's, as `RegionNames` and `zipgeo_kind` give them, in
  /// every band of a large answer, asked for with the other columns or alone.
  @Test func stateNameAndKindAreEachRowsOwnInEveryBand() throws {
    let regions = try RegionNames.load(from: db)
    let sql = "SELECT zip, place, state, country, accuracy, state_name, kind FROM zipgeo_within(38, -97, 20000)"
    let rows = try db.rows(sql).map(\.values)
    #expect(rows.count > 2 * SQLFunctions.SearchRows.budget)
    var kinds: Set<String> = []
    for row in rows {
      let (zip, place, state, country) = (row[0].string!, row[1].string, row[2].string, row[3].string!)
      let accuracy = row[4].int64.map { Int($0) }
      #expect(row[5].string == state.flatMap { regions.name(ofState: $0, in: country) }, "\(zip)")
      let kind = CodeKind.classify(zip: zip, place: place, country: country, accuracy: accuracy).kind.rawValue
      #expect(row[6].string == kind, "\(zip) \(place ?? "")")
      kinds.insert(kind)
    }
    #expect(kinds == ["area", "military"])
    #expect(rows.contains { $0[2] == .text("TX") && $0[5] == .text("Texas") })
    let alone = try db.rows("SELECT state_name, kind FROM zipgeo_within(38, -97, 20000)").map(\.values)
    #expect(alone == rows.map { [$0[5], $0[6]] })
    let areas = try db.scalar("SELECT count(*) FROM zipgeo_within(38, -97, 20000) WHERE kind = 'area'")
    let byFunction = try db.scalar(
      "SELECT count(*) FROM zipgeo_within(38, -97, 20000) WHERE zipgeo_kind(zip, place, country, accuracy) = 'area'")
    #expect(areas == byFunction && (areas?.int64 ?? 0) > 0)
    #expect(
      try db.rows("SELECT state_name, kind FROM zipgeo_near('75075', 1)").map(\.values) == [
        [.text("Texas"), .text("area")]
      ])
    #expect(
      try db.rows("SELECT DISTINCT state_name, kind FROM zipgeo_search('Plano') WHERE state = 'TX'").map(\.values) == [
        [.text("Texas"), .text("area")]
      ])
  }

  /// A `regions` table of the user's own shape, or none, leaves the ISO names and no error.
  @Test(arguments: ["DROP TABLE regions", "DROP TABLE regions; CREATE TABLE regions (note TEXT)"])
  func stateNamesFallBackToISOWithoutZipgeosRegionsTable(change: String) throws {
    let path = temporary.path("regions.db")
    _ = try ZipDatabase.importFile(Self.zipsCSV, into: path)
    try ZipDatabase(writingAt: path).database.execute(change)
    let db = try ZipDatabase(readingAt: path).database
    #expect(
      try db.rows("SELECT state, state_name FROM zipgeo_nearest(33.025, -96.7397, 1)").map(\.values) == [
        [.text("TX"), .text("Texas")]
      ])
    #expect(try db.scalar("SELECT state_name FROM zipgeo_search('Plano') WHERE state = 'TX'") == .text("Texas"))
  }

  /// The names of states kept on a connection between its statements (`RegionNames.Lookup`)
  /// follow every change of what names them: the connection's own, committed or not (and
  /// rolled back), another connection's, a temporary table that hides the file's, its dropping,
  /// a table of another shape in its place, and one made again.
  @Test func stateNamesKeptBetweenStatementsFollowEveryChangeOfTheirTable() throws {
    let path = temporary.path("kept.db")
    _ = try ZipDatabase.importFile(Self.zipsCSV, into: path)
    let db = try ZipDatabase(writingAt: path).database
    let other = try ZipDatabase(writingAt: path).database
    func names() throws -> [String?] {
      let within = try db.scalar("SELECT state_name FROM zipgeo_within(33.025, -96.7397, 1) LIMIT 1")?.string
      let nearest = try db.scalar("SELECT state_name FROM zipgeo_nearest(33.025, -96.7397, 1)")?.string
      let near = try db.scalar("SELECT state_name FROM zipgeo_near('75075', 1) LIMIT 1")?.string
      let search = try db.scalar("SELECT state_name FROM zipgeo_search('Plano') WHERE state = 'TX' LIMIT 1")?.string
      let lookup = try db.scalar("SELECT state_name FROM zipgeo_lookup('75075')")?.string
      return [within, nearest, near, search, lookup]
    }
    func named(_ name: String) -> [String?] { Array(repeating: name, count: 5) }
    let texas = "UPDATE regions SET name = ? WHERE country = 'US' AND state = 'TX'"
    #expect(try names() == named("Texas"))
    #expect(try names() == named("Texas"))
    try db.execute(texas, ["Tejas"])
    #expect(try names() == named("Tejas"))
    try other.execute(texas, ["Lone Star"])
    #expect(try names() == named("Lone Star"))
    try db.execute("BEGIN")
    try db.execute(texas, ["Not yet committed"])
    #expect(try names() == named("Not yet committed"))
    try db.execute("ROLLBACK")
    #expect(try names() == named("Lone Star"))
    try db.execute("CREATE TEMP TABLE regions (country TEXT, state TEXT, name TEXT)")
    try db.execute("INSERT INTO temp.regions VALUES ('US', 'TX', 'Hidden by a temporary table')")
    #expect(try names() == named("Hidden by a temporary table"))
    try db.execute("DROP TABLE temp.regions")
    #expect(try names() == named("Lone Star"))
    try other.execute("DROP TABLE regions")
    #expect(try names() == named("Texas"))
    // A table of the user's own in its place fails the lookup's query, which has the connection
    // forget its facts, the kept lookup among them, in the middle of a lookup.
    try other.execute("CREATE TABLE regions (note TEXT)")
    #expect(try names() == named("Texas"))
    try other.execute("DROP TABLE regions; CREATE TABLE regions (country TEXT, state TEXT, name TEXT)")
    try other.execute("INSERT INTO regions VALUES ('US', 'TX', 'Made again')")
    #expect(try names() == named("Made again"))
  }

  /// A statement that changes the names and searches in the same breath (a trigger's) sees its
  /// own changes, and a change it rolls back leaves no name behind: nothing is kept while a
  /// statement writes.
  @Test func stateNamesFollowAStatementsOwnChangesAndItsRollback() throws {
    let path = temporary.path("trigger.db")
    _ = try ZipDatabase.importFile(Self.zipsCSV, into: path)
    let db = try ZipDatabase(writingAt: path).database
    try db.execute(
      """
      CREATE TABLE t (x);
      CREATE TABLE log (seen, truth);
      CREATE TRIGGER tr AFTER INSERT ON t BEGIN
        UPDATE regions SET name = NEW.x WHERE country = 'US' AND state = 'TX';
        INSERT INTO log SELECT state_name, (SELECT name FROM regions WHERE country = 'US' AND state = 'TX')
          FROM zipgeo_within(33.025, -96.7397, 1) LIMIT 1;
        SELECT RAISE(ABORT, 'refused') WHERE NEW.x = 'Refused';
      END;
      """)
    let within = "SELECT state_name FROM zipgeo_within(33.025, -96.7397, 1) LIMIT 1"
    #expect(try db.scalar(within) == .text("Texas"))
    try db.execute("INSERT INTO t VALUES ('A')")
    try db.execute("INSERT INTO t VALUES ('B'), ('C')")
    let log = try db.rows("SELECT seen, truth FROM log").map(\.values)
    #expect(log.count == 3 && log.allSatisfy { $0[0] == $0[1] }, "\(log)")
    #expect(try db.scalar(within) == .text("C"))
    #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO t VALUES ('Refused')") }
    #expect(try db.scalar(within) == .text("C"))
    #expect(try db.scalar("SELECT state_name FROM zipgeo_lookup('75075')") == .text("C"))
  }

  /// With the journal off, a ROLLBACK keeps a change and moves no data version: the names kept
  /// follow the change all the same (the stamp counts the connection's changed rows).
  @Test func stateNamesFollowAChangeARollbackDidNotUndo() throws {
    let path = temporary.path("journal-off.db")
    _ = try ZipDatabase.importFile(Self.zipsCSV, into: path)
    let memory = try Database.inMemory()
    try SQLFunctions.register(on: memory)
    try memory.execute("ATTACH '\(path)' AS src")
    try memory.execute("PRAGMA main.journal_mode = OFF")
    try memory.execute("CREATE TABLE main.regions AS SELECT * FROM src.regions")
    let sql = """
      SELECT state_name, (SELECT name FROM main.regions WHERE country = 'US' AND state = 'TX')
      FROM zipgeo_within(33.025, -96.7397, 1) LIMIT 1
      """
    #expect(try memory.rows(sql).map(\.values) == [[.text("Texas"), .text("Texas")]])
    try memory.execute("BEGIN")
    try memory.execute("UPDATE main.regions SET name = 'Kept' WHERE country = 'US' AND state = 'TX'")
    try memory.execute("ROLLBACK")
    let after = try memory.rows(sql).map(\.values)
    #expect(after.count == 1 && after.first?[0] == after.first?[1], "\(after)")
  }

  /// A temporary `zips` that hid the file's, once dropped, is no longer searched: its layout,
  /// judged while it stood, is judged again (main's schema version did not move).
  @Test func aDroppedTemporaryZipsLeavesTheFilesTableSearchable() throws {
    let path = temporary.path("temp-zips.db")
    _ = try ZipDatabase.importFile(Self.zipsCSV, into: path)
    let count = "SELECT count(*) FROM zipgeo_within(33.025, -96.7397, 10)"
    let expected = try ZipDatabase(readingAt: path).database.scalar(count)
    #expect((expected?.int64 ?? 0) > 10)
    // The first search of this connection judges the view's layout.
    let db = try ZipDatabase(writingAt: path).database
    try db.execute("CREATE TEMP VIEW zips AS SELECT * FROM main.zips")
    #expect(throws: DatabaseError.self) { try db.scalar(count) }
    try db.execute("DROP VIEW temp.zips")
    #expect(try db.scalar(count) == expected)
  }

  /// From a code, `zipgeo_near` gives every place of it, past the radius too, at its distance;
  /// of rows as near, the code's own first, then its country's, then by zip, across bands.
  @Test func zipgeoNearGivesTheCodesOwnPlacesFirstOfRowsAsNear() throws {
    var lines = [
      "GB\tEC1A 1BB\tLondon\tEngland\tENG\t\t\t\t\t51.52\t-0.1\t6",
      "GB\tEC1M\tLondon\tEngland\tENG\t\t\t\t\t51.52\t-0.1\t4",
      "FR\t75008\tParis 08\tÎle-de-France\t11\t\t\t\t\t48.87\t2.30\t5",
      "FR\t75008\tParis\tÎle-de-France\t11\t\t\t\t\t48.89\t2.33\t5",
      "FR\t75009\tParis 09\tÎle-de-France\t11\t\t\t\t\t48.88\t2.315\t5",
    ]
    // More US military codes at London's point than a band holds.
    let military = (0..<(SQLFunctions.SearchRows.budget + 100)).map { String(format: "%05d", 9_000 + $0) }
    lines += military.map { "US\t\($0)\tFPO AE\t\t\t\t\t\t\t51.52\t-0.1\t1" }
    let file = try temporary.write("near.txt", lines.joined(separator: "\n") + "\n")
    let path = temporary.path("near.db")
    _ = try ZipDatabase.importFile(file, into: path)
    let db = try ZipDatabase(readingAt: path).database

    let london = try db.rows("SELECT zip, country, distance FROM zipgeo_near('GB:EC1A 1BB', 1)").map(\.values)
    #expect(london.map { $0[0].string! } == ["EC1A 1BB", "EC1M"] + military)
    #expect(london.allSatisfy { $0[2] == .real(0) })
    #expect(
      try db.rows("SELECT zip FROM zipgeo_near('GB:EC1A 1BB', 1) LIMIT 2").map { $0[0].string! } == [
        "EC1A 1BB", "EC1M",
      ])
    #expect(try db.scalar("SELECT count(*) FROM zipgeo_near('GB:EC1A 1BB', 1)") == .integer(Int64(london.count)))
    // From a point, the search's order: by zip.
    #expect(try db.scalar("SELECT zip FROM zipgeo_within(51.52, -0.1, 1)") == .text("09000"))

    // 75008's two places lie 1.5 km from their mean: past a 1 km radius, still given, at their
    // distances, in distance order; counted too, whatever the query reads.
    let paris = try db.rows("SELECT zip, place, distance FROM zipgeo_near('FR:75008', 1)").map(\.values)
    #expect(Set(paris.map { $0[1].string! }) == ["Paris 08", "Paris", "Paris 09"])
    let distances = paris.map { $0[2].double! }
    #expect(distances == distances.sorted() && distances.filter { $0 > 1 }.count == 2, "\(paris)")
    for sql in ["count(*)", "count(distance)", "count(zip)"] {
      #expect(try db.scalar("SELECT \(sql) FROM zipgeo_near('FR:75008', 1)") == .integer(3), "\(sql)")
    }
    // ORDER BY distance costs no sort and gives the same rows; ORDER BY distance, zip sorts them.
    #expect(
      try db.rows("SELECT zip, place, distance FROM zipgeo_near('FR:75008', 1) ORDER BY distance").map(\.values)
        == paris)
    let plan = try db.rows("EXPLAIN QUERY PLAN SELECT zip FROM zipgeo_near('FR:75008', 1) ORDER BY distance")
      .compactMap { $0["detail"]?.string }.joined(separator: "\n")
    #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    let byZip = try db.rows("SELECT zip FROM zipgeo_near('GB:EC1A 1BB', 1) ORDER BY distance, zip").map {
      $0[0].string!
    }
    #expect(byZip == military + ["EC1A 1BB", "EC1M"])
  }

  /// At the poles and on the grid's boundaries, where many rows lie at one point, every search
  /// gives its rows in the documented order, ties by zip, as SQLite's `ORDER BY distance` trusts.
  @Test func searchesAtThePolesAndGridBoundariesKeepTheirOrder() throws {
    var rng = SeededGenerator(seed: 90)
    let longitudes = [-180, -179.9999999, -90.0000001, -90, -45, 0, -0.0, 1e-300, 45, 90, 179.9999999, 180]
    var lines = ["zip,place,state,county,lat,lon"]
    for index in 0..<400 {
      let lat = [90, -90, 89.9999999, -89.9999999, 0, 45][Int.random(in: 0..<6, using: &rng)]
      let lon = longitudes[Int.random(in: 0..<longitudes.count, using: &rng)]
      lines.append("\(String(format: "%05d", (index * 7_919) % 100_000)),P\(index),,,\(lat),\(lon)")
    }
    let file = try temporary.write("poles.csv", lines.joined(separator: "\n") + "\n")
    let path = temporary.path("poles.db")
    _ = try ZipDatabase.importFile(file, into: path)
    let db = try ZipDatabase(readingAt: path).database
    for (lat, lon) in [(90.0, -90.0), (90.0, 0.0), (-90.0, 180.0), (89.9999999, 45.0), (0.0, 180.0), (0.0, -0.0)] {
      for km in [1e-6, 0.001, 100, 20_100] {
        let truth = try zips(
          "SELECT zip FROM zips WHERE distance(?, ?, lat, lon) <= ? ORDER BY distance(?, ?, lat, lon), zip",
          [lat, lon, km, lat, lon], on: db)
        #expect(
          try zips("SELECT zip FROM zipgeo_within(?, ?, ?)", [lat, lon, km], on: db) == truth, "\(lat),\(lon) \(km)")
        let geodesic = try zips(
          """
          SELECT zip FROM zips WHERE geodesic_distance(?, ?, lat, lon) <= ?
          ORDER BY geodesic_distance(?, ?, lat, lon), zip
          """, [lat, lon, km, lat, lon], on: db)
        #expect(
          try zips("SELECT zip FROM zipgeo_within(?, ?, ?, 'km', 'wgs84')", [lat, lon, km], on: db) == geodesic,
          "\(lat),\(lon) \(km) wgs84")
      }
      for k in [1, 3, 50] {
        let truth = try zips(
          "SELECT zip FROM zips ORDER BY distance(?, ?, lat, lon), zip LIMIT ?", [lat, lon, k], on: db)
        #expect(
          try zips("SELECT zip FROM zipgeo_nearest(?, ?, ?)", [lat, lon, k], on: db) == truth, "\(lat),\(lon) k \(k)")
      }
    }
  }

  func zips(_ sql: String, _ arguments: [any DatabaseValueConvertible], on db: Database) throws -> [String] {
    try db.rows(sql, arguments).compactMap { $0[0].string }
  }
}
