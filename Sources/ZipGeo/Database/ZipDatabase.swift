import Geodesy
import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A zipgeo database file: zip codes with coordinates, and the SQL functions to query them.
///
/// ```swift
/// let db = try ZipDatabase(readingAt: "zipgeo.db")
/// let plano = try db.zipCode("75075")
/// ```
public final class ZipDatabase {
  /// The connection, with zipgeo's SQL functions registered.
  public let database: Database
  /// The path as the user gave it, for messages.
  public let path: String
  /// The name of the database in messages: its file name, unless it was opened with another.
  /// (Made once: every lookup hands it on, for the errors it may give.)
  public let shownName: String
  /// The country a bare code means when several countries have it and this one among them
  /// (`90210` is then US:90210, not an error); `nil`: the home the database records
  /// (`recordedHome()`), if any. An app sets the user's own (on Apple's systems,
  /// `Locale.current.region?.identifier`).
  public var homeCountry: String?

  /// Opens an existing zipgeo database read-only.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - name: How messages name it (`zip code '1' is not in ~/.local/share/zipgeo/zipgeo.db`);
  ///     by default, its file name.
  public init(readingAt path: String, shownAs name: String? = nil) throws {
    self.path = path
    shownName = name ?? Self.fileName(of: path)
    let db = try Self.openConnection(path, mode: .readOnly)
    let state: Schema.State
    do {
      state = try Schema.state(of: db)
    } catch let error as DatabaseError {
      throw Self.readProblem(error, path: path)
    }
    database = db
    try DatabaseOpening.require(state, path: path, writing: false)
  }

  /// Opens a zipgeo database for writing, creating the file and its tables when missing.
  /// A file that holds something else is refused, never changed.
  public init(writingAt path: String) throws {
    self.path = path
    shownName = Self.fileName(of: path)
    database = try Self.open(path, mode: .readWriteCreate)
    database.setBusyTimeout(milliseconds: 5000)
    let state = try DatabaseOpening.checkedState(of: database, path: path)
    try DatabaseOpening.require(state, path: path, writing: true)
    if state != .empty { try DatabaseOpening.requireImportable(database, path: path) }
    // Write-ahead logging lets readers go on reading the old data while an import runs.
    try database.execute("PRAGMA journal_mode = WAL")
    if state == .empty { try database.inTransaction { try database.execute(Schema.createStatements) } }
  }

  static func open(_ path: String, mode: Database.Mode) throws -> Database {
    let db: Database
    do {
      db = try Database(path: sqlitePath(for: path), mode: mode)
    } catch let error as DatabaseError {
      throw ZipGeoError.databaseUnreadable(path: path, reason: error.message)
    }
    try SQLFunctions.register(on: db)
    return db
  }

  /// Why a read-only connection could not read the database at `path`, in words a user can act
  /// on. A database in write-ahead-logging mode is read with its `-shm` file; in a folder this user
  /// cannot write, SQLite can neither make one nor do without it. zipgeo never falls back to
  /// reading such a file as immutable: its owner may be changing it, and an immutable read of a
  /// changing file can mix old and new rows.
  static func readProblem(_ error: DatabaseError, path: String) -> ZipGeoError {
    let cannotOpen = error.resultCode == .cannotOpen || error.resultCode == .readOnly
    // Either file may be the one missing: a -shm left behind without its -wal needs the -wal made.
    let missing = access(path + "-shm", F_OK) != 0 || access(path + "-wal", F_OK) != 0
    if cannotOpen, missing, isInWALMode(path) {
      return .databaseUnreadable(
        path: path,
        reason: "it is in write-ahead-logging mode and its folder cannot be written, so SQLite cannot make "
          + "its -wal and -shm files; its owner can fix that by importing again, or with: zipgeo sql --write "
          + "--db=\(path.shellQuoted) 'PRAGMA journal_mode = DELETE'")
    }
    // "file is not a database" shows up on the first read, not on open.
    return .databaseUnreadable(path: path, reason: error.message)
  }

  /// Whether the database file's header says write-ahead logging (bytes 18 and 19 are 2).
  static func isInWALMode(_ path: String) -> Bool {
    let descriptor = openForReading(path)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 20)
    let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 20, 0) }
    return count == 20 && header[18] == 2 && header[19] == 2
  }

  /// The name to hand SQLite so that it opens the file at `path`, the path used as it is: a
  /// `--db` of `file:x.db` is a file of that name, not a URI, and one of `:memory:`, which SQLite
  /// would take for a database in memory, the file `./:memory:`.
  ///
  /// - Throws: `ZipGeoError.databaseUnreadable` for an empty path, and for a path that is not a
  ///   regular file (a folder, a FIFO, which would hang the open, a device such as `/dev/null`),
  ///   before SQLite opens it or makes any file beside it.
  public static func sqlitePath(for path: String) throws -> String { try DatabaseOpening.sqlitePath(for: path) }

  /// The number of zip codes.
  public func count() throws -> Int {
    Int(try database.scalar("SELECT COUNT(*) FROM zips")?.int64 ?? 0)
  }

  /// The first place of the code `zip` (`DE:10115`, or a bare code that one country has), in
  /// the order of the file it was imported from, or `nil` when it is not in the database.
  /// `postalCode(_:)` gives every place of a code.
  ///
  /// - Throws: `ZipGeoError.ambiguousCode` for a bare code of several countries,
  ///   `ZipGeoError.damagedRow` when its stored coordinates are not a point.
  public func zipCode(_ zip: String) throws -> ZipCode? {
    try postalCode(CodeReference(parsing: zip))?.places[0]
  }

  /// The last component of `path`.
  static func fileName(of path: String) -> String { String(path.split(separator: "/").last ?? Substring(path)) }

}

/// `open(2)` for reading, where `ZipDatabase`'s own `open` does not hide it.
private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY) }
