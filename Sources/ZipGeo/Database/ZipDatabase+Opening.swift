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
  ///
  /// Read-only, a database that a writer left in the middle of a change (a hot rollback journal,
  /// `x.db-journal`, left by a crash or a kill) is first rolled back, by a connection opened for
  /// writing for that alone, when this user can write the file and its folder: what any writer's
  /// first read does, and what a read-only connection may not do. Otherwise the error says so and
  /// how its owner can roll it back.
  public static func openConnection(_ path: String, mode: Database.Mode) throws -> Database {
    let sqlitePath = try sqlitePath(for: path)
    guard mode == .readWriteCreate || access(path, F_OK) == 0 else { throw ZipGeoError.databaseMissing(path: path) }
    var db = try open(path, mode: mode)
    db.setBusyTimeout(milliseconds: 5000)
    guard mode == .readOnly else { return db }
    // Asked before the first read, which makes them.
    let makesWALFiles = DatabaseOpening.makesWALFilesToRead(db)
    if holdsHotJournal(db) {
      try? db.close()
      try rollBackHotJournal(sqlitePath, path: path)
      db = try open(path, mode: mode)
      db.setBusyTimeout(milliseconds: 5000)
    }
    if makesWALFiles, let file = db.filePath { db.onClose { DatabaseOpening.removeWALFilesNobodyUses(of: file) } }
    return db
  }

  /// Whether the read-only connection `db` cannot read its database until a writer rolls back the
  /// journal of one that stopped mid-transaction. Any other failure is left for the first real
  /// read to report.
  private static func holdsHotJournal(_ db: Database) -> Bool {
    do {
      _ = try db.scalar("SELECT COUNT(*) FROM sqlite_master")
      return false
    } catch let error as DatabaseError {
      return error.extendedResultCode == .readOnlyRollback
    } catch {
      return false
    }
  }

  /// Rolls back the hot journal of the database at `sqlitePath` (named `path` in messages), as a
  /// writer's first read does; SQLite takes the locks that keep every other connection out
  /// meanwhile.
  private static func rollBackHotJournal(_ sqlitePath: String, path: String) throws {
    let cannot = ZipGeoError.databaseUnreadable(
      path: path,
      reason: "a program that was changing it stopped in the middle (its rollback journal, \(path)-journal, is "
        + "still there), and the change must be rolled back before it can be read, which needs a user who can "
        + "write it and its folder; its owner can do that by importing again, or with: zipgeo sql --write "
        + "--db=\(path.shellQuoted) 'PRAGMA integrity_check'")
    guard let writer = try? Database(path: sqlitePath, mode: .readWrite), !writer.isReadOnly else { throw cannot }
    defer { try? writer.close() }
    writer.setBusyTimeout(milliseconds: 5000)
    do {
      _ = try writer.scalar("SELECT COUNT(*) FROM sqlite_master")
    } catch let error as DatabaseError where error.resultCode == .busy {
      throw ZipGeoError.databaseUnreadable(path: path, reason: error.message)
    } catch {
      throw cannot
    }
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
