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
}
