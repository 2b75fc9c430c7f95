import SQLiteKit

/// The tables of a zipgeo database, and its version.
///
/// `PRAGMA user_version` holds `Schema.version`; a later zipgeo that changes the tables raises it
/// and migrates older files.
public enum Schema {
  /// The version this zipgeo writes and reads.
  public static let version: Int64 = 1

  /// The `rowid` of a row is the line of the import file it came from.
  static let createStatements = """
    CREATE TABLE zips (
      zip TEXT NOT NULL CHECK (zip <> ''),
      place TEXT,
      state TEXT,
      county TEXT,
      lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
      lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
      cell INTEGER NOT NULL
    );
    \(zipIndex)
    \(cellIndex)
    PRAGMA user_version = 1;
    """

  /// One row per zip code, found fast by zip.
  static let zipIndex = "CREATE UNIQUE INDEX zips_zip ON zips (zip);"

  /// Radius queries read the cells their box covers from this index (one range per row of
  /// cells), then only the rows in those cells.
  static let cellIndex = "CREATE INDEX zips_cell ON zips (cell, lat, lon, zip);"

  /// What a database file holds.
  enum State: Equatable {
    /// No tables at all: a new file.
    case empty
    /// A zipgeo database of this version.
    case current
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
    if version > Schema.version {
      return .foreign("it was made by a newer zipgeo (schema version \(version), this one reads \(Schema.version))")
    }
    return .foreign("its schema version is \(version), expected \(Schema.version)")
  }
}

extension Schema {
  /// Throws `ZipGeoError.unsearchableTable` unless the `zips` table on `db` has what a search
  /// reads: `zip`, and `lat`, `lon` and `cell` declared as numbers. A table some other tool made
  /// (sqlite-utils, a hand-written schema) is refused by name rather than answered wrongly: with
  /// TEXT coordinates SQLite would compare them as text, and every search would come back empty.
  ///
  /// Checked once per connection until the schema changes.
  static func requireSearchable(_ db: Database) throws {
    try db.check("zipgeo: the zips table is searchable") {
      if let problem = try searchProblem(db) { throw ZipGeoError.unsearchableTable(reason: problem) }
    }
  }

  /// What keeps the `zips` table from being searched, or `nil`.
  static func searchProblem(_ db: Database) throws -> String? {
    let statement = try db.prepare("SELECT lower(name), type FROM pragma_table_info('zips')")
    var declared: [String: String] = [:]
    while try statement.step() { declared[statement.text(at: 0) ?? ""] = statement.text(at: 1) ?? "" }
    guard !declared.isEmpty else { return "there is no zips table; make one with: zipgeo import data/zips.csv" }
    let missing = ["zip", "lat", "lon", "cell"].filter { declared[$0] == nil }
    if !missing.isEmpty {
      let names = missing.map { "'\($0)'" }.joined(separator: ", ")
      return "it has no \(names) column\(missing.count > 1 ? "s" : ""), so zipgeo did not make it"
        + " (zipgeo import makes a table with zip, lat, lon and grid cells)"
    }
    for column in ["lat", "lon", "cell"] where !hasNumericAffinity(declared[column] ?? "") {
      let type = declared[column].flatMap { $0.isEmpty ? nil : $0 } ?? "no type"
      return "its '\(column)' column is declared \(type), not a number type (REAL), so SQLite would"
        + " compare its values as text"
    }
    return nil
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
}
