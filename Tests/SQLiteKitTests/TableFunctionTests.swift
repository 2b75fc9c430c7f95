import CSQLiteAPI
import SQLiteKit
import Testing

@Suite struct TableFunctionTests {
  static let squares = TableFunction("squares", columns: ["n", "square"], arguments: ["up_to", "step"], required: 1) {
    arguments, _ in
    let last = Int64(try arguments.number(at: 0, of: "squares"))
    let step = arguments.count > 1 && !arguments.isNull(at: 1) ? Int64(try arguments.number(at: 1, of: "squares")) : 1
    guard step > 0 else { throw FunctionError("squares(): step must be positive") }
    return stride(from: Int64(1), through: last, by: Int(step)).map { [.integer($0), .integer($0 * $0)] }
  }

  @Test func aTableFunctionReturnsItsRowsInSQL() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    #expect(try db.rows("SELECT square FROM squares(4)").map { $0[0] } == [1, 4, 9, 16])
    #expect(try db.rows("SELECT n FROM squares(10, 4)").map { $0[0] } == [1, 5, 9])
    #expect(try db.scalar("SELECT SUM(square) FROM squares(?)", [3]) == .integer(14))
  }

  @Test func itJoinsWithOrdinaryTables() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    try db.execute("CREATE TABLE t(x INTEGER); INSERT INTO t VALUES (2), (3);")
    #expect(try db.rows("SELECT t.x, COUNT(*) FROM t, squares(t.x) GROUP BY t.x").map(\.values) == [[2, 2], [3, 3]])
  }

  @Test func errorsAndMissingArgumentsAreSQLErrors() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    let thrown = #expect(throws: DatabaseError.self) { try db.rows("SELECT * FROM squares(3, 0)") }
    #expect(thrown?.message == "squares(): step must be positive")
    let missing = #expect(throws: DatabaseError.self) { try db.rows("SELECT * FROM squares()") }
    #expect(missing?.message == "squares(): needs at least 1 arguments: up_to")
    #expect(throws: DatabaseError.self) { try db.rows("SELECT * FROM squares('x')") }
  }

  @Test func aCallKnowsWhichColumnsTheQueryReads() throws {
    let db = try Database.inMemory()
    let probe = TableFunction("probe", columns: ["a", "b", "c"], arguments: ["x"]) { _, call in
      [(0..<3).map { call.uses(column: $0) ? .integer(1) : .null }]
    }
    try db.add(tableFunction: probe)
    #expect(try db.rows("SELECT a FROM probe(0)").map(\.values) == [[1]])
    #expect(try db.rows("SELECT c, a FROM probe(0)").map(\.values) == [[1, 1]])
    #expect(try db.rows("SELECT * FROM probe(0)").map(\.values) == [[1, 1, 1]])
    #expect(try db.rows("SELECT count(*) FROM probe(0) WHERE b IS NOT NULL").map(\.values) == [[1]])
  }

  @Test func statementsCachedByCallsAreFinalizedBeforeTheHostClosesTheConnection() throws {
    var handle: OpaquePointer?
    #expect(csqlite_open_v2(":memory:", &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK)
    let host = try #require(handle)
    let counter = TableFunction("counter", columns: ["n"], arguments: ["up_to"]) { arguments, call in
      let statement = try call.database.cachedStatement(
        "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?) SELECT n FROM c")
      try statement.bind([try arguments.number(at: 0, of: "counter")])
      defer { statement.reset() }
      var rows: [[DatabaseValue]] = []
      while try statement.step() { rows.append([statement.value(at: 0)]) }
      return rows
    }
    do {
      let borrowed = Database(borrowing: host)
      try borrowed.add(tableFunction: counter)
      #expect(try borrowed.rows("SELECT n FROM counter(3)").map { $0[0] } == [1, 2, 3])
      #expect(try borrowed.rows("SELECT sum(n) FROM counter(10)").map { $0[0] } == [55])
    }
    // sqlite3_close, unlike close_v2, fails while any statement is left prepared.
    #expect(csqlite_close(host) == SQLITE_OK)
  }

  /// Its arguments as its one row, to show what a call was given.
  static let echo = TableFunction(
    "echo", columns: ["first", "second", "third"], arguments: ["a", "b", "c"], required: 1
  ) { arguments, _ in
    [(0..<3).map { $0 < arguments.count ? arguments.value(at: $0) : .null }]
  }

  @Test func argumentColumnsReadBackTheArgumentsOfTheCall() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    #expect(try db.rows("SELECT up_to, step, n FROM squares(3, 2)").map(\.values) == [[3, 2, 1], [3, 2, 3]])
    // Left out, an argument reads as NULL: its default is the body's own business.
    #expect(try db.rows("SELECT up_to, step FROM squares('2')").map(\.values) == [["2", .null], ["2", .null]])
    #expect(try db.rows("SELECT count(*) FROM squares(3) WHERE up_to = 3 AND step IS NULL").map(\.values) == [[3]])
  }

  /// As in SQLite's generate_series: `x = NULL` is never true, in a call or in a WHERE term.
  @Test func aNullArgumentGivesNoRows() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    for sql in [
      "SELECT n FROM squares(NULL)", "SELECT n FROM squares(3, NULL)", "SELECT n FROM squares WHERE up_to = NULL",
      "SELECT n FROM squares WHERE up_to = 3 AND step = NULL",
      "SELECT n FROM (SELECT NULL AS s) t, squares WHERE up_to = 3 AND step = t.s",
    ] {
      #expect(try db.rows(sql).isEmpty, "\(sql)")
    }
    #expect(try db.rows("SELECT count(*) FROM squares(3)").map(\.values) == [[3]])
  }

  /// An argument that NULL leaves out: a column of a joined table, empty in some rows, takes the
  /// default there; a NULL required argument still gives no rows.
  @Test func anArgumentThatNullLeavesOutTakesItsDefault() throws {
    let db = try Database.inMemory()
    let squares = TableFunction(
      "lenient_squares", columns: ["n", "square"], arguments: ["up_to", "step"], required: 1,
      leftOutWhenNull: ["step"]
    ) { arguments, _ in
      let last = Int64(try arguments.number(at: 0, of: "lenient_squares"))
      let step = arguments.count > 1 && !arguments.isNull(at: 1) ? Int(try arguments.number(at: 1, of: "squares")) : 1
      return stride(from: Int64(1), through: last, by: step).map { [.integer($0), .integer($0 * $0)] }
    }
    try db.add(tableFunction: squares)
    #expect(try db.rows("SELECT n FROM lenient_squares(3, NULL)").map { $0[0] } == [1, 2, 3])
    #expect(
      try db.rows("SELECT t.s, n FROM (SELECT NULL AS s UNION ALL SELECT 2) t, lenient_squares(3, t.s) ORDER BY 1, 2")
        .map(\.values) == [[.null, 1], [.null, 2], [.null, 3], [2, 1], [2, 3]])
    #expect(try db.rows("SELECT n FROM lenient_squares(NULL)").isEmpty)
  }

  @Test func argumentsMayBeGivenAsConstraintsInAnyOrderAndWithGaps() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    try db.add(tableFunction: Self.echo)
    #expect(try db.rows("SELECT n FROM squares WHERE up_to = 3").map { $0[0] } == [1, 2, 3])
    #expect(try db.rows("SELECT n FROM squares WHERE step = 2 AND up_to = 5").map { $0[0] } == [1, 3, 5])
    #expect(try db.rows("SELECT * FROM echo WHERE c = 3 AND a = 1").map(\.values) == [[1, .null, 3]])
    #expect(try db.rows("SELECT a, b, c FROM echo WHERE c = 3 AND a = 1").map(\.values) == [[1, .null, 3]])
    let missing = #expect(throws: DatabaseError.self) { try db.rows("SELECT * FROM echo WHERE b = 2") }
    #expect(
      missing?.message
        == "echo(): needs at least 1 arguments: a (in a subquery, an argument such as first names the call's own"
        + " column, which it cannot read, not the outer query's: name the outer table, FROM echo(...) AS a, and write"
        + " a.first)")
  }

  /// `step IS 2` gives the argument as `step = 2` does. `IS NULL`, true of an argument left out
  /// (whose column reads NULL), leaves it out, its default in force: written so, or as an `IS`
  /// whose value is NULL only when the statement runs.
  @Test func anArgumentMayBeGivenWithIs() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    #expect(try db.rows("SELECT n FROM squares WHERE up_to IS 3").map { $0[0] } == [1, 2, 3])
    #expect(try db.rows("SELECT n FROM squares(5) WHERE step IS 2").map { $0[0] } == [1, 3, 5])
    #expect(
      try db.rows("SELECT n, step FROM squares WHERE step IS ? AND up_to IS ?", [2, 3]).map(\.values) == [
        [1, 2], [3, 2],
      ])
    #expect(
      try db.rows("SELECT n, step FROM squares(3) WHERE step IS ?", [DatabaseValue.null]).map(\.values) == [
        [1, .null], [2, .null], [3, .null],
      ])
    #expect(try db.scalar("SELECT count(*) FROM squares(3) WHERE step IS NULL") == 3)
    #expect(try db.scalar("SELECT count(*) FROM (SELECT NULL AS s) t, squares WHERE up_to = 3 AND step IS t.s") == 3)
    #expect(try db.scalar("SELECT count(*) FROM (SELECT 2 AS s) t, squares WHERE up_to = 3 AND step IS t.s") == 2)
    // Two values for one argument: one gives it, SQLite checks the other against its column.
    #expect(try db.scalar("SELECT count(*) FROM squares WHERE up_to IS 3 AND up_to = 4") == 0)
    #expect(try db.scalar("SELECT count(*) FROM squares WHERE up_to = 3 AND up_to IS 3") == 3)
    #expect(try db.scalar("SELECT count(*) FROM squares(3) WHERE step IS NULL AND step = 2") == 0)
    // A required argument given as IS NULL is left out.
    let missing = #expect(throws: DatabaseError.self) {
      try db.rows("SELECT n FROM squares WHERE up_to IS ?", [DatabaseValue.null])
    }
    #expect(missing?.message == "squares(): needs at least 1 arguments: up_to")
  }

  @Test func aConstraintOnAnArgumentKeepsOrDropsTheRowsOfTheCall() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    #expect(try db.scalar("SELECT count(*) FROM squares(4) WHERE up_to = 4") == 4)
    #expect(try db.scalar("SELECT count(*) FROM squares(4) WHERE up_to = 4.0") == 4)
    #expect(try db.scalar("SELECT count(*) FROM squares(4) WHERE up_to = 5") == 0)
    #expect(try db.scalar("SELECT count(*) FROM squares WHERE up_to = 4 AND up_to = 5") == 0)
  }

  @Test func rowsOfAnInListOfArgumentsCanBeToldApart() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    #expect(
      try db.rows("SELECT up_to, count(*), sum(square) FROM squares WHERE up_to IN (2, 3) GROUP BY up_to").map(\.values)
        == [[2, 2, 5], [3, 3, 14]])
  }

  /// SQLite leaves out of its own checks only the first 16 constraints a table uses; the others,
  /// here the arguments, are checked again against the argument columns.
  @Test func twentyExtraWhereTermsKeepEveryRow() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    let extra = (1...20).map { " AND n > -\($0)" }.joined()
    #expect(try db.scalar("SELECT count(*) FROM squares(4) WHERE 1" + extra) == 4)
    #expect(try db.scalar("SELECT count(*) FROM squares WHERE 1" + extra + " AND up_to = 4 AND step = 2") == 2)
    #expect(try db.scalar("SELECT count(*) FROM squares(4, 2) WHERE 1" + extra + " AND step = 2") == 2)
    // Text the body reads as a number still reads back as the text given, and equals it.
    #expect(try db.scalar("SELECT count(*) FROM squares('2') WHERE 1" + extra) == 2)
  }

  @Test func aCallMayTakeItsArgumentsFromAnotherCallOfTheSameFunction() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    let sql = "SELECT a.n, b.up_to, count(*) FROM squares(3) a JOIN squares(a.n) b GROUP BY a.n ORDER BY a.n"
    #expect(try db.rows(sql).map(\.values) == [[1, 1, 1], [2, 2, 2], [3, 3, 3]])
    let correlated = "SELECT n, (SELECT sum(square) FROM squares(a.n)) FROM squares(3) a"
    #expect(try db.rows(correlated).map(\.values) == [[1, 1], [2, 5], [3, 14]])
  }

  @Test func viewsMayCallItWhenTheSchemaIsNotTrusted() throws {
    let db = try Database.inMemory()
    try db.add(tableFunction: Self.squares)
    try db.add(
      tableFunction: TableFunction("touchy", columns: ["n"], arguments: ["x"], innocuous: false) { _, _ in [[1]] })
    try db.execute("CREATE VIEW nine AS SELECT max(square) FROM squares(3); CREATE VIEW one AS SELECT n FROM touchy(0)")
    try db.execute("PRAGMA trusted_schema = OFF")
    #expect(try db.scalar("SELECT * FROM nine") == 9)
    let refused = #expect(throws: DatabaseError.self) { try db.rows("SELECT * FROM one") }
    #expect(refused?.message.contains("unsafe use of virtual table") == true, "\(String(describing: refused))")
  }

  @Test func aFunctionThatCallsItselfThroughAViewFailsWithAnErrorNamingIt() throws {
    let db = try Database.inMemory()
    // loop(1) reads the view, which calls loop(1) again: a cycle. loop(0) is an ordinary call.
    let loop = TableFunction("loop", columns: ["n"], arguments: ["through_view"]) { arguments, call in
      guard try arguments.number(at: 0, of: "loop") == 1 else { return [[0]] }
      return try call.database.rows("SELECT n FROM looped").map { [$0[0]] }
    }
    try db.add(tableFunction: loop)
    try db.execute("CREATE VIEW looped AS SELECT n FROM loop(1)")
    let message = "loop(): called while it is already running on this connection (through a view or trigger?)"
    let direct = #expect(throws: DatabaseError.self) { try db.rows("SELECT * FROM loop(1)") }
    #expect(direct?.message == message)
    let viaView = #expect(throws: DatabaseError.self) { try db.rows("SELECT * FROM looped") }
    #expect(viaView?.message == message)
    // The connection and the function still work, and may be nested outside their body.
    #expect(try db.rows("SELECT a.n, b.n FROM loop(0) a JOIN loop(a.n) b").map(\.values) == [[0, 0]])
  }
}

/// Rows that lay their values out as cells: SQLite reads them without a call back for each.
private final class CelledRows: TableFunctionRows {
  let bytes: [UInt8]
  let storage: UnsafeMutableBufferPointer<UInt8>
  let cells: TableFunctionCells?
  let rowCount = 3
  private final class Owner {}

  /// `columns` columns of cells (a function of 4 columns needs 4, else `value` gives the rows).
  init(columns: Int) {
    bytes = Array("héllo".utf8) + [0, 120] + [0]  // a NUL inside, then one after
    storage = .allocate(capacity: bytes.count)
    _ = storage.initialize(from: bytes)
    let cells = TableFunctionCells(rows: 3, columns: columns, owners: [])
    let text = UnsafeBufferPointer(rebasing: storage[0..<(bytes.count - 1)])
    cells.set(Int64.min, row: 0, column: 0)
    cells.set(-0.0, row: 0, column: 1)
    cells.set(terminatedText: text, row: 0, column: 2)
    cells.set(terminatedText: UnsafeBufferPointer(start: nil, count: 0), row: 1, column: 2)
    cells.set(Double.infinity, row: 2, column: 1)
    // Outside the cells: ignored.
    cells.set(Int64(1), row: 3, column: 0)
    cells.set(Int64(1), row: -1, column: 0)
    cells.set(1.5, row: 0, column: 9)
    self.cells = cells
  }
  deinit { storage.deallocate() }

  func value(row: Int, column: Int) -> DatabaseValue { .text("from value(\(row), \(column))") }
}

extension TableFunctionTests {
  @Test func rowsLaidOutAsCellsReachSQLAsTheyAre() throws {
    let db = try Database.inMemory()
    try db.add(
      tableFunction: TableFunction("celled", columns: ["i", "r", "t", "n"], arguments: ["x"]) { _, _ in
        CelledRows(columns: 4)
      })
    let rows = try db.rows("SELECT i, r, hex(t), typeof(t), length(CAST(t AS BLOB)), n FROM celled(1)").map(\.values)
    #expect(rows.count == 3)
    #expect(rows[0] == [.integer(.min), .real(-0.0), .text("68C3A96C6C6F0078"), .text("text"), .integer(8), .null])
    #expect(rows[1] == [.null, .null, .text(""), .text("text"), .integer(0), .null])
    #expect(rows[2] == [.null, .real(.infinity), .text(""), .text("null"), .null, .null])
    // Cells of another shape than the function's are not read: the rows give each value.
    try db.add(
      tableFunction: TableFunction("misshapen", columns: ["a", "b", "c"], arguments: ["x"]) { _, _ in
        CelledRows(columns: 4)
      })
    #expect(try db.rows("SELECT b FROM misshapen(1) LIMIT 1").map { $0[0] } == [.text("from value(0, 1)")])
  }
}
