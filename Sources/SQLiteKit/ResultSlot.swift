import CSQLiteAPI

/// Where SQLite takes the value of one column of a table function's row (its `sqlite3_context`),
/// valid only during the call that hands it over; every value given is copied.
public struct ResultSlot {
  let context: OpaquePointer

  public func set(_ value: DatabaseValue) { setResult(value, on: context) }
  public func setNull() { csqlite_result_null(context) }
  public func set(_ integer: Int64) { csqlite_result_int64(context, integer) }
  public func set(_ real: Double) { csqlite_result_double(context, real) }
  /// Text: the UTF-8 `bytes`, which a NUL must follow (as in SQLite's own copies of a text).
  public func set(terminatedText bytes: UnsafeBufferPointer<UInt8>) {
    guard let start = bytes.baseAddress else { return csqlite_result_text(context, "", 0) }
    start.withMemoryRebound(to: CChar.self, capacity: bytes.count + 1) {
      csqlite_result_text(context, $0, Int32(clamping: bytes.count))
    }
  }
}
