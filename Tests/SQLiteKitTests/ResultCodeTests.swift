import SQLiteKit
import Testing

@Suite struct ResultCodeTests {
  @Test func anExtendedCodesPrimaryCodeIsItsLowByte() {
    #expect(ResultCode.readOnlyRollback.primaryResultCode == .readOnly)
    #expect(ResultCode(rawValue: 1555).primaryResultCode == .constraint)  // SQLITE_CONSTRAINT_PRIMARYKEY
    #expect(ResultCode.busy.primaryResultCode == .busy)
    #expect(ResultCode.readOnlyRollback != .readOnly)
  }

  @Test func aCodeDescribesItselfByNumberAndSQLitesWords() {
    #expect(ResultCode.busy.description == "5 (database is locked)")
    #expect(ResultCode.constraint.description == "19 (constraint failed)")
    // A number SQLite does not know still describes itself, never a crash.
    #expect(ResultCode(rawValue: -7).description == "-7 (unknown error)")
    #expect(ResultCode(rawValue: .max).description.hasPrefix("2147483647 ("))
  }

  @Test func aFailedStatementsErrorHasTypedCodes() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v CHECK (v > 0))")
    let error = #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO t VALUES (1, 0)") }
    #expect(error?.resultCode == .constraint)
    #expect(error?.extendedResultCode.rawValue == 275)  // SQLITE_CONSTRAINT_CHECK
    #expect(error?.isConstraintViolation == true)
    #expect(error?.description.hasPrefix("SQLite error 19: CHECK constraint failed") == true)
  }
}
