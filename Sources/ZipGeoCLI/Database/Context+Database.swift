import ArchiveInput
import CInterrupt
import CSV
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

extension Context {
  /// The database a query command reads (see `DatabaseLocation`). The per-user database, when it
  /// is the one and does not exist yet (or is an empty file, as `sqlite3 <its path>` leaves one),
  /// is made first from the installed `zips.csv`, saying so in one line on standard error.
  func queryDatabaseLocation(_ arguments: ParsedArguments) throws -> DatabaseLocation {
    let location = DatabaseLocation(option: arguments.value("db"), environment: environment)
    if location.source == .perUser && !DatabaseLocation.isThere(location.path) {
      try makePerUserDatabase(at: location.path)
    }
    return location
  }

  /// The database a query command reads, open (see `queryDatabaseLocation(_:)`). Messages name
  /// the per-user database by its whole path (`~/.local/share/zipgeo/zipgeo.db`): its file name
  /// alone reads as `./zipgeo.db`.
  func openQueryDatabase(_ arguments: ParsedArguments) throws -> ZipDatabase {
    let location = try queryDatabaseLocation(arguments)
    let shownAs = location.source == .perUser ? shownPath(location.path) : nil
    let db = try ZipDatabase(readingAt: location.path, shownAs: shownAs)
    // The user's home, for bare codes that several countries share; else the database's own.
    // (An invalid ZIPGEO_COUNTRY is the usage error of the commands that read it.)
    db.homeCountry = (try? HomeCountry.fromEnvironment(environment))??.country
    return db
  }

  /// `path` with the home folder written `~`.
  func shownPath(_ path: String) -> String {
    guard let home = environment["HOME"], home.hasPrefix("/") else { return path }
    let prefix = DataFiles.withoutTrailingSlash(home) + "/"
    return path.hasPrefix(prefix) ? "~/" + path.dropFirst(prefix.count) : path
  }

  /// The database `zipgeo import` writes: the one the query commands of this folder read (see
  /// `DatabaseLocation`), the folders of the per-user database made when it is the one.
  func importDatabaseLocation(_ arguments: ParsedArguments) throws -> DatabaseLocation {
    let location = DatabaseLocation(option: arguments.value("db"), environment: environment)
    if location.source == .perUser { try Self.makePerUserFolders(for: location.path) }
    return location
  }

  /// What an error that comes from data missing in `./zipgeo.db` (an unknown code, place or
  /// country) adds when that file hides a per-user database, which may hold what was asked for:
  /// `; ./zipgeo.db here hides the per-user database, which holds 121 countries: --db
  /// /home/u/.local/share/zipgeo/zipgeo.db reads it`. Empty for any other error, and when the
  /// database was named (`--db`, `$ZIPGEO_DB`) or no per-user database exists.
  func hiddenDatabaseHint(for error: any Error, arguments: ParsedArguments) -> String {
    switch error as? ZipGeoError {
    case .unknownZip?, .unknownCountry?, .unknownPlace?, .unknownState?: break
    default: return ""
    }
    let location = DatabaseLocation(option: arguments.value("db"), environment: environment)
    guard let other = location.hiddenPerUserPath(environment: environment) else { return "" }
    // Read only, and only its countries table; a file that cannot be read is still named.
    let countries = (try? ZipDatabase(readingAt: other).countries().map(\.country)) ?? []
    // `countries.last!`: there are two or more.
    let holding =
      switch countries.count {
      case 0: ""
      case 1: ", which holds \(countries[0]) only"
      case 2...8: ", which holds \(countries.dropLast().joined(separator: ", ")) and \(countries.last!)"
      default: ", which holds \(countries.count) countries"
      }
    // The per-user path is absolute: it never starts with a dash that would read as an option.
    return "; ./\(DatabaseLocation.currentFolderPath) here hides the per-user database\(holding):"
      + " --db \(other.shellQuoted) reads it"
  }

  /// The data files installed with this binary.
  var dataFiles: DataFiles { DataFiles(environment: environment, executable: executable) }

  /// `no database at 'x.db'; create it with: zipgeo import /usr/local/share/zipgeo/zips.csv --db x.db`,
  /// naming a data file that exists, or saying that none was found.
  func missingDatabaseMessage(_ path: String) -> String {
    // `--db` unless `zipgeo import` alone writes this very path.
    let importsHere = DatabaseLocation(option: nil, environment: environment).path == path
    // `--db=-x.db`: a path that starts with a dash would read as an option after `--db `.
    let option = importsHere ? "" : path.hasPrefix("-") ? " --db=\(path.shellQuoted)" : " --db \(path.shellQuoted)"
    let data = dataFiles
    guard let csv = data.zipsCSV else {
      return "no database at '\(path)'; create it with: zipgeo import <file>\(option) "
        + "(no \(DataFiles.usFile) found in \(data.searchedDescription); \(Self.dataDirectoryHint))"
    }
    return "no database at '\(path)'; create it with: zipgeo import \(csv.shellQuoted)\(option)"
  }

  static let dataDirectoryHint = "set ZIPGEO_DATA_DIR to a folder that holds \(DataFiles.usFile)"

  /// Makes the per-user database at `path` from the installed `zips.csv`: its folders (mode 0700,
  /// as the XDG spec asks), then an import, which builds the file under a temporary name and
  /// links it into place, so two first uses at once both end with the whole database.
  ///
  /// Ctrl-C, SIGTERM and SIGHUP stop it as they stop `zipgeo import` (a `CommandFailure` with their exit code,
  /// exit code 128 + the signal): the import rolls back and removes its temporary file, and the
  /// next query makes the database. One that arrives once the database is in place lets the
  /// import finish, and then ends the command as it would have ended any query.
  func makePerUserDatabase(at path: String) throws {
    let data = dataFiles
    guard let csv = data.zipsCSV else {
      throw CommandFailure(
        "no database at '\(path)', and no \(DataFiles.usFile) to make it from in \(data.searchedDescription): "
          + "\(Self.dataDirectoryHint), or run: zipgeo import <file> --db \(path.shellQuoted)")
    }
    try Self.makePerUserFolders(for: path)
    let hook = TestHook(environment: environment)
    let importer = Importer(options: ImportOptions()) { path throws(CSVError) in try CSVReader(unpacking: path) }
    let summary: ImportSummary
    interrupt_on_signals()
    do {
      summary = try importer.importFiles(
        [csv], intoDatabaseAt: path, shouldStop: { interrupt_signal() != 0 }, phase: { hook?.reached($0.description) })
    } catch {
      // In place all the same (another first use made it meanwhile, or the signal came after the
      // link): this one's query reads that database, unless the signal ends it first.
      if access(path, F_OK) == 0 {
        Self.deliverPendingSignal()
        return
      }
      // The signal's number stays readable (interrupt_signal) for the exit code.
      _ = interrupt_restore_signals()
      if let error = error as? ImportError, error.isInterruption {
        throw CommandFailure(
          "first use: could not make the per-user database '\(path)' from \(csv): import interrupted"
            + "\(ZipGeoCommand.interruptingSignalName); nothing was made, and the next query makes it",
          exitCode: ZipGeoCommand.interruptedExitCode)
      }
      // The user asked a question, not for an import: say what was being done.
      throw CommandFailure("first use: could not make the per-user database '\(path)' from \(csv): \(error)")
    }
    console.err(
      "zipgeo: first use: made \(path) from \(csv) (\(ImportCommand.count(summary.imported, "zip code")))\n")
    Self.deliverPendingSignal()
  }

  /// Puts the signals back as they were and, when one arrived while the per-user database was
  /// being put in place, lets it act now.
  static func deliverPendingSignal() {
    let signal = interrupt_restore_signals()
    if signal != 0 { raise(signal) }
  }

  /// Root making a per-user database under a folder another user owns (sudo that keeps HOME)
  /// would leave that user a `~/.local/share` of root's: refused, with what to do instead.
  static func refuseAnotherUsersFolder(_ folder: String, for path: String) throws {
    guard geteuid() == 0 else { return }
    var existing = folder
    var info = stat()
    while stat(existing, &info) != 0 {
      let parent = DataFiles.parent(existing)
      if parent == existing { return }
      existing = parent
    }
    guard info.st_uid != 0 else { return }
    throw CommandFailure(
      "not making the per-user database '\(path)' as root in '\(existing)', which belongs to another user"
        + " (does sudo keep HOME?): run zipgeo as that user, or give --db")
  }

  /// Makes the folders of the per-user database at `path` that are missing (mode 0700, as the XDG
  /// spec asks), unless root would make them in another user's folder.
  static func makePerUserFolders(for path: String) throws {
    try refuseAnotherUsersFolder(DataFiles.parent(path), for: path)
    try makeFolders(DataFiles.parent(path))
  }

  /// Makes `folder` and the folders above it that are missing, each with mode 0700.
  static func makeFolders(_ folder: String) throws {
    var info = stat()
    if stat(folder, &info) == 0 { return }
    let parent = DataFiles.parent(folder)
    if parent != folder { try makeFolders(parent) }
    if mkdir(folder, 0o700) != 0 && errno != EEXIST {
      throw CommandFailure("cannot make the folder '\(folder)': \(String(cString: strerror(errno)))")
    }
  }
}
