import Foundation
import SQLiteKit
import Testing

/// The main database file through SQLite's own open file, and work run once a connection closes.
@Suite struct DatabaseMainFileTests {
  let folder: URL
  var path: String { folder.appendingPathComponent("t.db").path }

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("sqlitekit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  @Test func theHeaderReadThroughSQLitesFileIsTheFilesFirstBytes() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let db = try Database(path: path)
    try db.execute("CREATE TABLE t(x); INSERT INTO t VALUES (1)")
    let header = try db.readMainFile(count: 100, at: 0)
    #expect(Array(header.prefix(16)) == Array("SQLite format 3\u{0}".utf8))
    #expect(try db.mainFileSize() == Int64(try Data(contentsOf: URL(fileURLWithPath: path)).count))
    #expect(db.filePath == URL(fileURLWithPath: path).resolvingSymlinksInPath().path)
    #expect(!db.isReadOnly)
    #expect(throws: DatabaseError.self) { try db.readMainFile(count: 100, at: try db.mainFileSize()) }
  }

  @Test func onCloseRunsOnceTheConnectionIsClosedWhetherByCloseOrByItsLastReference() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    var runs: [String] = []
    let closed = try Database(path: path)
    _ = try closed.cachedStatement("SELECT 1")
    closed.onClose { runs.append("close") }
    #expect(runs.isEmpty)
    try closed.close()
    #expect(runs == ["close"])
    do {
      let released = try Database(path: path)
      _ = try released.cachedStatement("SELECT 1")
      released.onClose {
        // The connection is closed, not a zombie kept by its cached statement: the file can be
        // opened exclusively.
        let other = try? Database(path: self.path)
        other?.setBusyTimeout(milliseconds: 0)
        runs.append((try? other?.execute("BEGIN EXCLUSIVE; ROLLBACK")) != nil ? "released" : "still open")
      }
      _ = try released.scalar("SELECT COUNT(*) FROM sqlite_master")
      try released.execute("BEGIN; SELECT COUNT(*) FROM sqlite_master")
    }
    #expect(runs == ["close", "released"])
  }
}
