import Foundation
import TestSupport
import Testing

/// Output formats, `zipgeo sql`, progress, help and completion scripts, through the built binary;
/// machine-readable output is checked by real parsers (Python's json and csv modules).
@Suite struct OutputTests {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
  static let python = URL(fileURLWithPath: "/usr/bin/python3")
  static let zipsCSV = zipsCSVPath

  let temporary: TemporaryFolder
  var database: String { temporary.path("zipgeo.db") }

  init() throws {
    temporary = try TemporaryFolder()
    let result = try runCommand(Self.zipgeo, ["import", Self.zipsCSV, "--db", temporary.path("zipgeo.db")])
    try #require(result.status == 0, "\(result.err)")
  }

  func zipgeo(_ arguments: String...) throws -> CommandResult {
    try runCommand(Self.zipgeo, arguments + ["--db", database], in: temporary.url)
  }

  /// Runs a Python program on `input` and returns what it prints.
  func python(_ program: String, input: String) throws -> String {
    let result = try runCommand(Self.python, ["-c", program], input: input)
    #expect(result.status == 0, "\(result.err)")
    return result.out
  }

  @Test func jsonIsAnArrayOfObjectsWithTypedNumbersAndTextZips() throws {
    let out = try zipgeo("near", "75075", "--km", "10", "--format", "json").out
    let checked = try python(
      """
      import json, sys
      rows = json.load(sys.stdin)
      assert len(rows) == 14, len(rows)
      first = rows[0]
      assert first["zip"] == "75075" and first["distance_km"] == 0.0, first
      assert all(isinstance(r["lat"], float) and isinstance(r["distance_km"], float) for r in rows)
      assert [r["distance_km"] for r in rows] == sorted(r["distance_km"] for r in rows)
      print("ok")
      """, input: out)
    #expect(checked == "ok\n")
  }

  @Test func leadingZerosSurviveEveryFormat() throws {
    for format in ["csv", "tsv", "json", "ndjson", "geojson", "table"] {
      let out = try zipgeo("info", "00501", "--format", format).out
      #expect(out.contains("00501"), "\(format): \(out)")
    }
    let csv = try zipgeo("info", "01001", "--format", "csv").out
    let parsed = try python(
      "import csv, sys\nrows = list(csv.DictReader(sys.stdin))\n"
        + "print(rows[0]['zip'], rows[0]['county'], rows[0]['lat'])",
      input: csv)
    #expect(parsed == "01001 Hampden 42.0702\n")
  }

  @Test func csvFollowsRFC4180AndTSVHasOneLinePerRow() throws {
    let csv = try zipgeo("sql", "SELECT 'a,b' AS x, 'say \"hi\"' AS y, 'two\nlines' AS z", "--format", "csv").out
    #expect(csv == "x,y,z\r\n\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
    let parsed = try python("import csv, sys\nprint(list(csv.reader(sys.stdin))[1])", input: csv)
    #expect(parsed == "['a,b', 'say \"hi\"', 'two\\nlines']\n")
    let tsv = try zipgeo("sql", "SELECT 'a\tb' AS x, 'two\nlines' AS y", "--format", "tsv").out
    #expect(tsv == "x\ty\na b\ttwo lines\n")
  }

  @Test func ndjsonIsOneObjectPerLine() throws {
    let out = try zipgeo("near", "75075", "--mi", "3", "--format", "ndjson").out
    let checked = try python(
      "import json, sys\nrows = [json.loads(l) for l in sys.stdin]\nprint(len(rows), rows[0]['distance_mi'])",
      input: out)
    #expect(checked == "5 0.0\n")
  }

  @Test func geojsonIsAFeatureCollectionOfPointsInLonLatOrderWithTheQuery() throws {
    let out = try zipgeo("near", "75075", "--km", "10", "--format", "geojson").out
    let checked = try python(
      """
      import json, sys
      g = json.load(sys.stdin)
      assert g["type"] == "FeatureCollection"
      assert g["properties"] == {
          "center": "75075", "center_country": "US", "center_lat": 33.025, "center_lon": -96.7397,
          "radius": 10.0, "unit": "km", "model": "sphere"}
      f = g["features"][0]
      assert f["type"] == "Feature" and f["geometry"] == {"type": "Point", "coordinates": [-96.7397, 33.025]}
      assert f["properties"]["zip"] == "75075" and f["properties"]["distance_km"] == 0.0
      assert f["properties"]["country"] == "US" and f["properties"]["accuracy"] is None
      print(len(g["features"]))
      """, input: out)
    #expect(checked == "14\n")
    let distance = try zipgeo("distance", "75075", "10001", "--format", "geojson").out
    let both = try python(
      "import json, sys\ng = json.load(sys.stdin)\nprint(len(g['features']), round(g['properties']['distance_km'], 2))",
      input: distance)
    #expect(both == "2 2189.2\n")
  }

  @Test func theCommittedGeoJSONExampleIsWhatNearPrintsToday() throws {
    let committed = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/near-75075-10km.geojson").standardized,
      encoding: .utf8)
    #expect(try zipgeo("near", "75075", "--km", "10", "--format", "geojson").out == committed)
  }

  @Test func distanceInMachineFormatsCarriesBothUnits() throws {
    let out = try zipgeo("distance", "75075", "10001", "--format", "json").out
    let checked = try python(
      "import json, sys\nr = json.load(sys.stdin)[0]\n"
        + "print(r['zip1'], r['zip2'], round(r['distance_km'], 2), round(r['distance_mi'], 2))",
      input: out)
    #expect(checked == "75075 10001 2189.2 1360.3\n")
  }

  @Test func anUnknownFormatIsAUsageError() throws {
    let result = try zipgeo("near", "75075", "--km", "1", "--format", "xml")
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("Error: The value 'xml' is invalid for '--format <format>'"))
  }

  // MARK: - zipgeo sql

  @Test func sqlRunsWithZipgeoFunctionsFromAnArgumentOrStandardInput() throws {
    let table = try zipgeo(
      "sql", "SELECT zip, round(distance(lat, lon, 33.025, -96.7397), 2) AS km FROM zips WHERE km < 4 ORDER BY km, zip")
    #expect(table.out == "zip      km\n75075   0.0\n75023  3.35\n75026  3.85\n75086  3.85\n")
    let piped = try runCommand(
      Self.zipgeo, ["sql", "--db", database, "--format", "json"],
      input: "SELECT COUNT(*) AS n FROM zips; SELECT zipgeo_version() AS v;")
    #expect(piped.out == "[{\"n\": 41487}]\n[{\"v\": \"0.2.0\"}]\n")
  }

  @Test func sqlIsReadOnlyUnlessWriteIsGiven() throws {
    let refused = try zipgeo("sql", "DELETE FROM zips")
    #expect(refused.status == 1)
    #expect(refused.err == "Error: 'DELETE FROM zips' would write, and zipgeo sql reads only; add --write to run it\n")
    #expect(try zipgeo("sql", "SELECT COUNT(*) FROM zips", "--format", "csv").out == "COUNT(*)\r\n41487\r\n")
    #expect(try zipgeo("sql", "DELETE FROM zips WHERE zip = '01001'", "--write").status == 0)
    #expect(try zipgeo("sql", "SELECT COUNT(*) FROM zips", "--format", "csv").out == "COUNT(*)\r\n41486\r\n")
  }

  /// A read-only connection still lets VACUUM INTO write any file: without --write only what
  /// SQLite reports as writing nothing runs (and `PRAGMA journal_mode`, which asks).
  @Test func sqlWithoutWriteWritesNoFileAnywhere() throws {
    let target = temporary.path("copy.db")
    for sql in [
      "VACUUM INTO '\(target)'", "VACUUM INTO 'file:\(target)?mode=rwc'", "PRAGMA journal_mode = DELETE",
      "PRAGMA user_version = 7", "SELECT 1; CREATE TABLE t(x)", "ATTACH '\(target)' AS other",
      // Settings of the connection or the process, which SQLite reports as writing nothing; one
      // sends temporary files to another folder.
      "PRAGMA temp_store_directory = '\(temporary.path("elsewhere"))'", "PRAGMA cache_size = 1",
      "PRAGMA mmap_size = 1000000", "PRAGMA locking_mode = EXCLUSIVE",
      // Disguised as the one pragma allowed without a value.
      "PRAGMA wal_checkpoint--.journal_mode", "PRAGMA journal_mode=WAL--.journal_mode",
      // SQLite applies the setting while preparing, even under EXPLAIN.
      "EXPLAIN PRAGMA cache_size = 7; PRAGMA cache_size", "EXPLAIN QUERY PLAN PRAGMA temp_store = 2",
    ] {
      let result = try zipgeo("sql", sql)
      #expect(result.status == 1, "\(sql)")
      #expect(result.err.hasPrefix("Error: "), "\(sql): \(result.err)")
      #expect(!FileManager.default.fileExists(atPath: target), "\(sql) made \(target)")
    }
    #expect(try zipgeo("sql", "PRAGMA journal_mode", "--format", "csv").out == "journal_mode\r\ndelete\r\n")
    #expect(try zipgeo("sql", "PRAGMA table_info(zips)", "--format", "csv").status == 0)
    #expect(try zipgeo("sql", "PRAGMA cache_size", "--format", "csv").status == 0)
    #expect(try zipgeo("sql", "BEGIN; SELECT COUNT(*) FROM zips; COMMIT", "--format", "csv").status == 0)
    #expect(try zipgeo("sql", "VACUUM INTO '\(target)'", "--write").status == 0)
    #expect(FileManager.default.fileExists(atPath: target))
  }

  @Test func sqlErrorsShowSQLitesMessageAndTheSQL() throws {
    let result = try zipgeo("sql", "SELECT * FROM nowhere")
    #expect(result.status == 1)
    #expect(result.err == "Error: SQLite error 1: no such table: nowhere - while executing `SELECT * FROM nowhere`\n")
  }

  // MARK: - Progress

  @Test func importShowsProgressOnATerminalAndNothingOtherwise() throws {
    var text = "zip,lat,lon\n"
    for i in 0..<150_000 { text += "P\(i),\(Double(i % 170) / 2 - 42),\(Double(i % 350) - 175)\n" }
    let csv = try temporary.write("progress.csv", text)
    // `script` gives the command a pseudo-terminal, as an interactive shell would.
    let command = "\(Self.zipgeo.path) import \(csv) --db \(temporary.path("p.db"))"
    let onTerminal = try runCommand(URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"])
    #expect(onTerminal.out.contains("importing \(csv): "), "\(onTerminal.out)")
    #expect(onTerminal.out.contains(" rows/s"))
    // The line does not stand still while the indexes are built.
    #expect(onTerminal.out.contains("importing \(csv): every row read, building the indexes"), "\(onTerminal.out)")
    #expect(onTerminal.out.contains("Imported 150000 zip codes"))
    let piped = try runCommand(Self.zipgeo, ["import", csv, "--db", temporary.path("q.db")])
    #expect(!piped.err.contains("rows/s"))
    #expect(piped.out.hasPrefix("Imported 150000 zip codes"))
    let quiet = try runCommand(Self.zipgeo, ["import", csv, "--db", temporary.path("r.db"), "--quiet"])
    #expect(quiet.status == 0 && quiet.out.isEmpty && quiet.err.isEmpty)
  }

  // MARK: - Help

  /// The exact help of `zipgeo` and of each subcommand, as committed in Help/Expected/*.txt.
  @Test(arguments: [
    "zipgeo", "import", "near", "nearest", "distance", "info", "search", "sql", "countries", "home", "where", "upgrade",
  ])
  func helpIsExactlyAsDocumented(command: String) throws {
    let expected = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Help/Expected/\(command).txt"),
      encoding: .utf8)
    let arguments = command == "zipgeo" ? ["--help"] : ["help", command]
    let result = try runCommand(Self.zipgeo, arguments)
    #expect(result.status == 0)
    #expect(result.out == expected)
    if command != "zipgeo" {
      #expect(try runCommand(Self.zipgeo, [command, "--help"]).out == expected)
      // Every subcommand's help has an overview, usage, options and two real examples.
      #expect(expected.contains("USAGE: ") && expected.contains("OPTIONS:") && expected.contains("EXAMPLES:"))
      #expect(
        expected.components(separatedBy: "\n  zipgeo ").count + expected.components(separatedBy: "\n  echo ").count >= 4
      )
    }
  }

  // MARK: - Completion scripts

  @Test func completionScriptsAreValidForTheirShells() throws {
    for (shell, checker) in [("bash", "/bin/bash"), ("zsh", "/usr/bin/zsh"), ("fish", "/usr/bin/fish")] {
      let script = try runCommand(Self.zipgeo, ["--generate-completion-script", shell])
      #expect(script.status == 0)
      guard FileManager.default.isExecutableFile(atPath: checker) else { continue }  // the shell is optional
      let path = try temporary.write("completion.\(shell)", script.out)
      let check = try runCommand(URL(fileURLWithPath: checker), ["-n", path])
      #expect(check.status == 0, "\(shell): \(check.err)")
    }
  }

  @Test func bashCompletionCompletesSubcommandsAndFormats() throws {
    let script = try temporary.write(
      "completion.bash", try runCommand(Self.zipgeo, ["--generate-completion-script", "bash"]).out)
    func complete(_ words: [String]) throws -> String {
      let line = words.map { "'\($0)'" }.joined(separator: " ")
      return try runCommand(
        URL(fileURLWithPath: "/bin/bash"),
        [
          "-c",
          "source \(script); COMP_WORDS=(\(line)); COMP_CWORD=\(words.count - 1); _zipgeo; echo \"${COMPREPLY[*]}\"",
        ]
      ).out
    }
    #expect(try complete(["zipgeo", "ne"]) == "near nearest\n")
    #expect(try complete(["zipgeo", "nearest", "1,2", "-"]).contains("-k"))
    #expect(try complete(["zipgeo", "near", "75075", "--format", "geo"]) == "geojson\n")
    #expect(try complete(["zipgeo", "sql", "--w"]) == "--write\n")
  }

  @Test func anUnknownShellIsAUsageError() throws {
    #expect(try runCommand(Self.zipgeo, ["--generate-completion-script", "tcsh"]).status == 64)
  }
}
