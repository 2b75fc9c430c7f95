import SQLiteKit

/// The tables of a zipgeo database, and its version.
///
/// `PRAGMA user_version` holds `Schema.version`; a later zipgeo that changes the tables raises it
/// and migrates older files. Version 2 added `country` and `accuracy` and allows several places
/// per code; version 3 stores the rows clustered by grid cell (a table without rowids keyed by
/// `(cell, zip, country, id)`), so that a search reads neighbouring places, every column, from the
/// same pages. Searches read version 3 alone: `zipgeo upgrade` (or an import) upgrades a version-1
/// or version-2 database, keeping every row (a version-1 database's as US rows).
public enum Schema {
  /// The version this zipgeo writes.
  public static let version: Int64 = 3
  /// The oldest version this zipgeo upgrades (`zipgeo upgrade`, or an import).
  static let oldestUpgradableVersion: Int64 = 1

  /// The table. `id` is the line of the import file the row came from (plus, for the second file
  /// of an import, the lines of the first, and so on), so that the rows of one code in one country,
  /// which always come from one import, keep the order of their file; a row inserted by another
  /// tool without one is numbered after the others of its code by a trigger. The rows are kept in
  /// the order of their key, which starts with their grid cell. (`lat` and `lon` refuse NULL by a
  /// CHECK, not NOT NULL: SQLite 3.40's integrity_check reports every NOT NULL column of a table
  /// without rowids that follows a column outside its key as NULL.)
  static let createTable = createTable(named: "zips")

  /// The table's statement, for a table of this name.
  static func createTable(named name: String) -> String {
    """
    CREATE TABLE \(name) (
      zip TEXT NOT NULL CHECK (zip <> ''),
      place TEXT,
      state TEXT,
      county TEXT,
      lat REAL CHECK (lat IS NOT NULL AND lat BETWEEN -90 AND 90),
      lon REAL CHECK (lon IS NOT NULL AND lon BETWEEN -180 AND 180),
      cell INTEGER NOT NULL DEFAULT -1,
      \(addedInVersion2.joined(separator: ",\n  ")),
      id INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (cell, zip, country, id)
    ) WITHOUT ROWID;
    """
  }

  /// The columns version 2 appended to version 1's table.
  static let addedInVersion2 = [
    "country TEXT NOT NULL DEFAULT 'US' CHECK (length(country) = 2 AND country GLOB '[A-Z][A-Z]')",
    "accuracy INTEGER CHECK (accuracy BETWEEN 0 AND 6)",
  ]

  /// Brings the tables of any layout a landed zipgeo wrote up to this version, inside the caller's
  /// transaction, keeping every row, and adds the `countries` table when the database lacks it.
  ///
  /// An older table (version 1 in its four layouts: a `zip` primary key or `UNIQUE` zip, no
  /// `cell`, a `cell` without a default, a `cell` with triggers, all US data; version 2, in file
  /// order with an index of cells) is made anew as this zipgeo makes it and its rows copied into it
  /// in the order of the new key, each with its rowid as its `id` and its cell computed again.
  /// (A table cannot become clustered in place, and a `zip` that is a key or `UNIQUE` would refuse
  /// the same code in a second country.)
  static func upgradeToCurrentVersion(_ db: Database) throws {
    let stored = try db.scalar("PRAGMA user_version")?.int64 ?? 0
    if stored < version {
      let columns = try columns(of: db)
      var additions = try userAdditions(db, columns: columns)
      // Views are judged by SQLite itself: each that reads now, and would not read the new table
      // (a `rowid` or `oid` it names, a column list one short of the new `id`), is named.
      let views = try readableViews(db)
      try db.execute("SAVEPOINT zipgeo_upgrade")
      do {
        try rebuildTable(db, columns: columns)
        additions += views.filter { !isReadable(view: $0, db) }.map { "view '\($0)'" }
        guard additions.isEmpty else { throw ZipGeoError.upgradeWouldLose(additions: additions) }
        try db.execute("RELEASE zipgeo_upgrade")
      } catch {
        try? db.execute("ROLLBACK TO zipgeo_upgrade; RELEASE zipgeo_upgrade")
        throw error
      }
    }
    try addCountriesTable(db)
    try db.execute("PRAGMA user_version = \(version)")
  }

  /// The columns an older `zips` table may have that the rebuild copies (`rebuildTable`).
  static let upgradedColumns: Set<String> = [
    "zip", "place", "state", "county", "lat", "lon", "cell", "country", "accuracy",
  ]

  /// The views of the main database that read now, by name.
  static func readableViews(_ db: Database) throws -> [String] {
    try db.rows("SELECT name FROM main.sqlite_schema WHERE type = 'view' ORDER BY name")
      .compactMap { $0[0].string }.filter { isReadable(view: $0, db) }
  }

  /// Whether SQLite can prepare a read of the view `name`.
  static func isReadable(view name: String, _ db: Database) -> Bool {
    (try? db.prepare("SELECT * FROM main.\(name.quotedIdentifier) LIMIT 0")) != nil
  }

  /// What a user added to an older `zips` table that the rebuild would lose, as messages name it:
  /// columns it does not copy, indexes and triggers on `zips` that are not zipgeo's, and other
  /// tables' triggers that name `zips` together with its rowid (`rowid`, `oid` or `_rowid_`, as
  /// words: an older table's rowid is the new one's `id`, and the new table has none). Views are
  /// judged once the new table is made (`upgradeToCurrentVersion(_:)`).
  static func userAdditions(_ db: Database, columns: Set<String>) throws -> [String] {
    var additions = columns.subtracting(upgradedColumns).sorted().map { "column '\($0)'" }
    let ours = [
      "zips_cell", "zips_zip", "zips_lat_lon", "zips_cell_insert", "zips_cell_update", "zipgeo_places_insert",
      "zipgeo_places_delete", "zipgeo_places_update",
    ]
    let listed = ours.map { "'\($0)'" }.joined(separator: ", ")
    for row in try db.rows(
      """
      SELECT type, name, sql, tbl_name = 'zips' FROM sqlite_schema
        WHERE (type IN ('index', 'trigger') AND tbl_name = 'zips' AND sql IS NOT NULL AND name NOT IN (\(listed)))
          OR (type = 'trigger' AND tbl_name <> 'zips' AND sql LIKE '%zips%')
        ORDER BY type, name
      """)
    {
      if row[3].int64 == 0 {
        let words = Set(
          (row[2].string ?? "").lowercased().split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
        guard !words.isDisjoint(with: ["rowid", "oid", "_rowid_"]) else { continue }
      }
      additions.append("\(row[0].string ?? "") '\(row[1].string ?? "")'")
    }
    return additions
  }

  /// The name the upgrade builds the new table under before it takes the name `zips`.
  static let upgradedTableName = "zipgeo_upgraded_zips"

  /// Copies an older `zips` table (whose `columns` are these lower-case names) into a table of
  /// this version, with its rowids as ids (a version-1 table's rows as US rows), and puts the new
  /// table in its place. Views and triggers of other tools that name `zips` keep naming `zips` (the
  /// rename is made the legacy way, which leaves them as they are, as SQLite's 12-step procedure
  /// for schema changes says).
  static func rebuildTable(_ db: Database, columns: Set<String>) throws {
    for required in ["zip", "lat", "lon"] where !columns.contains(required) {
      throw ZipGeoError.unsearchableTable(
        reason: "its older 'zips' table has no '\(required)' column, so zipgeo cannot upgrade it")
    }
    func column(_ name: String, otherwise: String = "NULL") -> String { columns.contains(name) ? name : otherwise }
    if let problem = try damagedRow(db, columns: columns) { throw ZipGeoError.unsearchableTable(reason: problem) }
    // The first release's table was WITHOUT ROWID (keyed by zip): its rows are numbered in the
    // order of that key.
    let hasRowids = (try? db.prepare("SELECT rowid FROM zips LIMIT 0")) != nil
    let rowid = hasRowids ? "rowid" : "row_number() OVER (ORDER BY zip)"
    let legacy = try db.scalar("PRAGMA legacy_alter_table")?.int64 ?? 0
    try db.execute(
      """
      \(createTable(named: upgradedTableName))
      INSERT INTO \(upgradedTableName) (zip, place, state, county, lat, lon, cell, country, accuracy, id)
        SELECT zip, \(column("place")), \(column("state")), \(column("county")), lat, lon,
          \(GridCell.sqlExpression()), \(column("country", otherwise: "'US'")), \(column("accuracy")), \(rowid)
        FROM zips ORDER BY 7, 1, 8, 10;
      DROP TABLE zips;
      PRAGMA legacy_alter_table = ON;
      ALTER TABLE \(upgradedTableName) RENAME TO zips;
      PRAGMA legacy_alter_table = \(legacy);
      """)
  }

  /// The first row of an older `zips` table that the new table's CHECKs refuse (a latitude of 95,
  /// text where a number belongs, a country that is no two capitals), said with its zip and what
  /// to do; `nil` when there is none. (A tool that wrote with the checks off may have left one.)
  static func damagedRow(_ db: Database, columns: Set<String>) throws -> String? {
    var terms = [
      "zip IS NULL OR zip = ''", "typeof(lat) NOT IN ('integer', 'real') OR NOT lat BETWEEN -90 AND 90",
      "typeof(lon) NOT IN ('integer', 'real') OR NOT lon BETWEEN -180 AND 180",
    ]
    if columns.contains("country") {
      terms.append("country IS NULL OR NOT (length(country) = 2 AND country GLOB '[A-Z][A-Z]')")
    }
    if columns.contains("accuracy") { terms.append("accuracy IS NOT NULL AND NOT accuracy BETWEEN 0 AND 6") }
    let country = columns.contains("country") ? "country" : "'US'"
    let accuracy = columns.contains("accuracy") ? "accuracy" : "NULL"
    guard
      let row = try db.rows(
        "SELECT zip, lat, lon, \(country), \(accuracy) FROM zips WHERE \(terms.map { "(\($0))" }.joined(separator: " OR ")) LIMIT 1"
      ).first
    else { return nil }
    let shown = (0..<5).map { row[$0].description }
    return "its row of zip \(shown[0].shortened) (lat \(shown[1].shortened), lon \(shown[2].shortened), country"
      + " \(shown[3].shortened), accuracy \(shown[4].shortened)) breaks the table's rules, which a tool that wrote with"
      + " its checks off left; mend or delete it (zipgeo sql --write), then upgrade again"
  }

  /// One row per country in `zips`: its rows (`places`) and distinct codes, counted at import so
  /// that listing the countries of the world file takes no scan of it, the file it came from
  /// (as the user named it; a zip archive, not its member) and when (UTC, ISO 8601). `source`
  /// and `imported` are NULL for rows a database had before it had this table.
  static let createCountriesTable = """
    CREATE TABLE countries (
      country TEXT PRIMARY KEY NOT NULL CHECK (length(country) = 2 AND country GLOB '[A-Z][A-Z]'),
      places INTEGER NOT NULL,
      codes INTEGER NOT NULL,
      source TEXT,
      imported TEXT
    );
    """

  /// Whether `db` has the `countries` table.
  static func hasCountriesTable(_ db: Database) throws -> Bool {
    try db.scalar("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'countries'") != nil
  }

  /// Makes the `countries` table in a database without it (version 1, or a version 2 made before
  /// it existed), counting the rows already there, whose source and import time are unknown.
  static func addCountriesTable(_ db: Database) throws {
    guard try !hasCountriesTable(db) else { return }
    try db.execute(
      """
      \(createCountriesTable)
      INSERT INTO countries (country, places, codes)
        SELECT country, count(*), count(DISTINCT zip) FROM zips GROUP BY country;
      """)
  }

  static let createStatements = """
    \(createTable)
    \(createCountriesTable)
    \(createRegionsTable)
    \(zipIndex)
    \(cellTriggers)
    \(PlaceNameIndex.createStatements)
    CREATE TABLE \(PlaceNameIndex.currentTable) (current INTEGER NOT NULL);
    INSERT INTO \(PlaceNameIndex.currentTable) VALUES (1);
    \(PlaceNameIndex.staleTriggers)
    PRAGMA user_version = \(version);
    """

  /// Keep `cell` right when any tool adds or moves a row (`UPDATE zips SET lat = 40.7, ...`),
  /// so that searches find it where it now is; an INSERT may leave `cell` and `id` out (a row
  /// without an id is numbered after the others of its code). (Not a generated column: the cell
  /// leads the table's key.) The import drops them while it inserts rows whose cells it computed,
  /// and makes them again.
  static let cellTriggers = """
    CREATE TRIGGER zips_cell_insert AFTER INSERT ON zips
      WHEN NEW.cell IS NOT \(GridCell.sqlExpression(latitude: "NEW.lat", longitude: "NEW.lon")) OR NEW.id = 0
      BEGIN
        UPDATE zips SET cell = \(GridCell.sqlExpression()),
          id = CASE WHEN NEW.id = 0
            THEN (SELECT ifnull(max(id), 0) + 1 FROM zips WHERE zip = NEW.zip AND country = NEW.country) ELSE id END
        WHERE \(rowIsNew);
      END;
    CREATE TRIGGER zips_cell_update AFTER UPDATE OF lat, lon, cell ON zips
      WHEN NEW.cell IS NOT \(GridCell.sqlExpression(latitude: "NEW.lat", longitude: "NEW.lon"))
      BEGIN UPDATE zips SET cell = \(GridCell.sqlExpression()) WHERE \(rowIsNew); END;
    """

  /// The row a trigger fired for, by its key.
  private static let rowIsNew = "cell = NEW.cell AND zip = NEW.zip AND country = NEW.country AND id = NEW.id"

  static let dropCellTriggers = "DROP TRIGGER IF EXISTS zips_cell_insert; DROP TRIGGER IF EXISTS zips_cell_update;"

  /// One row per place of a code in a country, found fast by zip.
  static let zipIndex = "CREATE UNIQUE INDEX zips_zip ON zips \(zipIndexKey);"
  static let zipIndexKey = "(zip, country, ifnull(place, ''))"
  /// The same index without UNIQUE, with which an import finds the rows that repeat others.
  static let zipLookupIndex = "CREATE INDEX zips_zip ON zips \(zipIndexKey);"

  /// The columns that make a `ZipCode` (`StoredCodes.zipCode(from:)` reads them as 0...7), as a
  /// select list.
  static let placeColumns = "zip, place, state, county, lat, lon, country, accuracy"

  /// The statement `sql` over `zips`, kept prepared, once the table is known to be of this
  /// version's layout (`requireCurrentLayout(_:)`).
  static func cachedStatement(_ db: Database, _ sql: CachedSQL) throws -> Statement {
    try requireCurrentLayout(db)
    return try db.cachedStatement(sql)
  }

  /// Refuses a `zips` table that is not laid out as this version lays it out: one an older zipgeo
  /// made (its error names the command that upgrades it), or a table of some other tool. Judged
  /// by the table's key, `(cell, zip, country, id)`, which a column a user adds cannot give it.
  /// (Not by `PRAGMA user_version` alone: in an app's or a host's own database the version is
  /// theirs to keep.) A database with no `zips` table is left to the statement, whose error is
  /// diagnosed where it fails.
  ///
  /// The answer, once current, is kept on the connection until one of its statements fails with
  /// an SQL error (`ConnectionFacts`): no zipgeo makes an older table of a current one, and a
  /// table another tool put in its place fails the first search, after which the next one judges
  /// again. A table found older is judged again at every call, so that a connection reads the
  /// table another one upgraded at its next statement.
  static func requireCurrentLayout(_ db: Database) throws {
    let kept = db.facts(LayoutFacts.self)
    if kept.isCurrent { return }
    let key = try db.cachedStatement(keySQL).rows().compactMap { $0[0].string }
    if key == currentKey {
      kept.isCurrent = true
      return
    }
    guard try !columns(of: db).isEmpty else { return }
    // The full diagnosis first: a column of the wrong type says more than the layout does.
    throw ZipGeoError.unsearchableTable(reason: try searchProblem(db) ?? layoutProblem(db))
  }

  /// Why a `zips` table that is not keyed as this version keys it cannot be searched: an older
  /// zipgeo's, with the command that upgrades the file; anything else, what makes one.
  static func layoutProblem(_ db: Database) throws -> String {
    let version = try db.scalar("PRAGMA main.user_version")?.int64 ?? 0
    if (oldestUpgradableVersion..<Schema.version).contains(version) {
      return DatabaseOpening.upgradeProblem(version: version, path: db.filePath)
    }
    return "it is not laid out as zipgeo lays out its table (clustered by grid cell), so zipgeo did not make it"
      + " (zipgeo import makes one)"
  }

  /// Whether `requireCurrentLayout(_:)` found the current layout on a connection.
  final class LayoutFacts: ConnectionFacts {
    var isCurrent = false
    init() {}
    func forget() { isCurrent = false }
  }

  /// The lower-case names of the columns of the `zips` table `db` reads, generated ones too.
  static func columns(of db: Database) throws -> Set<String> {
    Set(try db.cachedStatement(columnsSQL).rows().compactMap { $0[0].string })
  }

  private static let columnsSQL = CachedSQL("SELECT lower(name) FROM pragma_table_xinfo('zips')")

  /// The columns of the primary key of the `zips` table `db` reads, in the key's order.
  private static let keySQL = CachedSQL(
    "SELECT lower(name) FROM pragma_table_xinfo('zips') WHERE pk > 0 ORDER BY pk")
  /// The key of the table this zipgeo writes (`createTable`).
  static let currentKey = ["cell", "zip", "country", "id"]

  /// What a database file holds.
  enum State: Equatable {
    /// No tables at all: a new file.
    case empty
    /// A zipgeo database of this version.
    case current
    /// A database an older zipgeo wrote (schema `version`), which this one reads once `zipgeo
    /// upgrade` or an import has upgraded it.
    case upgradable(version: Int64)
    /// Something else, with the reason.
    case foreign(String)
  }

  static func state(of db: Database) throws -> State {
    let version = try db.scalar("PRAGMA user_version")?.int64 ?? 0
    let tables = try db.scalar("SELECT COUNT(*) FROM sqlite_schema")?.int64 ?? 0
    let hasZips = try db.scalar("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'zips'") != nil
    if version == 0 && tables == 0 { return .empty }
    if !hasZips { return .foreign("it has no 'zips' table") }
    if version == Schema.version { return .current }
    if (oldestUpgradableVersion..<Schema.version).contains(version) {
      // An app may keep its own version in a database whose table is current.
      let key = try db.cachedStatement(keySQL).rows().compactMap { $0[0].string }
      return key == currentKey ? .current : .upgradable(version: version)
    }
    if version > Schema.version {
      return .foreign("it was made by a newer zipgeo (schema version \(version), this one reads \(Schema.version))")
    }
    return .foreign("its schema version is \(version), expected \(oldestUpgradableVersion) to \(Schema.version)")
  }
}

extension Schema {
  /// The columns a search reads and how zipgeo declares them: `zip` as text, so that `01001`
  /// keeps its zero and ties sort as zipgeo's do; `lat`, `lon` and `cell` as numbers, since
  /// SQLite compares a TEXT column with numbers as text (every search would come back empty).
  static let searchedColumns: [(name: String, isText: Bool)] = [
    ("zip", true), ("lat", false), ("lon", false), ("cell", false),
  ]

  /// A statement that reads the columns a search reads, and no row: its columns' declared types
  /// are those `requireSearchable` checks (at `columnsChecked`).
  static let columnsCheckSQL = CachedSQL("SELECT zip, lat, lon, cell FROM zips WHERE 0")
  static let columnsChecked = ["zip": 0, "lat": 1, "lon": 2, "cell": 3]

  /// Checks that the columns `statement` read (result column `index` for each name in `columns`)
  /// are declared as zipgeo declares them: once per preparation of the statement, after it ran,
  /// so that the check judges the schema the statement actually read. A table some other tool
  /// made (sqlite-utils, a hand-written schema) is refused by name rather than answered wrongly.
  ///
  /// A search that steps another statement over `zips` (one that counts, say) passes it as
  /// `stepped`: the check is kept on it, and judged again when SQLite prepares it again, since
  /// `statement` itself is prepared again only when it is stepped (and is then found only when
  /// the check has to run).
  static func requireSearchable(
    _ statement: @autoclosure () throws -> Statement, columns: [String: Int], stepped: Statement? = nil
  ) throws {
    let kept = try stepped ?? statement()
    // Passed already for this preparation, with the cell triggers: nothing changed since but the
    // data, which the triggers keep right.
    let preparation = kept.preparation
    if kept.passedPreparation == preparation { return }
    // The columns' types, whether `zips` is a table and whether it has the triggers that keep its
    // cells right all change only with the schema: computed once per preparation.
    let statement = stepped == nil ? kept : try statement()
    let db = statement.database
    let table = try kept.oncePerPreparation("zipgeo: zips") { _ -> (schema: String, triggers: Bool)? in
      for (name, isText) in searchedColumns {
        guard let index = columns[name] else { continue }
        if let problem = typeProblem(name, declared: statement.declaredType(at: index), isText: isText) {
          throw ZipGeoError.unsearchableTable(reason: problem)
        }
      }
      guard let (schema, type) = try resolveZips(db) else { return nil }
      guard type == "table" else { throw ZipGeoError.unsearchableTable(reason: notATable(type)) }
      return (schema, try hasCellTriggers(db, schema: schema))
    }
    guard let table else { return }
    if table.triggers {
      kept.passedPreparation = preparation
      return
    }
    // Without them, whether the cells are right changes with the data too.
    let dataVersion =
      try db.scalar("PRAGMA \(table.schema.quotedIdentifier).data_version")?.int64 ?? -1
    try kept.checkOnce(whileUnchanged: [db.totalChanges, dataVersion]) {
      // A table without a `cell` column fails the check's query: said as what the table lacks.
      if let problem = try diagnosingTable(db, { try cellProblem(db, schema: table.schema) }) {
        throw ZipGeoError.unsearchableTable(reason: problem)
      }
    }
  }

  /// The database that holds `zips` as SQLite resolves the name (temp first, then main, then the
  /// attached ones in order), and whether it is a table or a view.
  static func resolveZips(_ db: Database) throws -> (schema: String, type: String)? {
    var schemas: [String] = []
    let list = try db.prepare("PRAGMA database_list")
    while try list.step() { schemas.append(list.text(at: 1) ?? "") }
    schemas.sort { ($0 == "temp" ? 0 : $0 == "main" ? 1 : 2) < ($1 == "temp" ? 0 : $1 == "main" ? 1 : 2) }
    for schema in schemas {
      let type = try db.scalar(
        "SELECT type FROM \(schema.quotedIdentifier).sqlite_master"
          + " WHERE type IN ('table', 'view') AND name = 'zips' COLLATE NOCASE")
      if let type = type?.string { return (schema, type) }
    }
    return nil
  }

  /// Whether the database `schema` has the triggers that keep the cells of `zips` right.
  static func hasCellTriggers(_ db: Database, schema: String) throws -> Bool {
    let triggers = try db.scalar(
      """
      SELECT count(*) FROM \(schema.quotedIdentifier).sqlite_master
      WHERE type = 'trigger' AND name IN ('zips_cell_insert', 'zips_cell_update')
      """)?.int64
    return triggers == 2
  }

  /// Without the triggers (a database made by an older zipgeo, or one they were dropped from),
  /// a row moved by another tool keeps its old grid cell and would be missing from every answer,
  /// silently: the cells are checked, and a mismatch is a problem that says how to mend it.
  static func cellProblem(_ db: Database, schema: String) throws -> String? {
    let cell = GridCell.sqlExpression()
    let wrong =
      try db.scalar("SELECT count(*) FROM \(schema.quotedIdentifier).zips WHERE cell IS NOT \(cell)")?.int64 ?? 0
    guard wrong > 0 else { return nil }
    return "\(wrong) of its rows have a grid cell that does not match their coordinates (moved by a tool that"
      + " did not update cell), so searches would miss them; run zipgeo import again, which also adds the"
      + " triggers that keep cells right, or: UPDATE zips SET cell = \(cell)"
  }

  /// Runs `body`, which prepares and steps statements on the `zips` table; when SQLite fails
  /// (`no such column: cell`), says what the table lacks instead, if that is the reason.
  static func diagnosingTable<T>(_ db: Database, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as DatabaseError {
      if let problem = try? searchProblem(db) { throw ZipGeoError.unsearchableTable(reason: problem) }
      throw error
    }
  }

  /// Why `zips`, which is a `type` (a view), cannot be searched.
  static func notATable(_ type: String) -> String {
    "it is a \(type); zipgeo searches a table, whose columns it can check (make one with: zipgeo import)"
  }

  /// What keeps the `zips` table from being searched, or `nil`: the slow, full diagnosis.
  static func searchProblem(_ db: Database) throws -> String? {
    // table_xinfo, not table_info: it also lists generated columns.
    let statement = try db.prepare("SELECT lower(name), type FROM pragma_table_xinfo('zips')")
    var declared: [String: String] = [:]
    while try statement.step() { declared[statement.text(at: 0) ?? ""] = statement.text(at: 1) ?? "" }
    guard !declared.isEmpty else {
      return "there is no zips table (is this the database you meant?); make one with zipgeo import, or open the one"
        + " zipgeo where names"
    }
    // An older zipgeo's table (one of version 1 may lack cells) needs an upgrade, whatever it lacks.
    let key = try db.cachedStatement(keySQL).rows().compactMap { $0[0].string }
    let version = try db.scalar("PRAGMA main.user_version")?.int64 ?? 0
    if key != currentKey, (oldestUpgradableVersion..<Schema.version).contains(version) { return try layoutProblem(db) }
    if let (_, type) = try resolveZips(db), type != "table" { return notATable(type) }
    let missing = searchedColumns.map(\.name).filter { declared[$0] == nil }
    if !missing.isEmpty {
      let names = missing.map { "'\($0)'" }.joined(separator: ", ")
      return "it has no \(names) column\(missing.count > 1 ? "s" : ""), so zipgeo did not make it"
        + " (zipgeo import makes a table with zip, lat, lon and grid cells)"
    }
    for (name, isText) in searchedColumns {
      if let problem = typeProblem(name, declared: declared[name].flatMap { $0.isEmpty ? nil : $0 }, isText: isText) {
        return problem
      }
    }
    return key == currentKey ? nil : try layoutProblem(db)
  }

  /// The text columns an import writes besides `zip`, which a number type would change (a state
  /// code `01` kept as 1).
  static let importedTextColumns = ["place", "state", "county", "country"]

  /// What keeps an import (or an upgrade) from writing `zips` as zipgeo reads it, or `nil`: what
  /// keeps a current table from being searched, columns a search reads of the wrong type, and text
  /// columns declared as numbers. Checked before any row is written.
  static func importProblem(_ db: Database) throws -> String? {
    // An older zipgeo's table is laid out anew by the import: only its columns' types matter.
    let key = try db.cachedStatement(keySQL).rows().compactMap { $0[0].string }
    if key == currentKey, let problem = try searchProblem(db) { return problem }
    for row in try db.rows("SELECT lower(name), type FROM pragma_table_xinfo('zips')") {
      guard let name = row[0].string, let type = row[1].string else { continue }
      if let searched = searchedColumns.first(where: { $0.name == name }),
        let problem = typeProblem(name, declared: type.isEmpty ? nil : type, isText: searched.isText)
      {
        return problem
      }
      guard importedTextColumns.contains(name), hasNumericAffinity(type) else { continue }
      return "its '\(name)' column is declared \(type), a number type, so texts such as '01' would be stored as"
        + " numbers"
    }
    return nil
  }

  /// Why column `name`, declared `declared` (nil: no type), cannot serve a search, or `nil`.
  static func typeProblem(_ name: String, declared: String?, isText: Bool) -> String? {
    let type = declared ?? ""
    if isText {
      guard !hasTextAffinity(type) else { return nil }
      return "its '\(name)' column is declared \(declared ?? "no type"), not TEXT, so zip codes would not keep"
        + " their leading zeros or sort as text"
    }
    guard !hasNumericAffinity(type) else { return nil }
    return "its '\(name)' column is declared \(declared ?? "no type"), not a number type (REAL), so SQLite would"
      + " compare its values as text"
  }

  /// Whether a column declared `type` has INTEGER, REAL or NUMERIC affinity (SQLite's rules,
  /// section 3.1 of "Datatypes In SQLite"): then numbers compare as numbers.
  static func hasNumericAffinity(_ type: String) -> Bool {
    let type = type.uppercased()
    if type.contains("INT") { return true }
    if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return false }
    if type.contains("BLOB") || type.isEmpty { return false }
    return true
  }

  /// Whether a column declared `type` has TEXT affinity (the same rules).
  static func hasTextAffinity(_ type: String) -> Bool {
    let type = type.uppercased()
    return !type.contains("INT") && (type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT"))
  }
}
