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
    try Self.require(state, path: path, writing: false)
  }

  /// Opens a zipgeo database for writing, creating the file and its tables when missing.
  /// A file that holds something else is refused, never changed.
  public init(writingAt path: String) throws {
    self.path = path
    shownName = Self.fileName(of: path)
    database = try Self.open(path, mode: .readWriteCreate)
    database.setBusyTimeout(milliseconds: 5000)
    let state = try Self.checkedState(of: database, path: path)
    try Self.require(state, path: path, writing: true)
    if state == .current { try Self.requireImportable(database, path: path) }
    // Write-ahead logging lets readers go on reading the old data while an import runs.
    try database.execute("PRAGMA journal_mode = WAL")
    if state == .empty { try database.inTransaction { try database.execute(Schema.createStatements) } }
  }

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
    if writing && state == .current { try requireImportable(db, path: path) }
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
  /// import, which makes the tables and upgrades old ones), has no tables yet or needs an upgrade
  /// before it can be read; names `path`.
  static func require(_ state: Schema.State, path: String, writing: Bool) throws {
    switch state {
    case .current: break
    case .empty: if !writing { throw ZipGeoError.notAZipgeoDatabase(path: path, reason: "it is empty") }
    case .upgradable(let reason): if !writing { throw ZipGeoError.databaseUnreadable(path: path, reason: reason) }
    case .foreign(let reason): throw ZipGeoError.notAZipgeoDatabase(path: path, reason: reason)
    }
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

  /// The name to hand SQLite so that it opens the file at `path`, the path used as it is: a
  /// `--db` of `file:x.db` is a file of that name, not a URI, and one of `:memory:`, which SQLite
  /// would take for a database in memory, the file `./:memory:`.
  ///
  /// - Throws: `ZipGeoError.databaseUnreadable` for an empty path, and for a path that is not a
  ///   regular file (a folder, a FIFO, which would hang the open, a device such as `/dev/null`),
  ///   before SQLite opens it or makes any file beside it.
  public static func sqlitePath(for path: String) throws -> String {
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

  private static func checkedState(of db: Database, path: String) throws -> Schema.State {
    do {
      return try Schema.state(of: db)
    } catch let error as DatabaseError {
      // "file is not a database" shows up on the first read, not on open.
      throw ZipGeoError.databaseUnreadable(path: path, reason: error.message)
    }
  }

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

  /// Reads the columns of `Schema.placeColumns(_:)` (0...7) of the current row, whose
  /// coordinates a search has already kept within range.
  static func zipCode(from statement: Statement) -> ZipCode {
    ZipCode(
      zip: statement.text(at: 0) ?? "", place: statement.text(at: 1), state: statement.text(at: 2),
      county: statement.text(at: 3),
      coordinate: Coordinate(uncheckedLatitude: statement.double(at: 4), longitude: statement.double(at: 5)),
      country: statement.text(at: 6) ?? "US",
      accuracy: statement.value(at: 7).int64.map { Int($0) })
  }

  /// The point a stored row gives, checked as every stored coordinate is (`Coordinate(storedLatitude:longitude:)`):
  /// a file edited by hand or damaged can hold a latitude of 95, text or NULL, which must become
  /// an error naming the zip code, never a search around a point that does not exist.
  static func storedCoordinate(zip: @autoclosure () -> String, latitude: DatabaseValue, longitude: DatabaseValue)
    throws -> Coordinate
  {
    func number(_ value: DatabaseValue, _ name: String) throws -> Double {
      switch value {
      case .integer, .real: return value.double!
      case .null: throw ZipGeoError.damagedRow(zip: zip().shortened, reason: "its \(name) is NULL")
      case .text(let text):
        throw ZipGeoError.damagedRow(zip: zip().shortened, reason: "its \(name) is text '\(text.shortened)'")
      case .blob: throw ZipGeoError.damagedRow(zip: zip().shortened, reason: "its \(name) is a blob")
      }
    }
    let lat = try number(latitude, "latitude")
    let lon = try number(longitude, "longitude")
    do {
      return try Coordinate(storedLatitude: lat, longitude: lon)
    } catch {
      throw ZipGeoError.damagedRow(zip: zip().shortened, reason: error.description)
    }
  }
}

/// `open(2)` for reading, where `ZipDatabase`'s own `open` does not hide it.
private func openForReading(_ path: String) -> Int32 { open(path, O_RDONLY) }
