#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The folder of data files zipgeo ships (`zips.csv`, `world.txt.xz`), found from where the binary
/// is: what a first use makes the per-user database from, and what error hints name.
///
/// ```swift
/// let data = DataFiles(environment: [:], executable: "/usr/local/bin/zipgeo")
/// data.zipsCSV  // "/usr/local/share/zipgeo/zips.csv", when it exists
/// ```
///
/// The folders, in order: `$ZIPGEO_DATA_DIR` alone when it is set; else `<bindir>/../share/zipgeo`
/// (the installed layout, `<prefix>/bin/zipgeo` and `<prefix>/share/zipgeo/zips.csv`), then the
/// repository's `data/` when the binary was built in it (`<repo>/.build/<config>/zipgeo` or
/// `<repo>/.build/<triple>/<config>/zipgeo`). The first that holds `zips.csv` is the one.
struct DataFiles {
  /// The file a first use imports.
  static let usFile = "zips.csv"
  /// The postal codes of the world, which `zipgeo import --world` imports.
  static let worldFile = "world.txt.xz"

  /// The folders looked in, in order.
  let searched: [String]
  /// The first of them that holds `zips.csv`, or `nil`.
  let folder: String?
  /// Whether `$ZIPGEO_DATA_DIR` chose the folder (else the binary's place did).
  let fromEnvironment: Bool

  /// - Parameters:
  ///   - environment: Where `ZIPGEO_DATA_DIR` is looked up.
  ///   - executable: The running binary's path, links resolved (`ExecutablePath.current`).
  init(environment: [String: String], executable: String?) {
    if let override = environment["ZIPGEO_DATA_DIR"], !override.isEmpty {
      searched = [Self.withoutTrailingSlash(override)]
      fromEnvironment = true
    } else {
      searched = executable.map(Self.folders(besideBinary:)) ?? []
      fromEnvironment = false
    }
    folder = searched.first { Self.isFile($0 + "/" + Self.usFile) }
  }

  /// `<folder>/zips.csv`, when a folder holds it.
  var zipsCSV: String? { folder.map { $0 + "/" + Self.usFile } }

  /// The names of the data files in the folder, sorted (`world.txt.xz`, `zips.csv`): not the
  /// install's manifest and readme, nor a database kept there (with `--prefix ~/.local`, the data
  /// folder is also the per-user database's).
  var files: [String] {
    guard let folder, let directory = opendir(folder) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      let other =
        name == "install-manifest.txt" || name == "README.md"
        || [".db", ".db-wal", ".db-shm", ".db-journal"].contains { name.hasSuffix($0) }
      if !name.hasPrefix("."), !other, Self.isFile(folder + "/" + name) { names.append(name) }
    }
    return names.sorted()
  }

  /// The folders listed, for messages: `/a/share/zipgeo and /b/data`.
  var searchedDescription: String {
    switch searched.count {
    case 0: "(the binary's folder is unknown)"
    case 1: searched[0]
    default: searched.dropLast().joined(separator: ", ") + " and " + searched[searched.count - 1]
    }
  }

  /// The candidate folders for a binary at `executable`.
  static func folders(besideBinary executable: String) -> [String] {
    let binFolder = parent(executable)
    var folders = [parent(binFolder) + "/share/zipgeo"]
    // A build in a checkout: <repo>/.build/<config>/zipgeo or <repo>/.build/<triple>/<config>/zipgeo.
    let up1 = parent(binFolder)
    let up2 = parent(up1)
    if name(of: up1) == ".build" {
      folders.append(parent(up1) + "/data")
    } else if name(of: up2) == ".build" {
      folders.append(parent(up2) + "/data")
    }
    return folders
  }

  /// The installed loadable extension: `<prefix>/lib/zipgeo/zipgeo.so` for `<prefix>/bin/zipgeo`,
  /// or `libZipgeo.so` beside a binary built in a checkout (`.build/<config>/`).
  static func loadableExtension(besideBinary executable: String?) -> String? {
    guard let executable else { return nil }
    let binFolder = parent(executable)
    #if canImport(Darwin)
      let suffix = "dylib"
    #else
      let suffix = "so"
    #endif
    let candidates = [parent(binFolder) + "/lib/zipgeo/zipgeo.\(suffix)", binFolder + "/libZipgeo.\(suffix)"]
    return candidates.first(where: isFile)
  }

  /// `/a/b` for `/a/b/c`; `/` for `/a`.
  static func parent(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func name(of path: String) -> String {
    path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
  }

  static func withoutTrailingSlash(_ path: String) -> String {
    var path = path
    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
    return path
  }

  /// Whether `path` is a regular file (links followed).
  static func isFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
  }
}
