import SQLiteKit

extension SQLFunctions {
  /// Registers zipgeo's SQL functions on a connection you opened yourself (with GRDB, SQLite.swift
  /// or the C API), given its `sqlite3 *` handle.
  ///
  /// ```swift
  /// var handle: OpaquePointer?
  /// sqlite3_open("stores.db", &handle)
  /// try SQLFunctions.register(onConnection: handle!)
  /// // SELECT name FROM stores WHERE distance(lat, lon, ?, ?) <= 5
  /// ```
  public static func register(onConnection handle: OpaquePointer) throws {
    try register(on: Database(borrowing: handle))
  }
}
