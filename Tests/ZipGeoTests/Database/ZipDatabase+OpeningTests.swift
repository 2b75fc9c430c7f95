import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// How `zipgeo sql` and the query commands open a database file. (Folders the user cannot write
/// are tested through the binary, run as another user: `ZipGeoCLITests/Commands/SQLCommandTests.swift`.)
@Suite struct ZipDatabaseOpeningTests {
  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
  }

  @Test func aMissingFileOrOneThatIsNotADatabaseIsOneClearError() throws {
    let missing = temporary.path("missing.db")
    #expect(throws: ZipGeoError.databaseMissing(path: missing)) {
      try ZipDatabase.openConnection(missing, mode: .readOnly)
    }
    let text = try temporary.write(
      "notes.txt",
      "not a database, but long enough to have a header of 100 bytes. " + String(repeating: "x", count: 100))
    let db = try ZipDatabase.openConnection(text, mode: .readOnly)
    #expect(throws: ZipGeoError.databaseUnreadable(path: text, reason: "file is not a database")) {
      try ZipDatabase.checkReadable(db, path: text)
    }
  }
}
