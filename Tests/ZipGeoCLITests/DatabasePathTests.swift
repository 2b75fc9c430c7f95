import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// `--db` is a file path, always: names SQLite would read otherwise are files of that name, and
/// what is not a regular file is refused in one line, with nothing made beside it.
@Suite struct DatabasePathTests {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
  let temporary: TemporaryFolder

  init() throws { temporary = try TemporaryFolder() }

  func zipgeo(_ arguments: String...) throws -> CommandResult {
    try runCommand(Self.zipgeo, arguments, in: temporary.url, timeLimit: 60)
  }

  func files() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).sorted()
  }

  @Test func namesSQLiteWouldReadAsMemoryOrURIsAreFiles() throws {
    for name in [":memory:", "file:x.db", "file:m?mode=memory"] {
      let imported = try zipgeo("import", zipsCSVPath, "--db", name, "--quiet")
      #expect(imported.status == 0, "\(name): \(imported.err)")
      let made = try files()
      #expect(made.contains(name), "\(name): \(made)")
      #expect(made.allSatisfy { $0.hasPrefix(":memory:") || $0.hasPrefix("file:") }, "\(made)")
      let near = try zipgeo("near", "75075", "--km", "2", "--db", name, "--format", "csv")
      #expect(near.out.contains("75075"), "\(name): \(near.err)")
      #expect(try zipgeo("sql", "SELECT COUNT(*) FROM zips", "--db", name, "--format", "csv").out.contains("41487"))
    }
  }

  @Test func aSymbolicLinkIsFollowedToTheDatabaseItNamesEvenOneNotMadeYet() throws {
    try FileManager.default.createDirectory(atPath: temporary.path("data"), withIntermediateDirectories: false)
    // A link to a file that does not exist yet: the import makes the file where the link points.
    #expect(symlink("data/zipgeo-2026.db", temporary.path("zipgeo.db")) == 0)
    let imported = try zipgeo("import", zipsCSVPath, "--db", "zipgeo.db")
    #expect(imported.status == 0, "\(imported.err)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path("data")) == ["zipgeo-2026.db"])
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: temporary.path("zipgeo.db")) == "data/zipgeo-2026.db")
    // Through the link, the next import changes that file in place, and queries read it.
    let csv = try temporary.write("one.csv", "zip,lat,lon\n01001,42.07,-72.62\n")
    #expect(try zipgeo("import", csv, "--db", "zipgeo.db").status == 0)
    #expect(
      try zipgeo("sql", "SELECT COUNT(*) FROM zips", "--db", "data/zipgeo-2026.db", "--format", "tsv").out
        == "COUNT(*)\n1\n")
    #expect(try files() == ["data", "one.csv", "zipgeo.db"])
  }

  @Test func aLoopOfSymbolicLinksIsOneError() throws {
    #expect(symlink("b.db", temporary.path("a.db")) == 0)
    #expect(symlink("a.db", temporary.path("b.db")) == 0)
    let imported = try zipgeo("import", zipsCSVPath, "--db", "a.db")
    #expect(imported.status == 1)
    #expect(imported.err == "Error: cannot open 'a.db': it is a loop of symbolic links\n")
    #expect(try files() == ["a.db", "b.db"])
  }

  @Test func whatIsNotARegularFileIsRefusedInOneLine() throws {
    let fifo = temporary.path("fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
    let folder = temporary.path("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let before = try files()
    let cases = [
      ("fifo", "it is a FIFO, not a database file"), ("folder", "it is a folder, not a database file"),
      ("/dev/null", "it is a character device, not a database file"), ("", "the path is empty"),
    ]
    for (path, reason) in cases {
      for arguments in [
        ["near", "75075", "--km", "2", "--db", path], ["import", zipsCSVPath, "--db", path],
        ["sql", "SELECT 1", "--db", path], ["info", "75075", "--db", path],
      ] {
        let result = try runCommand(Self.zipgeo, arguments, in: temporary.url, timeLimit: 60)
        #expect(!result.timedOut, "\(arguments) hung")
        #expect(result.status == 1, "\(arguments)")
        #expect(result.err == "Error: cannot open '\(path)': \(reason)\n", "\(arguments): \(result.err)")
      }
    }
    #expect(try files() == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
