#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Which database a command uses, and why.
///
/// ```swift
/// let location = DatabaseLocation(option: nil, environment: ["HOME": "/home/u"], forImport: false)
/// location.path    // "/home/u/.local/share/zipgeo/zipgeo.db" (no ./zipgeo.db here)
/// location.source  // .perUser
/// ```
///
/// The rules, in order: `--db`; else `$ZIPGEO_DB` when it is not empty; else `./zipgeo.db`, always
/// for `zipgeo import` and for the query commands when it exists; else, for the query commands, the
/// per-user database `$XDG_DATA_HOME/zipgeo/zipgeo.db` (`XDG_DATA_HOME` only when it is an
/// absolute path, else `$HOME/.local/share`), which the first query makes.
struct DatabaseLocation: Equatable {
  enum Source: Equatable {
    /// `--db <path>`.
    case option
    /// `$ZIPGEO_DB`.
    case environment
    /// `./zipgeo.db`.
    case currentFolder
    /// `$XDG_DATA_HOME/zipgeo/zipgeo.db`.
    case perUser
  }

  /// The name in the current folder an import writes when no database is named.
  static let currentFolderPath = "zipgeo.db"

  let path: String
  let source: Source

  init(path: String, source: Source) {
    self.path = path
    self.source = source
  }

  /// - Parameters:
  ///   - option: The value of `--db`, if given.
  ///   - environment: Where `ZIPGEO_DB`, `XDG_DATA_HOME` and `HOME` are looked up.
  ///   - forImport: Whether the database is to be written by `zipgeo import` (which never
  ///     chooses the per-user database by itself).
  ///   - exists: Whether a database is at a path (`./zipgeo.db`): by default, anything but an
  ///     empty file, which `sqlite3 zipgeo.db` leaves behind when it only looked.
  init(
    option: String?, environment: [String: String], forImport: Bool,
    exists: (String) -> Bool = DatabaseLocation.isThere
  ) {
    if let option {
      (path, source) = (option, .option)
    } else if let path = environment["ZIPGEO_DB"], !path.isEmpty {
      (self.path, source) = (path, .environment)
    } else if forImport || exists(Self.currentFolderPath) {
      (path, source) = (Self.currentFolderPath, .currentFolder)
    } else if let path = Self.perUserPath(environment) {
      (self.path, source) = (path, .perUser)
    } else {
      // No home to keep a database in: the current folder's, missing, is the usual error.
      (path, source) = (Self.currentFolderPath, .currentFolder)
    }
  }

  /// Whether something other than an empty file is at `path`: a database, or something a query
  /// should then report (a folder, a FIFO, a damaged file).
  static func isThere(_ path: String) -> Bool {
    var info = stat()
    guard stat(path, &info) == 0 else { return access(path, F_OK) == 0 }
    return info.st_size > 0 || (info.st_mode & S_IFMT) != S_IFREG
  }

  /// `$XDG_DATA_HOME/zipgeo/zipgeo.db`, or `$HOME/.local/share/zipgeo/zipgeo.db` when
  /// `XDG_DATA_HOME` is unset, empty or relative (the XDG Base Directory rule); `nil` without
  /// either as an absolute path.
  static func perUserPath(_ environment: [String: String]) -> String? {
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
      return DataFiles.withoutTrailingSlash(data) + "/zipgeo/zipgeo.db"
    }
    // A relative HOME would put the database under each folder a command runs in.
    if let home = environment["HOME"], home.hasPrefix("/") {
      return DataFiles.withoutTrailingSlash(home) + "/.local/share/zipgeo/zipgeo.db"
    }
    return nil
  }

  /// Why this database, as `zipgeo where --format json` names it: `--db`, `$ZIPGEO_DB`,
  /// `./zipgeo.db` or `per-user`.
  var reason: String {
    switch source {
    case .option: "--db"
    case .environment: "$ZIPGEO_DB"
    case .currentFolder: "./zipgeo.db"
    case .perUser: "per-user"
    }
  }
}
