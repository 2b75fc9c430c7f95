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

  /// Texts of every storage Swift has (small, native, empty) and with NULs inside: text goes to
  /// SQLite as a C string when it can, and by its length when a NUL inside would cut it short.
  @Test(arguments: [
    "", "a", "123456789012345", "1234567890123456", "é", "a\0b", "\0", "abc\0", String(repeating: "zip ", count: 1000),
  ])
  func textResultsKeepEveryByteWithOrWithoutNULsInside(text: String) throws {
    let db = try Database.inMemory()
    try db.add(function: DatabaseFunction("constant_text", argumentCount: 0) { _ in .text(text) })
    let hex = text.utf8.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
    #expect(try db.scalar("SELECT hex(CAST(constant_text() AS BLOB))") == .text(hex))
    #expect(try db.scalar("SELECT typeof(constant_text())") == .text("text"))
    #expect(try db.scalar("SELECT constant_text()") == .text(text))
    // Through a table function's column too, read back by the C API as text.
    try db.add(tableFunction: TableFunction("constant_rows", columns: ["t"], arguments: []) { _, _ in [[.text(text)]] })
    #expect(try db.scalar("SELECT hex(CAST(t AS BLOB)) FROM constant_rows") == .text(hex))
    #expect(try db.scalar("SELECT t FROM constant_rows") == .text(text))
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
