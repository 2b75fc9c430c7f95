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

  /// A pointer bound with a type reaches a function that asks for that type, and nothing else
  /// does: not a function asking for another type, not any value SQL can make.
  @Test func aBoundPointerReachesOnlyAFunctionThatAsksForItsType() throws {
    let db = try Database.inMemory()
    final class Box { var calls = 0 }
    let box = Box()
    let read = DatabaseFunction("read_box", argumentCount: 1, pure: false, nullPropagating: false) { arguments in
      guard let pointer = arguments.pointer(at: 0, type: "test_box") else { return .null }
      let found = Unmanaged<Box>.fromOpaque(pointer).takeUnretainedValue()
      found.calls += 1
      return .integer(Int64(found.calls))
    }
    let other = DatabaseFunction("read_other", argumentCount: 1, pure: false, nullPropagating: false) { arguments in
      arguments.pointer(at: 0, type: "other_box") == nil ? .null : .integer(1)
    }
    try db.add(function: read)
    try db.add(function: other)
    let statement = try db.prepare("SELECT read_box(?1), read_other(?1), typeof(?1)")
    try withExtendedLifetime(box) {
      try statement.bind(pointer: Unmanaged.passUnretained(box).toOpaque(), type: "test_box", at: 1)
      #expect(try statement.step())
      #expect(statement.int64(at: 0) == 1 && statement.text(at: 1) == nil && statement.text(at: 2) == "null")
    }
    #expect(box.calls == 1)
    for value in ["NULL", "0", "140737488355328", "'test_box'", "x'00'", "1.5", "-0.0", "1e308"] {
      #expect(try db.scalar("SELECT read_box(\(value))") == .null, "\(value)")
    }
    // A statement stepped and not reset cannot be bound again: the search resets before it
    // unbinds its collector.
    #expect(throws: DatabaseError.self) { try statement.bind(.null, at: 1) }
    statement.reset()
    try statement.bind(.null, at: 1)
    #expect(try statement.step())
    #expect(statement.text(at: 0) == nil)
    #expect(box.calls == 1)
  }

  /// Reals and integers bound without the value's enum are the numbers bound with it.
  @Test(arguments: [0.0, -0.0, 1e-300, 1e308, -1.5, .infinity, .leastNonzeroMagnitude])
  func realsAndIntegersBoundDirectlyAreTheSameValues(number: Double) throws {
    let db = try Database.inMemory()
    let statement = try db.prepare("SELECT ?1, ?2, typeof(?1), typeof(?2)")
    try statement.bind(real: number, at: 1)
    try statement.bind(integer: Int64.min, at: 2)
    #expect(try statement.step())
    #expect(statement.double(at: 0).bitPattern == number.bitPattern || (number == 0 && statement.double(at: 0) == 0))
    #expect(statement.int64(at: 1) == Int64.min)
    #expect(statement.text(at: 2) == "real" && statement.text(at: 3) == "integer")
    statement.reset()
    #expect(throws: DatabaseError.self) { try statement.bind(real: 1, at: 3) }
  }
}
