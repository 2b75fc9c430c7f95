import SQLiteKit
import Testing

@Suite struct DatabaseFunctionTests {
  static let twice = DatabaseFunction("twice", argumentCount: 1) { arguments in
    .real(try arguments.number(at: 0, of: "twice") * 2)
  }

  @Test func aRegisteredFunctionIsCallableFromSQL() throws {
    let db = try Database.inMemory()
    try db.add(function: Self.twice)
    #expect(try db.scalar("SELECT twice(21)") == .real(42))
    #expect(try db.scalar("SELECT twice('1.5')") == .real(3))
  }

  @Test func nullInGivesNullOut() throws {
    let db = try Database.inMemory()
    try db.add(function: Self.twice)
    #expect(try db.scalar("SELECT twice(NULL)") == .null)
  }

  @Test func aThrownErrorBecomesAnSQLErrorWithItsMessage() throws {
    let db = try Database.inMemory()
    try db.add(function: Self.twice)
    let error = #expect(throws: DatabaseError.self) { try db.scalar("SELECT twice('abc')") }
    #expect(error?.message == "twice(): argument 1 is not a number: 'abc'")
    let blob = #expect(throws: DatabaseError.self) { try db.scalar("SELECT twice(x'00')") }
    #expect(blob?.message == "twice(): argument 1 is a blob, not a number")
  }

  @Test func longValuesAreShortenedVisiblyInMessages() throws {
    let db = try Database.inMemory()
    try db.add(function: Self.twice)
    let long = String(repeating: "x", count: 100)
    let error = #expect(throws: DatabaseError.self) { try db.scalar("SELECT twice(?)", [long]) }
    #expect(error?.message == "twice(): argument 1 is not a number: '\(String(repeating: "x", count: 40))...'")
  }

  @Test func pureFunctionsMayBeUsedInIndexes() throws {
    let db = try Database.inMemory()
    try db.add(function: Self.twice)
    try db.execute("CREATE TABLE t(x REAL); CREATE INDEX t_twice ON t(twice(x));")
    let impure = DatabaseFunction("impure", argumentCount: 1, pure: false) { _ in .integer(1) }
    try db.add(function: impure)
    #expect(throws: DatabaseError.self) { try db.execute("CREATE INDEX t_impure ON t(impure(x))") }
  }

  @Test func functionsCanReturnEveryStorageClass() throws {
    let db = try Database.inMemory()
    let echo = DatabaseFunction("echo", argumentCount: 1, nullPropagating: false) { $0.value(at: 0) }
    try db.add(function: echo)
    for value: DatabaseValue in [.null, .integer(7), .real(2.5), .text("01001"), .blob([0, 1]), .blob([])] {
      #expect(try db.scalar("SELECT echo(?)", [value]) == value)
    }
  }

  @Test func variadicFunctionsSeeEveryArgument() throws {
    let db = try Database.inMemory()
    let count = DatabaseFunction("argc", argumentCount: -1, nullPropagating: false) { .integer(Int64($0.count)) }
    try db.add(function: count)
    #expect(try db.scalar("SELECT argc(1, NULL, 'x')") == .integer(3))
  }
}
