import CSQLiteAPI

extension Database {
  /// Reads `count` bytes at `offset` of the main database file through SQLite's own open file
  /// (`SQLITE_FCNTL_FILE_POINTER`), never through another descriptor, whose closing would drop
  /// the POSIX locks SQLite holds on the file. What it reads is as stable as the locks the
  /// connection holds make it.
  ///
  /// ```swift
  /// let header = try db.readMainFile(count: 100, at: 0)  // the database header
  /// ```
  ///
  /// - Throws: `DatabaseError` when the file cannot be read; past its end, a short read
  ///   (`SQLITE_IOERR_SHORT_READ`).
  public func readMainFile(count: Int, at offset: Int64) throws -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    let code = bytes.withUnsafeMutableBytes { csqlite_main_file_read(handle, $0.baseAddress, Int32(count), offset) }
    guard code == SQLITE_OK else {
      throw DatabaseError(extendedResultCode: ResultCode(rawValue: code), message: "cannot read the database file")
    }
    return bytes
  }

  /// Writes `bytes` at `offset` of the main database file through SQLite's own open file: only
  /// for a connection that holds the file's EXCLUSIVE lock (`BEGIN EXCLUSIVE`) and writes nothing
  /// else meanwhile, and only bytes SQLite's own pages would agree with, since this bypasses the
  /// journal.
  public func writeMainFile(_ bytes: [UInt8], at offset: Int64) throws {
    let code = bytes.withUnsafeBytes { csqlite_main_file_write(handle, $0.baseAddress, Int32(bytes.count), offset) }
    guard code == SQLITE_OK else {
      throw DatabaseError(extendedResultCode: ResultCode(rawValue: code), message: "cannot write the database file")
    }
  }

  /// Writes what `writeMainFile(_:at:)` wrote to disk.
  public func syncMainFile() throws {
    let code = csqlite_main_file_sync(handle)
    guard code == SQLITE_OK else {
      throw DatabaseError(extendedResultCode: ResultCode(rawValue: code), message: "cannot sync the database file")
    }
  }

  /// The main database file's size in bytes, through SQLite's own open file.
  public func mainFileSize() throws -> Int64 {
    var size: sqlite3_int64 = 0
    let code = csqlite_main_file_size(handle, &size)
    guard code == SQLITE_OK else {
      throw DatabaseError(extendedResultCode: ResultCode(rawValue: code), message: "cannot stat the database file")
    }
    return size
  }
}
