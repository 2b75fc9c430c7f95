import Foundation
import TestSupport
import Testing

/// Runs the built extension the way its users do: in the stock sqlite3 shell and in the system
/// Python, with nothing on the library path.
@Suite struct ExtensionTests {
  static let library = buildProductsFolder.appendingPathComponent("libZipgeo.so")
  /// What users type: SQLite appends `.so` and derives the entry point from the name.
  static let loadPath = buildProductsFolder.appendingPathComponent("libZipgeo").path
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
  static let sqlite3 = URL(fileURLWithPath: "/usr/bin/sqlite3")
  static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  static let zipsCSV = zipsCSVPath

  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
    try #require(
      FileManager.default.fileExists(atPath: Self.library.path), "swift build makes \(Self.library.path)")
  }

  /// A zipgeo database of data/zips.csv, made by the built `zipgeo` binary.
  func importedDatabase() throws -> String {
    let path = temporary.path("zipgeo.db")
    let result = try runCommand(Self.zipgeo, ["import", Self.zipsCSV, "--db", path])
    try #require(result.status == 0, "import failed: \(result.err)")
    return path
  }

  /// Runs an SQL test file in the stock shell; every line it prints must be `label|1`.
  func runSQLFile(_ name: String, database: String = ":memory:") throws {
    let sql = try String(
      contentsOf: Self.testsFolder.appendingPathComponent("sql/\(name)"), encoding: .utf8)
    let result = try runCommand(
      Self.sqlite3, ["-bail", "-cmd", ".load \(Self.loadPath)", database], input: sql, environment: [:])
    #expect(result.status == 0)
    #expect(result.err.isEmpty, "\(result.err)")
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == sql.components(separatedBy: "\nSELECT '").count - 1 + (sql.hasPrefix("SELECT '") ? 1 : 0))
    for line in lines {
      #expect(line.hasSuffix("|1"), "\(name): \(line)")
    }
  }

  @Test(arguments: ["distance.sql", "units.sql", "geodesic.sql"])
  func sqlChecksPassInTheStockShell(file: String) throws {
    try runSQLFile(file)
  }

  @Test func radiusQueriesWorkOnAZipgeoDatabaseInTheStockShell() throws {
    try runSQLFile("zips.sql", database: try importedDatabase())
  }

  @Test func tableFunctionsBehaveAsTablesInTheStockShell() throws {
    try runSQLFile("tables.sql", database: try importedDatabase())
  }

  @Test func aViewThatCallsATableFunctionWorksWhenTheSchemaIsNotTrusted() throws {
    let db = try importedDatabase()
    let create = try runCommand(
      Self.sqlite3,
      ["-cmd", ".load \(Self.loadPath)", db, "CREATE VIEW plano AS SELECT zip FROM zipgeo_near('75075', 10);"])
    try #require(create.status == 0, "\(create.err)")
    let result = try runCommand(
      Self.sqlite3,
      ["-cmd", ".load \(Self.loadPath)", "-cmd", "PRAGMA trusted_schema=OFF", db, "SELECT count(*) FROM plano;"],
      environment: [:])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "14\n", "\(result.out)\(result.err)")
  }

  /// The view keeps the columns' declared types (REAL coordinates), so the searches take it for
  /// a zipgeo table and run into it: only the re-entry check stops the recursion.
  @Test func aZipsViewThatCallsZipgeoNearIsAnErrorNotACrash() throws {
    let db = try importedDatabase()
    let create = try runCommand(
      Self.sqlite3,
      [
        "-cmd", ".load \(Self.loadPath)", db,
        """
        ALTER TABLE zips RENAME TO all_zips;
        CREATE VIEW zips AS SELECT a.* FROM all_zips a JOIN zipgeo_near('75075', 10) n ON n.zip = a.zip;
        """,
      ])
    try #require(create.status == 0, "\(create.err)")
    // Refused before it reads the view, whose rows would call it again (the re-entry check is the
    // last line of defence).
    let message = "zipgeo_near(): the zips table cannot be searched: it is a view"
    for sql in ["SELECT count(*) FROM zips;", "SELECT count(*) FROM zipgeo_near('75075', 10);"] {
      let shell = try runCommand(Self.sqlite3, ["-cmd", ".load \(Self.loadPath)", db, sql], environment: [:])
      #expect(!shell.wasSignalled, "signal \(shell.status)")
      #expect(shell.status == 1)
      #expect(shell.err.contains(message), "\(sql): \(shell.err)")
      // And the host can still close the connection.
      #expect(!shell.err.contains("unable to close"), "\(sql): \(shell.err)")
    }
    let python = """
      import sqlite3, sys
      con = sqlite3.connect(sys.argv[2])
      con.enable_load_extension(True)
      con.load_extension(sys.argv[1])
      try:
          con.execute("SELECT count(*) FROM zips").fetchall()
      except sqlite3.OperationalError as e:
          print(e)
      """
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-c", python, Self.loadPath, db], environment: [:])
    #expect(!result.wasSignalled, "signal \(result.status)")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains(message), "\(result.out)\(result.err)")
  }

  /// A view of the database file that calls the function the query runs (here `countries`, which
  /// `zipgeo_nearest`'s country check reads) left a prepared statement holding the function's
  /// table: the host could never close the connection, and a host that opens such a file again
  /// and again ran out of file descriptors.
  @Test func aViewThatCallsTheRunningFunctionLeavesTheConnectionClosable() throws {
    let db = try importedDatabase()
    let create = try runCommand(
      Self.sqlite3,
      [
        "-cmd", ".load \(Self.loadPath)", db,
        """
        ALTER TABLE countries RENAME TO all_countries;
        CREATE VIEW countries AS SELECT c.* FROM all_countries c
          WHERE (SELECT count(*) FROM zipgeo_nearest(0, 0, 1)) >= 0;
        """,
      ])
    try #require(create.status == 0, "\(create.err)")
    let shell = try runCommand(
      Self.sqlite3,
      ["-cmd", ".load \(Self.loadPath)", db, "SELECT count(*) FROM zipgeo_nearest(33.02, -96.74, 3, 'sphere', 'US');"],
      environment: [:])
    #expect(shell.out == "3\n")
    #expect(shell.status == 0 && shell.err.isEmpty, "\(shell.err)")
    let python = """
      import os, sqlite3, sys
      def files():
          return len(os.listdir("/proc/self/fd"))
      before = files()
      for _ in range(50):
          con = sqlite3.connect(sys.argv[2])
          con.enable_load_extension(True)
          con.load_extension(sys.argv[1])
          con.execute("SELECT count(*) FROM zipgeo_nearest(33.02, -96.74, 3, 'sphere', 'US')").fetchall()
          con.close()
      print(files() - before)
      """
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-c", python, Self.loadPath, db], environment: [:])
    #expect(!result.wasSignalled, "signal \(result.status)")
    #expect(result.out == "0\n", "open files grew by \(result.out)\(result.err)")
  }

  @Test func errorsInTheShellNameTheFunctionAndTheArgument() throws {
    let cases = [
      ("SELECT distance(33, 'abc', 0, 0);", "distance(): lon1 (argument 2) is not a number: 'abc'"),
      ("SELECT distance(91.5, 0, 0, 0);", "distance(): lat1 (argument 1) is 91.5, outside [-90, 90]"),
      ("SELECT distance(0, 0, x'00', 0);", "distance(): lat2 (argument 3) is a blob, not a number"),
      (
        "SELECT distance(0, 0, 1, 1, 'furlong');",
        "distance(): unknown unit 'furlong' (argument 5); use one of 'km', 'm', 'mi', 'nmi', 'ft'"
      ),
      ("SELECT distance(0, 0, 1);", "wrong number of arguments to function distance()"),
      ("SELECT distance(0, 1e308 * 10, 0, 0);", "distance(): lon1 (argument 2) is inf, not a finite number"),
      ("SELECT distance(-1e308, 0, 0, 0, 'mi');", "distance(): lat1 (argument 1) is -1e+308, outside [-90, 90]"),
      ("SELECT distance(0, 0, 0, 0, 5);", "distance(): unit (argument 5) must be text"),
      ("SELECT geodesic_distance(0, 0, 95, 0);", "geodesic_distance(): lat2 (argument 3) is 95.0, outside [-90, 90]"),
      ("SELECT geodesic_distance(0, 'x', 0, 0);", "geodesic_distance(): lon1 (argument 2) is not a number: 'x'"),
      (
        "SELECT geodesic_distance(0, 0, 1, 1, 'yd');",
        "geodesic_distance(): unknown unit 'yd' (argument 5); use one of 'km', 'm', 'mi', 'nmi', 'ft'"
      ),
      (
        "SELECT * FROM zipgeo_within(0, 0, 5, 'km', 'flat');",
        "zipgeo_within(): unknown model 'flat' (argument 5); use 'sphere', 'wgs84'"
      ),
      (
        "SELECT * FROM zipgeo_cover(0, 0, 5, 'km', x'00');",
        "zipgeo_cover(): model (argument 5) must be text, one of 'sphere', 'wgs84'"
      ),
    ]
    for (sql, message) in cases {
      let result = try runCommand(Self.sqlite3, ["-cmd", ".load \(Self.loadPath)", ":memory:", sql])
      #expect(result.status != 0)
      #expect(result.err.contains(message), "\(sql): \(result.err)")
    }
  }

  @Test func strangeArgumentsNeverCrashTheHost() throws {
    let sql = """
      SELECT typeof(distance(1e308, 1e308, -1e308, 1)) IS NOT NULL;
      SELECT distance(0, 9e18, 0, -9e18) >= 0;
      SELECT distance(zeroblob(1000000), 0, 0, 0);
      SELECT distance(0, 0, 0, 0, zeroblob(10));
      SELECT distance(0, 0, 0, 0, '');
      SELECT distance('1e999', 0, 0, 0);
      SELECT distance(0, '-1e999', 0, 0);
      SELECT distance(0, 0, 0, 0, printf('%.*c', 100000, 'x'));
      SELECT 'alive';
      """
    let result = try runCommand(Self.sqlite3, ["-cmd", ".load \(Self.loadPath)", ":memory:"], input: sql)
    #expect(result.out.hasSuffix("alive\n"), "\(result.out) \(result.err)")
    #expect(!result.err.contains("Segmentation") && !result.err.contains("Aborted"))
  }

  /// Loading again registers every function again: SQLite then drops the old table functions'
  /// registration before it disconnects the tables a query connected (a use after free, and a
  /// segfault, until each table kept its own reference). Each order of loads and queries, and
  /// through the stock shell and Python both.
  @Test func loadingTheExtensionAgainAfterItsTableFunctionsRanNeverCrashesTheHost() throws {
    let database = try importedDatabase()
    let sql = """
      SELECT count(*) FROM zipgeo_near('75075', 10);
      .load \(Self.loadPath)
      SELECT count(*) FROM zipgeo_near('75075', 10);
      SELECT count(*) FROM zipgeo_nearest(33, -96, 3);
      .load \(Self.loadPath)
      .load \(Self.loadPath)
      SELECT count(*) FROM zipgeo_within(33, -96, 10);
      SELECT zip FROM zipgeo_near('75075', 10) LIMIT 1;
      """
    let shell = try runCommand(Self.sqlite3, ["-cmd", ".load \(Self.loadPath)", database], input: sql)
    #expect(!shell.wasSignalled, "signal \(shell.status): \(shell.err)")
    #expect(shell.status == 0, "\(shell.err)")
    #expect(shell.out == "14\n14\n3\n2\n75075\n", "\(shell.out)\(shell.err)")
    let python = """
      import sqlite3, sys
      connection = sqlite3.connect(sys.argv[2])
      connection.enable_load_extension(True)
      answers = []
      for _ in range(3):
          connection.load_extension(sys.argv[1])
          answers.append(connection.execute("SELECT count(*) FROM zipgeo_near('75075', 10)").fetchone()[0])
          answers.append(connection.execute("SELECT count(*) FROM zipgeo_nearest(33, -96, 3)").fetchone()[0])
      connection.close()
      print(answers)
      """
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-c", python, Self.loadPath, database], environment: [:])
    #expect(!result.wasSignalled, "signal \(result.status): \(result.err)")
    #expect(result.out == "[14, 3, 14, 3, 14, 3]\n", "\(result.out)\(result.err)")
  }

  @Test func pythonsSqlite3ModuleLoadsItWithAnEmptyEnvironment() throws {
    let script = Self.testsFolder.appendingPathComponent("python/check_extension.py").path
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"), [script, Self.loadPath, try importedDatabase()], environment: [:])
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.hasSuffix(" passed, 0 failed\n"), "\(result.out)")
  }

  /// The streaming cursor as Python drives it: half read and its connection closed, two at once,
  /// the order consumed, and a commit by another connection and by `zipgeo import` midway
  /// (`python/cursors.py`).
  @Test func pythonCursorsStreamOneVersionAndSurviveTheirConnectionsClose() throws {
    let script = Self.testsFolder.appendingPathComponent("python/cursors.py").path
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"), [script, Self.loadPath, try importedDatabase(), Self.zipgeo.path],
      environment: [:])
    #expect(!result.wasSignalled, "signal \(result.status): \(result.err)")
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.hasSuffix("16 passed, 0 failed\n"), "\(result.out)")
  }

  @Test func theLibraryCallsNoSQLiteSymbolOfItsOwn() throws {
    let undefined = try runCommand(URL(fileURLWithPath: "/usr/bin/nm"), ["-D", "--undefined-only", Self.library.path])
    #expect(undefined.status == 0)
    let sqliteSymbols = undefined.out.split(separator: "\n").filter { $0.contains("sqlite3") }
    #expect(sqliteSymbols.isEmpty, "\(sqliteSymbols)")
  }

  @Test func theLibraryExportsOnlyItsEntryPoint() throws {
    let defined = try runCommand(URL(fileURLWithPath: "/usr/bin/nm"), ["-D", "--defined-only", Self.library.path])
    #expect(defined.status == 0)
    // Nothing else is in the dynamic symbol table, not even as a local: the Swift runtime and
    // zipgeo's own types inside cannot clash with the host's libraries, and users see one name.
    let symbols = defined.out.split(separator: "\n").map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
    #expect(symbols == ["T sqlite3_zipgeo_init"], "\(defined.out)")
  }

  /// - `worker`: a thread opens a connection, loads, queries, closes it and ends, 50 times;
  /// - `main`: the thread loads and queries, and the main thread closes the connection after it ended;
  /// - `parallel`: four threads at once, each with its own connection, 50 times.
  @Test(arguments: ["worker", "main", "parallel"])
  func pythonThreadsThatLoadTheExtensionAndEndLeaveTheHostRunning(mode: String) throws {
    let script = Self.testsFolder.appendingPathComponent("python/threads.py").path
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"), [script, Self.loadPath, try importedDatabase(), mode, "50"],
      environment: [:])
    #expect(!result.wasSignalled, "signal \(result.status): \(result.err)")
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out == "ok 50\n", "\(result.out)\(result.err)")
  }

  /// A process with two SQLite libraries (Python's sqlite3 module and a wheel that brings its
  /// own, such as apsw): the one that loads zipgeo first keeps it, the other is refused with a
  /// message, in either order, also after the first was unloaded, and the process lives on.
  @Test(arguments: ["module-first", "copy-first", "copy-unloaded"])
  func aSecondSQLiteLibraryInTheProcessIsRefusedNotCrashed(order: String) throws {
    let script = Self.testsFolder.appendingPathComponent("python/two_libraries.py").path
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"), [script, Self.library.path, order], environment: [:])
    #expect(!result.wasSignalled, "signal \(result.status): \(result.err)")
    #expect(result.status == 0 && result.out == "ok\n", "\(result.out)\(result.err)")
  }

  @Test func theLibraryCarriesTheSwiftRuntimeInside() throws {
    let ldd = try runCommand(URL(fileURLWithPath: "/usr/bin/ldd"), [Self.library.path], environment: [:])
    #expect(ldd.status == 0)
    #expect(!ldd.out.contains("libswift"), "\(ldd.out)")
    #expect(!ldd.out.contains("not found"), "\(ldd.out)")
    #expect(!ldd.out.contains("libsqlite3"), "\(ldd.out)")
  }

  /// The libraries the extension needs (readelf's NEEDED entries) are the C and C++ runtime that
  /// every process with SQLite already has. Any other would have to be on each machine that loads
  /// zipgeo and would be loaded into each host: libarchive (with libxml2, ICU and nettle behind
  /// it) and zlib, which only the command line's ArchiveInput may link, are the ones to keep out.
  @Test func theLibraryNeedsNothingButTheCAndCPlusPlusRuntime() throws {
    let dynamic = try runCommand(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", "-W", Self.library.path])
    #expect(dynamic.status == 0, "\(dynamic.err)")
    // ` 0x0000000000000001 (NEEDED)             Shared library: [libc.so.6]`
    let needed = dynamic.out.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap {
      $0.split(separator: "[").last?.split(separator: "]").first.map(String.init)
    }
    #expect(needed.contains("libc.so.6"), "readelf printed no NEEDED entry as expected:\n\(dynamic.out)")
    let runtime = [
      "libc.so", "libm.so", "libdl.so", "libpthread.so", "librt.so", "libstdc++.so", "libgcc_s.so", "ld-linux",
    ]
    let others = needed.filter { name in !runtime.contains { name.hasPrefix($0) } }
    #expect(others.isEmpty, "libZipgeo.so needs \(others)")
  }

  @Test func theCommandLineAndTheExtensionGiveTheSameDistances() throws {
    let db = try importedDatabase()
    let cli = try runCommand(Self.zipgeo, ["distance", "75075", "10001", "--db", db])
    let sql = """
      SELECT printf('sphere  %.2f  %.2f', distance(a.lat, a.lon, b.lat, b.lon), distance(a.lat, a.lon, b.lat, b.lon, 'mi')),
        printf('wgs84   %.2f  %.2f', geodesic_distance(a.lat, a.lon, b.lat, b.lon),
          geodesic_distance(a.lat, a.lon, b.lat, b.lon, 'mi'))
      FROM zips a, zips b WHERE a.zip = '75075' AND b.zip = '10001';
      """
    let ext = try runCommand(Self.sqlite3, ["-separator", "\n", "-cmd", ".load \(Self.loadPath)", db, sql])
    let cliRows = cli.out.split(separator: "\n").dropFirst(2).map {
      $0.split(separator: " ").prefix(3).joined(separator: " ")
    }
    let extRows = ext.out.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    #expect(cliRows == extRows, "\(cli.out) vs \(ext.out)")

    let near = try runCommand(Self.zipgeo, ["near", "75075", "--km", "10", "--db", db])
    let nearRows = near.out.split(separator: "\n").dropFirst().map { line in
      let cells = line.split(separator: " ", omittingEmptySubsequences: true)
      return "\(cells.first!)|\(cells.last!)"
    }
    let nearSQL = """
      SELECT zip, printf('%.2f', distance(c.lat, c.lon, z.lat, z.lon)) AS km
      FROM zips z, (SELECT lat, lon FROM zips WHERE zip = '75075') c
      WHERE distance(c.lat, c.lon, z.lat, z.lon) <= 10 ORDER BY distance(c.lat, c.lon, z.lat, z.lon), zip;
      """
    let extNearRows = try runCommand(Self.sqlite3, ["-cmd", ".load \(Self.loadPath)", db, nearSQL]).out
      .split(separator: "\n").map(String.init)
    #expect(nearRows == extNearRows)
    #expect(nearRows.count == 14)
  }
}
