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
