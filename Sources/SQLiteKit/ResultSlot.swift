import CSQLiteAPI

/// Where SQLite takes the value of one column of a table function's row (its `sqlite3_context`),
/// valid only during the call that hands it over; every value given is copied.
public struct ResultSlot {
  let context: OpaquePointer

  public func set(_ value: DatabaseValue) { setResult(value, on: context) }
}
