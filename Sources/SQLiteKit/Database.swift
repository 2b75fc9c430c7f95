import CSQLiteAPI

/// A connection to an SQLite database.
///
/// ```swift
/// let db = try Database(path: "zipgeo.db", mode: .readOnly)
/// let rows = try db.rows("SELECT zip, lat, lon FROM zips WHERE state = ?", ["TX"])
/// ```
///
/// A connection is used from one thread at a time. It closes when the last reference goes away,
/// unless it was borrowed from a host (an extension's connection belongs to its host).
public final class Database {
  /// How a file is opened.
  public enum Mode: Sendable {
    /// Read only; the file must exist.
    case readOnly
    /// Read and write; the file must exist.
    case readWrite
    /// Read and write, creating the file when it is missing.
    case readWriteCreate
  }

  /// The `sqlite3 *` handle.
  public let handle: OpaquePointer
  private var ownsHandle: Bool
  /// The closure `setBusyHandler(_:)` installed, kept alive while SQLite may call it.
  private var busyHandler: Unmanaged<BusyHandlerBox>?
  /// The closure `setInterruptCheck(every:_:)` installed.
  private var interruptCheck: Unmanaged<InterruptCheckBox>?
  private let cachesStatements: Bool
  /// Statements kept prepared for `cachedStatement(_:)`: by SQL text, and by `CachedSQL` identity.
  private var statementCache = StatementCache<String>(limit: cachedStatementLimit)
  private var keyedStatementCache = StatementCache<ObjectIdentifier>(limit: cachedStatementLimit)
  /// The most statements each cache keeps.
  public static let cachedStatementLimit = 64
  /// What `onClose(_:)` asked to run once the connection is closed.
  private var closeActions: [() -> Void] = []
  /// The `ConnectionFacts` of each type kept on this connection (`facts(_:)`).
  var keptFacts: [ObjectIdentifier: any ConnectionFacts] = [:]

  /// Opens (or creates) the database at `path`. `":memory:"` opens a private in-memory database.
  ///
  /// - Parameters:
  ///   - path: A file path, or with `uri` a `file:` URI (`file:zipgeo.db?immutable=1`). Some
  ///     SQLite builds (Debian's) read a name starting `file:` as a URI whatever the flags: a
  ///     file of such a name is opened as `./file:...`.
  ///   - mode: Whether to allow writes and create a missing file.
  ///   - uri: Whether `path` is read as a URI (`SQLITE_OPEN_URI`).
  public init(path: String, mode: Mode = .readWriteCreate, uri: Bool = false) throws {
    precondition(
      csqlite_is_installed() != 0,
      "No SQLite routines installed: link the SQLiteLinked target, or load zipgeo as an SQLite extension")
    var flags: Int32
    switch mode {
    case .readOnly: flags = SQLITE_OPEN_READONLY
    case .readWrite: flags = SQLITE_OPEN_READWRITE
    case .readWriteCreate: flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
    }
    flags |= SQLITE_OPEN_NOMUTEX
    if uri { flags |= SQLITE_OPEN_URI }
    var db: OpaquePointer?
    let code = csqlite_open_v2(path, &db, flags, nil)
    guard code == SQLITE_OK, let db else {
      // SQLite allocates a handle even when opening fails; it must be closed all the same.
      let error = DatabaseError.lastError(of: db, code: code, sql: nil)
      if let db { csqlite_close_v2(db) }
      throw error
    }
    handle = db
    ownsHandle = true
    cachesStatements = true
    csqlite_extended_result_codes(db, 1)
  }

  /// Opens a private, empty in-memory database.
  public static func inMemory() throws -> Database {
    try Database(path: ":memory:")
  }

  /// Wraps a connection that somebody else owns (the host of a loadable extension).
  /// The connection is not closed by this object.
  ///
  /// - Parameter cachingStatements: Whether `cachedStatement(_:)` keeps statements prepared.
  ///   Only for an owner that calls `finalizeCachedStatements()` before the host closes the
  ///   connection (`sqlite3_close` refuses a connection with statements still prepared), as a
  ///   virtual table can, in its xDisconnect.
  public init(borrowing handle: OpaquePointer, cachingStatements: Bool = false) {
    self.handle = handle
    ownsHandle = false
    cachesStatements = cachingStatements
  }

  /// Finalizes the statements `cachedStatement(_:)` kept (those not still referenced elsewhere).
  public func finalizeCachedStatements() {
    statementCache.removeAll()
    keyedStatementCache.removeAll()
  }

  deinit {
    if ownsHandle {
      // Finalized first, so that the connection is closed when close_v2 returns (with statements
      // left, it only becomes a zombie that the last one's finalize closes) and `onClose` actions
      // run after it.
      statementCache.removeAll()
      keyedStatementCache.removeAll()
      csqlite_close_v2(handle)
    }
    busyHandler?.release()
    interruptCheck?.release()
    runCloseActions()
  }

  /// Has `action` run once this connection is closed, by `close()` or when the last reference
  /// goes away: for work that needs the connection's files and locks let go.
  public func onClose(_ action: @escaping () -> Void) {
    closeActions.append(action)
  }

  private func runCloseActions() {
    let actions = closeActions
    closeActions = []
    for action in actions { action() }
  }

  /// Closes the connection now, rather than when the last reference goes away: its files are
  /// closed and its locks released when this returns.
  ///
  /// - Throws: `DatabaseError` (`SQLITE_BUSY`) when a statement prepared outside the cache is
  ///   still alive; the connection then stays open.
  public func close() throws {
    guard ownsHandle else { return }
    statementCache.removeAll()
    keyedStatementCache.removeAll()
    let code = csqlite_close(handle)
    guard code == SQLITE_OK else { throw DatabaseError.lastError(of: handle, code: code, sql: nil) }
    ownsHandle = false
    runCloseActions()
  }

  /// Prepares one SQL statement.
  public func prepare(_ sql: String) throws -> Statement {
    try Statement(database: self, sql: sql)
  }

  /// The error SQLite reports for a statement of this connection that failed to prepare or run
  /// with `code`; has the kept `ConnectionFacts` forget when the error may come of a schema that
  /// changed.
  func statementFailure(_ code: Int32, sql: String?) -> DatabaseError {
    let error = DatabaseError.lastError(of: handle, code: code, sql: sql)
    if error.resultCode == .error || error.resultCode == .schema {
      for facts in keptFacts.values { facts.forget() }
    }
    return error
  }

  /// A prepared statement for `sql`, kept for the next call with the same text: preparing costs
  /// about as much as running a short query, so queries run again and again use this.
  ///
  /// ```swift
  /// let lookup = try db.cachedStatement("SELECT lat, lon FROM zips WHERE zip = ?")
  /// ```
  ///
  /// The caller resets the statement when done with it (`rows`, `scalar` and `execute` do).
  /// The cache holds at most 64 statements; a new one then takes the place of the one asked for
  /// least recently. A borrowed connection caches nothing unless asked to: its host closes it,
  /// and `sqlite3_close` refuses a connection with statements still prepared.
  public func cachedStatement(_ sql: String) throws -> Statement {
    guard cachesStatements else { return try prepare(sql) }
    return try statementCache.statement(for: sql) { try prepare(sql) }
  }

  /// `cachedStatement(_:)` for SQL made once and run often: the statement is found by the
  /// identity of `sql`, without hashing its text (a microsecond for a long query).
  public func cachedStatement(_ sql: CachedSQL) throws -> Statement {
    guard cachesStatements else { return try prepare(sql.text) }
    // The key is kept with its statement, so that its identity is not reused while cached.
    return try keyedStatementCache.statement(for: ObjectIdentifier(sql), keeping: sql) { try prepare(sql.text) }
  }

  /// Runs SQL that may hold several statements separated by semicolons and returns no rows.
  ///
  /// ```swift
  /// try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1);")
  /// ```
  public func execute(_ sql: String) throws {
    var utf8 = Array(sql.utf8CString)
    try utf8.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var cursor: UnsafePointer<CChar>? = UnsafePointer(base)
      while let current = cursor, current.pointee != 0 {
        var stmt: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = csqlite_prepare_v2(handle, current, -1, &stmt, &tail)
        guard code == SQLITE_OK else {
          throw statementFailure(code, sql: String(cString: current))
        }
        defer { csqlite_finalize(stmt) }
        if let stmt {
          var step = csqlite_step(stmt)
          while step == SQLITE_ROW { step = csqlite_step(stmt) }
          guard step == SQLITE_DONE else {
            throw statementFailure(step, sql: String(cString: csqlite_sql(stmt)))
          }
        }
        cursor = tail
      }
    }
  }

  /// Prepares and hands over each statement of `sql` in turn (statements separated by
  /// semicolons), each prepared only after the one before has run, so that later statements may
  /// use tables the earlier ones create.
  ///
  /// ```swift
  /// try db.forEachStatement(in: "CREATE TABLE t(x); INSERT INTO t VALUES (1); SELECT x FROM t") {
  ///   print(try $0.rows())
  /// }
  /// ```
  ///
  /// The text is walked once, by byte offset: time linear in its length (SQLite copies the rest
  /// of a text that is not NUL-terminated at each statement, so the bytes are handed over with
  /// their terminator). A NUL byte inside, which would end the SQL SQLite reads, is an error
  /// naming its offset, before anything runs.
  public func forEachStatement(in sql: String, _ body: (Statement) throws -> Void) throws {
    var bytes = Array(sql.utf8)
    if let nul = bytes.firstIndex(of: 0) {
      throw DatabaseError(
        extendedResultCode: .error, message: "the SQL holds a NUL byte (at byte \(nul)); nothing was run",
        sql: nil)
    }
    let count = bytes.count
    bytes.append(0)
    try bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < count {
        var stmt: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let start = UnsafeRawPointer(base + offset).assumingMemoryBound(to: CChar.self)
        let code = csqlite_prepare_v2(handle, start, -1, &stmt, &tail)
        let end = tail.map { min(UnsafeRawPointer($0) - UnsafeRawPointer(base), count) } ?? count
        guard code == SQLITE_OK else {
          // SQLite's tail is not meaningful after an error: the message shows the rest of the text.
          let rest = String(decoding: buffer[offset..<count], as: UTF8.self)
          throw statementFailure(code, sql: rest.trimmingWhitespace)
        }
        let text = String(decoding: buffer[offset..<max(offset, end)], as: UTF8.self)
        // SQLite always moves on before the terminator: anything else would loop forever.
        guard end > offset else { break }
        offset = end
        // A comment-only or blank piece prepares to no statement.
        guard let stmt else { continue }
        try body(Statement(database: self, handle: stmt, sql: text.trimmingWhitespace))
      }
    }
  }

  /// Runs one statement with bound arguments and returns no rows.
  public func execute(_ sql: String, _ arguments: [any DatabaseValueConvertible]) throws {
    try prepare(sql).execute(arguments)
  }

  /// Runs one query with bound arguments and returns all its rows.
  public func rows(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> [Row] {
    try prepare(sql).rows(arguments)
  }

  /// The first column of the first row of a query, or `nil` when the query returns no row.
  public func scalar(_ sql: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> DatabaseValue? {
    try prepare(sql).scalar(arguments)
  }

  /// Rows changed by the last INSERT, UPDATE or DELETE.
  public var changes: Int { Int(csqlite_changes(handle)) }

  /// The most parameters a statement may have on this connection (`SQLITE_LIMIT_VARIABLE_NUMBER`):
  /// 32,766 since SQLite 3.32, 999 in the SQLite of older systems. It may be lowered, never raised
  /// past the limit SQLite was built with.
  public var mostParameters: Int {
    get { Int(csqlite_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1)) }
    set { _ = csqlite_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, Int32(clamping: max(0, newValue))) }
  }

  /// Rows this connection changed since it opened, triggers' changes included.
  public var totalChanges: Int64 { csqlite_total_changes(handle) }

  /// Whether no transaction is open.
  public var isAutocommit: Bool { csqlite_get_autocommit(handle) != 0 }

  /// A stamp of what the connection's databases hold (main, temp and each attached: its name,
  /// file and data version; and the rows the connection changed), for a cache of what was read
  /// from them: two equal stamps of a connection mean that no table of it changed between them,
  /// by this connection or another. `nil` when that cannot be known: inside a transaction, or
  /// while a statement writes (a trigger's statements; its changes are not counted until they
  /// are committed, and may be rolled back), or with an SQLite older than 3.39.
  public var dataStamp: DataStamp? {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: DataStamp.capacity) { buffer in
      let count = Int(csqlite_data_stamp(handle, buffer.baseAddress, Int32(buffer.count)))
      return count > 0 ? DataStamp(bytes: Array(buffer.prefix(count))) : nil
    }
  }

  /// Whether the connection can only read its database: opened `.readOnly`, or opened for writing
  /// a file this user cannot write (SQLite then opens it read-only, without an error).
  public var isReadOnly: Bool { csqlite_db_readonly(handle) != 0 }

  /// The database file's absolute path, symbolic links followed: the name SQLite gives its
  /// `-journal`, `-wal` and `-shm` files, with those endings. `nil` for a database in memory.
  public var filePath: String? { csqlite_db_filename(handle).map { String(cString: $0) } }

  /// How long to wait for another connection's lock before failing with `SQLITE_BUSY`.
  public func setBusyTimeout(milliseconds: Int32) {
    csqlite_busy_timeout(handle, milliseconds)
    busyHandler?.release()
    busyHandler = nil
  }

  /// Installs `handler` as the connection's busy handler, replacing the busy timeout: SQLite calls
  /// it with the number of times it has already been called for the same lock, and waits again
  /// when it returns `true` (after the handler's own pause; see `sleep(milliseconds:)`), or fails
  /// with `SQLITE_BUSY` when it returns `false`. `nil` removes it.
  ///
  /// ```swift
  /// db.setBusyHandler { attempts in
  ///   Database.sleep(milliseconds: 20)
  ///   return attempts < 100
  /// }
  /// ```
  public func setBusyHandler(_ handler: ((Int) -> Bool)?) {
    let old = busyHandler
    if let handler {
      let box = Unmanaged.passRetained(BusyHandlerBox(handler))
      csqlite_busy_handler(
        handle,
        { context, attempts in
          Unmanaged<BusyHandlerBox>.fromOpaque(context!).takeUnretainedValue().handler(Int(attempts)) ? 1 : 0
        }, box.toOpaque())
      busyHandler = box
    } else {
      csqlite_busy_handler(handle, nil, nil)
      busyHandler = nil
    }
    old?.release()
  }

  /// Has SQLite ask `shouldStop` every `instructions` virtual-machine instructions while a
  /// statement runs, and stop the statement with `SQLITE_INTERRUPT` when it says so: how long
  /// work (an index build) honours a request to stop. `nil` removes the check.
  public func setInterruptCheck(every instructions: Int32 = 10_000, _ shouldStop: (() -> Bool)?) {
    let old = interruptCheck
    if let shouldStop {
      let box = Unmanaged.passRetained(InterruptCheckBox(shouldStop))
      csqlite_progress_handler(
        handle, instructions,
        { context in Unmanaged<InterruptCheckBox>.fromOpaque(context!).takeUnretainedValue().shouldStop() ? 1 : 0 },
        box.toOpaque())
      interruptCheck = box
    } else {
      csqlite_progress_handler(handle, 0, nil, nil)
      interruptCheck = nil
    }
    old?.release()
  }

  /// Pauses the calling thread, through SQLite (for busy handlers).
  public static func sleep(milliseconds: Int32) {
    _ = csqlite_sleep(milliseconds)
  }

  /// The kinds of transaction SQLite offers.
  public enum TransactionKind: String, Sendable {
    case deferred = "DEFERRED"
    case immediate = "IMMEDIATE"
    case exclusive = "EXCLUSIVE"
  }

  /// Runs `body` in a transaction: commits when it returns, rolls back when it throws.
  ///
  /// ```swift
  /// try db.inTransaction { try db.execute("DELETE FROM zips") }
  /// ```
  public func inTransaction<T>(_ kind: TransactionKind = .immediate, _ body: () throws -> T) throws -> T {
    try execute("BEGIN \(kind.rawValue) TRANSACTION")
    let result: T
    do {
      result = try body()
    } catch {
      // SQLite may already have rolled back (after SQLITE_FULL, for example); that is fine.
      if !isAutocommit { try? execute("ROLLBACK TRANSACTION") }
      throw error
    }
    do {
      try execute("COMMIT TRANSACTION")
    } catch {
      if !isAutocommit { try? execute("ROLLBACK TRANSACTION") }
      throw error
    }
    return result
  }
}

/// A busy handler's closure, boxed for SQLite's `void *` context.
private final class BusyHandlerBox {
  let handler: (Int) -> Bool
  init(_ handler: @escaping (Int) -> Bool) { self.handler = handler }
}

/// An interrupt check's closure, boxed for SQLite's `void *` context.
private final class InterruptCheckBox {
  let shouldStop: () -> Bool
  init(_ shouldStop: @escaping () -> Bool) { self.shouldStop = shouldStop }
}
