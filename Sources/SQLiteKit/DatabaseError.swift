import CSQLiteAPI

/// An error reported by SQLite, with the statement that caused it.
///
/// ```swift
/// do { try db.execute("INSERT INTO zips(zip) VALUES ('01001')") } catch let error as DatabaseError {
///   print(error)  // SQLite error 19: UNIQUE constraint failed: zips.zip - while executing `INSERT ...`
/// }
/// ```
public struct DatabaseError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The primary result code (`.constraint`, 19).
  public var resultCode: ResultCode { extendedResultCode.primaryResultCode }
  /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, 2067), or the primary one when SQLite
  /// gives no other.
  public let extendedResultCode: ResultCode
  /// SQLite's message.
  public let message: String
  /// The SQL that failed, when there is one.
  public let sql: String?

  /// An error as SQLite reports it:
  /// `DatabaseError(extendedResultCode: .constraint, message: "...", sql: "INSERT ...")`.
  public init(extendedResultCode: ResultCode, message: String, sql: String? = nil) {
    self.extendedResultCode = extendedResultCode
    self.message = message
    self.sql = sql
  }

  /// Whether a UNIQUE, NOT NULL, CHECK or other constraint refused the change.
  public var isConstraintViolation: Bool { resultCode == .constraint }

  /// `SQLite error 19: UNIQUE constraint failed: zips.zip - while executing `INSERT ...``.
  ///
  /// The statement is shown on one line and cut after `shownSQLLength` characters: a message
  /// names it, it does not reprint the kilobytes of a many-row `INSERT`.
  public var description: String {
    var text = "SQLite error \(resultCode.rawValue): \(message)"
    // On one line: a statement written over several reads as one in a message.
    if let sql {
      let line = sql.split(whereSeparator: \.isNewline).map { String($0).trimmingWhitespace }.joined(separator: " ")
      text +=
        " - while executing `\(line.count <= Self.shownSQLLength ? line : line.prefix(Self.shownSQLLength) + "...")`"
    }
    return text
  }

  /// The most characters of its statement an error's description shows.
  public static let shownSQLLength = 100

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
    return DatabaseError(extendedResultCode: ResultCode(rawValue: extended), message: message, sql: sql)
  }
}
