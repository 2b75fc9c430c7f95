#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Which database a command uses, and why.
///
/// ```swift
/// let location = DatabaseLocation(option: nil, environment: ["HOME": "/home/u"])
/// location.path    // "/home/u/.local/share/zipgeo/zipgeo.db" (no ./zipgeo.db here)
/// location.source  // .perUser
/// ```
///
/// The rules, in order, the same for `zipgeo import` as for the query commands, so that an
/// import writes the database the queries of its folder read: `--db`; else `$ZIPGEO_DB` when it
/// is not empty; else `./zipgeo.db` when it exists; else the per-user database
/// `$XDG_DATA_HOME/zipgeo/zipgeo.db` (`XDG_DATA_HOME` only when it is an absolute path, else
/// `$HOME/.local/share`), which the first query (or import) makes.
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

  /// The name in the current folder that is read (and written) when it exists and no database is
  /// named.
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
  ///   - exists: Whether a database is at a path (`./zipgeo.db`): by default, anything but an
  ///     empty file, which `sqlite3 zipgeo.db` leaves behind when it only looked.
  init(
    option: String?, environment: [String: String],
    exists: (String) -> Bool = DatabaseLocation.isThere
  ) {
    if let option {
      (path, source) = (option, .option)
    } else if let path = environment["ZIPGEO_DB"], !path.isEmpty {
      (self.path, source) = (path, .environment)
    } else if exists(Self.currentFolderPath) {
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

  /// The per-user database this location hides, when it is `./zipgeo.db`, chosen because it is
  /// there, and a per-user database (another file) is there too: the file whose data a query
  /// may have meant. `nil` for `--db` and `$ZIPGEO_DB`, which name the database on purpose.
  ///
  /// ```swift
  /// // In a folder with a zipgeo.db, after `zipgeo import --world` made the per-user one:
  /// location.hiddenPerUserPath(environment: ["HOME": "/home/u"])
  /// // "/home/u/.local/share/zipgeo/zipgeo.db"
  /// ```
  func hiddenPerUserPath(
    environment: [String: String], exists: (String) -> Bool = DatabaseLocation.isThere,
    sameFile: (String, String) -> Bool = DatabaseLocation.isSameFile
  ) -> String? {
    guard source == .currentFolder, exists(path), let other = Self.perUserPath(environment), exists(other),
      !sameFile(path, other)
    else { return nil }
    return other
  }

  /// Whether two paths name one file (a `zipgeo.db` run from the per-user folder itself, or a
  /// link to it).
  static func isSameFile(_ first: String, _ second: String) -> Bool {
    var a = stat()
    var b = stat()
    return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
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
