import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

extension Importer {
  /// The room an import may fill, as it was when it started: the database's folder, and SQLite's
  /// folder of temporary files (sorts, and the rows of a large import) when that is on another
  /// file system.
  struct FreeSpace {
    /// The bytes free in the database's folder, when the system says.
    let database: Int64?
    /// SQLite's folder of temporary files and the bytes free there, when it is on another file
    /// system than the database.
    let temporary: (folder: String, bytes: Int64?)?

    init(around folder: DatabaseFolder) {
      database = folder.freeBytes()
      let own = folder.prefix.isEmpty ? "." : folder.prefix
      if let temporary = Importer.temporaryFolder(), !Importer.sameFileSystem(temporary, own) {
        self.temporary = (temporary, DatabaseFolder(containing: temporary + "/").freeBytes())
      } else {
        temporary = nil
      }
    }
  }

  /// The error of an import that SQLite could not write for want of room (`SQLITE_FULL`, any
  /// extended code), naming the folder and the room the import found there, in place of SQLite's
  /// `database or disk is full` and the statement it ran. (The import needed more than that room;
  /// how much more nobody knows until it has run, and a failed import gives back what it wrote.)
  ///
  /// ```
  /// 'world.db' was not written: the disk is full (SQLite: database or disk is full): the import
  /// needs more than the 212 MB that were free in /srv/geo, or its temporary files more than the
  /// 3.2 GB free in /var/tmp; nothing was made. Free some space there, or give --db a path on
  /// another disk
  /// ```
  ///
  /// - Parameters:
  ///   - error: SQLite's error.
  ///   - folder: The database's folder.
  ///   - room: The room there when the import started.
  ///   - shown: The database as the caller named it.
  ///   - isNew: Whether the import was making a new database (then nothing was made), else
  ///     changing one (which is unchanged).
  static func noRoom(
    _ error: DatabaseError, in folder: DatabaseFolder, freeBefore room: FreeSpace, shownAs shown: String, isNew: Bool
  ) -> ZipGeoError {
    var reason = "the disk is full (SQLite: \(error.message)): the import needs more than the "
    reason += room.database.map { "\(DatabaseFolder.shownSize($0)) that were free" } ?? "room there was"
    reason += " in \(folder.shown)"
    if let temporary = room.temporary {
      // Either may be the one that filled.
      reason +=
        ", or its temporary files more than the "
        + (temporary.bytes.map { "\(DatabaseFolder.shownSize($0)) free" } ?? "room there was")
        + " in \(temporary.folder)"
    }
    reason +=
      isNew
      ? "; nothing was made. Free some space there, or give --db a path on another disk"
      : "; the database is unchanged. Free some space there, or import into a copy on another disk (--db)"
    return .databaseNotWritten(path: shown, reason: reason)
  }

  /// The error of an import that SQLite could not write because this process may not write the
  /// database's folder or file, naming which; `nil` when both are writable (the failure had
  /// another cause).
  ///
  /// ```
  /// 'geo/zipgeo.db' was not written: the folder /srv/geo is not writable (Permission denied), and
  /// an import writes its journal beside the database; the database is unchanged. Copy it to a
  /// folder you can write and give --db the copy, or have the folder's owner import
  /// ```
  static func notWritable(
    file sqlitePath: String, in folder: DatabaseFolder, shownAs shown: String, isNew: Bool
  ) -> ZipGeoError? {
    if let problem = folder.writeProblem() {
      let reason =
        isNew
        ? "the folder \(folder.shown) is not writable (\(problem)), and the new database is made there; give --db a"
          + " path in a folder you can write"
        : "the folder \(folder.shown) is not writable (\(problem)), and an import writes its journal beside the"
          + " database; the database is unchanged. Copy it to a folder you can write and give --db the copy, or have"
          + " the folder's owner import"
      return .databaseNotWritten(path: shown, reason: reason)
    }
    guard !isNew, faccessat(AT_FDCWD, sqlitePath, W_OK, AT_EACCESS) != 0 else { return nil }
    let problem = String(cString: strerror(errno))
    return .databaseNotWritten(
      path: shown,
      reason: "the file is not writable (\(problem)); the database is unchanged. Give --db a copy you can write, or"
        + " have the file's owner import")
  }

  /// Whether SQLite refused to write a file or to make one (`SQLITE_READONLY`, `SQLITE_CANTOPEN`).
  static func isWriteRefusal(_ error: any Error) -> Bool {
    ResultCode.readOnly ~= error || ResultCode.cannotOpen ~= error
  }

  /// The folder SQLite makes its temporary files in, as SQLite's Unix VFS picks it:
  /// `$SQLITE_TMPDIR`, `$TMPDIR`, then the first of `/var/tmp`, `/usr/tmp`, `/tmp` that is a
  /// folder this process can write.
  static func temporaryFolder() -> String? {
    let names: [String] = ["SQLITE_TMPDIR", "TMPDIR"]
    let variables = names.compactMap { name in getenv(name).map { String(cString: $0) } }
    let candidates = variables + ["/var/tmp", "/usr/tmp", "/tmp"]
    for folder in candidates where !folder.isEmpty {
      var status = stat()
      guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
        access(folder, W_OK | X_OK) == 0
      else { continue }
      return folder
    }
    return nil
  }

  /// Whether two paths are on the same file system.
  static func sameFileSystem(_ first: String, _ second: String) -> Bool {
    var a = stat()
    var b = stat()
    guard stat(first, &a) == 0, stat(second, &b) == 0 else { return true }
    return a.st_dev == b.st_dev
  }
}
