import CSV
import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

extension Importer {
  /// Imports `file` into the zipgeo database at `databasePath`, so that no reader, no other
  /// import and no crash ever finds a half-made or mixed database:
  ///
  /// - **A new database** is built under a temporary name in the same folder
  ///   (`.zipgeo-import-<pid>-<n>.db`), written to disk, and only then given its name, with a hard
  ///   link that never replaces a file: until then there is no database at the path, afterwards a
  ///   complete one. When another import gave the path a database first, this one fails and
  ///   changes nothing. Temporary files of imports that were killed are removed by the next import
  ///   into the same folder.
  /// - **An existing database** is changed in place, in one transaction in write-ahead-logging
  ///   mode: readers keep reading the old data until the commit and the new data from then on;
  ///   another import waits for this one. Renaming a new file over it instead would pull it from
  ///   under connections that have it open (whose `-wal` and `-shm` files belong to its name).
  ///   After the commit the new data is copied into the database file and the `-wal` emptied
  ///   (`PRAGMA wal_checkpoint(TRUNCATE)`, waiting up to 5 s for readers of the old data), and the
  ///   file goes back to a rollback journal, so that the database file alone holds the data and
  ///   users who cannot write its folder can read it. An import that fails or is stopped goes back
  ///   too, and puts back the header bytes the two switches rewrote, so that the file is byte for
  ///   byte as it was, when nobody else changed it meanwhile and no other connection has it open
  ///   at that moment (`DatabaseFileState`); a file that was in WAL mode stays so.
  ///
  /// - Parameters:
  ///   - file: The CSV file, named in messages as given.
  ///   - databasePath: The database file, used as a path (never a URI).
  ///   - notify: Called for each skipped line and duplicate zip, when the import waits for another
  ///     one, and when readers of the old data keep the new data in the `-wal` file.
  ///   - shouldStop: Asked every few thousand rows, every 100 ms while the input or the database
  ///     keeps the import waiting; `true` abandons the import, which throws
  ///     `ImportError.interrupted` and leaves the database as it was (or no file, for a new one).
  ///   - progress: Told every few thousand rows how far the import has come.
  ///   - phase: Told each point the import reaches.
  /// - Throws: `ImportError` for a problem with the file or an interruption; `ZipGeoError` for a
  ///   database path that cannot be used; `DatabaseError` when SQLite fails.
  public func importFile(
    _ file: String, intoDatabaseAt databasePath: String, notify: (ImportNotice) -> Void = { _ in },
    shouldStop: () -> Bool = { false }, progress: (ImportProgress) -> Void = { _ in },
    phase: (ImportPhase) -> Void = { _ in }
  ) throws -> ImportSummary {
    try importFiles(
      [file], intoDatabaseAt: databasePath, notify: notify, shouldStop: shouldStop, progress: progress, phase: phase)
  }

  /// Imports `files` into the zipgeo database at `databasePath` in one transaction, with the
  /// guarantees of `importFile(_:intoDatabaseAt:...)`: when any of them fails, or the import is
  /// stopped, the database is as it was. The rows of each country any of the files holds replace
  /// that country's earlier rows; a country two of the files hold keeps the rows of both; other
  /// countries are kept. The parameters are those of `importFile(_:intoDatabaseAt:...)`.
  public func importFiles(
    _ files: [String], intoDatabaseAt databasePath: String, notify: (ImportNotice) -> Void = { _ in },
    shouldStop: () -> Bool = { false }, progress: (ImportProgress) -> Void = { _ in },
    phase: (ImportPhase) -> Void = { _ in }
  ) throws -> ImportSummary {
    let file = Self.listed(files)
    let sqlitePath = try DatabaseFolder.followingLinks(
      DatabaseOpening.sqlitePath(for: databasePath), shownAs: databasePath)
    // Where a link points is checked as a path given directly would be (a missing folder, a FIFO).
    if sqlitePath != databasePath { _ = try DatabaseOpening.sqlitePath(for: sqlitePath) }
    let folder = DatabaseFolder(containing: sqlitePath)
    folder.removeAbandonedImports()
    let exists = access(sqlitePath, F_OK) == 0
    // The room there is before the import, for the message of one that runs out of it: a failed
    // import gives back what it wrote.
    let room = FreeSpace(around: folder)
    do {
      // Opening a FIFO waits for its writer; a signal ends that wait as a stop.
      let inputs = try openFiles(files)
      return try withoutActuallyEscaping(shouldStop) { shouldStop in
        try withoutActuallyEscaping(notify) { notify in
          if exists {
            try changeInPlace(
              at: sqlitePath, shownAs: databasePath, stopping: .interrupted(file: file), notify: notify,
              shouldStop: shouldStop,
              phase: phase
            ) { db in
              try replace(
                in: db, from: inputs, notify: notify, shouldStop: shouldStop, progress: progress, phase: phase)
            }
          } else {
            try importAsNewFile(
              inputs, at: sqlitePath, shownAs: databasePath, in: folder, notify: notify,
              shouldStop: shouldStop, progress: progress, phase: phase)
          }
        }
      }
    } catch  where shouldStop() {
      // Whatever failed (SQLite interrupted mid-statement, a read cut short), it failed because
      // the import was asked to stop, and the database is as it was.
      throw ImportError.interrupted(file: file)
    } catch let error as DatabaseError where error.resultCode == .full {
      // SQLite's "database or disk is full - while executing `INSERT INTO zips ...`" names
      // neither the disk nor the folder.
      throw Self.noRoom(error, in: folder, freeBefore: room, shownAs: databasePath, isNew: !exists)
    } catch  where Self.isWriteRefusal(error) {
      // SQLite's "attempt to write a readonly database - while executing `PRAGMA journal_mode =
      // wal`" names neither the folder nor what to do.
      throw Self.notWritable(file: sqlitePath, in: folder, shownAs: databasePath, isNew: !exists) ?? error
    }
  }

  /// Replaces the zip codes of `db` with the rows of `inputs` in one transaction, and returns the
  /// summary.
  func replace(
    in db: Database, from inputs: [(path: String, reader: CSVReader)], notify: (ImportNotice) -> Void,
    shouldStop: () -> Bool, progress: (ImportProgress) -> Void, phase: (ImportPhase) -> Void
  ) throws -> ImportSummary {
    let clock = ContinuousClock()
    let start = clock.now
    var counts: (imported: Int, skipped: Int, duplicates: Int, replaced: Int)?
    try db.inTransaction {
      counts = try replaceRows(
        in: db, from: inputs, notify: notify, shouldStop: shouldStop,
        progress: {
          progress(ImportProgress(rows: $0, bytesRead: $1, totalBytes: $2, seconds: (clock.now - start).seconds))
        },
        phase: phase)
    }
    phase(.committed)
    return ImportSummary(
      imported: counts!.imported, skipped: counts!.skipped, duplicates: counts!.duplicates,
      seconds: (clock.now - start).seconds, replaced: counts!.replaced)
  }

  /// Changes an existing database in place with `change`, which makes one transaction: in
  /// write-ahead-logging mode while it runs, so that readers go on reading the old data, waiting
  /// for other writers; interrupted when `shouldStop` says so (with the error `stopped`), the file
  /// then as it was; then back to a rollback journal, compacted when mostly free.
  func changeInPlace<Summary>(
    at sqlitePath: String, shownAs databasePath: String, stopping stopped: ImportError,
    notify: @escaping (ImportNotice) -> Void, shouldStop: @escaping () -> Bool, phase: (ImportPhase) -> Void,
    change: (Database) throws -> Summary
  ) throws -> Summary {
    let db = try DatabaseOpening.openForWriting(sqlitePath, shownAs: databasePath, creating: false)
    db.setInterruptCheck(shouldStop)
    // Until the commit, wait for other connections as long as it takes (another import runs
    // until it is done), telling the user once; afterwards, only as long as readers may fairly
    // take to finish reading the old data.
    let clock = ContinuousClock()
    var deadline: ContinuousClock.Instant?
    var told = false
    // Set while the journal mode changes: then SQLite must not wait for locks itself, since a
    // lock it waits for in rollback-journal mode is held as PENDING meanwhile, which keeps every
    // new reader out ("database is locked" for them); `switchJournal` waits between attempts.
    var noWait = false
    /// Says once, on the first long wait, that the import is waiting for another connection.
    func tellWaiting() {
      guard !told else { return }
      told = true
      notify(.waiting(database: databasePath))
    }
    db.setBusyHandler { attempts in
      if noWait || shouldStop() { return false }
      if let deadline, clock.now >= deadline { return false }
      if attempts == 25 && deadline == nil { tellWaiting() }
      Database.sleep(milliseconds: attempts < 10 ? 2 : 20)
      return true
    }
    /// Switches the journal to `mode`, trying again every 20 ms while other connections keep it
    /// from happening, until `limit`. Without a limit: while they hold locks, until the import is
    /// asked to stop; while SQLite just keeps the old mode (a file system without shared memory),
    /// for a second. Any other failure (a file this user cannot write) is thrown.
    func switchJournal(to mode: String, until limit: ContinuousClock.Instant?) throws -> Bool {
      var attempts = 0
      var refusals = 0
      while true {
        noWait = true
        defer { noWait = false }
        do {
          if try db.scalar("PRAGMA journal_mode = \(mode)")?.string == mode { return true }
          refusals += 1
          if limit == nil && refusals >= 50 { return false }
        } catch ResultCode.busy {}
        if let limit {
          if clock.now >= limit || shouldStop() { return false }
        } else {
          if shouldStop() { throw stopped }
          attempts += 1
          if attempts == 25 { tellWaiting() }
        }
        Database.sleep(milliseconds: 20)
      }
    }
    /// The file before the import, when it was in rollback-journal mode (`DatabaseFileState`).
    var before: DatabaseFileState?
    var startedInWAL = false
    defer {
      // What is left to do is short, and must not be cut short by the stop that ended the import.
      db.setInterruptCheck(nil)
      // A failed import puts the file back as it was, if it can at once: in a rollback journal,
      // and with the header bytes the two switches rewrote put back (a file that was in WAL mode
      // stays so).
      if deadline == nil {
        deadline = clock.now
        if !startedInWAL, (try? switchJournal(to: "delete", until: deadline)) == true, let before {
          noWait = true
          _ = try? before.restoreHeader(of: db)
          noWait = false
        }
      }
      db.setBusyHandler(nil)
      try? db.close()
    }
    try DatabaseOpening.requireZipgeo(db, path: databasePath, writing: true)
    // Without it (a file it cannot read whole), a failed import only goes back to a rollback journal.
    let found = try? DatabaseFileState(of: db)
    startedInWAL = found?.isInWALMode ?? false
    before = startedInWAL ? nil : found
    // Write-ahead logging lets readers go on reading the old data while the import runs. (Where
    // SQLite cannot use it, the import runs with a rollback journal: readers wait for its commit.)
    _ = try switchJournal(to: "wal", until: nil)
    if let pageLimit { try db.execute("PRAGMA max_page_count = \(pageLimit)") }
    phase(.opened)
    let summary = try change(db)
    // Committed: from here on the import finishes, whatever arrives, and a problem is a warning.
    db.setInterruptCheck(nil)
    deadline = clock.now + .seconds(5)
    do {
      let checkpoint = try db.rows("PRAGMA wal_checkpoint(TRUNCATE)")
      if checkpoint.first?[0].int64 == 0 {
        phase(.checkpointed)
        // Back to a rollback journal, so that the file needs no -wal or -shm beside it to be read
        // (users who cannot write the folder cannot make them): possible only while no other
        // connection has the database open, so waiting for them within the same 5 s.
        if (try? switchJournal(to: "delete", until: deadline)) != true {
          notify(.leftInWALMode(database: databasePath))
        } else {
          try? Self.compactIfMostlyFree(db)
        }
      } else {
        notify(
          .newDataInWAL(
            database: databasePath,
            reason: shouldStop() ? "the import was asked to stop" : "a reader still reads the old data"))
      }
    } catch {
      notify(.newDataInWAL(database: databasePath, reason: "\(error)"))
    }
    phase(.finished)
    return summary
  }

  /// Compacts the file (`VACUUM`) when a quarter of its pages or more are free, as an upgrade
  /// leaves them (the old table's pages, which would keep the file far larger than its data).
  /// Only once no other connection has the file open; a failure leaves it as it is, data and all.
  static func compactIfMostlyFree(_ db: Database) throws {
    let free = try db.scalar("PRAGMA freelist_count")?.int64 ?? 0
    let pages = try db.scalar("PRAGMA page_count")?.int64 ?? 0
    if free > 0 && free * 4 >= pages { try db.execute("VACUUM") }
  }

  /// Builds a new database under a temporary name and links it into place.
  private func importAsNewFile(
    _ inputs: [(path: String, reader: CSVReader)], at sqlitePath: String, shownAs databasePath: String,
    in folder: DatabaseFolder, notify: (ImportNotice) -> Void, shouldStop: @escaping () -> Bool,
    progress: (ImportProgress) -> Void, phase: (ImportPhase) -> Void
  ) throws -> ImportSummary {
    let file = Self.listed(inputs.map(\.path))
    let temporary = folder.temporaryDatabasePath()
    var linked = false
    defer { if !linked { DatabaseFolder.remove(database: temporary) } }
    let db: Database
    do {
      db = try DatabaseOpening.openForWriting(temporary, shownAs: databasePath, creating: true)
    } catch {
      // "cannot open 'x.db': unable to open database file", for a folder this user cannot write.
      throw Self.notWritable(file: sqlitePath, in: folder, shownAs: databasePath, isNew: true) ?? error
    }
    // Another import checking whether this file is abandoned takes its lock for a moment.
    db.setBusyTimeout(milliseconds: 5000)
    db.setInterruptCheck(shouldStop)
    defer {
      db.setInterruptCheck(nil)
      try? db.close()
    }
    // The connection keeps its lock from its first read until it closes, after the link: how
    // another import tells this file from one a killed import left (`removeAbandonedImports`).
    try db.execute("PRAGMA locking_mode = EXCLUSIVE")
    // Nobody else writes the file: its rollback journal can stay in memory, and the file is in
    // rollback-journal mode when it gets its name. The commit syncs the file to disk.
    try db.execute("PRAGMA journal_mode = MEMORY; PRAGMA synchronous = FULL")
    if let pageLimit { try db.execute("PRAGMA max_page_count = \(pageLimit)") }
    phase(.opened)
    let summary = try replace(
      in: db, from: inputs, notify: notify, shouldStop: shouldStop, progress: progress, phase: phase)
    // Readers may open the file once it has its name: from here on a shared lock, held by an
    // open read transaction, keeps it marked as in use without keeping them out.
    // (In exclusive mode the lock goes at the end of the next read, not within a transaction.)
    try db.execute(
      "PRAGMA locking_mode = NORMAL; SELECT count(*) FROM zips; BEGIN; SELECT count(*) FROM zips;")
    phase(.synced)
    if shouldStop() { throw ImportError.interrupted(file: file) }
    try folder.link(temporary, to: sqlitePath, shownAs: databasePath)
    linked = true
    phase(.linked)
    db.setInterruptCheck(nil)
    try db.execute("COMMIT")
    try db.close()
    unlink(temporary)
    try folder.sync()
    phase(.finished)
    return summary
  }
}
