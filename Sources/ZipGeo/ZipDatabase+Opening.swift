import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

extension ZipDatabase {
  /// Opens the SQLite file at `path` as a plain connection, with zipgeo's SQL functions registered
  /// and a 5-second busy timeout: how `zipgeo sql` and the query commands open a database, so
  /// that a path is checked and opened one way.
  ///
  /// ```swift
  /// let db = try ZipDatabase.openConnection("zipgeo.db", mode: .readOnly)
  /// try ZipDatabase.checkReadable(db, path: "zipgeo.db")
  /// ```
  ///
  /// - Parameters:
  ///   - path: The path as the user gave it, used as it is (`sqlitePath(for:)`).
  ///   - mode: `.readOnly` or `.readWrite` for a file that must exist, `.readWriteCreate` to
  ///     create it when missing.
  /// - Throws: `ZipGeoError.databaseMissing` when a file that must exist is not there;
  ///   `ZipGeoError.databaseUnreadable` when the path is not a regular file or SQLite cannot open it.
  public static func openConnection(_ path: String, mode: Database.Mode) throws -> Database {
    _ = try sqlitePath(for: path)
    guard mode == .readWriteCreate || access(path, F_OK) == 0 else { throw ZipGeoError.databaseMissing(path: path) }
    let db = try open(path, mode: mode)
    db.setBusyTimeout(milliseconds: 5000)
    return db
  }

  /// Reads the schema of `db`, just opened from `path`, so that a file SQLite cannot read fails
  /// before anything runs, in one line that says why (`readProblem(_:path:)`): a file that is not
  /// a database, a database in write-ahead-logging mode in a folder this user cannot write.
  public static func checkReadable(_ db: Database, path: String) throws {
    do {
      _ = try db.scalar("SELECT COUNT(*) FROM sqlite_master")
    } catch let error as DatabaseError {
      throw readProblem(error, path: path)
    }
  }
}
