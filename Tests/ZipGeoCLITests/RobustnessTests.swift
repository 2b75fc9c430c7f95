import Foundation
import TestSupport
import Testing

/// Hostile files, killed processes, readers during an import, broken database files and
/// injection attempts, all through the built `zipgeo` binary: zipgeo answers or refuses clearly,
/// and never loses or mixes data.
@Suite struct RobustnessTests {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
  static let sqlite3 = URL(fileURLWithPath: "/usr/bin/sqlite3")
  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let hostileFolder = testsFolder.appendingPathComponent("HostileCSV")
  static let zipsCSV = zipsCSVPath

  /// One line of HostileCSV/expectations.tsv.
  struct Expectation: CustomTestStringConvertible, Sendable {
    let file: String
    let succeeds: Bool
    /// Rows after a successful import, or the line an error names (nil for the whole file).
    let number: Int?
    let message: String
    var testDescription: String { file }
  }

  static let expectations: [Expectation] = {
    // The expectations are committed next to the corpus; without them there is nothing to test.
    let text = try! String(
      contentsOf: hostileFolder.appendingPathComponent("expectations.tsv"), encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
      let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return Expectation(file: f[0], succeeds: f[1] == "ok", number: Int(f[2]), message: f.count > 3 ? f[3] : "")
    }
  }()

  let temporary: TemporaryFolder
  var folder: URL { temporary.url }
  var database: String { temporary.path("zipgeo.db") }

  init() throws {
    temporary = try TemporaryFolder()
  }

  func zipgeo(_ arguments: [String], timeLimit: Double = 60) throws -> CommandResult {
    try runCommand(Self.zipgeo, arguments, in: folder, timeLimit: timeLimit)
  }

  func count() throws -> String {
    try runCommand(Self.sqlite3, [database, "SELECT COUNT(*) FROM zips"]).out
  }

  func integrity() throws -> String {
    try runCommand(Self.sqlite3, [database, "PRAGMA integrity_check"]).out
  }

  /// Every table, index, trigger and row of the database, as SQL.
  func contents() throws -> String {
    try runCommand(Self.sqlite3, [database, ".dump"]).out
  }

  /// A database holding three known zips; returns its contents.
  @discardableResult
  func seed() throws -> String {
    let baseline = try temporary.write(
      "baseline.csv", "zip,lat,lon\n00501,40.8154,-73.0451\n01001,42.0702,-72.6227\n99950,55.5424,-131.4325\n")
    let result = try zipgeo(["import", baseline, "--db", database])
    try #require(result.status == 0, "\(result.err)")
    return try contents()
  }

  /// `rows` synthetic zips as CSV, after the real ones when `withRealZips`.
  func syntheticCSV(rows: Int, withRealZips: Bool = false) throws -> String {
    var text =
      withRealZips ? try String(contentsOfFile: Self.zipsCSV, encoding: .utf8) : "zip,place,state,county,lat,lon\n"
    text.reserveCapacity(text.utf8.count + rows * 40)
    for i in 0..<rows {
      text += "S\(i),Synthetic,,,\(Double(i % 1700) / 10 - 85),\(Double(i % 3500) / 10 - 175)\n"
    }
    return text
  }

  // MARK: - Hostile files

  @Test(arguments: expectations)
  func everyHostileFileGivesItsDocumentedOutcome(_ expected: Expectation) throws {
    let before = try seed()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
    let path = Self.hostileFolder.appendingPathComponent(expected.file).path
    let result = try zipgeo(["import", path, "--db", database], timeLimit: 30)
    #expect(!result.timedOut && !result.wasSignalled, "no hang, no crash")
    if expected.succeeds {
      #expect(result.status == 0, "\(result.err)")
      #expect(try count() == "\(expected.number ?? -1)\n")
    } else {
      #expect(result.status == 1)
      let place = expected.number.map { "\(path):\($0): " } ?? "\(path): "
      #expect(result.err.hasPrefix("Error: \(place)"), "\(result.err)")
      #expect(result.err.contains(expected.message), "\(result.err)")
      #expect(result.err.split(separator: "\n").count == 1, "one line: \(result.err)")
      #expect(try contents() == before, "the database is unchanged")
      #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes, "byte for byte")
    }
    #expect(try integrity() == "ok\n")
  }

  @Test func theCorpusHasAtLeastThirtyFilesAndEachHasAnExpectation() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.hostileFolder.path).filter {
      $0.hasSuffix(".csv")
    }
    #expect(files.count >= 30)
    #expect(Set(files) == Set(Self.expectations.map(\.file)))
  }

  @Test func aFiveMegabyteFieldIsRefusedByLineAndLengthWithoutAHang() throws {
    let before = try seed()
    let huge = "zip,place,lat,lon\n10001,\"" + String(repeating: "x", count: 5_000_000) + "\",40.7,-73.9\n"
    let path = try temporary.write("huge-field.csv", huge)
    let result = try zipgeo(["import", path, "--db", database], timeLimit: 30)
    #expect(result.status == 1)
    #expect(result.err == "Error: \(path):2: a field is longer than 1048576 bytes\n")
    #expect(try contents() == before)
  }

  @Test func aLineOfTenMillionFieldsIsRefusedAtItsLineInBoundedMemory() throws {
    let before = try seed()
    var bytes = Array("zip,lat,lon\n".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: ","), count: 10_000_000) + [UInt8(ascii: "\n")]
    let path = try temporary.write("commas.csv", bytes: bytes)
    // The peak memory of the import alone, measured by a parent that has no other child.
    let measured = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c",
        """
        import resource, subprocess, sys
        r = subprocess.run(sys.argv[1:], capture_output=True, text=True)
        print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        print(r.stderr, end='')
        """,
        Self.zipgeo.path, "import", path, "--db", database,
      ], in: folder)
    let lines = measured.out.split(separator: "\n", omittingEmptySubsequences: false)
    let numbers = lines[0].split(separator: " ").compactMap { Int($0) }
    #expect(numbers.first == 1)
    #expect((numbers.last ?? .max) < 300 * 1024, "peak RSS \(numbers.last ?? -1) KiB")
    #expect(lines[1] == "Error: \(path):2: the record has more than 100000 fields (the most a record may have)")
    #expect(try contents() == before)
  }

  @Test func aDirectoryOrAMissingFileIsRefused() throws {
    try seed()
    #expect(try zipgeo(["import", folder.path, "--db", database]).err.contains("it is a directory, not a file"))
    #expect(
      try zipgeo(["import", "nope.csv", "--db", database]).err
        == "Error: nope.csv: cannot read the file: No such file or directory\n")
  }

  // Killed and signalled imports: ImportConsistencyTests stops them at exact points.

  // MARK: - Readers during an import

  @Test func readersDuringAnImportAlwaysSeeOneWholeDataSet() throws {
    try #require(try zipgeo(["import", Self.zipsCSV, "--db", database]).status == 0)
    let bigger = try temporary.write("bigger.csv", try syntheticCSV(rows: 200_000, withRealZips: true))
    let importer = Process()
    importer.executableURL = Self.zipgeo
    importer.arguments = ["import", bigger, "--db", database]
    importer.standardOutput = FileHandle.nullDevice
    importer.standardError = FileHandle.nullDevice
    try importer.run()
    var reads = 0
    var counts = Set<String>()
    repeat {
      let near = try zipgeo(["near", "75075", "--km", "10", "--db", database])
      #expect(near.status == 0, "\(near.err)")
      #expect(near.out.split(separator: "\n").count == 15, "\(near.out)")
      let count = try runCommand(Self.sqlite3, ["-cmd", ".timeout 5000", database, "SELECT COUNT(*) FROM zips"])
      #expect(count.err.isEmpty, "\(count.err)")
      counts.insert(count.out)
      reads += 1
    } while importer.isRunning
    importer.waitUntilExit()
    #expect(importer.terminationStatus == 0)
    #expect(reads >= 3, "the readers ran during the import")
    #expect(counts.isSubset(of: ["41487\n", "241487\n"]), "\(counts)")
    #expect(try count() == "241487\n")
  }

  // MARK: - Database file problems

  @Test func aDatabaseInAMissingFolderIsOneClearError() throws {
    let csv = try temporary.write("one.csv", "zip,lat,lon\n1,1,1\n")
    let result = try zipgeo(["import", csv, "--db", "/nonexistent/folder/zipgeo.db"])
    #expect(result.status == 1)
    #expect(
      result.err == "Error: cannot open '/nonexistent/folder/zipgeo.db': there is no folder '/nonexistent/folder'\n")
    let query = try zipgeo(["info", "01001", "--db", "/nonexistent/folder/zipgeo.db"])
    #expect(
      query.err == "Error: cannot open '/nonexistent/folder/zipgeo.db': there is no folder '/nonexistent/folder'\n")
    let file = try temporary.write("plain", "x")
    let underAFile = try zipgeo(["import", csv, "--db", "\(file)/zipgeo.db"])
    #expect(underAFile.err == "Error: cannot open '\(file)/zipgeo.db': there is no folder '\(file)'\n")
  }

  @Test func aFileThatIsNotSQLiteIsOneClearErrorAndStaysAsItWas() throws {
    let garbage = String(repeating: "not a database\n", count: 300)
    try temporary.write("zipgeo.db", garbage)
    for arguments in [["info", "01001"], ["near", "01001", "--km", "1"], ["import", Self.zipsCSV]] {
      let result = try zipgeo(arguments + ["--db", database])
      #expect(result.status == 1)
      #expect(result.err == "Error: cannot open '\(database)': file is not a database\n", "\(arguments)")
    }
    #expect(try String(contentsOfFile: database, encoding: .utf8) == garbage)
  }

  @Test func aDatabaseFromANewerZipgeoIsRefusedAndLeftAlone() throws {
    try seed()
    _ = try runCommand(Self.sqlite3, [database, "PRAGMA user_version = 4"])
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    for arguments in [["info", "01001"], ["import", Self.zipsCSV]] {
      let result = try zipgeo(arguments + ["--db", database])
      #expect(result.status == 1)
      #expect(
        result.err
          == "Error: '\(database)' is not a zipgeo database: it was made by a newer zipgeo (schema version 4, this one reads 3)\n"
      )
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
  }

  @Test func aTruncatedDatabaseIsOneClearErrorAndStaysAsItWas() throws {
    try #require(try zipgeo(["import", Self.zipsCSV, "--db", database]).status == 0)
    let whole = try Data(contentsOf: URL(fileURLWithPath: database))
    let truncated = whole.prefix(whole.count / 3)
    try truncated.write(to: URL(fileURLWithPath: database))
    for arguments in [["near", "75075", "--km", "50"], ["import", Self.zipsCSV]] {
      let result = try zipgeo(arguments + ["--db", database])
      #expect(result.status == 1, "\(arguments)")
      #expect(result.err.hasPrefix("Error: ") && result.err.split(separator: "\n").count == 1, "\(result.err)")
      #expect(!result.wasSignalled)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == truncated)
  }

  /// Runs the binary as an unprivileged user, for whom file permissions apply (root ignores them).
  /// The binary and the US file are copied into the test's folder first, where that user can read
  /// them: a clean clone's own folders may be closed to others.
  func zipgeoAsUnprivilegedUser(_ arguments: [String]) throws -> CommandResult {
    let binary = temporary.path("zipgeo-copy")
    if !FileManager.default.fileExists(atPath: binary) {
      try copyExecutable(atPath: Self.zipgeo.path, toPath: binary)
      try FileManager.default.copyItem(atPath: Self.zipsCSV, toPath: readableZipsCSV)
      chmod(readableZipsCSV, 0o644)
    }
    return try runCommandAsUnprivilegedUser(URL(fileURLWithPath: binary), arguments, in: folder)
  }

  /// The copy of the US file that `zipgeoAsUnprivilegedUser` makes.
  var readableZipsCSV: String { temporary.path("zips-copy.csv") }

  @Test func aReadOnlyDatabaseIsReadButNeverWritten() throws {
    try #require(try zipgeo(["import", Self.zipsCSV, "--db", database]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    chmod(folder.path, 0o755)
    chmod(database, 0o444)
    let read = try zipgeoAsUnprivilegedUser(["near", "75075", "--km", "10", "--db", database])
    #expect(read.status == 0, "\(read.err)")
    #expect(read.out.split(separator: "\n").count == 15)
    let write = try zipgeoAsUnprivilegedUser(["import", readableZipsCSV, "--db", database])
    #expect(write.status == 1)
    #expect(write.err.hasPrefix("Error: ") && write.err.split(separator: "\n").count == 1, "\(write.err)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
  }

  @Test func aDatabaseInAReadOnlyFolderIsReadButNeverWritten() throws {
    try #require(try zipgeo(["import", Self.zipsCSV, "--db", database]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    _ = try zipgeoAsUnprivilegedUser(["--version"])  // copies the binary before the folder closes
    chmod(folder.path, 0o555)
    defer { chmod(folder.path, 0o755) }
    let read = try zipgeoAsUnprivilegedUser(["info", "01001", "--db", database])
    #expect(read.status == 0, "\(read.err)")
    #expect(read.out.hasPrefix("zip     01001\n"))
    let write = try zipgeoAsUnprivilegedUser(["import", readableZipsCSV, "--db", database])
    #expect(write.status == 1)
    // The folder, named, and what to do; not SQLite's "attempt to write a readonly database -
    // while executing `PRAGMA journal_mode = wal`".
    #expect(
      write.err
        == "Error: '\(database)' was not written: the folder \(shownFolder) is not writable (Permission denied), and an"
        + " import writes its journal beside the database; the database is unchanged. Copy it to a folder you can"
        + " write and give --db the copy, or have the folder's owner import\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
  }

  /// The test's folder as messages name it.
  var shownFolder: String { folder.resolvingSymlinksInPath().path }

  @Test func aNewDatabaseInAReadOnlyFolderNamesTheFolder() throws {
    _ = try zipgeoAsUnprivilegedUser(["--version"])  // copies the binary before the folder closes
    chmod(folder.path, 0o555)
    defer { chmod(folder.path, 0o755) }
    let write = try zipgeoAsUnprivilegedUser(["import", readableZipsCSV, "--db", database])
    #expect(write.status == 1)
    #expect(
      write.err
        == "Error: '\(database)' was not written: the folder \(shownFolder) is not writable (Permission denied), and the"
        + " new database is made there; give --db a path in a folder you can write\n")
    #expect(!FileManager.default.fileExists(atPath: database))
  }

  @Test func aReadOnlyDatabaseInAWritableFolderNamesTheFile() throws {
    try #require(try zipgeo(["import", Self.zipsCSV, "--db", database]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    _ = try zipgeoAsUnprivilegedUser(["--version"])
    chmod(folder.path, 0o777)
    defer { chmod(folder.path, 0o755) }
    chmod(database, 0o444)
    let write = try zipgeoAsUnprivilegedUser(["import", readableZipsCSV, "--db", database])
    #expect(write.status == 1)
    #expect(
      write.err
        == "Error: '\(database)' was not written: the file is not writable (Permission denied); the database is"
        + " unchanged. Give --db a copy you can write, or have the file's owner import\n")
    #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
  }

  func sha256() throws -> String {
    try runCommand(URL(fileURLWithPath: "/usr/bin/sha256sum"), [database]).out
  }

  /// An import switches an existing database to write-ahead logging for its transaction and
  /// back, which rewrites the header's change counter: one that fails puts those bytes back, so
  /// the file, not only its rows, is as it was; one into a database in WAL mode leaves it so.
  @Test func aFailedImportLeavesAnExistingDatabaseByteForByteAsItWas() throws {
    try #require(try zipgeo(["import", Self.zipsCSV, "--db", database]).status == 0)
    // Every real row, then a bad one: the import has written 41487 rows when it fails.
    let bad = try temporary.write(
      "bad.csv", try String(contentsOfFile: Self.zipsCSV, encoding: .utf8) + "99999,Nowhere,,,95,0\n")
    for mode in ["delete", "wal"] {
      #expect(try runCommand(Self.sqlite3, [database, "PRAGMA journal_mode = \(mode)"]).out == "\(mode)\n")
      let before = try sha256()
      let result = try zipgeo(["import", bad, "--db", database])
      #expect(result.status == 1)
      #expect(result.err == "Error: \(bad):41489: latitude '95' is outside [-90, 90]\n")
      #expect(try sha256() == before, "\(mode)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["bad.csv", "zipgeo.db"])
      #expect(try runCommand(Self.sqlite3, [database, "PRAGMA journal_mode"]).out == "\(mode)\n")
    }
    #expect(try integrity() == "ok\n")
  }

  /// Every file in the folder, by name, with its bytes (so its size and checksum too).
  func folderContents() throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      contents[name] = try Data(contentsOf: folder.appendingPathComponent(name))
    }
    return contents
  }

  /// SQLite makes `-wal` and `-shm` files to read a database in write-ahead-logging mode; a
  /// read-only command removes them again, as the last writer to close would, so that the folder
  /// is as it was: the same names, sizes and bytes.
  @Test func readOnlyCommandsLeaveTheFolderOfAWALDatabaseAsItWas() throws {
    try #require(try zipgeo(["import", Self.zipsCSV, "--db", database]).status == 0)
    #expect(try runCommand(Self.sqlite3, [database, "PRAGMA journal_mode = WAL"]).out == "wal\n")
    let before = try folderContents()
    try #require(before.keys.sorted() == ["zipgeo.db"])
    for arguments in [
      ["near", "75075", "--km", "5"], ["nearest", "--zip", "75075"], ["info", "01001"], ["distance", "75075", "10001"],
      ["countries"], ["sql", "SELECT COUNT(*) FROM zips"], ["where"],
    ] {
      let result = try zipgeo(arguments + ["--db", database])
      #expect(result.status == 0 && result.err.isEmpty, "\(arguments): \(result.err)")
      let after = try folderContents()
      #expect(after.keys.sorted() == ["zipgeo.db"], "\(arguments)")
      #expect(after == before, "\(arguments)")
    }
    #expect(try runCommand(Self.sqlite3, [database, "PRAGMA journal_mode"]).out == "wal\n")
  }

  static let python3 = URL(fileURLWithPath: "/usr/bin/python3")

  /// Leaves `database` as a writer killed in the middle of a transaction leaves it: rows deleted
  /// in the file itself (a cache of 10 pages makes SQLite write them there before the commit) and
  /// the hot rollback journal that holds the old pages beside it.
  func leaveHotJournal() throws {
    let script = """
      import os, signal, sqlite3, sys
      db = sqlite3.connect(sys.argv[1], isolation_level=None)
      db.execute("PRAGMA cache_size = 10")
      db.execute("BEGIN")
      db.execute("DELETE FROM zips")
      os.kill(os.getpid(), signal.SIGKILL)
      """
    let killed = try runCommand(Self.python3, ["-c", script, database], in: folder)
    try #require(killed.wasSignalled && killed.status == SIGKILL, "\(killed.err)")
    try #require(FileManager.default.fileExists(atPath: database + "-journal"))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
  func aHotJournalLeftByAKilledWriterIsRolledBackAndTheDataReadAsItWas() throws {
    try #require(try zipgeo(["import", Self.zipsCSV, "--db", database]).status == 0)
    let before = try Data(contentsOf: URL(fileURLWithPath: database))
    for arguments in [["info", "01001"], ["sql", "SELECT COUNT(*) FROM zips", "--format", "tsv"]] {
      try leaveHotJournal()
      #expect(try Data(contentsOf: URL(fileURLWithPath: database)) != before, "the kill left the change in the file")
      let result = try zipgeo(arguments + ["--db", database])
      #expect(result.status == 0, "\(result.err)")
      #expect(result.err.isEmpty)
      #expect(result.out.hasPrefix(arguments[0] == "info" ? "zip     01001\n" : "COUNT(*)\n41487\n"), "\(result.out)")
      #expect(!FileManager.default.fileExists(atPath: database + "-journal"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "rolled back to the file as it was")
    }
    #expect(try integrity() == "ok\n")
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
  func aHotJournalThisUserCannotRollBackIsOneErrorThatSaysHowItsOwnerCan() throws {
    try #require(try zipgeo(["import", Self.zipsCSV, "--db", database]).status == 0)
    try leaveHotJournal()
    _ = try zipgeoAsUnprivilegedUser(["--version"])  // copies the binary before the folder closes
    // Root ignores permissions: the other user is nobody. Anyone else is kept out by the modes.
    chmod(folder.path, getuid() == 0 ? 0o755 : 0o555)
    chmod(database, 0o444)
    defer { chmod(folder.path, 0o755) }
    let read = try zipgeoAsUnprivilegedUser(["info", "01001", "--db", database])
    #expect(read.status == 1)
    let command = "zipgeo sql --write --db=\(database) 'PRAGMA integrity_check'"
    #expect(
      read.err
        == "Error: cannot open '\(database)': a program that was changing it stopped in the middle (its rollback "
        + "journal, \(database)-journal, is still there), and the change must be rolled back before it can be read, "
        + "which needs a user who can write it and its folder; its owner can do that by importing again, or with: "
        + "\(command)\n")
    #expect(FileManager.default.fileExists(atPath: database + "-journal"), "left for its owner")
    // The owner runs what the message says; then anyone can read it.
    chmod(folder.path, 0o755)
    chmod(database, 0o644)
    var environment = withoutUserFolders(ProcessInfo.processInfo.environment)
    environment["PATH"] = buildProductsFolder.path + ":/usr/bin:/bin"
    let owner = try runCommand(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: folder, environment: environment)
    #expect(owner.status == 0 && owner.out == "integrity_check\nok\n", "\(owner.err)")
    let again = try zipgeoAsUnprivilegedUser(["info", "01001", "--db", database])
    #expect(again.status == 0 && again.out.hasPrefix("zip     01001\n"), "\(again.err)")
  }

  // MARK: - Injection

  @Test func zipArgumentsThatLookLikeSQLAreJustZips() throws {
    try seed()
    for zip in ["'; DROP TABLE zips; --", "\" OR 1=1 --", "01001' OR '1'='1", "x\ny", "%", "_____"] {
      for arguments in [["info", zip], ["near", zip, "--km", "100"], ["distance", zip, "01001"]] {
        let result = try zipgeo(arguments + ["--db", database])
        #expect(result.status == 1, "\(arguments)")
        // A line break in the code shows escaped, as every control character does.
        let shown = zip.replacingOccurrences(of: "\n", with: #"\n"#)
        #expect(result.err.hasPrefix("Error: zip code '\(shown)' is not in zipgeo.db"), "\(result.err)")
      }
    }
    #expect(try count() == "3\n")
  }

  @Test func fileNamesWithQuotesSemicolonsAndNewlinesAreJustNames() throws {
    let name = "we'ird; \"name\" --\nzips.csv"
    let csv = try temporary.write(name, "zip,lat,lon\n01001,42.0702,-72.6227\n")
    let dbName = temporary.path("data; base'--.db")
    let result = try zipgeo(["import", csv, "--db", dbName])
    #expect(result.status == 0, "\(result.err)")
    #expect(try zipgeo(["info", "01001", "--db", dbName]).status == 0)
  }
}
