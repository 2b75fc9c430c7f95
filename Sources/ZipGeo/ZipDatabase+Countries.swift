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
    let sql: String
    if try Schema.hasCountriesTable(database) {
      sql = "SELECT country, places, codes, source, imported FROM countries ORDER BY country"
    } else {
      let columns = try database.rows("SELECT name FROM pragma_table_xinfo('zips')").compactMap { $0[0].string }
      // Version 1 has no country column: every row is US.
      let country = columns.contains("country") ? "country" : "'US'"
      sql = """
        SELECT \(country) AS c, count(*), count(DISTINCT zip), NULL, NULL FROM zips
        GROUP BY c HAVING count(*) > 0 ORDER BY c
        """
    }
    let statement = try database.prepare(sql)
    var countries: [CountrySummary] = []
    while try statement.step() {
      countries.append(
        CountrySummary(
          country: statement.text(at: 0) ?? "", places: Int(statement.value(at: 1).int64 ?? 0),
          codes: Int(statement.value(at: 2).int64 ?? 0), source: statement.text(at: 3),
          imported: statement.text(at: 4)))
    }
    statement.reset()
    return countries
  }
}
