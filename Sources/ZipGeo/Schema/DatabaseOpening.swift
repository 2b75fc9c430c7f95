import SQLiteKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How zipgeo opens a database file and judges what it holds before it reads or writes it: the
/// path SQLite is given, and the refusal of a file that is not zipgeo's, or that an import would
/// fill with rows searches cannot read. Shared by the facade (`ZipDatabase`) and the importer.
enum DatabaseOpening {
  /// Opens the file at `sqlitePath` (from `sqlitePath(for:)`) for an import, with no busy
  /// timeout: the importer sets its own busy handler.
  static func openForWriting(_ sqlitePath: String, shownAs shown: String, creating: Bool) throws -> Database {
    do {
      return try Database(path: sqlitePath, mode: creating ? .readWriteCreate : .readWrite)
    } catch let error as DatabaseError {
      throw ZipGeoError.databaseUnreadable(path: shown, reason: error.message)
    }
  }

  /// Refuses a database that is not zipgeo's, as `require(_:path:writing:)` does.
  static func requireZipgeo(_ db: Database, path: String, writing: Bool) throws {
    let state = try checkedState(of: db, path: path)
    try require(state, path: path, writing: writing)
    if writing && state != .empty { try requireImportable(db, path: path) }
  }

  /// Refuses, before any row is written, a `zips` table that an import would fill with what
  /// searches then refuse or read wrongly (a `zip` declared INTEGER keeps `04160` as 4160).
  static func requireImportable(_ db: Database, path: String) throws {
    let problem: String?
    do {
      problem = try Schema.importProblem(db)
    } catch let error as DatabaseError {
      throw ZipGeoError.databaseUnreadable(path: path, reason: error.message)
    }
    if let problem { throw ZipGeoError.databaseNotWritten(path: path, reason: "\(problem); the database is unchanged") }
  }

  /// Refuses a database in `state` that is not zipgeo's, or, unless it is opened for `writing` (an
  /// import or an upgrade, which make the tables and upgrade old ones), has no tables yet or needs
  /// an upgrade before it can be read; names `path`.
  static func require(_ state: Schema.State, path: String, writing: Bool) throws {
    switch state {
    case .current: break
    case .empty: if !writing { throw ZipGeoError.notAZipgeoDatabase(path: path, reason: "it is empty") }
    case .upgradable(let version):
      if !writing {
        throw ZipGeoError.databaseUnreadable(path: path, reason: upgradeProblem(version: version, path: path))
      }
    case .foreign(let reason): throw ZipGeoError.notAZipgeoDatabase(path: path, reason: reason)
    }
  }

  /// What a file an older zipgeo wrote (schema `version`) needs before it is read: the command
  /// that upgrades the file at `path` (as the user named it), or, when this user cannot write the
  /// file or its folder, a copy of it.
  static func upgradeProblem(version: Int64, path: String?) -> String {
    let made =
      "it was made by an older zipgeo (schema version \(version)), and this one reads version \(Schema.version)"
    guard let path, !path.isEmpty else {
      return made + "; upgrade its file, keeping every row, with: zipgeo upgrade --db=FILE"
    }
    guard canWrite(path) else {
      // The copy goes to this user's home (else where temporary files go), which they can write
      // wherever they run the command. `VACUUM INTO` makes it from what a reader reads, the rows
      // still in a `-wal` file included (`cp` would copy the main file alone, and its mode), and
      // refuses a file that is already there.
      let name = path.split(separator: "/").last.map(String.init) ?? path
      let folders = ["HOME", "TMPDIR"].compactMap { (name: String) -> String? in
        getenv(name).map { String(cString: $0) }
      }
      let home = folders.first { $0.hasPrefix("/") } ?? "/tmp"
      let copy = (home.hasSuffix("/") ? home : home + "/") + "upgraded-\(name)"
      let literal = "'" + copy.replacing("'", with: "''") + "'"
      let statement = "VACUUM INTO \(literal)"
      // In double quotes where nothing in them is special to a shell, which reads better.
      let quoted =
        statement.contains(where: { "\"$`\\!".contains($0) }) ? statement.shellQuoted : "\"\(statement)\""
      return made + ", and this user cannot write it; upgrade a copy, keeping every row, with: zipgeo sql --write"
        + " --db=\(path.shellQuoted) \(quoted) && zipgeo upgrade --db=\(copy.shellQuoted)"
    }
    return made + "; upgrade it, keeping every row, with: zipgeo upgrade --db=\(path.shellQuoted)"
  }

  /// Whether this user can write the file at `path` and its folder (where SQLite makes its
  /// journal), where a symbolic link leads.
  static func canWrite(_ path: String) -> Bool {
    guard let resolved = realpath(path, nil) else { return false }
    defer { free(resolved) }
    let file = String(cString: resolved)
    let folder = String(file[..<file.lastIndex(of: "/")!])
    return access(file, W_OK) == 0 && access(folder.isEmpty ? "/" : folder, W_OK) == 0
  }

  /// The name to hand SQLite so that it opens the file at `path`, the path used as it is: a
  /// `--db` of `file:x.db` is a file of that name, not a URI, and one of `:memory:`, which SQLite
  /// would take for a database in memory, the file `./:memory:`.
  ///
  /// - Throws: `ZipGeoError.databaseUnreadable` for an empty path, and for a path that is not a
  ///   regular file (a folder, a FIFO, which would hang the open, a device such as `/dev/null`),
  ///   before SQLite opens it or makes any file beside it.
  static func sqlitePath(for path: String) throws -> String {
    guard !path.isEmpty else { throw ZipGeoError.databaseUnreadable(path: path, reason: "the path is empty") }
    var status = stat()
    if stat(path, &status) == 0 {
      let kind: String? =
        switch status.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
      if let kind { throw ZipGeoError.databaseUnreadable(path: path, reason: "it is \(kind), not a database file") }
    } else if errno == ELOOP {
      throw ZipGeoError.databaseUnreadable(path: path, reason: "it is a loop of symbolic links")
    } else if errno == ENOENT || errno == ENOTDIR {
      // No file: say so when its folder is missing too, rather than SQLite's "unable to open".
      let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
      var folderStatus = stat()
      if !folder.isEmpty, stat(folder, &folderStatus) != 0 || folderStatus.st_mode & S_IFMT != S_IFDIR {
        throw ZipGeoError.databaseUnreadable(path: path, reason: "there is no folder '\(folder)'")
      }
    }
    // SQLite reads a name starting `file:` as a URI when it was built to (Debian's is), whatever
    // the open flags say: `./` makes both names plain relative paths.
    return path == ":memory:" || path.hasPrefix("file:") ? "./" + path : path
  }

  static func checkedState(of db: Database, path: String) throws -> Schema.State {
    do {
      return try Schema.state(of: db)
    } catch let error as DatabaseError {
      // "file is not a database" shows up on the first read, not on open.
      throw ZipGeoError.databaseUnreadable(path: path, reason: error.message)
    }
  }

  /// Whether reading `db`, a read-only connection that has read nothing yet, makes `-wal` and
  /// `-shm` files beside its database: one in write-ahead-logging mode that has neither (nobody
  /// has it open), whose `-wal` SQLite makes (empty) and `-shm` too, to read it, and which a
  /// read-only connection cannot remove when it closes, as the last writer's does.
  ///
  /// Why not read such a file without them (`immutable=1`, `SQLITE_OPEN_READONLY` with no
  /// shared memory): a writer (an import) may open it meanwhile, and a reader that takes no locks
  /// and reads no log can then read pages of two versions. The files are made and used as SQLite
  /// always does; `removeWALFilesNobodyUses(of:)` removes them afterwards.
  static func makesWALFilesToRead(_ db: Database) -> Bool {
    guard let file = db.filePath, access(file + "-wal", F_OK) != 0, access(file + "-shm", F_OK) != 0,
      let header = try? db.readMainFile(count: 20, at: 0)
    else { return false }
    return header[18] == 2 && header[19] == 2
  }

  /// Removes the `-wal` and `-shm` of the database at `file` when no connection uses them, the
  /// way SQLite does: a connection opened for writing, which reads and closes, and is then, when
  /// it is the last connection to the file, the one that checkpoints (an empty log: nothing to
  /// copy) and deletes them, under the EXCLUSIVE lock that shows nobody else has the file open.
  /// With any other connection open (an import running meanwhile) it leaves them to that one.
  /// A file this user cannot write opens read-only, and they stay.
  static func removeWALFilesNobodyUses(of file: String) {
    guard access(file + "-wal", F_OK) == 0 || access(file + "-shm", F_OK) == 0,
      let cleaner = try? Database(path: file, mode: .readWrite), !cleaner.isReadOnly
    else { return }
    cleaner.setBusyTimeout(milliseconds: 100)
    _ = try? cleaner.scalar("SELECT COUNT(*) FROM sqlite_master")
    try? cleaner.close()
  }
}
