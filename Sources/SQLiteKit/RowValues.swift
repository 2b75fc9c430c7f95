import CSQLiteAPI

/// The values of one row, read by index, whether a statement's current row (`Statement`) or
/// the arguments of a function call (`FunctionArguments`): code that reads rows reads either
/// through one implementation. A function's arguments take no mutex as they are read, where a
/// statement's columns take the connection's at every call, so a query that hands its rows to a
/// function as arguments reads them for less.
public protocol RowValues: ~Copyable {
  /// Value `index` as UTF-8 bytes, or `nil` when it is NULL; valid as SQLite's own are, until the
  /// row changes.
  func textBytes(at index: Int) -> UnsafeBufferPointer<UInt8>?
  /// Value `index` read as a real (0 for NULL; SQLite converts other types).
  func real(at index: Int) -> Double
  /// Value `index` read as an integer, or `fallback` when it is NULL.
  func int64(at index: Int, orIfNull fallback: Int64) -> Int64
}

extension Statement: RowValues {
  public func real(at index: Int) -> Double { double(at: index) }
}

extension FunctionArguments: RowValues {
  public func textBytes(at index: Int) -> UnsafeBufferPointer<UInt8>? {
    guard let value = handle(index) else { return nil }
    var count: Int32 = 0
    guard let text = csqlite_value_text_bytes(value, &count) else { return nil }
    return UnsafeBufferPointer(start: text, count: Int(count))
  }

  public func real(at index: Int) -> Double {
    guard let value = handle(index) else { return 0 }
    return csqlite_value_double(value)
  }

  public func int64(at index: Int, orIfNull fallback: Int64) -> Int64 {
    guard let value = handle(index), csqlite_value_type(value) != SQLITE_NULL else { return fallback }
    return csqlite_value_int64(value)
  }

  /// The pointer bound as argument `index` with type `type` (`Statement.bind(pointer:type:at:)`),
  /// or `nil` for any other value: no SQL can make one.
  public func pointer(at index: Int, type: StaticString) -> UnsafeMutableRawPointer? {
    guard let value = handle(index), type.hasPointerRepresentation else { return nil }
    return csqlite_value_pointer(value, UnsafeRawPointer(type.utf8Start).assumingMemoryBound(to: CChar.self))
  }
}
