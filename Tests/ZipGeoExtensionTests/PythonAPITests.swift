import Foundation
import TestSupport
import Testing

/// zipgeo_sqlite's API without SQL (`connect`, `lookup`, `distance`, `near`, `nearest`, `search`),
/// run by /usr/bin/python3 from the repository's `python/` folder with this build's extension,
/// offline and without pandas.
@Suite struct PythonAPITests {
  static let python = URL(fileURLWithPath: "/usr/bin/python3")
  static let scripts = ExtensionTests.testsFolder.appendingPathComponent("python")
  static let package = PythonWheelTests.repository.appendingPathComponent("python")

  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
    try #require(
      FileManager.default.fileExists(atPath: ExtensionTests.library.path),
      "swift build makes \(ExtensionTests.library.path)")
  }

  /// A zipgeo database of data/zips.csv, made by the built `zipgeo` binary.
  func importedDatabase() throws -> String {
    let path = temporary.path("zipgeo.db")
    let result = try runCommand(ExtensionTests.zipgeo, ["import", zipsCSVPath, "--db", path])
    try #require(result.status == 0, "import failed: \(result.err)")
    return path
  }

  /// `python/api.py`: one code and 100,000 (in one query), unknown, empty, None, NaN, numbers,
  /// ZIP+4, odd text; distances, near, nearest, search; missing and foreign database files; the
  /// world's codes, whose state names are the same in a list as alone.
  @Test func lookupsDistancesAndSearchesAnswerAsZipgeosSQLFunctions() throws {
    let script = Self.scripts.appendingPathComponent("api.py").path
    let result = try runCommand(
      Self.python,
      [script, ExtensionTests.loadPath, Self.package.path, try importedDatabase(), try WorldDatabase.path()],
      environment: ["PYTHONDONTWRITEBYTECODE": "1"], timeLimit: 300)
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.hasSuffix(" passed, 0 failed\n"), "\(result.out)\(result.err)")
    #expect(!result.out.contains("FAIL"), "\(result.out)")
  }

  /// `python/frame_columns.py` without numpy and pandas (lists in, lists out): `frame.resolve`
  /// is `zipgeo_lookup` value by value, `frame.distance` is `distance()` and `geodesic_distance()`
  /// to the last bit, `frame.nearest` is `zipgeo_nearest`. `PythonPgeocodeTests` runs it with them.
  @Test func wholeColumnsAnswerAsZipgeosSQLFunctionsWithoutNumpyOrPandas() throws {
    let result = try Self.runFrameChecks(Self.python, us: try importedDatabase())
    #expect(result.out.hasPrefix("numpy and pandas: no\n"), "\(result.out)")
  }

  /// Runs `python/frame_columns.py` with `python`, and expects every check to pass.
  static func runFrameChecks(_ python: URL, us: String) throws -> CommandResult {
    let script = scripts.appendingPathComponent("frame_columns.py").path
    let result = try runCommand(
      python,
      [script, ExtensionTests.loadPath, package.path, us, try WorldDatabase.path(), ExtensionTests.zipgeo.path],
      environment: ["PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"], timeLimit: 300)
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.hasSuffix(" passed, 0 failed\n"), "\(result.out)\(result.err)")
    #expect(!result.out.contains("FAIL"), "\(result.out)")
    return result
  }

  /// What is in the current folder when `zipgeo where` and `database_location()` look.
  enum CurrentFolder: String, CaseIterable, Sendable {
    case noDatabase = "no zipgeo.db"
    case emptyFile = "an empty zipgeo.db"
    case database = "a zipgeo.db"
    case folder = "a folder zipgeo.db"
  }

  static let locations: [([String: String], CurrentFolder)] =
    [
      [:], ["HOME": "/home/u"], ["HOME": "/home/u///"], ["HOME": "home/u"], ["HOME": "/"],
      ["HOME": "/home/u", "XDG_DATA_HOME": "/data/"], ["HOME": "/home/u", "XDG_DATA_HOME": "data"],
      ["HOME": "/home/u", "XDG_DATA_HOME": ""], ["XDG_DATA_HOME": "/"], ["HOME": "home", "XDG_DATA_HOME": "/x"],
      ["HOME": "/home/u", "ZIPGEO_DB": "/elsewhere/z.db"], ["HOME": "/home/u", "ZIPGEO_DB": ""],
      ["ZIPGEO_DB": "relative.db"],
    ].map { ($0, CurrentFolder.noDatabase) }
    + CurrentFolder.allCases.map { (["HOME": "/home/u"], $0) }
    + CurrentFolder.allCases.map { ([:], $0) }
    + [(["HOME": "/home/u", "ZIPGEO_DB": "/elsewhere/z.db"], .database)]

  /// `connect()` opens the database `zipgeo` reads: `database_location()` and
  /// `zipgeo where --format json` name the same file, for the same reason, in each environment.
  @Test(arguments: locations)
  func connectChoosesTheDatabaseZipgeoWhereNames(environment: [String: String], folder: CurrentFolder) throws {
    let files = FileManager.default
    let path = temporary.path("zipgeo.db")
    switch folder {
    case .noDatabase: break
    case .emptyFile: #expect(files.createFile(atPath: path, contents: Data()))
    case .database: #expect(files.createFile(atPath: path, contents: Data("SQLite format 3\0".utf8)))
    case .folder: try files.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    let zipgeo = try runCommand(
      ExtensionTests.zipgeo, ["where", "--format", "json"], in: temporary.url, environment: environment)
    try #require(zipgeo.status == 0, "\(zipgeo.err)")
    let rows = try #require(try JSONSerialization.jsonObject(with: Data(zipgeo.out.utf8)) as? [[String: Any]])
    let cli = try #require(rows.first)
    let script = "import json, zipgeo_sqlite; print(json.dumps(zipgeo_sqlite.database_location()))"
    let python = try runCommand(
      Self.python, ["-c", script], in: temporary.url,
      environment: environment.merging(
        ["PYTHONPATH": Self.package.path, "PYTHONDONTWRITEBYTECODE": "1"], uniquingKeysWith: { $1 }))
    try #require(python.status == 0, "\(python.err)")
    let answer = try #require(try JSONSerialization.jsonObject(with: Data(python.out.utf8)) as? [String])
    #expect(answer == [cli["database"] as? String, cli["chosen_by"] as? String], "\(environment), \(folder.rawValue)")
  }

  /// An explicit path is the path, whatever the environment says.
  @Test func aPathGivenToConnectIsTheDatabaseWhateverTheEnvironment() throws {
    let script = """
      import json, zipgeo_sqlite, pathlib
      print(json.dumps([zipgeo_sqlite.database_location("mine.db"), zipgeo_sqlite.database_location(pathlib.Path("/a/b.db"))]))
      """
    let python = try runCommand(
      Self.python, ["-c", script], in: temporary.url,
      environment: ["PYTHONPATH": Self.package.path, "ZIPGEO_DB": "/z.db", "HOME": "/home/u"])
    #expect(python.out == "[[\"mine.db\", \"path\"], [\"/a/b.db\", \"path\"]]\n", "\(python.err)")
  }

  /// Without pandas (hidden here when this Python has it): the plain API works, importing it
  /// imports no pandas, and what needs pandas says how to install it.
  @Test func withoutPandasListsWorkAndFramesAndThePgeocodeLayerSayHowToInstallIt() throws {
    let script = """
      import sys
      sys.modules["pandas"] = None  # as if pandas were not installed
      import zipgeo_sqlite
      zipgeo_sqlite.loadable_path = lambda: sys.argv[1]
      db = zipgeo_sqlite.connect(sys.argv[2])
      print(db.lookup("75075-1234").zip, db.near("75075", km=4)[-1].zip)
      try:
          db.lookup(["75075"], as_frame=True)
      except ImportError as e:
          print(e)
      try:
          import zipgeo_sqlite.pgeocode
      except ImportError as e:
          print(e)
      """
    let result = try runCommand(
      Self.python, ["-c", script, ExtensionTests.loadPath, try importedDatabase()],
      environment: ["PYTHONPATH": Self.package.path, "PYTHONDONTWRITEBYTECODE": "1"])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out == """
        75075 75086
        as_frame=True needs pandas: pip install pandas
        zipgeo_sqlite.pgeocode returns pandas DataFrames, as pgeocode does, and needs pandas: pip install pandas

        """, "\(result.err)")
  }
}
