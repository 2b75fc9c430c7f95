import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// A `zips` table that zipgeo did not make (sqlite-utils, a hand-written schema): every search
/// says what is missing in one line naming the function, never internal SQL or an empty answer.
@Suite struct SchemaTests {
  static let searches = [
    ("zipgeo_near", "SELECT * FROM zipgeo_near('75075', 10)"),
    ("zipgeo_within", "SELECT * FROM zipgeo_within(33.025, -96.7397, 10)"),
    ("zipgeo_nearest", "SELECT * FROM zipgeo_nearest(33.025, -96.7397, 3)"),
  ]

  func connection(_ schema: String) throws -> Database {
    let db = try Database.inMemory()
    try SQLFunctions.register(on: db)
    try db.execute(schema)
    return db
  }

  func message(_ sql: String, on db: Database) -> String? {
    (#expect(throws: DatabaseError.self) { try db.rows(sql) })?.message
  }

  @Test func aZipsTableWithoutGridCellsIsRefusedByName() throws {
    let db = try connection(
      "CREATE TABLE zips (zip TEXT, lat REAL, lon REAL); INSERT INTO zips VALUES ('75075', 33.025, -96.7397);")
    for (function, sql) in Self.searches {
      #expect(
        message(sql, on: db)
          == "\(function)(): the zips table cannot be searched: it has no 'cell' column, so zipgeo did not make it"
          + " (zipgeo import makes a table with zip, lat, lon and grid cells)")
    }
  }

  /// The lookups of the Swift API (and `zipgeo info`, `distance`, `nearest --zip`), which read a
  /// code by its index and check the cells after, say the same of a file that calls itself
  /// zipgeo's (`user_version` 3) and has every column but `cell`.
  @Test func aLookupInATableWithoutGridCellsSaysSoNotSQLitesError() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("nocell.db")
    let writer = try Database(path: path)
    try writer.execute(
      """
      CREATE TABLE zips (zip TEXT, place TEXT, state TEXT, county TEXT, lat REAL, lon REAL, country TEXT,
        accuracy INTEGER, id INTEGER);
      INSERT INTO zips VALUES ('75075', 'Plano', 'TX', NULL, 33.025, -96.7397, 'US', 4, 1);
      PRAGMA user_version = 3;
      """)
    try writer.close()
    let reason =
      "it has no 'cell' column, so zipgeo did not make it (zipgeo import makes a table with zip, lat, lon and grid cells)"
    #expect(throws: ZipGeoError.unsearchableTable(reason: reason)) {
      try ZipDatabase(readingAt: path).zipCode("75075")
    }
  }

  @Test func textCoordinatesAreRefusedByNameNeverAnEmptyAnswer() throws {
    // What `sqlite-utils insert` makes from a CSV without --detect-types.
    let db = try connection(
      """
      CREATE TABLE zips (zip TEXT, lat TEXT, lon TEXT, cell INTEGER);
      INSERT INTO zips VALUES ('75075', '33.025', '-96.7397', 0);
      """)
    for (function, sql) in Self.searches {
      #expect(
        message(sql, on: db)
          == "\(function)(): the zips table cannot be searched: its 'lat' column is declared TEXT, not a number"
          + " type (REAL), so SQLite would compare its values as text")
    }
    let untyped = try connection("CREATE TABLE zips (zip, lat, lon, cell)")
    #expect(message(Self.searches[1].1, on: untyped)?.contains("its 'zip' column is declared no type") == true)
    let untypedCoordinates = try connection("CREATE TABLE zips (zip TEXT, lat, lon, cell)")
    #expect(
      message(Self.searches[1].1, on: untypedCoordinates)?.contains("its 'lat' column is declared no type") == true)
  }

  /// What `sqlite-utils insert --detect-types` makes of 01001: the number 1001.
  @Test func integerZipCodesAreRefusedByName() throws {
    let db = try connection(
      """
      CREATE TABLE zips (zip INTEGER, lat REAL, lon REAL, cell INTEGER);
      INSERT INTO zips VALUES (1001, 42.0702, -72.6227, 0);
      """)
    for (function, sql) in Self.searches {
      #expect(
        message(sql, on: db)
          == "\(function)(): the zips table cannot be searched: its 'zip' column is declared INTEGER, not TEXT, so"
          + " zip codes would not keep their leading zeros or sort as text")
    }
  }

  /// The check is made once per preparation of the statement that ran, so a table replaced in an
  /// attached database is checked again (it once kept its first verdict and answered nothing).
  @Test func aZipsTableReplacedInAnAttachedDatabaseIsCheckedAgain() throws {
    let db = try connection("")
    try db.execute("ATTACH ':memory:' AS a")
    try db.execute(
      Schema.createTable.replacingOccurrences(of: "CREATE TABLE zips", with: "CREATE TABLE a.zips"))
    let cell = GridCell.number(of: try .init(latitude: 33.025, longitude: -96.7397))
    try db.execute("INSERT INTO a.zips (zip, lat, lon, cell) VALUES ('75075', 33.025, -96.7397, \(cell))")
    for (_, sql) in Self.searches { #expect(try db.rows(sql).count == 1, "\(sql)") }
    try db.execute(
      """
      ALTER TABLE a.zips RENAME TO zips_old;
      CREATE TABLE a.zips (zip TEXT, place TEXT, state TEXT, county TEXT, lat TEXT, lon TEXT, cell TEXT);
      INSERT INTO a.zips SELECT zip, place, state, county, lat, lon, cell FROM a.zips_old;
      """)
    for (function, sql) in Self.searches {
      #expect(message(sql, on: db)?.hasPrefix("\(function)(): the zips table cannot be searched: its 'lat'") == true)
    }
  }

  @Test func noZipsTableIsNamedToo() throws {
    let db = try connection("CREATE TABLE other (x)")
    #expect(
      message(Self.searches[1].1, on: db)
        == "zipgeo_within(): the zips table cannot be searched: there is no zips table (is this the database you"
        + " meant?); make one with zipgeo import, or open the one zipgeo where names")
  }

  @Test func theCheckRunsAgainWhenTheSchemaChanges() throws {
    let db = try connection(Schema.createStatements)
    try db.execute("INSERT INTO zips (zip, lat, lon) VALUES ('75075', 33.025, -96.7397)")
    #expect(try db.rows(Self.searches[0].1).count == 1)
    try db.execute("ALTER TABLE zips RENAME TO old; CREATE TABLE zips (zip TEXT, lat TEXT, lon TEXT, cell INTEGER)")
    #expect(message(Self.searches[0].1, on: db)?.contains("declared TEXT") == true)
    // A temporary view hides the main table.
    try db.execute("DROP TABLE zips; ALTER TABLE old RENAME TO zips")
    #expect(try db.rows(Self.searches[0].1).count == 1)
    try db.execute(
      "CREATE TEMP VIEW zips AS SELECT zip, place, state, county, lat, lon, country, accuracy, 'x' || cell AS cell, id FROM main.zips"
    )
    #expect(message(Self.searches[0].1, on: db)?.contains("it is a view") == true)
    #expect(message(Self.searches[1].1, on: db)?.contains("it is a view") == true)
  }

  /// A view's declared column types are those of one part of it: a UNION of a REAL and a TEXT
  /// table declares REAL, yet compares the TEXT rows as text. Views are refused, every kind.
  @Test func viewsAreRefusedSinceTheirTypesCannotBeChecked() throws {
    let db = try connection(
      """
      CREATE TABLE src (zip TEXT, lat TEXT, lon TEXT, cell INTEGER);
      INSERT INTO src VALUES ('75075', '33.025', '-96.7397', 4430062);
      CREATE TABLE typed (zip TEXT, lat REAL, lon REAL, cell INTEGER);
      CREATE VIEW zips AS SELECT zip, NULL AS place, NULL AS state, NULL AS county, lat, lon, cell FROM src
        UNION ALL SELECT zip, NULL, NULL, NULL, lat, lon, cell FROM typed;
      """)
    for (function, sql) in Self.searches {
      #expect(
        message(sql, on: db)
          == "\(function)(): the zips table cannot be searched: it is a view; zipgeo searches a table, whose columns"
          + " it can check (make one with: zipgeo import)")
    }
  }

  /// Without the triggers that keep cells right (a database made by an older zipgeo), a row moved
  /// by another tool would be missing from every answer: searches refuse, saying how to mend it.
  @Test func cellsThatDoNotMatchTheirRowsAreRefusedWithoutTheTriggers() throws {
    let db = try connection(Schema.createTable + Schema.zipIndex)
    try db.execute(
      """
      INSERT INTO zips (zip, lat, lon, cell) VALUES ('75075', 33.025, -96.7397, \(GridCell.number(of: try .init(latitude: 33.025, longitude: -96.7397))));
      """)
    for (_, sql) in Self.searches { #expect(try db.rows(sql).count == 1, "\(sql)") }
    try db.execute("UPDATE zips SET lat = 40.7, lon = -74.0")
    for (function, sql) in Self.searches.dropFirst() {
      #expect(
        message(sql, on: db)
          == "\(function)(): the zips table cannot be searched: 1 of its rows have a grid cell that does not match"
          + " their coordinates (moved by a tool that did not update cell), so searches would miss them; run zipgeo"
          + " import again, which also adds the triggers that keep cells right, or: UPDATE zips SET cell ="
          + " \(GridCell.sqlExpression())")
    }
    try db.execute("UPDATE zips SET cell = \(GridCell.sqlExpression())")
    #expect(try db.rows("SELECT * FROM zipgeo_nearest(40.7, -74.0, 1)").count == 1)
  }

  @Test func sqliteAffinityRulesDecideWhichTypesCountAsNumbers() {
    for type in ["REAL", "DOUBLE PRECISION", "FLOAT", "INTEGER", "int", "NUMERIC", "DECIMAL(10,5)", "BIGINT"] {
      #expect(Schema.hasNumericAffinity(type), "\(type)")
    }
    for type in ["TEXT", "VARCHAR(10)", "CLOB", "BLOB", "", "CHARINT"] where type != "CHARINT" {
      #expect(!Schema.hasNumericAffinity(type), "\(type)")
    }
    #expect(Schema.hasNumericAffinity("CHARINT"))  // "INT" is looked for first, as SQLite does
  }
}
