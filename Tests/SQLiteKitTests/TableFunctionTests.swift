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
}
