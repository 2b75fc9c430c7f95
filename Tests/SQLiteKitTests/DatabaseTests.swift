import Foundation
import SQLiteKit
import Testing

@Suite struct DatabaseTests {
  @Test func aggregatesComeBackAsNumbersNotText() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE zips(zip TEXT, lat REAL); INSERT INTO zips VALUES ('01001', 42.07), ('75075', 33.02);")
    #expect(try db.scalar("SELECT COUNT(*) FROM zips") == .integer(2))
    #expect(try db.scalar("SELECT MAX(lat) FROM zips") == .real(42.07))
    #expect(try db.scalar("SELECT SUM(lat) FROM zips")?.double == 42.07 + 33.02)
    #expect(try db.scalar("SELECT zip FROM zips ORDER BY zip LIMIT 1") == .text("01001"))
    #expect(try db.scalar("SELECT NULL") == .null)
    #expect(try db.scalar("SELECT zip FROM zips WHERE 0") == nil)
  }

  @Test func boundParametersKeepTextAsText() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(zip TEXT)")
    try db.execute("INSERT INTO t VALUES (?)", ["00501"])
    try db.execute("INSERT INTO t VALUES (?)", ["x'); DROP TABLE t; --"])
    #expect(
      try db.rows("SELECT zip FROM t ORDER BY rowid").map { $0["zip"] } == [
        .text("00501"), .text("x'); DROP TABLE t; --"),
      ])
  }

  @Test func textWithAnEmbeddedNulRoundTripsWhole() throws {
    let db = try Database.inMemory()
    #expect(try db.scalar("SELECT length(CAST(? AS BLOB))", ["a\u{0}b"]) == .integer(3))
  }

  @Test func blobsRoundTripIncludingEmptyOnes() throws {
    let db = try Database.inMemory()
    #expect(try db.scalar("SELECT ?", [DatabaseValue.blob([1, 2, 3])]) == .blob([1, 2, 3]))
    #expect(try db.scalar("SELECT typeof(?)", [DatabaseValue.blob([])]) == .text("blob"))
  }

  @Test func wrongArgumentCountIsAnError() throws {
    let db = try Database.inMemory()
    #expect(throws: DatabaseError.self) { try db.execute("SELECT ?, ?", [1]) }
  }

  @Test func errorsCarryCodeMessageAndSQL() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE zips(zip TEXT PRIMARY KEY)")
    try db.execute("INSERT INTO zips VALUES ('01001')")
    let error = #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO zips VALUES (?)", ["01001"]) }
    #expect(error?.resultCode == .constraint)
    #expect(error?.extendedResultCode.rawValue == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
    #expect(error?.sql == "INSERT INTO zips VALUES (?)")
    #expect(
      error?.description
        == "SQLite error 19: UNIQUE constraint failed: zips.zip - while executing `INSERT INTO zips VALUES (?)`")
  }

  @Test func syntaxErrorsNameTheSQL() throws {
    let db = try Database.inMemory()
    let error = #expect(throws: DatabaseError.self) { try db.prepare("SELEC 1") }
    #expect(error?.resultCode == .error)
    #expect(error?.message.contains("syntax error") == true)
  }

  @Test func aFailedTransactionRollsBack() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t(x INTEGER)")
    try db.execute("INSERT INTO t VALUES (1)")
    #expect(throws: FunctionError.self) {
      try db.inTransaction {
        try db.execute("DELETE FROM t")
        throw FunctionError("stop")
      }
    }
    #expect(db.isAutocommit)
    #expect(try db.scalar("SELECT COUNT(*) FROM t") == .integer(1))
  }

  @Test func readOnlyConnectionsRefuseWrites() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("ro-\(UUID().uuidString).db").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let db = try Database(path: path)
      try db.execute("CREATE TABLE t(x)")
    }
    let readOnly = try Database(path: path, mode: .readOnly)
    let error = #expect(throws: DatabaseError.self) { try readOnly.execute("INSERT INTO t VALUES (1)") }
    #expect(error?.resultCode == .readOnly)
  }

  @Test func cachedStatementsAreReusedOnOwnedConnectionsOnly() throws {
    let db = try Database.inMemory()
    let first = try db.cachedStatement("SELECT ?")
    #expect(try first.scalar([1]) == .integer(1))
    #expect(try db.cachedStatement("SELECT ?") === first)
    #expect(try db.cachedStatement("SELECT ? + 1").scalar([1]) == .integer(2))
    let borrowed = Database(borrowing: db.handle)
    #expect(try borrowed.cachedStatement("SELECT ?") !== (try borrowed.cachedStatement("SELECT ?")))
  }

  /// A full cache lets the statement asked for least recently go, not every statement: a
  /// lookup's few statements stay prepared among many others.
  @Test func aFullCacheLetsTheLeastRecentlyUsedStatementGo() throws {
    let db = try Database.inMemory()
    let limit = Database.cachedStatementLimit
    let first = try db.cachedStatement("SELECT 0")
    let second = try db.cachedStatement("SELECT 1")
    for number in 2..<limit { _ = try db.cachedStatement("SELECT \(number)") }
    // Asked for again, the first is the most recent; the second is now the least.
    #expect(try db.cachedStatement("SELECT 0") === first)
    _ = try db.cachedStatement("SELECT \(limit)")
    #expect(try db.cachedStatement("SELECT 0") === first)
    #expect(try db.cachedStatement("SELECT 1") !== second)
    // The same for statements found by the identity of their SQL.
    let keyed = (0...limit).map { CachedSQL("SELECT \($0) + 0") }
    let kept = try db.cachedStatement(keyed[0])
    let next = try db.cachedStatement(keyed[1])
    for sql in keyed[2..<limit] { _ = try db.cachedStatement(sql) }
    #expect(try db.cachedStatement(keyed[0]) === kept)
    _ = try db.cachedStatement(keyed[limit])
    #expect(try db.cachedStatement(keyed[0]) === kept)
    #expect(try db.cachedStatement(keyed[1]) !== next)
  }

  /// SQL written when asked for is written when a connection first prepares it, once while the
  /// statement stays cached, and never before.
  @Test func sqlWrittenWhenAskedForIsWrittenOnlyToBePrepared() throws {
    final class Writes: @unchecked Sendable { var count = 0 }
    let writes = Writes()
    let sql = CachedSQL {
      writes.count += 1
      return "SELECT 40 + 2"
    }
    #expect(writes.count == 0)
    let db = try Database.inMemory()
    for _ in 0..<3 {
      let statement = try db.cachedStatement(sql)
      #expect(try statement.step() && statement.int64(at: 0) == 42)
      statement.reset()
    }
    #expect(writes.count == 1)
    #expect(sql.text == "SELECT 40 + 2" && CachedSQL("SELECT 1").text == "SELECT 1")
  }

  @Test func openingAMissingFileReadOnlyFails() throws {
    let error = #expect(throws: DatabaseError.self) {
      try Database(path: "/nonexistent/zipgeo.db", mode: .readOnly)
    }
    #expect(error?.resultCode == .cannotOpen)
  }

  @Test func eachStatementIsHandedOverWithItsOwnText() throws {
    let db = try Database.inMemory()
    var seen: [String] = []
    try db.forEachStatement(
      in: "  ;; CREATE TABLE t(x);\n-- a comment\nINSERT INTO t VALUES ('é🌍'); /* c */ SELECT x FROM t ;  "
    ) { statement in
      seen.append(statement.sql)
      if statement.columnCount == 0 { try statement.execute() } else { #expect(try statement.rows().first?[0] == "é🌍") }
    }
    #expect(
      seen == [";; CREATE TABLE t(x);", "-- a comment\nINSERT INTO t VALUES ('é🌍');", "/* c */ SELECT x FROM t ;"])
  }

  /// 1.6 MB of `BEGIN;COMMIT;` once took 21 s: SQLite copied the rest of the text at each statement.
  @Test func aScriptOfManyStatementsRunsEveryOne() throws {
    let db = try Database.inMemory()
    var count = 0
    try db.forEachStatement(in: String(repeating: "BEGIN;COMMIT;", count: 20_000)) { statement in
      try statement.execute()
      count += 1
    }
    #expect(count == 40_000)
  }

  /// A NUL ends the text SQLite reads; splitting once spun forever on it.
  @Test func aNulByteInTheSQLIsRefusedBeforeAnythingRuns() throws {
    let db = try Database.inMemory()
    var ran = 0
    let error = #expect(throws: DatabaseError.self) {
      try db.forEachStatement(in: "CREATE TABLE t(x);\0DROP TABLE t;") { _ in ran += 1 }
    }
    #expect(error?.message == "the SQL holds a NUL byte (at byte 18); nothing was run")
    #expect(ran == 0)
  }
}
