import CSQLiteAPI

/// A prepared SQL statement. It is finalized when the last reference goes away.
///
/// ```swift
/// let insert = try db.prepare("INSERT INTO zips(zip, lat, lon) VALUES (?, ?, ?)")
/// for zip in zips { try insert.execute([zip.code, zip.latitude, zip.longitude]) }
/// ```
public final class Statement {
  /// The `sqlite3_stmt *` handle.
  public let handle: OpaquePointer
  /// The connection. Not retained (the connection's statement cache holds statements): a
  /// statement is used while its connection is open.
  public unowned let database: Database
  /// The SQL text.
  public let sql: String
  /// What `oncePerPreparation(_:_:)` computed under each name, and for which preparation.
  private var preparationValues: [String: (preparation: Int32, value: AnyObject)] = [:]
  /// The key at which `checkOnce(whileUnchanged:_:)` last passed.
  private var checkedKey: [Int64]?
  /// The preparation (`preparation`) at which a caller's check of what the statement reads last
  /// passed for as long as the schema stays the same (one check per statement, its caller's): one
  /// comparison on a hot path, where `oncePerPreparation(_:_:)` looks a name up.
  public var passedPreparation: Int32?

  /// How many times SQLite has prepared the statement again (after a schema change), which
  /// `oncePerPreparation(_:_:)` and `passedPreparation` key their values on.
  public var preparation: Int32 { csqlite_statement_repreparations(handle) }

  /// Wraps a handle that `database` prepared.
  init(database: Database, handle: OpaquePointer, sql: String) {
    self.handle = handle
    self.database = database
    self.sql = sql
  }

  init(database: Database, sql: String) throws {
    var stmt: OpaquePointer?
    var tail: UnsafePointer<CChar>?
    let code = sql.withCString { csqlite_prepare_v2(database.handle, $0, -1, &stmt, &tail) }
    guard code == SQLITE_OK else { throw database.statementFailure(code, sql: sql) }
    guard let stmt else {
      throw DatabaseError(extendedResultCode: .misuse, message: "no SQL statement", sql: sql)
    }
    self.handle = stmt
    self.database = database
    self.sql = sql
  }

  deinit { csqlite_finalize(handle) }

  /// The declared type of result column `index` (0-based), as in `REAL`, when it is a column of
  /// a table (or a view's direct copy of one); `nil` for an expression.
  public func declaredType(at index: Int) -> String? {
    csqlite_column_decltype(handle, Int32(index)).map { String(cString: $0) }
  }

  /// What `compute` gives for this statement under `name`, computed again only when SQLite has
  /// prepared it again (after a schema change), and until then kept. What a check of the tables a
  /// statement reads finds (declared types, say) changes only with the schema, and a schema change
  /// makes SQLite prepare the statement again as it next steps: so a check run after stepping
  /// judges the statement that actually ran, and costs nothing until the schema changes. A
  /// `compute` that throws is run again next time.
  public func oncePerPreparation<T>(_ name: String, _ compute: (Statement) throws -> T) throws -> T {
    let preparation = self.preparation
    // Kept in a class box: a class cast is cheap where a cast of `Any` to a tuple is not.
    if let cached = preparationValues[name], cached.preparation == preparation,
      let box = cached.value as? PreparationValue<T>
    {
      return box.value
    }
    let value = try compute(self)
    preparationValues[name] = (preparation, PreparationValue(value))
    return value
  }

  /// Runs `check` unless it passed at the same `key` (say, counts that change with the data).
  public func checkOnce(whileUnchanged key: [Int64], _ check: () throws -> Void) throws {
    if key == checkedKey { return }
    try check()
    checkedKey = key
  }

  /// Whether the statement writes nothing (`sqlite3_stmt_readonly`): `SELECT` and transaction
  /// control do not; `INSERT`, `VACUUM INTO '/any/path'` and pragmas that change settings do.
  public var isReadOnly: Bool { csqlite_stmt_readonly(handle) != 0 }

  /// The number of `?` parameters.
  public var parameterCount: Int { Int(csqlite_bind_parameter_count(handle)) }

  /// Resets the statement and binds `arguments` to its parameters, in order.
  public func bind(_ arguments: [any DatabaseValueConvertible]) throws {
    try bind(values: arguments.map(\.databaseValue))
  }

  /// Resets the statement and binds `values` to its parameters, in order; cheaper than
  /// `bind(_:)` on hot paths, since the values need no conversion.
  public func bind(values: [DatabaseValue]) throws {
    csqlite_reset(handle)
    csqlite_clear_bindings(handle)
    guard values.count == parameterCount else {
      throw DatabaseError(
        extendedResultCode: .range,
        message: "wrong number of arguments: \(values.count) for \(parameterCount) parameters", sql: sql)
    }
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds one value to the parameter at `index` (1-based), leaving the others as they are.
  public func bind(_ value: DatabaseValue, at index: Int32) throws {
    let code: Int32
    switch value {
    case .null: code = csqlite_bind_null(handle, index)
    case .integer(let int): code = csqlite_bind_int64(handle, index, int)
    case .real(let double): code = csqlite_bind_double(handle, index, double)
    case .text(let string):
      // The explicit length keeps text with embedded NUL characters whole.
      code = withUTF8(string) { csqlite_bind_text(handle, index, $0, $1) }
    case .blob(let bytes):
      // A zero-length blob needs a non-NULL pointer, or SQLite binds NULL.
      code = (bytes.isEmpty ? [0] : bytes).withUnsafeBytes {
        csqlite_bind_blob(handle, index, $0.baseAddress, Int32(bytes.count))
      }
    }
    guard code == SQLITE_OK else { throw DatabaseError.lastError(of: database.handle, code: code, sql: sql) }
  }

  /// Binds a real to the parameter at `index`: `bind(.real(value), at:)`, without the value's
  /// enum, for statements bound again for every read of a search.
  public func bind(real value: Double, at index: Int32) throws {
    let code = csqlite_bind_double(handle, index, value)
    guard code == SQLITE_OK else { throw DatabaseError.lastError(of: database.handle, code: code, sql: sql) }
  }

  /// Binds an integer to the parameter at `index`: `bind(.integer(value), at:)`, without the
  /// value's enum.
  public func bind(integer value: Int64, at index: Int32) throws {
    let code = csqlite_bind_int64(handle, index, value)
    guard code == SQLITE_OK else { throw DatabaseError.lastError(of: database.handle, code: code, sql: sql) }
  }

  /// Binds UTF-8 bytes as text (`nil`: NULL) to the parameter at `index`, without making a
  /// `String` of them, and without copying them: SQLite reads them in place, so they must stay
  /// as they are until the statement is finalized or the parameter is bound again (or the
  /// bindings are cleared, `clearBindings()`).
  public func bind(borrowedText bytes: UnsafeBufferPointer<UInt8>?, at index: Int32) throws {
    let code: Int32
    if let bytes, bytes.count > Int(Int32.max) {
      code = SQLITE_TOOBIG
    } else if let bytes {
      // An empty text needs a non-NULL pointer, or SQLite binds NULL.
      code = bytes.withMemoryRebound(to: CChar.self) { chars in
        guard let base = chars.baseAddress, !chars.isEmpty else {
          // Nothing to borrow: SQLite copies the empty text.
          return "".withCString { csqlite_bind_text(handle, index, $0, 0) }
        }
        return csqlite_bind_text_static(handle, index, base, Int32(chars.count))
      }
    } else {
      code = csqlite_bind_null(handle, index)
    }
    guard code == SQLITE_OK else { throw DatabaseError.lastError(of: database.handle, code: code, sql: sql) }
  }

  /// Binds `pointer` to the parameter at `index` as a pointer of type `type`: a function that
  /// asks for that type (`FunctionArguments.pointer(at:type:)`) gets it; to SQL it is NULL. The
  /// caller keeps what it points at alive while the statement may run.
  public func bind(pointer: UnsafeMutableRawPointer?, type: StaticString, at index: Int32) throws {
    guard type.hasPointerRepresentation else {
      throw DatabaseError(extendedResultCode: .misuse, message: "a pointer's type must be a string literal", sql: sql)
    }
    // A string literal's bytes, a NUL after them, last as long as the program: SQLite keeps the
    // type's address with the binding.
    let name = UnsafeRawPointer(type.utf8Start).assumingMemoryBound(to: CChar.self)
    let code = csqlite_bind_pointer(handle, index, pointer, name)
    guard code == SQLITE_OK else { throw DatabaseError.lastError(of: database.handle, code: code, sql: sql) }
  }

  /// Unbinds every parameter (each is NULL again), so that no borrowed text stays bound.
  public func clearBindings() { csqlite_clear_bindings(handle) }

  /// Advances to the next row: `true` when a row is ready, `false` when the statement is done.
  @discardableResult
  public func step() throws -> Bool {
    let code = csqlite_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = database.statementFailure(code, sql: sql)
      csqlite_reset(handle)
      throw error
    }
  }

  /// Resets the statement so it can run again; bindings stay.
  public func reset() { csqlite_reset(handle) }

  /// Binds `arguments` and runs the statement to completion.
  public func execute(_ arguments: [any DatabaseValueConvertible] = []) throws {
    try execute(values: arguments.map(\.databaseValue))
  }

  /// Binds `values` and runs the statement to completion.
  public func execute(values: [DatabaseValue]) throws {
    try bind(values: values)
    while try step() {}
    reset()
  }

  /// Binds `arguments` and returns every row.
  public func rows(_ arguments: [any DatabaseValueConvertible] = []) throws -> [Row] {
    try bind(arguments)
    defer { reset() }
    var rows: [Row] = []
    let names = columnNames
    while try step() {
      rows.append(Row(columnNames: names, values: (0..<columnCount).map { value(at: $0) }))
    }
    return rows
  }

  /// Binds `arguments` and returns the first column of the first row, or `nil` when there is no row.
  public func scalar(_ arguments: [any DatabaseValueConvertible] = []) throws -> DatabaseValue? {
    try bind(arguments)
    defer { reset() }
    return try step() ? value(at: 0) : nil
  }

  /// The number of result columns.
  public var columnCount: Int { Int(csqlite_column_count(handle)) }

  /// The names of the result columns.
  public var columnNames: [String] {
    (0..<Int32(columnCount)).map { String(cString: csqlite_column_name(handle, $0)) }
  }

  /// The value in column `index` (0-based) of the current row, typed as SQLite stored it.
  public func value(at index: Int) -> DatabaseValue {
    let column = Int32(index)
    switch csqlite_column_type(handle, column) {
    case SQLITE_INTEGER: return .integer(csqlite_column_int64(handle, column))
    case SQLITE_FLOAT: return .real(csqlite_column_double(handle, column))
    case SQLITE_TEXT: return .text(text(at: index) ?? "")
    case SQLITE_BLOB:
      let count = Int(csqlite_column_bytes(handle, column))
      guard count > 0, let bytes = csqlite_column_blob(handle, column) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }

  /// Whether column `index` of the current row is NULL.
  public func isNull(at index: Int) -> Bool { csqlite_column_type(handle, Int32(index)) == SQLITE_NULL }

  /// Column `index` of the current row read as a double, without boxing (NULL reads as 0).
  public func double(at index: Int) -> Double { csqlite_column_double(handle, Int32(index)) }

  /// Column `index` of the current row read as an integer (0 when it is NULL; SQLite converts
  /// other types), with one call into SQLite.
  public func int64(at index: Int) -> Int64 { csqlite_column_int64(handle, Int32(index)) }

  /// Column `index` of the current row read as text, or `nil` when it is NULL.
  public func text(at index: Int) -> String? {
    let column = Int32(index)
    guard let text = csqlite_column_text(handle, column) else { return nil }
    let count = Int(csqlite_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// The bytes of column `index` of the current row read as text (UTF-8), or `nil` when it is
  /// NULL: SQLite's own, valid only until the statement steps, resets or reads the column as
  /// another type. (An empty text is an empty buffer, not `nil`.)
  public func textBytes(at index: Int) -> UnsafeBufferPointer<UInt8>? {
    var count: Int32 = 0
    guard let text = csqlite_column_text_bytes(handle, Int32(index), &count) else { return nil }
    return UnsafeBufferPointer(start: text, count: Int(count))
  }

  /// The bytes of column `index` of the current row when it is a blob, else `nil`: SQLite's own,
  /// valid only until the statement steps, resets or reads the column as another type.
  public func blobBytes(at index: Int) -> UnsafeRawBufferPointer? {
    guard csqlite_column_type(handle, Int32(index)) == SQLITE_BLOB else { return nil }
    let count = Int(csqlite_column_bytes(handle, Int32(index)))
    guard let start = csqlite_column_blob(handle, Int32(index)), count > 0 else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: start, count: count)
  }

  /// Column `index` of the current row read as an integer, or `fallback` when it is NULL, with one
  /// call into SQLite.
  public func int64(at index: Int, orIfNull fallback: Int64) -> Int64 {
    csqlite_column_int64_or(handle, Int32(index), fallback)
  }

  /// Column `index` read as text, or `nil` when it is NULL: `previous` itself when the column
  /// holds the same bytes, so that a value repeated row after row is not made again each time.
  public func text(at index: Int, reusing previous: String) -> String? {
    let column = Int32(index)
    guard let text = csqlite_column_text(handle, column) else { return nil }
    let bytes = UnsafeBufferPointer(start: text, count: Int(csqlite_column_bytes(handle, column)))
    // Byte buffers compared directly (the UTF-8 view of a native string is contiguous).
    let same = previous.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) }
    if same ?? previous.utf8.elementsEqual(bytes) { return previous }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// Without leading and trailing white space.
  var trimmingWhitespace: String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}

/// A value `Statement.oncePerPreparation(_:_:)` keeps.
private final class PreparationValue<T> {
  let value: T
  init(_ value: T) { self.value = value }
}
