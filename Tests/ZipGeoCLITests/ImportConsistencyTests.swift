import Foundation
import TestSupport
import Testing

/// What an import leaves behind when it is killed, signalled, run twice at once, read while it
/// runs, or fed by a pipe that stalls, through the built `zipgeo` binary. The import is stopped at
/// exact points through `ZIPGEO_TEST_HOOK` (the binary pauses there, says so on standard error,
/// and waits on a FIFO), never by sleeping and hoping it has got somewhere.
@Suite struct ImportConsistencyTests {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
  static let sqlite3 = URL(fileURLWithPath: "/usr/bin/sqlite3")
  /// Rows of data/zips.csv, the new data of every import here.
  static let newCount = "41487"
  /// Rows of the database before it (`seed()`).
  static let oldCount = "3"

  let temporary: TemporaryFolder
  var folder: URL { temporary.url }
  var database: String { temporary.path("zipgeo.db") }
  let seedCSV: String
  /// The FIFO a paused import waits on.
  let fifo: String

  init() throws {
    temporary = try TemporaryFolder()
    seedCSV = try temporary.write(
      "seed.csv", "zip,lat,lon\n01001,42.07,-72.62\n75075,33.03,-96.74\n99501,61.22,-149.9\n")
    fifo = temporary.path("resume.fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
  }

  func zipgeo(_ arguments: String...) throws -> CommandResult {
    try runCommand(Self.zipgeo, arguments, in: folder, timeLimit: 60)
  }

  /// The database as the installed binary reads it: its row count, or its error.
  func rowCount() throws -> String {
    let result = try zipgeo("sql", "SELECT COUNT(*) FROM zips", "--format", "tsv", "--db", database)
    return result.status == 0 ? String(result.out.split(separator: "\n").last ?? "") : result.err
  }

  func integrity() throws -> String {
    try runCommand(Self.sqlite3, [database, "PRAGMA integrity_check"]).out
  }

  func seed() throws {
    let result = try zipgeo("import", seedCSV, "--db", database)
    try #require(result.status == 0, "\(result.err)")
  }

  /// The folder's files other than the test's own inputs (CSV files and FIFOs).
  func leftovers() throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)).filter {
      !$0.hasSuffix(".csv") && !$0.hasSuffix(".fifo")
    }
  }

  /// Starts an import of data/zips.csv that pauses at `phase`, and waits until it is there.
  func importPaused(at phase: String, extra: [String: String] = [:]) throws -> RunningCommand {
    let running = try RunningCommand(
      Self.zipgeo, ["import", zipsCSVPath, "--db", database], in: folder,
      environment: ["ZIPGEO_TEST_HOOK": "\(phase)=pause:\(fifo)"].merging(extra) { $1 })
    let arrived = running.waitForLine(startingWith: "zipgeo: paused at \(phase)")
    if !arrived { Issue.record("the import never reached \(phase): \(running.finish())") }
    return running
  }

  /// Runs the command a warning tells the user to run (after `run: `), as a shell would.
  func runSuggestedCommand(in message: String) throws -> CommandResult {
    let line = message.split(separator: "\n").first { $0.contains("run: ") } ?? ""
    let command = line.components(separatedBy: "run: ").last ?? ""
    var environment = withoutUserFolders(ProcessInfo.processInfo.environment)
    environment["PATH"] = buildProductsFolder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    return try runCommand(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: folder, environment: environment)
  }

  /// Lets a paused import go on (a writer comes and goes; nothing happens when none waits).
  func resume() {
    let writer = open(fifo, O_WRONLY | O_NONBLOCK)
    if writer >= 0 { close(writer) }
  }

  // MARK: - Killed at every phase

  /// One point an import is killed at, and whether the new data is committed there.
  struct KillPoint: Sendable, CustomTestStringConvertible {
    let phase: String
    /// Whether the database exists before the import (changed in place) or is new (built aside).
    let existing: Bool
    /// Whether readers see the new data from this point on.
    let newDataVisible: Bool
    var testDescription: String { "\(existing ? "existing" : "new") database, \(phase)" }
  }

  static let killPoints: [KillPoint] = {
    let reading = ["opened", "header-read", "inserted:2048", "inserted:8192", "inserted:20480", "inserted:40960"]
    let building = ["rows-inserted", "zip-index-built", "place-index-built", "committing"]
    let inPlace =
      (reading + building).map { KillPoint(phase: $0, existing: true, newDataVisible: false) }
      + ["committed", "checkpointed", "finished"].map { KillPoint(phase: $0, existing: true, newDataVisible: true) }
    let aside =
      (reading + building + ["committed", "synced"]).map {
        KillPoint(phase: $0, existing: false, newDataVisible: false)
      }
      + ["linked", "finished"].map { KillPoint(phase: $0, existing: false, newDataVisible: true) }
    return inPlace + aside
  }()

  @Test func theHarnessKillsAtMoreThanTwentyPointsCoveringEveryPhase() {
    #expect(Self.killPoints.count >= 20)
    let phases = Set(Self.killPoints.map(\.phase))
    for phase in [
      "header-read", "inserted:20480", "zip-index-built", "place-index-built", "committing", "checkpointed", "synced",
      "linked",
    ] {
      #expect(phases.contains(phase))
    }
  }

  @Test(arguments: killPoints)
  func anImportKilledAnywhereLeavesTheOldDataOrTheNewNeverAMixtureNorStrayFiles(_ point: KillPoint) throws {
    if point.existing { try seed() }
    let before = point.existing ? Self.oldCount : try rowCount()
    if !point.existing { #expect(before.hasPrefix("Error: no database at"), "\(before)") }
    let running = try importPaused(at: point.phase)
    // A reader while the import stands still at this point: the old data or the new, whole.
    let during = try rowCount()
    #expect(during == (point.newDataVisible ? Self.newCount : before), "\(point.phase): \(during)")
    kill(running.pid, SIGKILL)
    let result = running.finish()
    #expect(result.wasSignalled && result.status == SIGKILL)

    let after = try rowCount()
    #expect(after == (point.newDataVisible ? Self.newCount : before), "\(point.phase): \(after)")
    if FileManager.default.fileExists(atPath: database) { #expect(try integrity() == "ok\n") }
    // Only the database and its own journals, and a killed import's temporary file, which names it.
    for name in try leftovers() where !["zipgeo.db", "zipgeo.db-wal", "zipgeo.db-shm"].contains(name) {
      #expect(name.hasPrefix(".zipgeo-import-\(running.pid)-"), "stray file \(name)")
    }
    // The next import clears what the killed one left.
    let next = try zipgeo("import", seedCSV, "--db", database)
    #expect(next.status == 0, "\(next.err)")
    #expect(try rowCount() == Self.oldCount)
    #expect(try leftovers() == ["zipgeo.db"])
  }

  // MARK: - Signals

  struct SignalPoint: Sendable, CustomTestStringConvertible {
    let phase: String
    let signal: String
    let existing: Bool
    var testDescription: String { "SIGNAL \(signal) at \(phase), \(existing ? "existing" : "new") database" }
  }

  static let signalPoints: [SignalPoint] =
    ["header-read", "inserted:8192", "zip-index-built", "place-index-built", "committing"].flatMap { phase in
      ["int", "term", "hup"].map { SignalPoint(phase: phase, signal: $0, existing: true) }
    }
    + ["inserted:8192", "committed", "synced"].flatMap { phase in
      ["int", "term", "hup"].map { SignalPoint(phase: phase, signal: $0, existing: false) }
    }

  @Test(arguments: signalPoints)
  func sigintSigtermAndSighupStopAnImportWithTheirExitCodeAndChangeNothing(_ point: SignalPoint) throws {
    if point.existing { try seed() }
    let before = point.existing ? try Data(contentsOf: URL(fileURLWithPath: database)) : nil
    let result = try runCommand(
      Self.zipgeo, ["import", zipsCSVPath, "--db", database], in: folder,
      environment: withoutUserFolders(ProcessInfo.processInfo.environment).merging([
        "ZIPGEO_TEST_HOOK": "\(point.phase)=\(point.signal)"
      ]) {
        $1
      })
    let (number, name): (Int32, String) =
      switch point.signal {
      case "int": (SIGINT, "SIGINT")
      case "term": (SIGTERM, "SIGTERM")
      default: (SIGHUP, "SIGHUP")
      }
    #expect(result.status == 128 + number)
    #expect(result.err == "Error: \(zipsCSVPath): import interrupted by \(name); the database is unchanged\n")
    if point.existing {
      #expect(try rowCount() == Self.oldCount)
      #expect(try leftovers() == ["zipgeo.db"])
      #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "byte for byte")
    } else {
      #expect(try leftovers() == [], "no database, no temporary file")
    }
  }

  @Test func aSignalAfterTheCommitLetsTheImportFinish() throws {
    try seed()
    let result = try runCommand(
      Self.zipgeo, ["import", zipsCSVPath, "--db", database], in: folder,
      environment: withoutUserFolders(ProcessInfo.processInfo.environment).merging([
        "ZIPGEO_TEST_HOOK": "committed=term"
      ]) { $1 })
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("Imported 41487 zip codes"))
    #expect(try rowCount() == Self.newCount)
    #expect(try leftovers() == ["zipgeo.db"])
  }

  @Test func aFileSizeLimitFailsTheImportCleanlyInsteadOfKillingIt() throws {
    for existing in [true, false] {
      if existing { try seed() } else { try? FileManager.default.removeItem(atPath: database) }
      // 512 KB at most (ulimit counts 512-byte blocks): the import needs about 5 MB.
      let result = try runCommand(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "ulimit -f 1000; exec \"$0\" import \"$1\" --db \"$2\"", Self.zipgeo.path, zipsCSVPath, database],
        in: folder)
      #expect(!result.wasSignalled, "SIGXFSZ did not end it")
      #expect(result.status == 1)
      #expect(result.err.hasPrefix("Error: ") && result.err.split(separator: "\n").count == 1, "\(result.err)")
      if existing {
        #expect(try rowCount() == Self.oldCount)
        #expect(try integrity() == "ok\n")
        #expect(try leftovers() == ["zipgeo.db"])
      } else {
        #expect(try leftovers() == [])
      }
    }
  }

  // MARK: - Stalled input

  @Test func ctrlCStopsAnImportWaitingOnAPipeThatHasStalled() throws {
    try seed()
    let input = temporary.path("input.fifo")
    try #require(mkfifo(input, 0o600) == 0)
    // Opened read-write, so that opening it does not wait for the reader; the test keeps it open
    // and writes no more than 3,000 rows: the import then waits for more, forever without a stop.
    let writer = FileHandle(fileDescriptor: open(input, O_RDWR), closeOnDealloc: true)
    var rows = "zip,lat,lon\n"
    for i in 0..<3000 { rows += "S\(i),\(Double(i % 170) / 2 - 42),\(Double(i % 350) / 2 - 87)\n" }
    writer.write(Data(rows.utf8))
    let running = try RunningCommand(
      Self.zipgeo, ["import", input, "--db", database], in: folder,
      environment: ["ZIPGEO_TEST_HOOK": "inserted:2048=pause:\(fifo)"])
    #expect(running.waitForLine(startingWith: "zipgeo: paused at inserted:2048"))
    // The reading thread has taken the 3,000 rows and waits on the pipe. Ctrl-C, then the pause
    // ends (the signal may have gone to the reading thread and left the pause waiting).
    kill(running.pid, SIGINT)
    resume()
    let result = running.finish()
    #expect(result.status == 130, "\(result.err)")
    #expect(result.err.hasSuffix("Error: \(input): import interrupted by SIGINT; the database is unchanged\n"))
    #expect(try rowCount() == Self.oldCount)
  }

  @Test func sigtermStopsAnImportWhosePipeHasNotSentItsFirstByte() throws {
    for existing in [true, false] {
      if existing { try seed() } else { try? FileManager.default.removeItem(atPath: database) }
      let input = temporary.path("silent-\(existing).fifo")
      try #require(mkfifo(input, 0o600) == 0)
      // Held open for writing, and never written: `(sleep 20; cat file) | zipgeo import /dev/stdin`.
      let writer = FileHandle(fileDescriptor: open(input, O_RDWR), closeOnDealloc: true)
      let running = try RunningCommand(
        Self.zipgeo, ["import", input, "--db", database], in: folder,
        environment: ["ZIPGEO_TEST_HOOK": "opened=pause:\(fifo)"])
      #expect(running.waitForLine(startingWith: "zipgeo: paused at opened"))
      kill(running.pid, SIGTERM)
      resume()
      let result = running.finish()
      #expect(result.status == 143, "\(result.err)")
      #expect(result.err.hasSuffix("Error: \(input): import interrupted by SIGTERM; the database is unchanged\n"))
      #expect(try leftovers() == (existing ? ["zipgeo.db"] : []))
      _ = writer
    }
  }

  @Test func aTemporaryFileStillLockedIsKeptEvenWhenItsProcessSeemsGone() throws {
    // An import in another PID namespace (a container sharing the folder) has a pid that means
    // nothing here: a process that has ended stands for it, and a live connection holds the lock
    // a running import holds on its file.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let name = ".zipgeo-import-\(ended.processIdentifier)-\(try Self.namespace())-7.db"
    let go = Pipe()
    let holder = try RunningCommand(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c",
        """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute('CREATE TABLE zips (zip)')
        c.execute('BEGIN EXCLUSIVE')
        print('locked', file=sys.stderr, flush=True)
        sys.stdin.readline()
        c.execute('COMMIT')
        """,
        temporary.path(name),
      ], in: folder, input: go.fileHandleForReading)
    #expect(holder.waitForLine(startingWith: "locked"))
    #expect(try zipgeo("import", seedCSV, "--db", database).status == 0)
    #expect(try leftovers().contains(name), "a locked file is some running import's")
    go.fileHandleForWriting.write(Data("done\n".utf8))
    #expect(holder.finish().status == 0)
    // Unlocked, with its process gone: abandoned, and the next import removes it.
    #expect(try zipgeo("import", seedCSV, "--db", database).status == 0)
    #expect(try leftovers() == ["zipgeo.db"])
  }

  /// This process's PID namespace, as zipgeo names temporary files with it.
  static func namespace() throws -> String {
    try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid").filter(\.isNumber)
  }

  @Test func aTemporaryFileFromAnotherPIDNamespaceIsRemovedOnlyOnceUnchangedForAnHour() throws {
    // Its pid means nothing here: only its lock and its age tell.
    let fresh = ".zipgeo-import-12-4026531000-1.db"
    let old = ".zipgeo-import-12-4026531000-2.db"
    try temporary.write(fresh, "")
    try temporary.write(old, "")
    let twoHoursAgo = Date().addingTimeInterval(-7200)
    try FileManager.default.setAttributes([.modificationDate: twoHoursAgo], ofItemAtPath: temporary.path(old))
    #expect(try zipgeo("import", seedCSV, "--db", database).status == 0)
    #expect(try leftovers() == [fresh, "zipgeo.db"])
  }

  @Test func onlyFilesNamedExactlyAsImportsNameThemAreEverRemoved() throws {
    let ns = try Self.namespace()
    let names = [
      ".zipgeo-import-999999999-x.db", ".zipgeo-import-999999999.db", ".zipgeo-import-notes-1.db",
      ".zipgeo-import-+999999999-\(ns)-1.db", ".zipgeo-import-0999999999-\(ns)-1.db",
      ".zipgeo-import-999999999-\(ns)-01.db",
    ]
    for name in names { try temporary.write(name, "mine") }
    #expect(try zipgeo("import", seedCSV, "--db", database).status == 0)
    #expect(try leftovers() == Set(names + ["zipgeo.db"]))
  }

  // MARK: - Two imports at once

  @Test func anImportIntoADatabaseAnotherImportIsWritingWaitsForItThenReplacesIt() throws {
    try seed()
    let first = try importPaused(at: "inserted:8192")
    let second = try RunningCommand(Self.zipgeo, ["import", seedCSV, "--db", database], in: folder)
    #expect(second.waitForLine(startingWith: "warning: \(database) is in use by another import"))
    resume()
    let firstResult = first.finish()
    #expect(firstResult.status == 0, "\(firstResult.err)")
    let secondResult = second.finish()
    #expect(secondResult.status == 0, "\(secondResult.err)")
    // The second import started last and finished last: its data.
    #expect(try rowCount() == Self.oldCount)
    #expect(try integrity() == "ok\n")
    #expect(try leftovers() == ["zipgeo.db"])
  }

  @Test func twoImportsIntoOneNewPathNeverDeleteEachOthersDatabase() throws {
    // The first builds its file and stops just before giving it its name; the second finishes.
    let first = try importPaused(at: "synced")
    let second = try zipgeo("import", seedCSV, "--db", database)
    #expect(second.status == 0, "\(second.err)")
    resume()
    let result = first.finish()
    #expect(result.status == 1)
    #expect(
      result.err
        == "zipgeo: paused at synced\nError: '\(database)' was not written: another import created it while this one ran, and this one does "
        + "not replace that import's data: run it again to do so\n")
    #expect(try rowCount() == Self.oldCount, "the database the second import made is whole")
    #expect(try leftovers() == ["zipgeo.db"])
  }

  @Test func aFailedImportIntoANewPathRemovesOnlyItsOwnFile() throws {
    // A failing import (line 4 is invalid) pauses once its rows are in; meanwhile another import
    // makes the database. The failure must not touch it.
    let bad = try temporary.write("bad.csv", "zip,lat,lon\n1,1,1\n2,2,2\n3,95,2\n")
    let running = try RunningCommand(
      Self.zipgeo, ["import", bad, "--db", database], in: folder,
      environment: ["ZIPGEO_TEST_HOOK": "header-read=pause:\(fifo)"])
    #expect(running.waitForLine(startingWith: "zipgeo: paused at header-read"))
    #expect(try zipgeo("import", seedCSV, "--db", database).status == 0)
    resume()
    let result = running.finish()
    #expect(result.status == 1)
    #expect(result.err == "zipgeo: paused at header-read\nError: \(bad):4: latitude '95' is outside [-90, 90]\n")
    #expect(try rowCount() == Self.oldCount)
    #expect(try leftovers() == ["zipgeo.db"])
  }

  /// A Python connection that reads the database (`read N` on standard error) and then waits for a
  /// line on its standard input before it finishes: `transaction` keeps its read transaction open
  /// meanwhile. It then prints the count it still reads (`still N`) and, with its transaction
  /// ended, the count it reads then (`then N`) on standard output.
  func heldReader(transaction: Bool, input: Pipe) throws -> RunningCommand {
    try RunningCommand(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c",
        """
        import sqlite3, sys
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        if sys.argv[2] == 'yes': c.execute('BEGIN')
        print('read', c.execute('SELECT COUNT(*) FROM zips').fetchone()[0], file=sys.stderr, flush=True)
        sys.stdin.readline()
        print('still', c.execute('SELECT COUNT(*) FROM zips').fetchone()[0], flush=True)
        if sys.argv[2] == 'yes': c.execute('COMMIT')
        print('then', c.execute('SELECT COUNT(*) FROM zips').fetchone()[0], flush=True)
        c.close()
        """,
        database, transaction ? "yes" : "no",
      ], in: folder, input: input.fileHandleForReading)
  }

  /// A failed import puts back the header bytes its switches of journal mode rewrote only over
  /// a file nobody else changed: here another writer deletes a row while the import runs (in WAL
  /// mode, leaving page 1 and so the change counter alone). Had the import put the old counter
  /// back, a reader that kept the pages it read before would go on reading the deleted row.
  @Test func aFailedImportPutsNoOldHeaderBackOverAnotherWritersChange() throws {
    try seed()
    let go = Pipe()
    let reader = try heldReader(transaction: false, input: go)
    #expect(reader.waitForLine(startingWith: "read 3"))
    let bad = try temporary.write("bad.csv", "zip,lat,lon\n01001,42.07,-72.62\n01002,95,0\n")
    let running = try RunningCommand(
      Self.zipgeo, ["import", bad, "--db", database], in: folder,
      environment: ["ZIPGEO_TEST_HOOK": "opened=pause:\(fifo)"])
    #expect(running.waitForLine(startingWith: "zipgeo: paused at opened"))
    let other = try runCommand(Self.sqlite3, [database, "DELETE FROM zips WHERE zip = '99501'"])
    #expect(other.status == 0, "\(other.err)")
    resume()
    let result = running.finish()
    #expect(result.status == 1)
    #expect(result.err == "zipgeo: paused at opened\nError: \(bad):3: latitude '95' is outside [-90, 90]\n")
    go.fileHandleForWriting.write(Data("done\n".utf8))
    let read = reader.finish()
    #expect(read.out == "still 2\nthen 2\n", "\(read.err)")
    #expect(try rowCount() == "2")
    #expect(try integrity() == "ok\n")
    #expect(try leftovers() == ["zipgeo.db"])
  }

  @Test func newQueriesKeepWorkingWhileAnImportWaitsForALongReader() throws {
    try seed()
    // A reader in the middle of a long read of the file in rollback-journal mode.
    let go = Pipe()
    let reader = try heldReader(transaction: true, input: go)
    #expect(reader.waitForLine(startingWith: "read 3"))
    let importer = try RunningCommand(Self.zipgeo, ["import", zipsCSVPath, "--db", database], in: folder)
    #expect(importer.waitForLine(startingWith: "warning: \(database) is in use"))
    // While the import waits to switch the file to write-ahead logging, it must not keep new
    // readers out (a lock SQLite waits for is held as PENDING meanwhile).
    let near = try zipgeo("near", "75075", "--km", "1", "--db", database, "--format", "csv")
    #expect(near.status == 0, "\(near.err)")
    go.fileHandleForWriting.write(Data("done\n".utf8))
    #expect(reader.finish().status == 0)
    let result = importer.finish()
    #expect(result.status == 0, "\(result.err)")
    #expect(try rowCount() == Self.newCount)
  }

  @Test func aConnectionThatClosesSoonAfterTheCommitIsWaitedFor() throws {
    try seed()
    let running = try importPaused(at: "checkpointed")
    let go = Pipe()
    let reader = try heldReader(transaction: false, input: go)
    #expect(reader.waitForLine(startingWith: "read 41487"))
    resume()
    go.fileHandleForWriting.write(Data("done\n".utf8))
    #expect(reader.finish().status == 0)
    let result = running.finish()
    #expect(result.status == 0)
    #expect(result.err == "zipgeo: paused at checkpointed\n", "no warning: the import waited for it")
    #expect(try leftovers() == ["zipgeo.db"])
  }

  @Test func aConnectionLeftOpenKeepsTheFileInWALModeAndTheImportSaysSo() throws {
    try seed()
    let running = try importPaused(at: "opened")
    // A connection that has read the database in WAL mode and stays open, reading nothing.
    let go = Pipe()
    let idle = try heldReader(transaction: false, input: go)
    #expect(idle.waitForLine(startingWith: "read 3"))
    resume()
    let result = running.finish()
    #expect(result.status == 0)
    #expect(
      result.err
        == "zipgeo: paused at opened\nwarning: another connection has \(database) open, so it stays in "
        + "write-ahead-logging mode (its data is all in \(database)); users who cannot write its folder can read "
        + "it only while \(database)-wal and -shm exist: once that connection is closed, run: zipgeo sql --write "
        + "--db=\(database) 'PRAGMA journal_mode = DELETE'\n")
    go.fileHandleForWriting.write(Data("done\n".utf8))
    #expect(idle.finish().status == 0)
    // What the message says completes it does.
    let command = try runSuggestedCommand(in: result.err)
    #expect(command.status == 0, "\(command.err)")
    #expect(try runCommand(Self.sqlite3, [database, "PRAGMA journal_mode"]).out == "delete\n")
    #expect(try rowCount() == Self.newCount)
    #expect(try leftovers() == ["zipgeo.db"])
  }

  @Test func aReaderWhoCannotWriteTheFolderSeesTheOldDataDuringAnImportAndTheNewAfter() throws {
    try #require(try zipgeo("import", zipsCSVPath, "--db", database).status == 0)
    // The binary, copied where the other user can run it; the folder is writable by its owner only.
    let binary = temporary.path("zipgeo-copy")
    try copyExecutable(atPath: Self.zipgeo.path, toPath: binary)
    chmod(folder.path, 0o755)
    func readAsAnotherUser() throws -> CommandResult {
      // Root ignores permissions: the shared helper runs the copy as nobody. Anyone else is kept
      // out of the folder by its mode.
      if getuid() != 0 { chmod(folder.path, 0o555) }
      defer { chmod(folder.path, 0o755) }
      return try runCommandAsUnprivilegedUser(
        URL(fileURLWithPath: binary), ["sql", "SELECT COUNT(*) FROM zips", "--format", "tsv", "--db", database],
        in: folder)
    }
    // At rest (rollback journal): read as it is.
    #expect(try readAsAnotherUser().out == "COUNT(*)\n41487\n")
    // During the import (write-ahead log, whose -shm this reader can only read): the old data.
    let running = try RunningCommand(
      Self.zipgeo, ["import", seedCSV, "--db", database], in: folder,
      environment: ["ZIPGEO_TEST_HOOK": "committing=pause:\(fifo)"])
    #expect(running.waitForLine(startingWith: "zipgeo: paused at committing"))
    let during = try readAsAnotherUser()
    #expect(during.out == "COUNT(*)\n41487\n", "\(during.err)")
    resume()
    #expect(running.finish().status == 0)
    #expect(try readAsAnotherUser().out == "COUNT(*)\n3\n")
  }

  @Test func aQueryReadsOneVersionOfTheDataEvenWhenAnImportCommitsHalfwayThroughIt() throws {
    try #require(try zipgeo("import", zipsCSVPath, "--db", database).status == 0)
    // New data in which both zip codes have moved 780 km north, still 3.3 km apart.
    let moved = try temporary.write("moved.csv", "zip,lat,lon\n75075,40.0,-96.7\n75023,40.03,-96.7\n")
    let reader = try RunningCommand(
      Self.zipgeo, ["distance", "75075", "75023", "--format", "csv", "--db", database], in: folder,
      environment: ["ZIPGEO_TEST_HOOK": "first-zip-read=pause:\(fifo)"])
    #expect(reader.waitForLine(startingWith: "zipgeo: paused at first-zip-read"))
    // The import must wait for the reader, which has 75075 from the old data and holds that version.
    let importer = try RunningCommand(Self.zipgeo, ["import", moved, "--db", database], in: folder)
    #expect(importer.waitForLine(startingWith: "warning: \(database) is in use by another import"))
    resume()
    let read = reader.finish()
    #expect(read.status == 0, "\(read.err)")
    // About 3.3 km in either data set; old 75075 with new 75023 would be 779 km apart.
    let row =
      read.out.split(whereSeparator: \.isNewline).dropFirst().first?.split(
        separator: ",", omittingEmptySubsequences: false) ?? []
    // distance_km, after the two codes' ten columns each.
    let kilometres = row.count > 20 ? Double(row[20]) : nil
    #expect(kilometres.map { $0 < 10 } == true, "\(read.out)")
    #expect(importer.finish().status == 0)
    #expect(try rowCount() == "2")
  }

  /// A reader of a database in write-ahead-logging mode removes the `-wal` and `-shm` it made
  /// only when no other connection uses them: an import that opened the database while it read
  /// keeps its log, commits, and leaves the database whole.
  @Test func aReaderOfAWALDatabaseLeavesTheLogOfAnImportThatStartedMeanwhile() throws {
    try #require(try zipgeo("import", seedCSV, "--db", database).status == 0)
    #expect(try runCommand(Self.sqlite3, [database, "PRAGMA journal_mode = WAL"]).out == "wal\n")
    try #require(try leftovers() == ["zipgeo.db"])
    let readerFIFO = temporary.path("reader.fifo")
    try #require(mkfifo(readerFIFO, 0o600) == 0)
    let reader = try RunningCommand(
      Self.zipgeo, ["distance", "75075", "01001", "--format", "csv", "--db", database], in: folder,
      environment: ["ZIPGEO_TEST_HOOK": "first-zip-read=pause:\(readerFIFO)"])
    #expect(reader.waitForLine(startingWith: "zipgeo: paused at first-zip-read"))
    // The reader made the log files; the import opens the database, writes, and waits.
    let running = try importPaused(at: "committing")
    let writer = open(readerFIFO, O_WRONLY | O_NONBLOCK)
    if writer >= 0 { close(writer) }
    let read = reader.finish()
    #expect(read.status == 0, "\(read.err)")
    #expect(try leftovers() == ["zipgeo.db", "zipgeo.db-wal", "zipgeo.db-shm"], "the import's log is in use")
    resume()
    let result = running.finish()
    #expect(result.status == 0 && result.err == "zipgeo: paused at committing\n", "\(result.err)")
    #expect(try rowCount() == Self.newCount)
    #expect(try integrity() == "ok\n")
    #expect(try leftovers() == ["zipgeo.db"])
  }

  // MARK: - The -wal after an import

  @Test func afterAnImportTheDatabaseFileAloneHoldsTheData() throws {
    try seed()
    #expect(try zipgeo("import", zipsCSVPath, "--db", database).status == 0)
    #expect(try leftovers() == ["zipgeo.db"], "no -wal, no -shm")
    // A copy of the file alone (what a backup or an app bundle takes) has every row.
    let copy = temporary.path("copy.db")
    try FileManager.default.copyItem(atPath: database, toPath: copy)
    #expect(try runCommand(Self.sqlite3, [copy, "SELECT COUNT(*) FROM zips"]).out == "41487\n")
    #expect(try runCommand(Self.sqlite3, [database, "PRAGMA journal_mode"]).out == "delete\n")
  }

  @Test func aReaderHoldingTheOldDataIsWaitedForThenNamedInOneLine() throws {
    try seed()
    // The import stops once the database is in write-ahead-logging mode (before that, a reader in
    // the middle of a read makes the import wait for it, as another import does).
    let running = try importPaused(at: "opened")
    // A reader in the middle of a read transaction on the old data, until told to finish.
    let go = Pipe()
    let reader = try heldReader(transaction: true, input: go)
    #expect(reader.waitForLine(startingWith: "read 3"))
    resume()
    let result = running.finish()
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.err
        == "zipgeo: paused at opened\nwarning: the new data is saved, but stays in \(database)-wal until it is "
        + "copied into \(database) (a reader still reads the old data); once that is done, run: zipgeo sql "
        + "--write --db=\(database) 'PRAGMA journal_mode = DELETE'\n")
    go.fileHandleForWriting.write(Data("done\n".utf8))
    let read = reader.finish()
    #expect(read.out == "still 3\nthen 41487\n", "the reader's snapshot stayed whole: \(read.err)")
    #expect(try rowCount() == Self.newCount)
    // What the message says completes it does: the data in the file alone, in rollback-journal mode.
    #expect(try runSuggestedCommand(in: result.err).status == 0)
    #expect(try leftovers() == ["zipgeo.db"])
    #expect(try runCommand(Self.sqlite3, [database, "PRAGMA journal_mode"]).out == "delete\n")
    let copy = temporary.path("copy.db")
    try FileManager.default.copyItem(atPath: database, toPath: copy)
    #expect(try runCommand(Self.sqlite3, [copy, "SELECT COUNT(*) FROM zips"]).out == "41487\n")
  }
}
