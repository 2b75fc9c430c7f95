import CSQLiteAPI

/// An error reported by SQLite, with the statement that caused it.
///
/// ```swift
/// do { try db.execute("INSERT INTO zips(zip) VALUES ('01001')") } catch let error as DatabaseError {
///   print(error)  // SQLite error 19: UNIQUE constraint failed: zips.zip - while executing `INSERT ...`
/// }
/// ```
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The primary result code (`SQLITE_CONSTRAINT` is 19).
  public var resultCode: Int32 { extendedResultCode & 0xFF }
  /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE` is 2067).
  public let extendedResultCode: Int32
  /// SQLite's message.
  public let message: String
  /// The SQL that failed, when there is one.
  public let sql: String?

  /// An error as SQLite reports it: `DatabaseError(extendedResultCode: 19, message: "...", sql: "INSERT ...")`.
  public init(extendedResultCode: Int32, message: String, sql: String? = nil) {
    self.extendedResultCode = extendedResultCode
    self.message = message
    self.sql = sql
  }

  /// Primary result codes zipgeo acts on.
  public static let readOnly = SQLITE_READONLY
  /// A read-only connection found a hot journal, the rollback journal of a writer that stopped in
  /// the middle of a transaction, which only a connection that can write may roll back
  /// (`SQLITE_READONLY_ROLLBACK`, an extended code).
  public static let readOnlyRollback = SQLITE_READONLY | (3 << 8)
  /// `sqlite3_interrupt` stopped the statement (Ctrl-C).
  public static let interrupted = SQLITE_INTERRUPT
  /// The file or a journal beside it could not be opened.
  public static let cannotOpen = SQLITE_CANTOPEN
  /// Another connection holds a lock this one needs.
  public static let busy = SQLITE_BUSY

  /// Whether a UNIQUE, NOT NULL, CHECK or other constraint refused the change.
  public var isConstraintViolation: Bool { resultCode == SQLITE_CONSTRAINT }

  /// `SQLite error 19: UNIQUE constraint failed: zips.zip - while executing `INSERT ...``.
  public var description: String {
    var text = "SQLite error \(resultCode): \(message)"
    // On one line: a statement written over several reads as one in a message.
    if let sql {
      text +=
        " - while executing `\(sql.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }.joined(separator: " "))`"
    }
    return text
  }

  /// The error SQLite reports for the connection after `code`.
  static func lastError(of db: OpaquePointer?, code: Int32, sql: String?) -> DatabaseError {
    let message: String
    let extended: Int32
    if let db {
      message = String(cString: csqlite_errmsg(db))
      let last = csqlite_extended_errcode(db)
      extended = (last & 0xFF) == (code & 0xFF) ? last : code
    } else {
      message = String(cString: csqlite_errstr(code))
      extended = code
    }
    return DatabaseError(extendedResultCode: extended, message: message, sql: sql)
  }
}
