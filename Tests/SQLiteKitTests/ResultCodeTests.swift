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

  @Test func aPrimaryCodeMatchesItsExtendedCodesAndAnExtendedOneOnlyItself() {
    let unique = ResultCode(rawValue: 2067)  // SQLITE_CONSTRAINT_UNIQUE
    #expect(ResultCode.constraint ~= unique)
    #expect(ResultCode.constraint ~= .constraint)
    #expect(!(ResultCode.busy ~= unique))
    #expect(ResultCode.readOnly ~= .readOnlyRollback)
    #expect(ResultCode.readOnlyRollback ~= .readOnlyRollback)
    #expect(!(ResultCode.readOnlyRollback ~= .readOnly))
    #expect(!(ResultCode.readOnlyRollback ~= ResultCode(rawValue: 1032)))  // SQLITE_READONLY_DBMOVED
    func matched(_ code: ResultCode) -> String {
      switch code {
      case .readOnlyRollback: "rollback"
      case .readOnly: "read-only"
      case .constraint: "constraint"
      default: "other"
      }
    }
    #expect(matched(.readOnlyRollback) == "rollback")
    #expect(matched(ResultCode(rawValue: 1032)) == "read-only")
    #expect(matched(unique) == "constraint")
    #expect(matched(.busy) == "other")
  }

  @Test func aCatchOfACodeMatchesTheDatabaseErrorsOfItAndNoOtherError() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    try db.execute("INSERT INTO t VALUES (1)")
    var caught = ""
    do {
      try db.execute("INSERT INTO t VALUES (1)")
    } catch ResultCode.busy {
      caught = "busy"
    } catch ResultCode.constraint {
      caught = "constraint"
    } catch {
      caught = "other"
    }
    #expect(caught == "constraint")
    struct Other: Error {}
    #expect(!(ResultCode.constraint ~= Other() as any Error))
  }
}
