import CSQLiteAPI

/// A Swift function callable from SQL as a table: `SELECT * FROM name(arguments)`.
///
/// ```swift
/// let squares = TableFunction("squares", columns: ["n", "square"], arguments: ["up_to"]) { arguments, _ in
///   let last = Int64(try arguments.number(at: 0, of: "squares"))
///   return (1...max(1, last)).map { [.integer($0), .integer($0 * $0)] }
/// }
/// try db.add(tableFunction: squares)
/// try db.rows("SELECT square FROM squares(3)")   // 1, 4, 9
/// ```
///
/// The rows are made in one go for each call; the function may query the connection it runs on,
/// and leave NULL the columns the query does not read.
///
/// Each argument is also a hidden column that reads back the value the rows were made from, as
/// in SQLite's generate_series, so arguments may be given as constraints and rows of several
/// calls told apart (an argument left out reads as NULL: its default is the body's business).
/// A constraint `x IS 2` gives an argument as `x = 2` does, and `x IS NULL`, true of an argument
/// left out, leaves it out. An argument given as NULL gives no rows, as `x = NULL` matches nothing:
///
/// ```sql
/// SELECT up_to, square FROM squares WHERE up_to IN (2, 3);   -- 2|1, 2|4, 3|1, 3|4, 3|9
/// ```
///
/// A call made while the same function is already running on the connection (its body queries
/// a view or fires a trigger that calls it again) fails with an error naming the function,
/// instead of recursing until the stack overflows.
public struct TableFunction: Sendable {
  /// Makes the rows from the arguments, for one call.
  public typealias Body = @Sendable (borrowing FunctionArguments, Call) throws -> any TableFunctionRows

  /// What a call knows besides its arguments.
  public struct Call {
    /// The connection that runs the query. Its `cachedStatement(_:)` keeps statements prepared
    /// from call to call, until SQLite disconnects the table as it closes the connection.
    public let database: Database
    let usedColumns: UInt64

    /// Whether the query reads result column `index` (0-based); the others may be left NULL.
    public func uses(column index: Int) -> Bool {
      index >= 0 && index < 64 && usedColumns & (1 << UInt64(index)) != 0
    }
  }

  /// The SQL name.
  public let name: String
  /// The result columns.
  public let columns: [String]
  /// The arguments, in order: hidden columns of the table.
  public let arguments: [String]
  /// The declared type of each argument's hidden column that has one (`"center_zip": "TEXT"`).
  /// SQLite applies a column's affinity to the values it compares with it: a list
  /// `center_zip IN ('01001', '75075')` of an untyped column reaches the function as the numbers
  /// 1001 and 75075, and `TEXT` keeps them text.
  public let argumentTypes: [String: String]
  /// How many of the arguments must be given; the rest may be left out.
  public let requiredArguments: Int
  /// The result columns whose order, ascending, the rows of every call come in (at most 8): an
  /// `ORDER BY` of the first of them, ascending, is not sorted again. Empty: no order promised.
  public let orderedBy: [String]
  /// Whether views and triggers may call it under `PRAGMA trusted_schema=OFF`
  /// (`SQLITE_VTAB_INNOCUOUS`): true for a function without side effects.
  public let isInnocuous: Bool
  /// The optional arguments, by position, that NULL leaves out (the body sees the NULL and takes
  /// its default) where NULL otherwise gives no rows: a country column of a table joined to the
  /// function, empty in some rows, means any country there.
  public let leftOutWhenNull: Set<Int>
  let body: Body

  /// - Parameters:
  ///   - name: The SQL name.
  ///   - columns: The result columns.
  ///   - arguments: The arguments' names.
  ///   - argumentTypes: The declared types of arguments that have one (default: none).
  ///   - required: How many arguments must be given (default: all).
  ///   - orderedBy: The result columns whose ascending order the rows come in (default: none).
  ///   - innocuous: The body has no side effects, so that views and triggers of a database file
  ///     may call it even when the schema is not trusted (default: true).
  ///   - leftOutWhenNull: Optional arguments that NULL leaves out, instead of giving no rows
  ///     (default: none).
  ///   - body: Makes the rows.
  public init(
    _ name: String, columns: [String], arguments: [String], argumentTypes: [String: String] = [:],
    required: Int? = nil, orderedBy: [String] = [], innocuous: Bool = true, leftOutWhenNull: [String] = [],
    body: @escaping Body
  ) {
    self.leftOutWhenNull = Set(leftOutWhenNull.compactMap { arguments.firstIndex(of: $0) })
    self.name = name
    self.columns = columns
    self.arguments = arguments
    self.argumentTypes = argumentTypes
    self.requiredArguments = required ?? arguments.count
    self.orderedBy = orderedBy
    self.isInnocuous = innocuous
    self.body = body
  }

  /// The statement sqlite3_declare_vtab needs.
  var schema: String {
    "CREATE TABLE x("
      + (columns.map(\.quotedIdentifier)
      + arguments.map { $0.quotedIdentifier + (argumentTypes[$0].map { " \($0)" } ?? "") + " HIDDEN" })
      .joined(separator: ", ") + ")"
  }
}

/// The rows of one call, held for SQLite's cursor. Each value is read through a subclass that
/// knows the rows' type: no copy of an existential for every value SQLite asks for.
private class TableRows {
  /// The function's box, whose re-entry guard also covers the statements that make later parts.
  let box: TableFunctionBox
  init(box: TableFunctionBox) { self.box = box }
  var count: Int { 0 }
  var cells: UnsafePointer<csqlite_tvf_cell>? { nil }
  func setResult(row: Int, column: Int, on context: OpaquePointer) {}
  func advance() throws -> Bool { false }

  /// `rows` of a call of `box`'s function, held with their type.
  static func holding(_ rows: any TableFunctionRows, box: TableFunctionBox) -> TableRows {
    func typed<Rows: TableFunctionRows>(_ rows: Rows) -> TableRows { TypedTableRows(rows, box: box) }
    return typed(rows)
  }
}

private final class TypedTableRows<Rows: TableFunctionRows>: TableRows {
  // A constant: SQLite reads a value of it for every column of every row, and a variable of a
  // class would have its every access checked for exclusivity.
  let rows: Rows
  init(_ rows: Rows, box: TableFunctionBox) {
    self.rows = rows
    super.init(box: box)
  }
  override var count: Int { rows.rowCount }
  override var cells: UnsafePointer<csqlite_tvf_cell>? {
    guard let cells = rows.cells, cells.rows >= rows.rowCount, cells.columns == box.function.columns.count else {
      return nil
    }
    return UnsafePointer(cells.storage)
  }
  override func setResult(row: Int, column: Int, on context: OpaquePointer) {
    rows.write(row: row, column: column, to: ResultSlot(context: context))
  }
  override func advance() throws -> Bool {
    try box.running { try rows.advance() }
  }
}

/// Keeps a table function alive while SQLite holds it, with a connection object for its calls
/// (one per registration, which is one per connection), whose statement cache lasts until SQLite
/// disconnects the table.
private final class TableFunctionBox {
  let function: TableFunction
  private var connection: Database?
  /// Set while the body runs. SQLite runs one call at a time on a connection, so a call that finds
  /// it set was made by the body itself, through SQL (a view or a trigger that calls the function):
  /// without this check that recursion would end only when the stack overflows. Rows are made
  /// before SQLite reads them, so nesting outside the body (joins, correlated calls) never sets it.
  var isRunning = false
  /// Set when a call was refused for re-entry, so that the outer call reports that, not the error
  /// of the statement its body was running.
  var wasReentered = false
  init(_ function: TableFunction) { self.function = function }

  /// Runs `body`, which runs statements for the function (its body, or the making of a later part
  /// of its rows), refusing a call of the function made meanwhile through SQL.
  func running<T>(_ body: () throws -> T) throws -> T {
    guard !isRunning else {
      wasReentered = true
      throw reentry
    }
    wasReentered = false
    isRunning = true
    defer {
      isRunning = false
      // A statement the body keeps prepared that calls this very function (through a view or
      // trigger of the database file) holds the function's table, which SQLite then never
      // disconnects: the statements were never finalized, and the host could not close the
      // connection. They are finalized once such a call was refused.
      if wasReentered { finalizeCachedStatements() }
    }
    do {
      return try body()
    } catch {
      // The body failed because a statement it ran re-entered the function: say that, plainly.
      throw wasReentered ? reentry : error
    }
  }

  /// The error of a call made while the function runs.
  var reentry: FunctionError {
    FunctionError(
      "\(function.name)(): called while it is already running on this connection (through a view or trigger?)")
  }

  func database(_ handle: OpaquePointer) -> Database {
    if let connection, connection.handle == handle { return connection }
    let connection = Database(borrowing: handle, cachingStatements: true)
    self.connection = connection
    return connection
  }

  func disconnect() {
    connection?.finalizeCachedStatements()
    connection = nil
  }

  func finalizeCachedStatements() {
    connection?.finalizeCachedStatements()
  }
}

extension Database {
  /// Registers `function` on this connection as an eponymous virtual table.
  public func add(tableFunction function: TableFunction) throws {
    let box = Unmanaged.passRetained(TableFunctionBox(function)).toOpaque()
    // Columns the function does not have promise nothing, nor does what follows them.
    let ordered = function.orderedBy.prefix(8).map { function.columns.firstIndex(of: $0).map(Int32.init) ?? -1 }
    let known = Array(ordered.prefix { $0 >= 0 })
    let code = csqlite_create_table_function(
      handle, function.name, function.schema, Int32(function.columns.count), Int32(function.arguments.count),
      Int32(function.requiredArguments), function.isInnocuous ? 1 : 0, box,
      { context, db, argc, argv, used, errorMessage in fill(context, db, argc, argv, used, errorMessage) },
      { rows in Int32(Unmanaged<TableRows>.fromOpaque(rows!).takeUnretainedValue().count) },
      { rows, errorMessage in
        guard let rows else { return 0 }
        do {
          return try Unmanaged<TableRows>.fromOpaque(rows).takeUnretainedValue().advance() ? 1 : 0
        } catch {
          errorMessage?.pointee = csqlite_strdup("\(error)")
          return -1
        }
      },
      { rows, row, column, context in
        guard let rows, let context else { return }
        Unmanaged<TableRows>.fromOpaque(rows).takeUnretainedValue().setResult(
          row: Int(row), column: Int(column), on: context)
      },
      { rows in rows.flatMap { Unmanaged<TableRows>.fromOpaque($0).takeUnretainedValue().cells } },
      { rows in
        guard let rows else { return }
        Unmanaged<TableRows>.fromOpaque(rows).release()
      },
      { context, _ in
        guard let context else { return }
        Unmanaged<TableFunctionBox>.fromOpaque(context).takeUnretainedValue().disconnect()
      },
      { context in
        guard let context else { return }
        Unmanaged<TableFunctionBox>.fromOpaque(context).release()
      }, known, Int32(known.count))
    guard code == SQLITE_OK else { throw DatabaseError.lastError(of: handle, code: code, sql: nil) }
  }
}

/// Runs a table function's body for SQLite's xFilter: the rows, retained, or NULL with a message.
private func fill(
  _ context: UnsafeMutableRawPointer?, _ db: OpaquePointer?, _ argc: Int32,
  _ argv: UnsafeMutablePointer<OpaquePointer?>?, _ used: UInt64,
  _ errorMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> UnsafeMutableRawPointer? {
  guard let context, let db else { return nil }
  let box = Unmanaged<TableFunctionBox>.fromOpaque(context).takeUnretainedValue()
  let function = box.function
  do {
    return try box.running {
      // Arguments given as constraints may leave gaps: a left-out argument is a nil pointer.
      let missing = (0..<function.requiredArguments).contains { $0 >= Int(argc) || argv?[$0] == nil }
      guard !missing else {
        // A left-out argument before one that was given: the call named a column it cannot read.
        let firstMissing = (0..<Int(argc)).first { argv?[$0] == nil } ?? Int(argc)
        let givenLater = (firstMissing..<Int(argc)).contains { argv?[$0] != nil }
        throw missingArguments(of: function, explainingScope: givenLater)
      }
      // As in SQLite's generate_series, a NULL argument matches nothing: `radius = NULL` is never
      // true, whether written as a call or as a WHERE term, and the body never sees a NULL (but
      // for the arguments that NULL leaves out).
      let arguments = FunctionArguments(values: argv, count: Int(argc))
      if (0..<Int(argc)).contains(where: {
        argv?[$0] != nil && arguments.isNull(at: $0) && !function.leftOutWhenNull.contains($0)
      }) {
        return Unmanaged.passRetained(TableRows.holding([[DatabaseValue]](), box: box)).toOpaque()
      }
      let call = TableFunction.Call(database: box.database(db), usedColumns: used)
      let rows = try function.body(arguments, call)
      return Unmanaged.passRetained(TableRows.holding(rows, box: box)).toOpaque()
    }
  } catch {
    errorMessage?.pointee = csqlite_strdup("\(error)")
    return nil
  }
}

/// The error of a call that left out a required argument; `explainingScope` when it gave a later
/// one. Its usual cause is a correlated call whose argument names a column the subquery cannot
/// see: in `SELECT (SELECT count(*) FROM zipgeo_near(zip, 1)) FROM zipgeo_near('75075', 3)`,
/// `zip` is the inner call's own column, not the outer one's, which needs an alias
/// (`FROM zipgeo_near('75075', 3) AS a` and `zipgeo_near(a.zip, 1)`).
func missingArguments(of function: TableFunction, explainingScope: Bool) -> FunctionError {
  let names = function.arguments.prefix(function.requiredArguments).joined(separator: ", ")
  var message = "\(function.name)(): needs at least \(function.requiredArguments) arguments: \(names)"
  if explainingScope, let column = function.columns.first {
    message +=
      " (in a subquery, an argument such as \(column) names the call's own column, which it cannot read, not the"
      + " outer query's: name the outer table, FROM \(function.name)(...) AS a, and write a.\(column))"
  }
  return FunctionError(message)
}
