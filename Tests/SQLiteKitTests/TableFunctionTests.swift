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
}
