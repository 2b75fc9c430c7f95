import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The folder a database file lives in, where an import builds a new database under a temporary
/// name before giving it its own.
///
/// Temporary names are `.zipgeo-import-<pid>-<namespace>-<n>.db`: hidden, and with the process
/// that made them and its PID namespace (Linux containers; 0 elsewhere). A later import removes
/// the file of a killed import, one that no connection holds locked (a running import keeps its
/// file locked from its first read until it has linked it into place) and whose process is gone;
/// for a file from another PID namespace (a container sharing the folder), whose pid means nothing
/// here, one that has also not changed for an hour.
struct DatabaseFolder {
  /// The folder, as a path prefix: `""` for the current folder, else ending in `/`.
  let prefix: String

  /// The folder holding `path`.
  init(containing path: String) {
    prefix = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
  }

  /// The folder as a message names it: its absolute path, when it can be found, else as given
  /// (`.` for the current folder).
  var shown: String {
    let given = prefix.isEmpty ? "." : prefix.count > 1 ? String(prefix.dropLast()) : prefix
    guard let resolved = realpath(given, nil) else { return given }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Why this process cannot make files in the folder (`Permission denied`, `Read-only file
  /// system`), or `nil` when it can, as far as the system says before trying. (Root may write a
  /// folder of any mode, but not one on a read-only file system.)
  func writeProblem() -> String? {
    let folder = prefix.isEmpty ? "." : prefix
    guard faccessat(AT_FDCWD, folder, W_OK | X_OK, AT_EACCESS) != 0 else { return nil }
    return String(cString: strerror(errno))
  }

  /// The bytes this process may still write in the folder's file system (`statvfs`), or `nil`
  /// when the system does not say.
  func freeBytes() -> Int64? {
    var status = statvfs()
    guard statvfs(prefix.isEmpty ? "." : prefix, &status) == 0 else { return nil }
    return Int64(status.f_bavail) * Int64(status.f_frsize)
  }

  /// `0 bytes`, `512 KB`, `12.3 MB`, `1.8 GB`: a size for a message, in powers of 1000.
  static func shownSize(_ bytes: Int64) -> String {
    if bytes < 1000 { return "\(bytes) bytes" }
    let units = ["KB", "MB", "GB", "TB", "PB"]
    var value = Double(bytes) / 1000
    var unit = 0
    while value >= 999.95 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    let tenths = (value * 10).rounded()
    let text =
      tenths.truncatingRemainder(dividingBy: 10) == 0 || value >= 100 ? "\(Int(value.rounded()))" : "\(tenths / 10)"
    return "\(text) \(units[unit])"
  }

  /// The file a path names once symbolic links are followed, even when that file does not exist
  /// yet: a new database given as a link (`zipgeo.db -> data/zipgeo-2026.db`) is made where the
  /// link points, as opening it would.
  static func followingLinks(_ path: String, shownAs shown: String) throws -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
      var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &target, target.count - 1)
      guard count >= 0 else { return current }
      let destination = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = destination.hasPrefix("/") ? destination : DatabaseFolder(containing: current).prefix + destination
    }
    throw ZipGeoError.databaseUnreadable(path: shown, reason: "it is a loop of symbolic links")
  }

  /// The start of every temporary name.
  static let temporaryPrefix = ".zipgeo-import-"

  /// A path for a new temporary database that no file has.
  func temporaryDatabasePath() -> String {
    var number = UInt64.random(in: 0..<UInt64.max)
    while true {
      let path = "\(prefix)\(Self.temporaryPrefix)\(getpid())-\(Self.namespace)-\(number).db"
      if access(path, F_OK) != 0 { return path }
      number &+= 1
    }
  }

  /// This process's PID namespace: the number in `/proc/self/ns/pid` on Linux, else 0.
  static let namespace: UInt64 = {
    #if os(Linux)
      var target = [CChar](repeating: 0, count: 64)
      let count = readlink("/proc/self/ns/pid", &target, target.count - 1)
      guard count > 0 else { return 0 }
      let text = String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return UInt64(text.filter(\.isNumber)) ?? 0
    #else
      return 0
    #endif
  }()

  /// When a file last changed, in seconds since 1970.
  static func modificationSeconds(_ status: stat) -> Int {
    #if canImport(Darwin)
      Int(status.st_mtimespec.tv_sec)
    #else
      Int(status.st_mtim.tv_sec)
    #endif
  }

  /// The numbers of a temporary name, when it is exactly one `temporaryDatabasePath()` makes.
  static func parse(_ name: String) -> (pid: pid_t, namespace: UInt64)? {
    guard name.hasPrefix(temporaryPrefix), name.hasSuffix(".db") else { return nil }
    let parts = name.dropFirst(temporaryPrefix.count).dropLast(3).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, let pid = pid_t(parts[0]), pid > 0, let namespace = UInt64(parts[1]),
      let number = UInt64(parts[2]),
      // Written as the numbers print, so that no other name (a sign, a leading zero) matches.
      String(pid) == parts[0], String(namespace) == parts[1], String(number) == parts[2]
    else { return nil }
    return (pid, namespace)
  }

  /// Removes the temporary databases (and their journals) of imports whose process has ended and
  /// whose file no connection holds locked.
  func removeAbandonedImports() {
    guard let folder = opendir(prefix.isEmpty ? "." : prefix) else { return }
    defer { closedir(folder) }
    var abandoned: [String] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard let (pid, namespace) = Self.parse(name) else { continue }
      var status = stat()
      guard lstat(prefix + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      if namespace == Self.namespace {
        // ESRCH: no such process. (EPERM means it exists, but belongs to another user.)
        guard kill(pid, 0) != 0 && errno == ESRCH else { continue }
      } else {
        guard time(nil) - Self.modificationSeconds(status) > 3600 else { continue }
      }
      abandoned.append(name)
    }
    for name in abandoned where !Self.isLocked(prefix + name) { Self.remove(database: prefix + name) }
  }

  /// Whether a connection somewhere holds a lock on the database at `path` (SQLite's own locks,
  /// which a running import keeps): an exclusive transaction that cannot start, at once, says so.
  static func isLocked(_ path: String) -> Bool {
    guard let db = try? Database(path: path, mode: .readWrite) else { return false }
    defer { try? db.close() }
    db.setBusyTimeout(milliseconds: 0)
    do {
      try db.execute("BEGIN EXCLUSIVE; ROLLBACK;")
      return false
    } catch let error as DatabaseError {
      return error.resultCode == .busy
    } catch {
      return false
    }
  }

  /// Removes a temporary database and any journal SQLite left beside it.
  static func remove(database path: String) {
    for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
  }

  /// Writes the folder's entries (a new name, a removed one) to disk.
  func sync() throws {
    let descriptor = open(prefix.isEmpty ? "." : prefix, O_RDONLY)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    // Some file systems cannot sync a folder (EINVAL); the names are then as safe as they get.
    if fsync(descriptor) != 0 && errno != EINVAL && errno != EBADF {
      throw ZipGeoError.databaseNotWritten(
        path: prefix, reason: "cannot write the folder to disk: \(String(cString: strerror(errno)))")
    }
  }

  /// Gives the file at `temporary` the name `path`, which must have no file: a hard link, which
  /// fails rather than replace a file another process put there meanwhile.
  func link(_ temporary: String, to path: String, shownAs shown: String) throws {
    if systemLink(temporary, path) == 0 { return }
    let error = errno
    if error == EEXIST {
      throw ZipGeoError.databaseNotWritten(
        path: shown,
        reason: "another import created it while this one ran, and this one does not replace that "
          + "import's data: run it again to do so")
    }
    // File systems without hard links (FAT, some network and FUSE ones): a rename, after one last
    // look, is the best they allow.
    if error == EPERM || error == ENOTSUP || error == EOPNOTSUPP || error == ENOSYS || error == EMLINK {
      if access(path, F_OK) != 0, rename(temporary, path) == 0 { return }
    }
    throw ZipGeoError.databaseNotWritten(
      path: shown, reason: "cannot give the new database its name: \(String(cString: strerror(error)))")
  }
}

#if canImport(Glibc)
  private let systemLink = Glibc.link
#else
  private let systemLink = Darwin.link
#endif
