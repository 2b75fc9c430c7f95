import SQLiteKit

extension ZipDatabase {
  /// Imports a zip / latitude / longitude CSV into the database at `databasePath`, creating it
  /// when missing and replacing its zip codes in one transaction, as
  /// `Importer.importFile(_:intoDatabaseAt:...)` does: no reader ever sees a half-made database.
  ///
  /// ```swift
  /// let summary = try ZipDatabase.importFile("data/zips.csv", into: "zipgeo.db") { progress in
  ///   print(progress.rows, progress.fraction ?? 0)
  /// }
  /// summary.imported   // 41487
  /// ```
  public static func importFile(
    _ path: String, into databasePath: String, options: ImportOptions = ImportOptions(),
    progress: (ImportProgress) -> Void = { _ in }, notify: (ImportNotice) -> Void = { _ in }
  ) throws -> ImportSummary {
    try Importer(options: options).importFile(path, intoDatabaseAt: databasePath, notify: notify, progress: progress)
  }

  /// Upgrades the database at `databasePath`, which an older zipgeo wrote, to this version's
  /// layout, keeping every row, as `Importer.upgradeDatabase(at:notify:shouldStop:phase:)` does; a
  /// file of this version is left as it is. Searches read only this version's layout: opening an
  /// older file for reading fails with an error that names this upgrade.
  ///
  /// ```swift
  /// let summary = try ZipDatabase.upgrade(at: "zipgeo.db")
  /// summary.fromVersion   // 2
  /// ```
  @discardableResult
  public static func upgrade(at databasePath: String) throws -> UpgradeSummary {
    try Importer().upgradeDatabase(at: databasePath)
  }
}

extension Importer {
  /// Imports `path` into `db`, in one transaction on that connection.
  ///
  /// To import into a database file, `importFile(_:intoDatabaseAt:...)` is safer: it never leaves
  /// a half-made new file, waits for other imports, and leaves the data in the database file.
  ///
  /// - Parameters:
  ///   - path: The CSV file, named in messages as given.
  ///   - db: The database whose zip codes are replaced.
  ///   - notify: Called for each skipped line and each duplicate zip.
  ///   - shouldStop: Asked every few thousand rows, and every 100 ms while the file (a pipe) has
  ///     nothing to read; `true` abandons the import, which then throws `ImportError.interrupted`
  ///     and leaves the database as it was.
  ///   - progress: Told every few thousand rows how far the import has come.
  ///   - phase: Told each point the import reaches (`ImportPhase`).
  /// - Throws: `ImportError` for a problem with the file or an interruption; `DatabaseError` when
  ///   SQLite fails.
  public func importFile(
    _ path: String, into db: ZipDatabase, notify: (ImportNotice) -> Void = { _ in },
    shouldStop: () -> Bool = { false }, progress: (ImportProgress) -> Void = { _ in },
    phase: (ImportPhase) -> Void = { _ in }
  ) throws -> ImportSummary {
    try importFiles([path], into: db, notify: notify, shouldStop: shouldStop, progress: progress, phase: phase)
  }

  /// Imports the files at `paths` into `db`, all in one transaction on that connection: either
  /// every file's rows are in, or (when one of them fails) none are. The rows of each country any
  /// of the files holds replace that country's earlier rows; a country two files hold keeps the
  /// rows of both. The parameters are those of `importFile(_:into:...)`.
  public func importFiles(
    _ paths: [String], into db: ZipDatabase, notify: (ImportNotice) -> Void = { _ in },
    shouldStop: () -> Bool = { false }, progress: (ImportProgress) -> Void = { _ in },
    phase: (ImportPhase) -> Void = { _ in }
  ) throws -> ImportSummary {
    try replace(
      in: db.database, from: try openFiles(paths), notify: notify, shouldStop: shouldStop, progress: progress,
      phase: phase)
  }
}
