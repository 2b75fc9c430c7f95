import SQLiteKit

/// The home country a database records: the country a bare code means when several countries
/// have it (`90210` is Beverly Hills, US, and also a code of KE, MX, PK, TH and UA).
///
/// The command line takes its home from `ZIPGEO_COUNTRY` or the locale first; SQL has no
/// environment of its own to trust (Datasette serves many users from one process), so
/// `zipgeo_near('90210', 5)` reads the database's. `zipgeo import` records the country of the
/// rows a database held before an import made its codes shared, and `zipgeo home CC` changes it.
///
/// ```swift
/// try ZipDatabase(readingAt: "world.db").recordedHome()   // "US"
/// ```
extension ZipDatabase {
  /// The home country this database records, or `nil` for none (or a value that is no country
  /// code: the table is the user's to edit).
  public func recordedHome() throws -> String? {
    try StoredCodes.recordedHome(on: database)
  }

  /// Records `country` (two letters, any case) as the database's home, or removes it (`nil`).
  /// The connection must be writable (`ZipDatabase(writingAt:)`, or `Database` opened read-write).
  ///
  /// - Throws: `ZipGeoError.invalidCode` for a country that is not two letters.
  public func recordHome(_ country: String?) throws {
    try Self.recordHome(country, on: database)
  }

  /// Records `country` as the home of the zipgeo database at `path` (an existing one), or removes
  /// it (`nil`), in one short transaction, leaving its journal mode as it was.
  ///
  /// - Throws: `ZipGeoError` for a path that is not a zipgeo database, or a country that is not two
  ///   letters; `DatabaseError` when SQLite cannot write it (a read-only file or folder).
  public static func recordHome(_ country: String?, inDatabaseAt path: String) throws {
    let sqlitePath = try sqlitePath(for: path)
    let db = try DatabaseOpening.openForWriting(sqlitePath, shownAs: path, creating: false)
    db.setBusyTimeout(milliseconds: 5000)
    try DatabaseOpening.requireZipgeo(db, path: path, writing: false)
    try recordHome(country, on: db)
  }

  static func recordHome(_ country: String?, on db: Database) throws {
    var code: String?
    if let country {
      guard let valid = CountryCode(country) else {
        throw ZipGeoError.invalidCode(text: country.shortened, reason: "a home country is two letters, as US")
      }
      code = valid.text
    }
    try db.inTransaction {
      try db.execute(Schema.createSettingsTable)
      if let code {
        try db.execute("INSERT OR REPLACE INTO zipgeo_settings (name, value) VALUES ('home_country', ?)", [code])
      } else {
        try db.execute("DELETE FROM zipgeo_settings WHERE name = 'home_country'")
      }
    }
  }

  /// How many codes of `country` other countries of the database also have: the bare codes a
  /// home country decides (34,173 of the 41,487 US codes, on the world file).
  public func sharedCodeCount(of country: String) throws -> Int {
    let statement = try database.cachedStatement(
      """
      SELECT count(DISTINCT zip) FROM zips AS a WHERE country = ?1
        AND EXISTS (SELECT 1 FROM zips AS b WHERE b.zip = a.zip AND b.country <> ?1)
      """)
    try statement.bind(values: [.text(country)])
    defer { statement.reset() }
    return try statement.step() ? Int(statement.int64(at: 0)) : 0
  }

  /// Whether any code of the database is a code of more than one country. It stops at the
  /// first it finds (on the world file, at once); a database without one is read whole.
  public func hasSharedCodes() throws -> Bool {
    try database.scalar(
      """
      SELECT 1 FROM zips AS a WHERE EXISTS (SELECT 1 FROM zips AS b WHERE b.zip = a.zip AND b.country <> a.country)
      LIMIT 1
      """) != nil
  }

}

extension Schema {
  /// zipgeo's settings of a database, one row a setting: `home_country`, and each country's
  /// `usual_accuracy.CC` (`UsualAccuracy`).
  static let createSettingsTable = """
    CREATE TABLE IF NOT EXISTS zipgeo_settings (name TEXT PRIMARY KEY NOT NULL, value) WITHOUT ROWID;
    """

  /// Whether `db` has a `zipgeo_settings` table (of any columns: a user's own may have others).
  static func hasSettingsTable(_ db: Database) throws -> Bool {
    let exists = try db.cachedStatement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'zipgeo_settings'")
    defer { exists.reset() }
    return try exists.step()
  }
}
