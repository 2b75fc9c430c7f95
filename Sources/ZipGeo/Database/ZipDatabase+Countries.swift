import SQLiteKit

extension ZipDatabase {
  /// The countries of the database, sorted by code, with their counts and where they came from.
  ///
  /// Read from the `countries` table, whose counts each import stores, so that the answer is
  /// immediate on the world file, whose 1.8 million rows would be slow to count. A database
  /// without that table (schema version 1, all US, or one an early version 2 made) is counted
  /// as it is, with no source or import time.
  ///
  /// ```swift
  /// let countries = try ZipDatabase(readingAt: "world.db").countries()  // AD, AR, AS, AT, ...
  /// ```
  public func countries() throws -> [CountrySummary] {
    try StoredCodes.countries(on: database)
  }

}

extension ZipDatabase {
  /// The names of the database's numeric state codes (`RegionNames`).
  public func regionNames() throws -> RegionNames { try RegionNames.load(from: database) }
}

extension ZipDatabase {
  /// The usual accuracy of each country of the database (`UsualAccuracy`).
  public func usualAccuracies() throws -> UsualAccuracy { try UsualAccuracy.load(from: database) }
}
