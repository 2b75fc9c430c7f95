import Foundation
import TestSupport
import Testing

/// Hostile SQL and hostile database files, run in the stock sqlite3 shell with the extension
/// loaded, one child process per group: whatever a caller or a database file supplies, the host
/// ends normally (exit 0 or 1, an error message at most), never with a signal or a hang.
@Suite struct CrashCorpusTests {
  static let units = ["km", "m", "mi", "nmi", "ft"]
  static let models = ["sphere", "wgs84"]
  /// Radii: overflowing after conversion to metres, infinite, zero and signed zero, subnormal,
  /// not numbers.
  static let radii = [
    "1e306", "1e308", "1.7976931348623157e308", "1e308 * 10", "-(1e308 * 10)", "0", "-0.0", "-1", "1e-300",
    "4.9e-324", "NULL", "'abc'", "x'00'", "'1e999'", "0.5", "9223372036854775807",
  ]
  static let latitudes = ["90", "-90", "-0.0", "1e-300", "-1e-300", "90.0000001", "1e308", "-1e308 * 10", "NULL"]
  static let longitudes = ["1e308", "-1e308", "180", "-180", "540", "1e15", "-0.0", "1e308 * 10", "'x'"]
  static let counts = [
    "0", "-1", "1", "1000000", "1000001", "1e308", "9.2233720368547758e18", "-9.2233720368547758e18", "1.5", "'x'",
    "NULL", "1e308 * 10",
  ]

  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
  }

  /// Runs `statements` in one shell (errors do not stop it) and checks that it ends normally.
  func expectSurvives(_ group: String, database: String, _ statements: [String]) throws {
    let sql = statements.map { $0 + ";\n" }.joined() + "SELECT 'alive';\n"
    let result = try runCommand(
      ExtensionTests.sqlite3, ["-cmd", ".load \(ExtensionTests.loadPath)", database], input: sql, environment: [:],
      timeLimit: 300)
    #expect(!result.wasSignalled, "\(group): killed by signal \(result.status)")
    #expect(!result.timedOut, "\(group): hung")
    #expect(result.status == 0 || result.status == 1, "\(group): exit \(result.status)")
    #expect(result.out.hasSuffix("alive\n"), "\(group): \(result.out.suffix(300)) \(result.err.suffix(300))")
  }

  /// Runs one statement in the stock shell with the extension loaded.
  func shell(_ sql: String, on database: String) throws -> CommandResult {
    try runCommand(ExtensionTests.sqlite3, ["-cmd", ".load \(ExtensionTests.loadPath)", database, sql])
  }

  /// A zipgeo database of data/zips.csv, made by the built `zipgeo` binary, changed by `sql`.
  func database(_ name: String, then sql: String = "") throws -> String {
    let path = temporary.path(name)
    let result = try runCommand(ExtensionTests.zipgeo, ["import", zipsCSVPath, "--db", path])
    try #require(result.status == 0, "import failed: \(result.err)")
    if !sql.isEmpty {
      let change = try runCommand(
        ExtensionTests.sqlite3, ["-bail", "-cmd", ".load \(ExtensionTests.loadPath)", path, sql])
      try #require(change.status == 0, "\(change.err)")
    }
    return path
  }

  @Test func extremeRadiiInEveryUnitAndModelNeverCrashTheHost() throws {
    let db = try database("zipgeo.db")
    for unit in Self.units {
      var statements: [String] = []
      for radius in Self.radii {
        for model in Self.models {
          statements.append("SELECT count(*) FROM zipgeo_within(0, 0, \(radius), '\(unit)', '\(model)')")
          statements.append("SELECT count(*) FROM zipgeo_near('75075', \(radius), '\(unit)', '\(model)')")
          statements.append("SELECT count(*) FROM zipgeo_cover(0, 0, \(radius), '\(unit)', '\(model)')")
        }
      }
      try expectSurvives("radii in \(unit)", database: db, statements)
    }
  }

  @Test func extremeCoordinatesNeverCrashTheHost() throws {
    let db = try database("zipgeo.db")
    for lat in Self.latitudes {
      var statements: [String] = []
      for lon in Self.longitudes {
        for model in Self.models {
          statements.append("SELECT count(*) FROM zipgeo_within(\(lat), \(lon), 100, 'km', '\(model)')")
          statements.append("SELECT count(*) FROM zipgeo_nearest(\(lat), \(lon), 3, '\(model)')")
          statements.append("SELECT count(*) FROM zipgeo_cover(\(lat), \(lon), 100, 'km', '\(model)')")
        }
        for unit in Self.units {
          for function in ["distance", "geodesic_distance"] {
            statements.append("SELECT \(function)(\(lat), \(lon), 0, 0, '\(unit)')")
            statements.append("SELECT \(function)(0, \(lon), \(lat), -(\(lon)), '\(unit)')")
          }
        }
        statements.append(
          "SELECT distance(\(lat), \(lon), \(lat), -1e308), geodesic_distance(\(lat), \(lon), 1e-300, 1e308)")
      }
      try expectSurvives("latitude \(lat)", database: db, statements)
    }
  }

  @Test func extremeCountsNeverCrashTheHost() throws {
    let db = try database("zipgeo.db")
    let statements = Self.counts.flatMap { k in
      Self.models.map { "SELECT count(*) FROM zipgeo_nearest(33.025, -96.7397, \(k), '\($0)')" }
    }
    try expectSurvives("counts", database: db, statements)
  }

  /// Rows a hand edit or a damaged file can hold: out-of-range and overflowing numbers, text, a
  /// blob. A search centred on one is an error naming the zip; other searches skip them.
  @Test func damagedRowsAreReportedOrSkippedNeverACrash() throws {
    let db = try database(
      "damaged.db",
      then: """
        PRAGMA ignore_check_constraints = ON;
        UPDATE zips SET lat = 95 WHERE zip = '75075';
        UPDATE zips SET lat = -1e308 WHERE zip = '75023';
        UPDATE zips SET lat = 'abc' WHERE zip = '75024';
        UPDATE zips SET lon = 1e308 WHERE zip = '75025';
        UPDATE zips SET lon = -200 WHERE zip = '75026';
        UPDATE zips SET lon = x'00' WHERE zip = '75074';
        """)
    var statements: [String] = []
    for zip in ["75075", "75023", "75024", "75025", "75026", "75074"] {
      for model in Self.models {
        statements.append("SELECT count(*) FROM zipgeo_near('\(zip)', 10, 'km', '\(model)')")
      }
    }
    for model in Self.models {
      statements.append("SELECT count(*) FROM zipgeo_within(33.025, -96.7397, 50, 'km', '\(model)')")
      statements.append("SELECT count(*) FROM zipgeo_nearest(33.025, -96.7397, 100, '\(model)')")
      statements.append("SELECT count(*) FROM zipgeo_within(0, 0, 1e305, 'km', '\(model)')")
    }
    statements.append("SELECT sum(distance(lat, lon, 0, 0)), sum(geodesic_distance(lat, lon, 0, 0)) FROM zips")
    try expectSurvives("damaged rows", database: db, statements)

    // Centred on a damaged row: the error names it. Everywhere else: the damaged rows are left out.
    let near = try shell("SELECT * FROM zipgeo_near('75075', 10)", on: db)
    #expect(near.status == 1)
    #expect(
      near.err.contains(
        "zipgeo_near(): zip code '75075' in the zips table is damaged: latitude 95.0 is outside [-90, 90]"),
      "\(near.err)")
    let text = try shell("SELECT * FROM zipgeo_near('75024', 10)", on: db)
    #expect(
      text.err.contains("zip code '75024' in the zips table is damaged: its latitude is text 'abc'"), "\(text.err)")
    let world = try shell("SELECT zip FROM zipgeo_within(0, 0, 1e305)", on: db)
    // 41,487 rows: the 6 with bad coordinates are not found.
    #expect(world.out.split(separator: "\n").count == 41481, "\(world.err)")
    // A count takes a square wholly within the radius by its cells, unread: it counts 75074, whose
    // longitude is a blob (SQLite's arithmetic reads it as 0, so its cell is that of longitude 0).
    let counted = try shell("SELECT count(*) FROM zipgeo_within(0, 0, 1e305)", on: db)
    #expect(counted.out == "41482\n", "\(counted.out) \(counted.err)")
  }

  /// Grid cells damaged in a file without the triggers that keep them right: every search says so.
  @Test func damagedCellsAreAnErrorNeverACrashOrAMissingRow() throws {
    let db = try database(
      "cells.db",
      then: """
        DROP TRIGGER zips_cell_insert;
        DROP TRIGGER zips_cell_update;
        UPDATE zips SET cell = -9223372036854775808 WHERE zip = '75080';
        UPDATE zips SET cell = 'x' WHERE zip = '75082';
        UPDATE zips SET cell = 1e308 WHERE zip = '75023';
        """)
    var statements: [String] = []
    for model in Self.models {
      statements.append("SELECT count(*) FROM zipgeo_near('75075', 10, 'km', '\(model)')")
      statements.append("SELECT count(*) FROM zipgeo_within(33.025, -96.7397, 50, 'km', '\(model)')")
      statements.append("SELECT count(*) FROM zipgeo_nearest(33.025, -96.7397, 100, '\(model)')")
    }
    try expectSurvives("damaged cells", database: db, statements)
    let within = try shell("SELECT count(*) FROM zipgeo_within(33.025, -96.7397, 10)", on: db)
    #expect(within.status == 1)
    #expect(
      within.err.contains("3 of its rows have a grid cell that does not match their coordinates"), "\(within.err)")
  }

  /// `zips` views that call a table function: either refused by the table check (columns with no
  /// type) or stopped by the re-entry check, with an error, in every function.
  @Test func zipsViewsThatCallTheTableFunctionsNeverCrashTheHost() throws {
    let calls = [
      "zipgeo_near('75075', 10)", "zipgeo_within(33.025, -96.7397, 10)", "zipgeo_nearest(33.025, -96.7397, 3)",
    ]
    for (index, call) in calls.enumerated() {
      for typed in [true, false] {
        let view =
          typed
          ? "CREATE VIEW zips AS SELECT a.* FROM all_zips a JOIN \(call) n ON n.zip = a.zip"
          : "CREATE VIEW zips AS SELECT * FROM \(call)"
        let db = try database("view-\(index)-\(typed).db", then: "ALTER TABLE zips RENAME TO all_zips; \(view);")
        let statements = ["SELECT count(*) FROM zips"] + calls.map { "SELECT count(*) FROM \($0)" }
        try expectSurvives(view, database: db, statements)
      }
    }
  }

  /// Tables other tools make: no grid cells, text or untyped coordinates, NULLs.
  @Test func foreignZipsTablesNeverCrashTheHost() throws {
    let schemas = [
      "CREATE TABLE zips (zip TEXT, lat REAL, lon REAL)",
      "CREATE TABLE zips (zip TEXT, lat TEXT, lon TEXT, cell INTEGER)",
      "CREATE TABLE zips (zip, lat, lon, cell)",
      "CREATE TABLE zips (zip TEXT, lat REAL, lon REAL, cell INTEGER)",
      "CREATE TABLE zips (zip INTEGER, lat REAL, lon REAL, cell TEXT)",
    ]
    for (index, schema) in schemas.enumerated() {
      let db = temporary.path("foreign-\(index).db")
      let rows = """
        INSERT INTO zips (zip, lat, lon\(schema.contains("cell") ? ", cell" : "")) VALUES
          ('75075', 33.025, -96.7397\(schema.contains("cell") ? ", 4430000" : "")),
          ('x', NULL, NULL\(schema.contains("cell") ? ", NULL" : "")),
          (NULL, '95', 'y'\(schema.contains("cell") ? ", 'z'" : ""));
        """
      let create = try runCommand(ExtensionTests.sqlite3, [db, "\(schema); \(rows)"])
      try #require(create.status == 0, "\(create.err)")
      try expectSurvives(
        schema, database: db,
        [
          "SELECT * FROM zipgeo_near('75075', 10)", "SELECT * FROM zipgeo_near('x', 10)",
          "SELECT * FROM zipgeo_within(33.025, -96.7397, 10)", "SELECT * FROM zipgeo_nearest(33.025, -96.7397, 3)",
        ])
    }
  }
}
