import Foundation
import TestSupport
import Testing

/// The loadable extension in /usr/bin/python3 and the command line answer the same questions on
/// the world database with the same rows, to the last digit. (From a code, the command line lists
/// the code's own places first, where SQL keeps to distance order: the same rows, compared as
/// sets; the command line's order has tests of its own, CenteredSearchTests.)
@Suite struct ExtensionWorldTests {
  /// The CLI's JSON rows and the table function's rows, both as Python sees them, compared.
  static let compare = """
    import json, sqlite3, subprocess, sys
    library, db, zipgeo = sys.argv[1:4]
    conn = sqlite3.connect(db)
    conn.enable_load_extension(True)
    conn.load_extension(library)
    conn.row_factory = sqlite3.Row
    checked = 0
    for line in sys.stdin.read().strip().split("\\n"):
        command, sql = line.split(" | ")
        cli = json.loads(subprocess.run([zipgeo] + command.split() + ["--db", db, "--format", "json", "--kind", "all"],
                                        capture_output=True, text=True, check=True).stdout)
        ext = [dict(row) for row in conn.execute(sql)]
        for row in ext:
            row["distance_km"] = row.pop("distance")
        if command.startswith("near "):
            key = lambda row: json.dumps(row, sort_keys=True)
            cli, ext = sorted(cli, key=key), sorted(ext, key=key)
        assert cli == ext, (command, cli[:3], ext[:3])
        assert cli, command
        checked += 1
    print(checked)
    """

  @Test func theCommandLineAndTheExtensionGiveTheSameRows() throws {
    let columns = "zip, place, state, county, lat, lon, country, accuracy, distance, state_name, kind"
    let cases = [
      "near DE:01945 --km 20 | SELECT \(columns) FROM zipgeo_near('DE:01945', 20)",
      "near 3000 --country CH --km 5 | SELECT \(columns) FROM zipgeo_near('CH:3000', 5)",
      "near 75075 --km 10 | SELECT \(columns) FROM zipgeo_near('75075', 10)",
      "nearest 35.6812,139.7671 -k 50 | SELECT \(columns) FROM zipgeo_nearest(35.6812, 139.7671, 50)",
      "nearest -44,-179.99 -k 5 | SELECT \(columns) FROM zipgeo_nearest(-44, -179.99, 5)",
      "nearest 47.56,7.59 -k 7 --country DE | SELECT \(columns) FROM zipgeo_nearest(47.56, 7.59, 7, 'sphere', 'DE')",
      "nearest 65,-179.5 -k 9 --model wgs84 | SELECT \(columns) FROM zipgeo_nearest(65, -179.5, 9, 'wgs84')",
      // Codes as people write them (the command line also says on standard error what it used).
      "near sw1a1aa --km 2 | SELECT \(columns) FROM zipgeo_near('SW1A 1AA', 2)",
      "near 75075-1234 --km 10 | SELECT \(columns) FROM zipgeo_near('75075-1234', 10)",
      "near 100-0001 --km 1 | SELECT \(columns) FROM zipgeo_near('jp:1000001', 1)",
    ]
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"),
      ["-c", Self.compare, ExtensionTests.loadPath, try WorldDatabase.path(), ExtensionTests.zipgeo.path],
      input: cases.joined(separator: "\n"), environment: [:])
    #expect(result.err.isEmpty, "\(result.err)")
    #expect(result.out == "\(cases.count)\n")
  }

  /// The stock sqlite3 shell finds codes as people write them, and says what a code no country
  /// has is.
  @Test func theStockShellFindsCodesAsPeopleWriteThem() throws {
    let sql = """
      .load \(ExtensionTests.loadPath)
      SELECT zip, country FROM zipgeo_near('K1A 0B1', 0.1);
      SELECT zip, country FROM zipgeo_near('l-1111', 0.01);
      SELECT zip, country FROM zipgeo_near('1000001', 1);
      """
    let result = try runCommand(ExtensionTests.sqlite3, [try WorldDatabase.path()], input: sql, environment: [:])
    #expect(result.out == "K1A|CA\nL-1111|LU\n")
    #expect(
      result.err.contains(
        "zipgeo_near(): '1000001' is a postal code in 2 countries: Chiyoda, JP; Lisboa, PT; write CC:1000001, or record"
          + " a home country in the database (zipgeo home CC)"), "\(result.err)")
  }

  /// A world-wide radius in /usr/bin/python3 with its address space limited: the answer streams,
  /// so the host neither aborts (the Swift runtime's "failed to allocate", when the whole answer
  /// was made first) nor holds the world; rows come nearest first; a LIMIT gives the nearest.
  ///
  /// Its memory is the host's own account of itself (`/proc/self/status`), before the world-wide
  /// pass (Python, SQLite, the extension, a first search) and after it: what the machine gives
  /// every process is left out. The address space left to the pass, and the memory it may add,
  /// are the database file's size: the whole answer took 500 MB, more than the file (290 MB).
  static let boundedHost = """
    import os, resource, sqlite3, sys
    library, db = sys.argv[1], sys.argv[2]

    def status(key):
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) * 1024

    conn = sqlite3.connect(db)
    conn.enable_load_extension(True)
    conn.load_extension(library)
    whole = conn.execute("SELECT count(*), sum(length(place)), 0 FROM zips").fetchone()
    first = conn.execute("SELECT zip, country FROM zipgeo_within(50.11, 8.68, 20000) LIMIT 10").fetchall()
    truth = conn.execute("SELECT zip, country FROM zips ORDER BY distance(50.11, 8.68, lat, lon), zip, country"
                         " LIMIT 10").fetchall()
    assert first == truth, (first, truth)
    size = os.path.getsize(db)
    before = status("VmHWM")
    room = status("VmSize") + size
    resource.setrlimit(resource.RLIMIT_AS, (room, room))
    # One pass over the world: every row, every place, and no row nearer than the one before it.
    found = conn.execute(
        "SELECT count(*), sum(length(place)), sum(distance < before) FROM"
        " (SELECT place, distance, lag(distance) OVER () AS before FROM zipgeo_within(0, 0, 1e300))").fetchone()
    assert found == whole, (found, whole)
    print(found[0], size, before, status("VmHWM"))
    """

  @Test func aWorldWideRadiusStreamsInAHostWithLittleMemory() throws {
    let world = try WorldDatabase.path()
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"), ["-c", Self.boundedHost, ExtensionTests.loadPath, world],
      environment: [:])
    try #require(result.status == 0, "\(result.err)")
    let numbers = result.out.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    try #require(numbers.count == 4, "\(result.out)")
    let (rows, size, before, after) = (numbers[0], numbers[1], numbers[2], numbers[3])
    // Every row of the world database.
    let count = try runCommand(ExtensionTests.sqlite3, [world, "SELECT count(*) FROM zips"], environment: [:])
    #expect(count.status == 0 && rows == Int(count.out.trimmingCharacters(in: .whitespacesAndNewlines)), "\(count)")
    // The rows near the frontier and SQLite's cache, not the whole answer.
    #expect(
      after - before < size,
      "peak resident memory \(before >> 20) MB before the pass, \(after >> 20) MB after, for \(size >> 20) MB of data")
  }

  /// The stock sqlite3 shell finds places by name as `zipgeo search` does, and says why it cannot.
  @Test func theStockShellFindsPlacesByName() throws {
    let sql = """
      .load \(ExtensionTests.loadPath)
      SELECT zip, place, match FROM zipgeo_search('MÜNCHEN', 'DE') LIMIT 2;
      SELECT zip, place FROM zipgeo_search('sao paulo') WHERE country = 'BR' AND match = 'exact';
      SELECT zip, place, match, edits FROM zipgeo_search('Straasborg') LIMIT 1;
      SELECT count(*) FROM zipgeo_search('plano') WHERE state = 'TX';
      SELECT count(*) FROM (SELECT * FROM zipgeo_search('s') LIMIT 3);
      SELECT count(*) FROM zipgeo_search('Plano', NULL);
      SELECT * FROM zipgeo_search('!?');
      """
    let result = try runCommand(ExtensionTests.sqlite3, [try WorldDatabase.path()], input: sql, environment: [:])
    #expect(
      result.out
        == "80331|München|exact\n80333|München|exact\n01000-000|São Paulo\n67000|Strasbourg|typo|2\n9\n3\n0\n")
    #expect(
      result.err.contains("zipgeo_search(): '!?' is not a place name: it has no letter or digit"), "\(result.err)")
  }

  /// The command line and the table function give the same rows for a name.
  @Test func theCommandLineAndTheExtensionFindTheSamePlaces() throws {
    let columns = "zip, place, state, county, lat, lon, country, accuracy, match, edits, state_name, kind"
    let script = """
      import json, sqlite3, subprocess, sys
      library, db, zipgeo = sys.argv[1:4]
      conn = sqlite3.connect(db)
      conn.enable_load_extension(True)
      conn.load_extension(library)
      conn.row_factory = sqlite3.Row
      for name, country in [("Plano", None), ("frankfurt", "DE"), ("paulo", None), ("Straasborg", None)]:
          command = [zipgeo, "search", name, "--db", db, "--format", "json", "--limit", "1000", "--kind", "all"]
          command += ["--country", country] if country else []
          cli = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
          # A NULL argument gives no rows, as in every table function: a country or none.
          sql = "SELECT \(columns) FROM zipgeo_search(?" + (", ?" if country else "") + ") LIMIT 1000"
          ext = [dict(row) for row in conn.execute(sql, (name, country) if country else (name,))]
          assert cli == ext and cli, (name, cli[:2], ext[:2])
      print("same")
      """
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"),
      ["-c", script, ExtensionTests.loadPath, try WorldDatabase.path(), ExtensionTests.zipgeo.path], environment: [:])
    #expect(result.out == "same\n", "\(result.err)")
  }
}

extension ExtensionWorldTests {
  /// `zipgeo_lookup` in /usr/bin/python3: a LEFT JOIN of thousands of customers, some codes
  /// unknown or NULL, keeps each customer once, and each code written resolves to the code
  /// `zipgeo info` finds for it.
  @Test func aLeftJoinOfCustomersToZipgeoLookupInPythonFindsWhatTheCommandLineFinds() throws {
    let script = """
      import json, random, sqlite3, subprocess, sys
      library, db, zipgeo = sys.argv[1:4]
      conn = sqlite3.connect(db)
      conn.enable_load_extension(True)
      conn.load_extension(library)
      random.seed(36)
      codes = [row[0] for row in conn.execute("SELECT country || ':' || zip FROM zips WHERE id % 613 = 0")]
      written = []
      for code in codes[:4000]:
          country, zip = code.split(":", 1)
          written.append(random.choice([code, zip.lower(), " " + zip + " ", zip.replace(" ", "")]))
      written += [None, "", "nowhere", "DE:", "3000"] * 20
      conn.execute("CREATE TEMP TABLE customers (id INTEGER PRIMARY KEY, postcode)")
      conn.executemany("INSERT INTO customers (postcode) VALUES (?)", [(w,) for w in written])
      rows = conn.execute(
          "SELECT c.id, c.postcode, l.country, l.zip FROM customers c LEFT JOIN zipgeo_lookup(c.postcode) l ORDER BY c.id"
      ).fetchall()
      assert len(rows) == len(written), (len(rows), len(written))
      assert sum(1 for row in rows if row[3] is None) >= 100
      checked = 0
      for _, code, country, zip in rows[::97]:
          if code is None:
              continue
          cli = subprocess.run([zipgeo, "info", code, "--db", db, "--format", "json"],
                               capture_output=True, text=True)
          found = {(row["country"], row["zip"]) for row in json.loads(cli.stdout)} if cli.returncode == 0 else set()
          assert found == ({(country, zip)} if zip is not None else set()), (code, found, country, zip)
          checked += 1
      print(checked)
      """
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/python3"),
      ["-c", script, ExtensionTests.loadPath, try WorldDatabase.path(), ExtensionTests.zipgeo.path], environment: [:])
    #expect(result.err.isEmpty, "\(result.err)")
    #expect((Int(result.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 30, "\(result.out)")
  }
}
