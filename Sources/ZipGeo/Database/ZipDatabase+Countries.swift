import SQLiteKit

extension ZipDatabase {
  /// The countries of the database, sorted by code, with their counts and where they came from.
  ///
  /// Read from the `countries` table, whose counts each import stores, so that the answer is
  /// immediate on the world file (counting 1.8 million rows takes about a second). A database
  /// without that table (schema version 1, all US, or one an early version 2 made) is counted
  /// as it is, with no source or import time.
  ///
  /// ```swift
  /// let countries = try ZipDatabase(readingAt: "world.db").countries()  // AD, AR, AS, AT, ...
  /// ```
  public func countries() throws -> [CountrySummary] {
    try Self.countries(on: database)
  }

  /// The countries of the `zips` table of `db`, as `countries()` gives them: for the library, the
  /// command line and the messages of the SQL functions.
  static func countries(on db: Database) throws -> [CountrySummary] {
    let statement =
      try Schema.hasCountriesTable(db)
      ? try db.cachedStatement("SELECT country, places, codes, source, imported FROM countries ORDER BY country")
      : try Schema.cachedStatement(db, countedSQL)
    defer { statement.reset() }
    var countries: [CountrySummary] = []
    while try statement.step() {
      countries.append(
        CountrySummary(
          country: statement.text(at: 0) ?? "", places: Int(statement.value(at: 1).int64 ?? 0),
          codes: Int(statement.value(at: 2).int64 ?? 0), source: statement.text(at: 3),
          imported: statement.text(at: 4)))
    }
    return countries
  }

  /// The countries counted from the rows, with no source or import time (version 1 has no
  /// country column: every row is US).
  private static let countedSQL = Schema.Variants {
    """
    SELECT \($0.hasCountries ? "country" : "'US'") AS c, count(*), count(DISTINCT zip), NULL, NULL FROM zips
    GROUP BY c HAVING count(*) > 0 ORDER BY c
    """
  }
}
