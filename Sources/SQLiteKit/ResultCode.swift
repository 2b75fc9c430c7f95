import CSQLiteAPI

/// A result code of SQLite: a primary one (`SQLITE_BUSY`, 5) or an extended one
/// (`SQLITE_READONLY_ROLLBACK`, 776), whose low 8 bits are its primary code.
///
/// A primary code matches itself and each of its extended codes, as in GRDB, in a `switch` and
/// in a `catch` of a `DatabaseError`:
///
/// ```swift
/// do { try db.execute("BEGIN IMMEDIATE") } catch ResultCode.busy {
///   // another connection holds the write lock
/// }
/// switch error.extendedResultCode {
/// case .readOnlyRollback: ...  // an extended code matches itself alone
/// case .readOnly: ...          // every other SQLITE_READONLY_*, and SQLITE_READONLY
/// default: ...
/// }
/// ```
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The code as SQLite's C API returns it.
  public let rawValue: Int32

  /// `ResultCode(rawValue: 19)` is `.constraint`.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code: `.readOnly` for `.readOnlyRollback`, the code itself for a primary one.
  public var primaryResultCode: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  /// Whether `code` is `pattern`, or an extended code of `pattern` when `pattern` is a primary code.
  public static func ~= (pattern: ResultCode, code: ResultCode) -> Bool {
    pattern.primaryResultCode == pattern ? code.primaryResultCode == pattern : code == pattern
  }

  /// Whether `error` is a `DatabaseError` whose extended code `pattern` matches (`catch ResultCode.busy`).
  public static func ~= (pattern: ResultCode, error: any Error) -> Bool {
    guard let error = error as? DatabaseError else { return false }
    return pattern ~= error.extendedResultCode
  }

  /// `5 (database is locked)`: the number and SQLite's English for it.
  public var description: String { "\(rawValue) (\(String(cString: csqlite_errstr(rawValue))))" }

  /// `SQLITE_ERROR`: an SQL error or missing database.
  public static let error = ResultCode(rawValue: SQLITE_ERROR)
  /// `SQLITE_BUSY`: another connection holds a lock this one needs.
  public static let busy = ResultCode(rawValue: SQLITE_BUSY)
  /// `SQLITE_NOMEM`: a memory allocation failed.
  public static let noMemory = ResultCode(rawValue: SQLITE_NOMEM)
  /// `SQLITE_READONLY`: a write to a database opened read-only, or a file that cannot be written.
  public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  /// `SQLITE_INTERRUPT`: `sqlite3_interrupt` stopped the statement (Ctrl-C).
  public static let interrupt = ResultCode(rawValue: SQLITE_INTERRUPT)
  /// `SQLITE_IOERR`: the operating system reported an I/O error.
  public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  /// `SQLITE_FULL`: the disk is full, or the database has reached its `max_page_count`.
  public static let full = ResultCode(rawValue: SQLITE_FULL)
  /// `SQLITE_CANTOPEN`: the file or a journal beside it could not be opened.
  public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  /// `SQLITE_CONSTRAINT`: a UNIQUE, NOT NULL, CHECK or other constraint refused the change.
  public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
  /// `SQLITE_TOOBIG`: a string or blob larger than SQLite's limit.
  public static let tooBig = ResultCode(rawValue: SQLITE_TOOBIG)
  /// `SQLITE_SCHEMA`: the schema changed under a statement that could not be prepared again.
  public static let schema = ResultCode(rawValue: SQLITE_SCHEMA)
  /// `SQLITE_MISUSE`: the library was used as it must not be.
  public static let misuse = ResultCode(rawValue: SQLITE_MISUSE)
  /// `SQLITE_RANGE`: a parameter index out of range.
  public static let range = ResultCode(rawValue: SQLITE_RANGE)
  /// `SQLITE_READONLY_ROLLBACK`, an extended code: a read-only connection found a hot journal,
  /// the rollback journal of a writer that stopped in the middle of a transaction, which only a
  /// connection that can write may roll back.
  public static let readOnlyRollback = ResultCode(rawValue: SQLITE_READONLY | (3 << 8))
}
