/// A Swift value that binds as an SQL parameter: `String`, `Double`, `Int`, `Int64`, their
/// optionals (`nil` binds NULL) and `DatabaseValue` itself.
///
/// ```swift
/// try db.execute("INSERT INTO zips(zip, lat) VALUES (?, ?)", ["01001", 42.0702])
/// ```
public protocol DatabaseValueConvertible {
  var databaseValue: DatabaseValue { get }
}

extension DatabaseValue: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self }
}

extension String: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .text(self) }
}

extension Double: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .real(self) }
}

extension Int: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { .integer(self) }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
  public var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}
