import Foundation
import Geodesy
import SQLiteKit
import Synchronization
import TestSupport
import Testing

@testable import ZipGeo

/// Every layout a landed zipgeo wrote, made with that release's own SQL, is refused by reads with
/// the command that upgrades it, and upgraded by `zipgeo upgrade` or an import without losing a row.
@Suite struct SchemaUpgradeTests {
  /// The cell number of a point on the grid of versions 1 and 2 (cells of 0.1 by 0.1 degrees,
  /// numbered row by row from the south pole and the 180th meridian west), in SQL, of the columns
  /// `lat` and `lon`: how those releases numbered their rows' cells.
  static func legacyCell(latitude: String = "lat", longitude: String = "lon") -> String {
    "(CAST((\(latitude) + 90) * 10 AS INTEGER) * 3601 + CAST((\(longitude) + 180) * 10 AS INTEGER))"
  }

  /// The triggers that kept the cells of versions 1 and 2 right, on their grid.
  static let version1Triggers = """
    CREATE TRIGGER zips_cell_insert AFTER INSERT ON zips
      WHEN NEW.cell IS NOT \(legacyCell(latitude: "NEW.lat", longitude: "NEW.lon"))
      BEGIN UPDATE zips SET cell = \(legacyCell()) WHERE rowid = NEW.rowid; END;
    CREATE TRIGGER zips_cell_update AFTER UPDATE OF lat, lon, cell ON zips
      WHEN NEW.cell IS NOT \(legacyCell(latitude: "NEW.lat", longitude: "NEW.lon"))
      BEGIN UPDATE zips SET cell = \(legacyCell()) WHERE rowid = NEW.rowid; END;
    """

  /// The version-1 layouts, each as its release made it (`git show <commit>:Sources/ZipGeo/Schema.swift`).
  static let version1Layouts: [(release: String, sql: String)] = [
    (
      "0070d32, the first: zip the key of a table without rowids",
      """
      CREATE TABLE zips (
        zip TEXT NOT NULL PRIMARY KEY CHECK (zip <> ''),
        place TEXT,
        state TEXT,
        county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180)
      ) WITHOUT ROWID;
      -- Radius queries narrow candidates by a latitude band on this index, then by longitude.
      CREATE INDEX zips_lat_lon ON zips (lat, lon);
      PRAGMA user_version = 1;
      """
    ),
    (
      "f258162: zip UNIQUE",
      """
      CREATE TABLE zips (
        zip TEXT NOT NULL UNIQUE CHECK (zip <> ''),
        place TEXT,
        state TEXT,
        county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180)
      );
      CREATE INDEX zips_lat_lon ON zips (lat, lon);
      PRAGMA user_version = 1;
      """
    ),
    (
      "b9ae865: a unique index on zip",
      """
      CREATE TABLE zips (
        zip TEXT NOT NULL CHECK (zip <> ''),
        place TEXT,
        state TEXT,
        county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180)
      );
      CREATE UNIQUE INDEX zips_zip ON zips (zip);
      CREATE INDEX zips_lat_lon ON zips (lat, lon);
      PRAGMA user_version = 1;
      """
    ),
    (
      "1ac3b17, released 2026-11-29/30: grid cells without a default",
      """
      CREATE TABLE zips (
        zip TEXT NOT NULL CHECK (zip <> ''),
        place TEXT,
        state TEXT,
        county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
        cell INTEGER NOT NULL
      );
      CREATE UNIQUE INDEX zips_zip ON zips (zip);
      CREATE INDEX zips_cell ON zips (cell, lat, lon, zip);
      PRAGMA user_version = 1;
      """
    ),
    (
      "889ac81: cells with a default and triggers",
      """
      CREATE TABLE zips (
        zip TEXT NOT NULL CHECK (zip <> ''),
        place TEXT,
        state TEXT,
        county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
        cell INTEGER NOT NULL DEFAULT -1
      );
      CREATE UNIQUE INDEX zips_zip ON zips (zip);
      CREATE INDEX zips_cell ON zips (cell, lat, lon, zip);
      \(version1Triggers)
      PRAGMA user_version = 1;
      """
    ),
  ]

  /// The US rows each old file holds: a leading zero, and 01945, which is also a German code (a
  /// table whose zip was unique could not hold both).
  static let usRows: [[DatabaseValue]] = [
    [.text("01001"), .text("Agawam"), .text("MA"), .text("Hampden"), .real(42.0702), .real(-72.6227)],
    [.text("01945"), .text("Nowhere"), .text("MA"), .null, .real(42.5), .real(-71.0)],
    [.text("75023"), .text("Plano"), .text("TX"), .text("Collin"), .real(33.05), .real(-96.73)],
    [.text("75075"), .text("Plano"), .text("TX"), .text("Collin"), .real(33.025), .real(-96.7397)],
  ]

  let folder: TemporaryFolder
  let dbPath: String

  init() throws {
    folder = try TemporaryFolder()
    dbPath = folder.path("old.db")
  }

  /// Makes the old file with `sql` and the US rows (their cells as the release computed them,
  /// where it had cells).
  func makeOldDatabase(_ sql: String) throws {
    let old = try Database(path: dbPath)
    try old.execute(sql)
    let hasCells = try old.rows("SELECT 1 FROM pragma_table_info('zips') WHERE name = 'cell'").count == 1
    for row in Self.usRows {
      if hasCells {
        try old.execute(
          "INSERT INTO zips (zip, place, state, county, lat, lon, cell) VALUES (?, ?, ?, ?, ?, ?,"
            + " \(Self.legacyCell(latitude: "?5", longitude: "?6")))", row)
      } else {
        try old.execute("INSERT INTO zips (zip, place, state, county, lat, lon) VALUES (?, ?, ?, ?, ?, ?)", row)
      }
    }
    try old.close()
  }

  func usRowsNow() throws -> [[DatabaseValue]] {
    try Database(path: dbPath).rows(
      "SELECT zip, place, state, county, lat, lon FROM zips WHERE country = 'US' ORDER BY zip"
    ).map(\.values)
  }

  func importGerman() throws {
    let path = try folder.write("DE.txt", ImporterCountryTests.geoNames(ImporterCountryTests.german01945))
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
  }

  @Test(arguments: version1Layouts.indices)
  func anImportOfAnotherCountryKeepsEveryUSRowOfAVersion1Database(layout: Int) throws {
    try makeOldDatabase(Self.version1Layouts[layout].sql)
    // Read once upgraded, and the message says how.
    #expect(throws: Self.refusal(path: dbPath, version: 1)) { try ZipDatabase(readingAt: dbPath) }
    try importGerman()
    let db = try Database(path: dbPath)
    #expect(try db.scalar("PRAGMA user_version") == .integer(Schema.version))
    #expect(try usRowsNow() == Self.usRows, "\(Self.version1Layouts[layout].release)")
    #expect(
      try db.rows("SELECT country, places, codes FROM countries ORDER BY country").map(\.values)
        == [[.text("DE"), .integer(9), .integer(1)], [.text("US"), .integer(4), .integer(4)]])
    #expect(try db.scalar("SELECT count(*) FROM zips WHERE zip = '01945'") == .integer(10))
    // The upgraded rows are found where they are: their cells were computed again.
    let upgraded = try ZipDatabase(readingAt: dbPath)
    let hits = try upgraded.near(zip: "US:75075", within: Length(10, .kilometres), country: "US")
    #expect(hits.map(\.zipCode.zip) == ["75075", "75023"])
    #expect(try upgraded.zipCode("US:01001")?.place == "Agawam")
    #expect(try db.scalar("PRAGMA integrity_check") == .text("ok"))
  }

  /// The error of a read of the file at `path`, of schema `version`, that this user can write.
  static func refusal(path: String, version: Int64) -> ZipGeoError {
    .databaseUnreadable(
      path: path,
      reason: "it was made by an older zipgeo (schema version \(version)), and this one reads version 3; upgrade it,"
        + " keeping every row, with: zipgeo upgrade --db=\(path.shellQuoted)")
  }

  /// `zipgeo upgrade` (the library's `ZipDatabase.upgrade(at:)`) upgrades every version-1 layout
  /// without an import: every row kept as a US row, each rowid its id, found where it lies.
  @Test(arguments: version1Layouts.indices)
  func anUpgradeKeepsEveryRowOfAVersion1DatabaseAsUSRows(layout: Int) throws {
    try makeOldDatabase(Self.version1Layouts[layout].sql)
    let before = try Database(path: dbPath).rows(
      "SELECT \(layout == 0 ? "row_number() OVER (ORDER BY zip)" : "rowid"), zip, place, state, county, lat, lon"
        + " FROM zips ORDER BY zip"
    ).map(\.values)
    let summary = try ZipDatabase.upgrade(at: dbPath)
    #expect(summary == UpgradeSummary(fromVersion: 1, rows: Self.usRows.count))
    #expect(summary.upgraded)
    let db = try Database(path: dbPath)
    #expect(try db.scalar("PRAGMA user_version") == .integer(Schema.version))
    #expect(
      try db.rows("SELECT id, zip, place, state, county, lat, lon FROM zips WHERE country = 'US' ORDER BY zip")
        .map(\.values) == before, "\(Self.version1Layouts[layout].release)")
    #expect(try db.scalar("PRAGMA integrity_check") == .text("ok"))
    let upgraded = try ZipDatabase(readingAt: dbPath)
    #expect(
      try upgraded.near(zip: "75075", within: Length(10, .kilometres)).map(\.zipCode.zip) == ["75075", "75023"])
    #expect(try upgraded.zipCode("01001")?.place == "Agawam")
    #expect(try upgraded.countries().map(\.country) == ["US"])
    #expect(try upgraded.placeIndexIsCurrent())
    #expect(try upgraded.database.scalar("SELECT name FROM regions WHERE state = 'TX'") == .text("Texas"))
    // A second upgrade finds nothing to do, and changes no byte.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dbPath))
    #expect(try ZipDatabase.upgrade(at: dbPath) == UpgradeSummary(fromVersion: Schema.version, rows: 4))
    #expect(try Data(contentsOf: URL(fileURLWithPath: dbPath)) == bytes)
  }

  @Test func theRowidsOfAVersion1TableAreKept() throws {
    try makeOldDatabase(Self.version1Layouts[3].sql)
    try Database(path: dbPath).execute("UPDATE zips SET rowid = rowid + 100 WHERE zip = '75075'")
    let before = try Database(path: dbPath).rows("SELECT rowid, zip FROM zips ORDER BY rowid").map(\.values)
    try importGerman()
    #expect(
      try Database(path: dbPath).rows("SELECT id, zip FROM zips WHERE country = 'US' ORDER BY id").map(\.values)
        == before)
  }

  @Test func aViewOfAnotherToolOnAVersion1TableStillReadsTheTableAfterTheUpgrade() throws {
    try makeOldDatabase(Self.version1Layouts[3].sql)
    try Database(path: dbPath).execute("CREATE VIEW texas AS SELECT zip FROM zips WHERE state = 'TX'")
    try importGerman()
    let db = try Database(path: dbPath)
    #expect(try db.rows("SELECT zip FROM texas ORDER BY zip").map(\.values) == [[.text("75023")], [.text("75075")]])
    #expect(try db.scalar("SELECT sql FROM sqlite_schema WHERE name = 'texas'")?.string?.contains("FROM zips") == true)
  }

  @Test func replaceAllOnAVersion1DatabaseLeavesOnlyTheImportedRows() throws {
    try makeOldDatabase(Self.version1Layouts[3].sql)
    let path = try folder.write("DE.txt", ImporterCountryTests.geoNames(ImporterCountryTests.german01945))
    _ = try Importer(options: ImportOptions(replaceAll: true)).importFile(
      path, into: try ZipDatabase(writingAt: dbPath))
    #expect(try usRowsNow().isEmpty)
    #expect(try Database(path: dbPath).scalar("SELECT count(*) FROM zips") == .integer(9))
  }

  @Test func aFailedImportLeavesAVersion1DatabaseAsItWas() throws {
    try makeOldDatabase(Self.version1Layouts[3].sql)
    let path = try folder.write("bad.csv", "zip,lat,lon\n12345,91,0\n")
    #expect(throws: ImportError.self) { try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath)) }
    #expect(
      try Database(path: dbPath).rows("SELECT zip, place, state, county, lat, lon FROM zips ORDER BY zip").map(\.values)
        == Self.usRows)
    #expect(try Database(path: dbPath).scalar("PRAGMA user_version") == .integer(1))
  }

  /// The layout of version 2 as 2298b09 (the last release before clustered tables) made it: rows
  /// in file order, an index of cells on the 0.1-degree grid, and triggers on that grid.
  static let version2Layout = """
    CREATE TABLE zips (
      zip TEXT NOT NULL CHECK (zip <> ''),
      place TEXT,
      state TEXT,
      county TEXT,
      lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
      lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
      cell INTEGER NOT NULL DEFAULT -1,
      country TEXT NOT NULL DEFAULT 'US' CHECK (length(country) = 2 AND country GLOB '[A-Z][A-Z]'),
      accuracy INTEGER CHECK (accuracy BETWEEN 0 AND 6)
    );
    CREATE TABLE countries (
      country TEXT PRIMARY KEY NOT NULL CHECK (length(country) = 2 AND country GLOB '[A-Z][A-Z]'),
      places INTEGER NOT NULL, codes INTEGER NOT NULL, source TEXT, imported TEXT
    );
    CREATE UNIQUE INDEX zips_zip ON zips (zip, country, ifnull(place, ''));
    CREATE INDEX zips_cell ON zips (cell, lat, lon, zip, country);
    \(version1Triggers)
    PRAGMA user_version = 2;
    """

  /// data/zips.csv imported by this zipgeo (`current`), and the same rows in a version-2 file:
  /// made once a run, since the import is most of a test's time, and copied by each test
  /// (`copyZipsFiles()`).
  static let zipsFiles = Result { () throws -> (current: String, version2: String) in
    let folder = try TemporaryFolder()
    let (current, version2) = (folder.path("current.db"), folder.path("version2.db"))
    _ = try ZipDatabase.importFile(zipsCSVPath, into: current)
    try makeVersion2Database(from: current, at: version2)
    // Kept for the process's life: the folder would be removed with its last reference.
    Self.zipsFolder = folder
    return (current, version2)
  }
  nonisolated(unsafe) static var zipsFolder: TemporaryFolder?

  /// Copies `zipsFiles` into this test's folder: the version-2 file at `dbPath`, and the current
  /// one, whose path it returns.
  func copyZipsFiles() throws -> String {
    let (current, version2) = try Self.zipsFiles.get()
    let copy = folder.path("current.db")
    try FileManager.default.copyItem(atPath: current, toPath: copy)
    try FileManager.default.copyItem(atPath: version2, toPath: dbPath)
    return copy
  }

  /// The current file `current`, copied into a version-2 file in file order (as that release
  /// wrote it), with its countries row.
  func makeVersion2Database(from current: String) throws {
    try Self.makeVersion2Database(from: current, at: dbPath)
  }

  static func makeVersion2Database(from current: String, at path: String) throws {
    let old = try Database(path: path)
    try old.execute(version2Layout)
    try old.execute("ATTACH '\(current)' AS new")
    try old.execute(
      """
      INSERT INTO zips (rowid, zip, place, state, county, lat, lon, country, accuracy)
        SELECT id, zip, place, state, county, lat, lon, country, accuracy FROM new.zips ORDER BY id;
      INSERT INTO countries SELECT * FROM new.countries;
      DETACH new;
      """)
    try old.close()
  }

  /// A version-2 database is refused by every read, the library's and SQL's, with the command that
  /// upgrades it, and a refused read leaves it as it was; `zipgeo upgrade` then makes it what a fresh
  /// import of the same file makes, table by table, and its answers those of a fresh import.
  @Test func aVersion2DatabaseIsRefusedUntilUpgradedAndThenHoldsWhatAFreshImportHolds() throws {
    let current = try copyZipsFiles()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dbPath))
    #expect(throws: Self.refusal(path: dbPath, version: 2)) { try ZipDatabase(readingAt: dbPath) }
    let host = try Database(path: dbPath, mode: .readOnly)
    try SQLFunctions.register(on: host)
    let command = "upgrade it, keeping every row, with: zipgeo upgrade --db=\(dbPath.shellQuoted)"
    for sql in [
      "SELECT * FROM zipgeo_near('01001', 40)", "SELECT * FROM zipgeo_within(42.07, -72.62, 10)",
      "SELECT * FROM zipgeo_nearest(42.07, -72.62, 3)", "SELECT * FROM zipgeo_cover(42.07, -72.62, 10)",
      "SELECT * FROM zipgeo_lookup('01001')",
    ] {
      #expect(Comment(rawValue: sql)) { _ = try host.rows(sql) } throws: { "\($0)".contains(command) }
    }
    try host.close()
    #expect(try Data(contentsOf: URL(fileURLWithPath: dbPath)) == bytes)
    let rows = Int(try Database(path: current).scalar("SELECT count(*) FROM zips")?.int64 ?? 0)
    #expect(try ZipDatabase.upgrade(at: dbPath) == UpgradeSummary(fromVersion: 2, rows: rows))
    let (upgraded, fresh) = (try Database(path: dbPath), try Database(path: current))
    for table in [
      "zips", "countries", "regions", "zipgeo_settings", PlaceNameIndex.namesTable, PlaceNameIndex.wordsTable,
      PlaceNameIndex.vocabularyTable, PlaceNameIndex.currentTable,
    ] {
      let sql = "SELECT * FROM \(table) ORDER BY 1"
      #expect(try upgraded.rows(sql).map(\.values) == (try fresh.rows(sql).map(\.values)), "\(table)")
    }
    // The same tables, indexes and triggers, and the same columns and key of `zips`.
    for schema in [
      "SELECT type, name FROM sqlite_schema ORDER BY name", "SELECT * FROM pragma_table_xinfo('zips')",
      "SELECT sql FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY name",
    ] {
      #expect(try upgraded.rows(schema).map(\.values) == (try fresh.rows(schema).map(\.values)), "\(schema)")
    }
    #expect(try upgraded.scalar("PRAGMA integrity_check") == .text("ok"))
    #expect(try upgraded.scalar("PRAGMA freelist_count") == .integer(0))
    let (old, new) = (try ZipDatabase(readingAt: dbPath), try ZipDatabase(readingAt: current))
    let plano = try Coordinate(latitude: 33.025, longitude: -96.7397)
    for km in [0.5, 10, 1_000, 30_000] {
      #expect(
        try old.near(coordinate: plano, within: Length(km, .kilometres))
          == (try new.near(coordinate: plano, within: Length(km, .kilometres))), "\(km) km")
    }
    let sql = "SELECT zip, place, distance FROM zipgeo_near('01001', 40) ORDER BY distance"
    #expect(try old.database.rows(sql) == (try new.database.rows(sql)))
  }

  /// A user's own `id` column on a version-2 table does not make it look current (the layout is
  /// judged by the key zipgeo gives its table): reads refuse it, and the upgrade names the column
  /// it would lose.
  @Test func aUsersIdColumnOnAVersion2TableDoesNotMakeItLookCurrent() throws {
    _ = try copyZipsFiles()
    let user = try Database(path: dbPath)
    try user.execute("ALTER TABLE zips ADD COLUMN id INTEGER")
    try user.close()
    #expect(throws: Self.refusal(path: dbPath, version: 2)) { try ZipDatabase(readingAt: dbPath) }
    #expect(throws: ZipGeoError.upgradeWouldLose(additions: ["column 'id'"])) { try ZipDatabase.upgrade(at: dbPath) }
  }

  /// Points a hair from a line of the grid get, from the upgrade's cells (computed in SQL), the
  /// cells a search computes for them: an upgraded file finds them as a fresh import does.
  @Test func anUpgradedVersion2DatabaseFindsPointsAHairFromALineOfTheGrid() throws {
    let current = folder.path("current.db")
    let csv = try folder.write("lines.csv", NearestFirstSearchTests.gridLinePoints())
    _ = try ZipDatabase.importFile(csv, into: current)
    try makeVersion2Database(from: current)
    try ZipDatabase.upgrade(at: dbPath)
    let (old, new) = (try ZipDatabase(readingAt: dbPath), try ZipDatabase(readingAt: current))
    // Every third point as a centre: the file's points lie around four lines, a few ulps apart.
    for row in try new.database.rows("SELECT lat, lon FROM zips WHERE id % 3 = 0") {
      let center = try Coordinate(latitude: row[0].double!, longitude: row[1].double!)
      for km in [1e-9, 1_000.0] {
        #expect(
          try old.near(coordinate: center, within: Length(km, .kilometres))
            == (try new.near(coordinate: center, within: Length(km, .kilometres))), "\(center) \(km) km")
      }
      #expect(try old.nearest(to: center, count: 2) == (try new.nearest(to: center, count: 2)), "\(center)")
    }
  }
}

extension SchemaUpgradeTests {
  /// The German rows' place, 10 km around Tettau, as `connection` finds them through the SQL
  /// functions and the Swift API.
  func germanRows(on connection: ZipDatabase) throws -> (sql: [String], swift: [String]) {
    let tettau = try Coordinate(latitude: 51.4333, longitude: 13.7333)
    let sql = try connection.database.rows(
      "SELECT place FROM zipgeo_within(51.4333, 13.7333, 10) WHERE country = 'DE' ORDER BY distance, place"
    ).compactMap { $0[0].string }
    let swift = try connection.near(coordinate: tettau, within: Length(10, .kilometres), country: "DE")
      .compactMap(\.zipCode.place)
    return (sql, swift)
  }

  /// A connection that met an older table searches the table another connection's import or
  /// upgrade made of it at its next search, every country of it: it judges the layout again at
  /// each statement until it finds the current one.
  @Test(arguments: ["version 1 by an import", "version 2 by an import", "version 2 by zipgeo upgrade"])
  func aConnectionThatMetAnOlderTableSearchesTheUpgradedOneAtItsNextSearch(version: String) throws {
    if version.hasPrefix("version 1") {
      try makeOldDatabase(Self.version1Layouts[3].sql)
    } else {
      _ = try copyZipsFiles()
    }
    let host = try Database(path: dbPath, mode: .readOnly)
    try SQLFunctions.register(on: host)
    let lookup = "SELECT place FROM zipgeo_lookup('US:01001')"
    for sql in [lookup, "SELECT * FROM zipgeo_within(51.4333, 13.7333, 10)"] {
      #expect(Comment(rawValue: sql)) { try host.rows(sql) } throws: { "\($0)".contains("zipgeo upgrade --db=") }
    }
    if version.hasSuffix("import") { try importGerman() } else { try ZipDatabase.upgrade(at: dbPath) }
    #expect(try host.scalar(lookup) == .text("Agawam"))
    if version.hasSuffix("import") {
      let places = try host.rows(
        "SELECT place FROM zipgeo_within(51.4333, 13.7333, 10) WHERE country = 'DE' ORDER BY distance, place")
      #expect(places.count == 4)
      #expect(places.compactMap { $0[0].string } == (try germanRows(on: try ZipDatabase(readingAt: dbPath)).sql))
    }
  }

  /// The layout is the table's, whatever `PRAGMA user_version` an app keeps in its own database.
  @Test func aCurrentTableInADatabaseWhoseVersionIsAnAppsOwnIsSearchedAsCurrent() throws {
    try makeOldDatabase(Self.version1Layouts[3].sql)
    try importGerman()
    for appsVersion in [0, 1, 2, 41] {
      let db = try Database(path: dbPath)
      try db.execute("PRAGMA user_version = \(appsVersion)")
      try db.close()
      let host = try Database(path: dbPath)
      try SQLFunctions.register(on: host)
      let places = try host.rows(
        "SELECT place FROM zipgeo_within(51.4333, 13.7333, 10) WHERE country = 'DE' ORDER BY distance, place")
      #expect(places.count == 4, "user_version \(appsVersion)")
      try Schema.requireCurrentLayout(host)
    }
  }
}

extension SchemaUpgradeTests {
  /// A connection keeps the current layout it found, but not past a failure: when another tool
  /// puts an older table in the place of a current one, the search that meets it first may fail,
  /// the next one says how to upgrade it, and once it is upgraded the searches answer as before.
  @Test func aConnectionThatKeptTheCurrentLayoutReadsATableAnotherToolPutInItsPlace() throws {
    _ = try ZipDatabase.importFile(zipsCSVPath, into: dbPath)
    let reader = try ZipDatabase(readingAt: dbPath)
    let plano = try Coordinate(latitude: 33.025, longitude: -96.7397)
    let before = try reader.near(coordinate: plano, within: Length(10, .kilometres))
    #expect(before.count > 5)
    let writer = try Database(path: dbPath)
    try writer.execute(
      """
      \(Schema.dropCellTriggers) \(PlaceNameIndex.dropStaleTriggers)
      ALTER TABLE zips RENAME TO zips_current;
      CREATE TABLE zips (
        zip TEXT NOT NULL CHECK (zip <> ''), place TEXT, state TEXT, county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90), lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
        cell INTEGER NOT NULL DEFAULT -1,
        country TEXT NOT NULL DEFAULT 'US' CHECK (length(country) = 2 AND country GLOB '[A-Z][A-Z]'),
        accuracy INTEGER CHECK (accuracy BETWEEN 0 AND 6)
      );
      INSERT INTO zips (rowid, zip, place, state, county, lat, lon, country, accuracy, cell)
        SELECT id, zip, place, state, county, lat, lon, country, accuracy,
          \(Self.legacyCell()) FROM zips_current ORDER BY id;
      CREATE INDEX zips_cell ON zips (cell, lat, lon, zip, country);
      \(Self.version1Triggers)
      DROP TABLE zips_current;
      PRAGMA user_version = 2;
      """)
    try writer.close()
    _ = try? reader.near(coordinate: plano, within: Length(10, .kilometres))
    #expect {
      try reader.near(coordinate: plano, within: Length(10, .kilometres))
    } throws: {
      "\($0)".contains("zipgeo upgrade --db=\(dbPath.shellQuoted)")
    }
    try ZipDatabase.upgrade(at: dbPath)
    #expect(try reader.near(coordinate: plano, within: Length(10, .kilometres)) == before)
  }
}

/// An upgrade never loses what a user added to an older table: it refuses, naming each addition,
/// and leaves the file as it was.
extension SchemaUpgradeTests {
  static let userAdditions = """
    ALTER TABLE zips ADD COLUMN note TEXT;
    UPDATE zips SET note = 'mine ' || zip;
    CREATE INDEX my_state ON zips (state);
    CREATE TRIGGER my_touch AFTER UPDATE OF place ON zips BEGIN SELECT 1; END;
    CREATE VIEW my_view AS SELECT rowid AS n, zip FROM zips;
    CREATE TABLE my_log (zip TEXT);
    CREATE TRIGGER my_log_note AFTER INSERT ON my_log BEGIN UPDATE zips SET note = 'logged' WHERE rowid = 1; END;
    """

  static let refused = [
    "column 'note'", "index 'my_state'", "trigger 'my_log_note'", "trigger 'my_touch'", "view 'my_view'",
  ]

  @Test(arguments: Array(version1Layouts.indices) + [-1])
  func anUpgradeRefusesToLoseAUsersColumnsIndexesTriggersAndViews(layout: Int) throws {
    if layout >= 0 {
      try makeOldDatabase(Self.version1Layouts[layout].sql)
    } else {
      _ = try copyZipsFiles()
    }
    try Database(path: dbPath).execute(Self.userAdditions)
    let before = try Database(path: dbPath).rows("SELECT * FROM zips ORDER BY zip").map(\.values)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dbPath))
    // (The first release's table had no rowid, so a view of it that reads one never worked, and
    // has nothing to lose.)
    let refused = layout == 0 ? Self.refused.filter { $0 != "view 'my_view'" } : Self.refused
    #expect(throws: ZipGeoError.upgradeWouldLose(additions: refused)) { try ZipDatabase.upgrade(at: dbPath) }
    #expect(try Data(contentsOf: URL(fileURLWithPath: dbPath)) == bytes)
    #expect(throws: ZipGeoError.upgradeWouldLose(additions: refused)) { try importGerman() }
    let db = try Database(path: dbPath)
    #expect(try db.rows("SELECT * FROM zips ORDER BY zip").map(\.values) == before)
    if layout != 0 { #expect(try db.scalar("SELECT count(*) FROM my_view") == .integer(Int64(before.count))) }
    // Once the additions are kept aside and dropped, as the message says, the upgrade goes on.
    try db.execute(
      "DROP VIEW my_view; DROP TRIGGER my_log_note; DROP TRIGGER my_touch; DROP INDEX my_state;"
        + " ALTER TABLE zips DROP COLUMN note;")
    try importGerman()
    #expect(try db.scalar("PRAGMA user_version") == .integer(Schema.version))
  }
}

extension SchemaUpgradeTests {
  /// An upgraded file is compact (its old table's pages are not kept free), and the countries it
  /// keeps get their states' names as the imported ones do.
  @Test func anUpgradedFileIsCompactAndNamesTheStatesOfEveryCountry() throws {
    _ = try copyZipsFiles()
    let path = try folder.write("DE.txt", ImporterCountryTests.geoNames(ImporterCountryTests.german01945))
    _ = try ZipDatabase.importFile(path, into: dbPath)
    let db = try Database(path: dbPath)
    #expect(try db.scalar("PRAGMA user_version") == .integer(Schema.version))
    #expect(try db.scalar("PRAGMA freelist_count") == .integer(0))
    #expect(try db.scalar("SELECT name FROM regions WHERE country = 'US' AND state = 'TX'") == .text("Texas"))
    #expect(try db.scalar("SELECT count(DISTINCT country) FROM regions") == .integer(2))
  }
}

/// An upgrade is one transaction: stopped at any point it leaves the file byte for byte as it
/// was, and two at once upgrade it once.
extension SchemaUpgradeTests {
  /// Stopped in each phase, and in the middle of its long statements (SQLite asks every few
  /// thousand instructions), an upgrade leaves the file byte for byte as it was.
  @Test(arguments: [
    "opened", "rows-inserted", "zip-index-built", "place-index-built", "committing", "question 1",
    "question 30", "question 300",
  ])
  func anUpgradeStoppedAtAnyPointLeavesTheFileAsItWas(point: String) throws {
    _ = try copyZipsFiles()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dbPath))
    var asked = 0
    var reached = false
    let question = point.hasPrefix("question ") ? Int(point.dropFirst(9)) : nil
    #expect {
      try Importer().upgradeDatabase(
        at: dbPath,
        shouldStop: {
          asked += 1
          return reached || question.map { asked >= $0 } ?? false
        }, phase: { if $0.description == point { reached = true } })
    } throws: { error in
      error as? ImportError == .interrupted(file: dbPath, action: "upgrade")
        && "\(error)" == "\(dbPath): upgrade interrupted; the database is unchanged"
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: dbPath)) == bytes)
    #expect(try Database(path: dbPath).scalar("PRAGMA user_version") == .integer(2))
    #expect(try ZipDatabase.upgrade(at: dbPath).upgraded)
  }

  @Test func twoUpgradesAtOnceUpgradeTheFileOnce() throws {
    let current = try copyZipsFiles()
    let rows = try Database(path: current).scalar("SELECT count(*) FROM zips")?.int64 ?? 0
    let path = dbPath
    let results = Mutex<[Result<UpgradeSummary, any Error>]>([])
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      let result = Result { try ZipDatabase.upgrade(at: path) }
      results.withLock { $0.append(result) }
    }
    let summaries = try results.withLock { try $0.map { try $0.get() } }
    #expect(summaries.map(\.fromVersion).sorted() == [2, Schema.version])
    #expect(summaries.allSatisfy { $0.rows == Int(rows) })
    let db = try Database(path: dbPath)
    #expect(try db.scalar("PRAGMA integrity_check") == .text("ok"))
    #expect(try db.scalar("SELECT count(*) FROM zips") == .integer(rows))
  }
}

/// What the old table holds that the new one cannot take stops the upgrade, named, the file as it
/// was: a view SQLite would no longer read, a row that breaks the table's rules, rows repeated.
extension SchemaUpgradeTests {
  @Test func aViewThatWouldNotReadTheNewTableIsNamedAndOneThatWouldIsKept() throws {
    try makeOldDatabase(Self.version1Layouts[4].sql)
    try Database(path: dbPath).execute(
      """
      CREATE VIEW by_oid AS SELECT oid AS o, zip FROM zips;
      CREATE VIEW seven(a, b, c, d, e, f, g) AS SELECT * FROM zips;
      CREATE VIEW labelled AS SELECT 'rowid' AS label, zip AS zrowid FROM zips /* rowid */;
      """)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dbPath))
    #expect(throws: ZipGeoError.upgradeWouldLose(additions: ["view 'by_oid'", "view 'seven'"])) {
      try ZipDatabase.upgrade(at: dbPath)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: dbPath)) == bytes)
    try Database(path: dbPath).execute("DROP VIEW by_oid; DROP VIEW seven;")
    try ZipDatabase.upgrade(at: dbPath)
    #expect(try Database(path: dbPath).scalar("SELECT count(*) FROM labelled") == .integer(4))
  }

  @Test func aRowThatBreaksTheTablesRulesIsNamed() throws {
    try makeOldDatabase(Self.version1Layouts[4].sql)
    try Database(path: dbPath).execute(
      "PRAGMA ignore_check_constraints = ON; UPDATE zips SET lat = 95 WHERE zip = '75075';")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dbPath))
    #expect {
      try ZipDatabase.upgrade(at: dbPath)
    } throws: {
      "\($0)".contains(
        "its row of zip 75075 (lat 95.0, lon -96.7397, country US, accuracy NULL) breaks the table's rules")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: dbPath)) == bytes)
  }

  @Test func repeatedRowsAreNamedNotKeptTwice() throws {
    try makeOldDatabase(Self.version1Layouts[4].sql)
    try Database(path: dbPath).execute(
      "DROP INDEX zips_zip; INSERT INTO zips (zip, place, lat, lon) VALUES ('75075', 'Plano', 33.025, -96.7397);")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: dbPath))
    #expect {
      try ZipDatabase.upgrade(at: dbPath)
    } throws: {
      "\($0)".contains("it repeats rows (75075: the same country, code and place)")
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: dbPath)) == bytes)
  }

  /// The countries are counted again from the rows: another tool may have deleted some.
  @Test func theCountriesAreCountedAgainFromTheRows() throws {
    _ = try copyZipsFiles()
    try Database(path: dbPath).execute("DELETE FROM zips WHERE state <> 'TX'")
    let texas = try Database(path: dbPath).scalar("SELECT count(*) FROM zips")?.int64 ?? 0
    try ZipDatabase.upgrade(at: dbPath)
    let counted = try ZipDatabase(readingAt: dbPath).countries()
    #expect(counted.map(\.country) == ["US"] && counted.first?.places == Int(texas))
    #expect(counted.first?.source != nil)
  }

  /// A file that holds nothing, or is not zipgeo's, is refused without a byte written.
  @Test func anEmptyOrForeignFileIsRefusedUntouched() throws {
    try folder.write("empty.db", "")
    #expect(throws: ZipGeoError.notAZipgeoDatabase(path: folder.path("empty.db"), reason: "it is empty")) {
      try ZipDatabase.upgrade(at: folder.path("empty.db"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("empty.db"))).isEmpty)
  }
}
