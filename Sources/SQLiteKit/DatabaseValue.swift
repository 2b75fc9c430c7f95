/// One SQLite value, with the storage class SQLite gave it.
///
/// ```swift
/// let count = try db.scalar("SELECT COUNT(*) FROM zips")  // .integer(41488)
/// ```
public enum DatabaseValue: Equatable, Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  case text(String)
  case blob([UInt8])

  /// The value as a number, when it is an integer or a real.
  public var double: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }

  /// The value when it is an integer.
  public var int64: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }

  /// The value when it is text.
  public var string: String? {
    if case .text(let value) = self { value } else { nil }
  }

  /// Whether the value is NULL: `try db.scalar("SELECT NULL")?.isNull  // true`.
  public var isNull: Bool { self == .null }
}

extension DatabaseValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByStringLiteral
{
  /// `let value: DatabaseValue = 7`.
  public init(integerLiteral value: Int64) { self = .integer(value) }
  /// `let value: DatabaseValue = 2.5`.
  public init(floatLiteral value: Double) { self = .real(value) }
  /// `let value: DatabaseValue = "01001"`.
  public init(stringLiteral value: String) { self = .text(value) }
}

extension DatabaseValue: CustomStringConvertible {
  /// The value as the sqlite3 shell prints it: `NULL`, `7`, `2.5`, `01001`, `<2 bytes>`.
  public var description: String {
    switch self {
    case .null: "NULL"
    case .integer(let value): String(value)
    case .real(let value): String(value)
    case .text(let value): value
    case .blob(let bytes): "<\(bytes.count) bytes>"
    }
  }
}
