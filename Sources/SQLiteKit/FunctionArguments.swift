import CSQLiteAPI

/// The arguments of one call of an SQL function, read straight from SQLite's values.
public struct FunctionArguments: ~Copyable {
  @usableFromInline let values: UnsafeMutablePointer<OpaquePointer?>?
  /// The number of arguments.
  public let count: Int

  @inlinable @inline(__always)
  func handle(_ index: Int) -> OpaquePointer? {
    precondition(index >= 0 && index < count, "argument index \(index) out of range 0..<\(count)")
    // `values` holds `count` pointers (it is nil only when `count` is 0, which the precondition
    // excludes). A pointer is nil for an argument a query left out of a table function's call.
    return values![index]
  }

  /// Whether argument `index` (0-based) is NULL (or, in a table function, left out).
  @inlinable @inline(__always)
  public func isNull(at index: Int) -> Bool {
    guard let value = handle(index) else { return true }
    return csqlite_value_type(value) == SQLITE_NULL
  }

  /// Argument `index` (0-based) as a number, or `nil` when it is not an integer, a real or text
  /// that reads as a number: the fast path of `number(at:of:named:)`.
  @inlinable @inline(__always)
  public func double(at index: Int) -> Double? {
    guard let value = handle(index) else { return nil }
    var type = csqlite_value_type(value)
    // Only text needs numeric affinity applied; checking first saves a call per number.
    if type == SQLITE_TEXT { type = csqlite_value_numeric_type(value) }
    return type == SQLITE_FLOAT || type == SQLITE_INTEGER ? csqlite_value_double(value) : nil
  }

  /// Argument `index` (0-based) as a number.
  ///
  /// Integers, reals and text that reads as a number are accepted, as SQLite's own math
  /// functions do; other text and blobs throw an error naming the function and the argument,
  /// as in `distance(): lat1 (argument 1) is not a number: 'abc'`.
  ///
  /// - Parameters:
  ///   - index: The 0-based argument index.
  ///   - function: The function's name, for the error message.
  ///   - name: The argument's name, for the error message.
  public func number(at index: Int, of function: String, named name: String? = nil) throws -> Double {
    if let number = double(at: index) { return number }
    throw notANumber(at: index, of: function, named: name)
  }

  /// The error for an argument that is not a number; built only on this cold path.
  public func notANumber(at index: Int, of function: String, named name: String? = nil) -> FunctionError {
    let type = handle(index).map { csqlite_value_numeric_type($0) } ?? SQLITE_NULL
    let argument = name.map { "\($0) (argument \(index + 1))" } ?? "argument \(index + 1)"
    switch type {
    case SQLITE_NULL: return FunctionError("\(function)(): \(argument) is NULL")
    case SQLITE_BLOB: return FunctionError("\(function)(): \(argument) is a blob, not a number")
    default:
      let text = self.value(at: index).description
      return FunctionError("\(function)(): \(argument) is not a number: '\(text.shortened)'")
    }
  }

  /// The bytes of argument `index` (0-based) when it is a blob, or `nil` when it is not; SQLite's
  /// own, valid until the function returns, without a copy (an empty blob has no bytes).
  public func blobBytes(at index: Int) -> UnsafeRawBufferPointer? {
    guard let value = handle(index), csqlite_value_type(value) == SQLITE_BLOB else { return nil }
    let start = csqlite_value_blob(value)
    let count = Int(csqlite_value_bytes(value))
    guard let start, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: start, count: count)
  }

  /// Argument `index` (0-based) as text, or `nil` when it is not text.
  public func text(at index: Int) -> String? {
    value(at: index).string
  }

  /// Argument `index` (0-based) as a value, typed as SQLite holds it.
  public func value(at index: Int) -> DatabaseValue {
    guard let value = handle(index) else { return .null }
    switch csqlite_value_type(value) {
    case SQLITE_INTEGER: return .integer(csqlite_value_int64(value))
    case SQLITE_FLOAT: return .real(csqlite_value_double(value))
    case SQLITE_TEXT:
      let count = Int(csqlite_value_bytes(value))
      guard let text = csqlite_value_text(value) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(csqlite_value_bytes(value))
      guard count > 0, let bytes = csqlite_value_blob(value) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }
}
