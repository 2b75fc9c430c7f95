import Foundation
import TestSupport
import Testing

/// The Python wheel as its users get it: `scripts/build-wheel.sh` (here with the debug products
/// of this build), `pip install` into a fresh venv of /usr/bin/python3, then `zipgeo_sqlite.load`,
/// `sqlite-utils query` and `datasette`, each with nothing on the command line about extensions.
@Suite struct PythonWheelTests {
  static let repository = ExtensionTests.testsFolder.appendingPathComponent("../..").standardized
  static let buildWheel = repository.appendingPathComponent("scripts/build-wheel.sh")
  static let systemPython = URL(fileURLWithPath: "/usr/bin/python3")
  /// `zipgeo near 75075 --km 10`, as README shows it.
  static let zipsNear75075 = [
    "75075", "75023", "75026", "75086", "75093", "75074", "75252", "75025", "75080", "75082", "75024", "75248",
    "75287", "75081",
  ]

  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
    try #require(
      FileManager.default.fileExists(atPath: ExtensionTests.library.path),
      "swift build makes \(ExtensionTests.library.path)")
  }

  /// The fenced block of docs/python.md's "Python, Datasette and sqlite-utils" that starts with
  /// `firstLine`, and the block after it: what it prints.
  static func readmeExample(startingWith firstLine: String) throws -> (code: String, output: String) {
    let readme = try String(contentsOf: repository.appendingPathComponent("docs/python.md"), encoding: .utf8)
    let section = try #require(readme.range(of: "\n## Python, Datasette and sqlite-utils\n"))
    // Inside a block at odd places; each block's first line is its language, or empty.
    let blocks = readme[section.upperBound...].components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }
      .map { $0.element.drop { $0 != "\n" }.dropFirst() }
    let index = try #require(blocks.firstIndex { $0.hasPrefix(firstLine) }, "README shows \(firstLine)")
    try #require(index + 1 < blocks.count)
    return (String(blocks[index]), String(blocks[index + 1]))
  }

  /// Builds the wheel from this build's products into `folder` and returns its path.
  func builtWheel(into folder: String) throws -> String {
    let result = try runCommand(
      URL(fileURLWithPath: "/bin/bash"),
      [Self.buildWheel.path, "--build-dir", buildProductsFolder.path, "--out", folder])
    try #require(result.status == 0, "build-wheel.sh failed: \(result.err)")
    let path = result.out.trimmingCharacters(in: .whitespacesAndNewlines)
    try #require(FileManager.default.fileExists(atPath: path), "build-wheel.sh printed \(result.out)")
    return path
  }

  /// A zipgeo database of data/zips.csv, made by the built `zipgeo` binary.
  func importedDatabase() throws -> String {
    let path = temporary.path("zipgeo.db")
    let result = try runCommand(ExtensionTests.zipgeo, ["import", zipsCSVPath, "--db", path])
    try #require(result.status == 0, "import failed: \(result.err)")
    return path
  }

  /// The environment of a user who activated `venv`: its programs first on PATH, nothing of this
  /// process's Python settings, pip's own cache.
  func environment(of venv: URL) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for name in ["PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYENV_VERSION", "VIRTUAL_ENV"] {
      environment[name] = nil
    }
    environment["VIRTUAL_ENV"] = venv.path
    environment["PATH"] = venv.appendingPathComponent("bin").path + ":/usr/bin:/bin"
    environment["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return environment
  }

  /// A fresh venv of /usr/bin/python3 in the temporary folder, with `packages` pip-installed.
  func virtualEnvironment(installing packages: [String], options: [String] = []) throws -> URL {
    let venv = temporary.url.appendingPathComponent(".venv")
    let made = try runCommand(Self.systemPython, ["-m", "venv", venv.path])
    try #require(made.status == 0, "python3 -m venv (Debian: apt-get install python3-venv): \(made.err)")
    let pip = try runCommand(
      venv.appendingPathComponent("bin/python"), ["-m", "pip", "install", "--no-input"] + options + packages,
      environment: environment(of: venv), timeLimit: 300)
    let fromPyPI = options.contains("--no-index") ? "" : " (from PyPI, which must be reachable)"
    try #require(
      pip.status == 0, "pip install \(packages.joined(separator: " "))\(fromPyPI) failed: \(pip.out)\(pip.err)")
    return venv
  }

  /// Runs `program` of the venv (`python`, `sqlite-utils`, ...).
  func run(_ program: String, in venv: URL, _ arguments: [String]) throws -> CommandResult {
    try runCommand(
      venv.appendingPathComponent("bin/\(program)"), arguments, in: temporary.url, environment: environment(of: venv))
  }

  @Test func pipInstallsTheWheelAndLoadAddsZipgeosFunctionsToSqlite3() throws {
    let wheel = try builtWheel(into: temporary.path("dist"))
    #expect(wheel.contains("-py3-none-manylinux_2_") && wheel.hasSuffix("_x86_64.whl"), "\(wheel)")
    let venv = try virtualEnvironment(installing: [wheel], options: ["--no-index"])
    let database = try importedDatabase()
    let script = """
      import json, os, sqlite3, sys
      import zipgeo_sqlite

      conn = sqlite3.connect(sys.argv[1])
      zipgeo_sqlite.load(conn)
      try:
          conn.execute("SELECT load_extension('nothing')")
          loading_after = "allowed"
      except sqlite3.OperationalError as e:
          loading_after = str(e)
      other = sqlite3.connect(":memory:")
      zipgeo_sqlite.load(other)
      path = zipgeo_sqlite.loadable_path()
      print(json.dumps({
          "distance": conn.execute("SELECT distance(33.025, -96.7397, 40.7484, -73.9967, 'mi')").fetchone()[0],
          "near": [zip for (zip,) in conn.execute("SELECT zip FROM zipgeo_near('75075', 10)")],
          "version": other.execute("SELECT zipgeo_version()").fetchone()[0],
          "loadable_path": path,
          "library_exists": os.path.isfile(path + ".so"),
          "loading_after": loading_after,
          "plugins_imported": [name for name in ("datasette", "sqlite_utils", "pluggy") if name in sys.modules],
      }))
      """
    let result = try run("python", in: venv, ["-c", script, database])
    try #require(result.status == 0, "\(result.err)")
    let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    #expect(answer["distance"] as? Double == 1360.303214528547)
    #expect(answer["near"] as? [String] == Self.zipsNear75075)
    let version = try runCommand(ExtensionTests.zipgeo, ["--version"])
    #expect(answer["version"] as? String == version.out.trimmingCharacters(in: .whitespacesAndNewlines))
    let path = try #require(answer["loadable_path"] as? String)
    #expect(path.hasPrefix(venv.path + "/lib/"), "\(path)")
    #expect(path.hasSuffix("/site-packages/zipgeo_sqlite/zipgeo"), "\(path)")
    #expect(answer["library_exists"] as? Bool == true)
    #expect(answer["loading_after"] as? String == "not authorized", "load() leaves extension loading off")
    #expect(answer["plugins_imported"] as? [String] == [], "importing zipgeo_sqlite needs no plugin host")

    // README's example, run beside zipgeo.db; README's venv is /home/you/.venv.
    let example = try Self.readmeExample(startingWith: "import sqlite3\nimport zipgeo_sqlite\n")
    let readme = try run("python", in: venv, ["-c", example.code])
    #expect(readme.status == 0, "\(readme.err)")
    #expect(readme.out.replacing(temporary.url.path, with: "/home/you") == example.output)
  }

  /// docs/python.md's example of `zipgeo_sqlite.connect()`, run from the installed wheel beside
  /// zipgeo.db, prints what the page shows.
  @Test func theDocsExampleOfConnectPrintsWhatItShows() throws {
    let wheel = try builtWheel(into: temporary.path("dist"))
    let venv = try virtualEnvironment(installing: [wheel], options: ["--no-index"])
    _ = try importedDatabase()
    let example = try Self.readmeExample(startingWith: "import zipgeo_sqlite\n\ndb = zipgeo_sqlite.connect()\n")
    var environment = environment(of: venv)
    environment["ZIPGEO_DB"] = nil
    let result = try runCommand(
      venv.appendingPathComponent("bin/python"), ["-c", example.code], in: temporary.url, environment: environment)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == example.output)
  }

  /// pyenv's Python and macOS's system Python have no `enable_load_extension`: `load` names the
  /// problem and the fix instead of an AttributeError.
  @Test func loadExplainsWhatToDoWhenPythonCannotLoadExtensionsOrIsGivenNoConnection() throws {
    let script = """
      import sqlite3
      import zipgeo_sqlite

      # pyenv's sqlite3.Connection, which has no enable_load_extension.
      class ConnectionWithoutExtensionLoading(sqlite3.Connection):
          def __getattribute__(self, name):
              if name in ("enable_load_extension", "load_extension"):
                  raise AttributeError(name)
              return super().__getattribute__(name)

      try:
          zipgeo_sqlite.load(sqlite3.connect(":memory:", factory=ConnectionWithoutExtensionLoading))
      except zipgeo_sqlite.ExtensionLoadingUnavailable as e:
          print(e)

      # Not a connection at all: sqlite-utils' Database (its connection is .conn), or anything.
      class Database:
          def __init__(self):
              self.conn = sqlite3.connect(":memory:")

      for wrong in (Database(), "zipgeo.db"):
          try:
              zipgeo_sqlite.load(wrong)
          except TypeError as e:
              print(e)
      """
    let result = try runCommand(
      Self.systemPython, ["-c", script], in: temporary.url,
      environment: [
        "PYTHONPATH": Self.repository.appendingPathComponent("python").path, "PYTHONDONTWRITEBYTECODE": "1",
      ])
    #expect(result.status == 0, "\(result.err)")
    for part in [
      "this Python's sqlite3 module was built without extension loading",
      "PYTHON_CONFIGURE_OPTS=\"--enable-loadable-sqlite-extensions\" pyenv install",
      "macOS's system Python cannot load extensions either: use Homebrew's python3",
    ] {
      #expect(result.out.contains(part), "\(result.out)")
    }
    #expect(
      result.out.hasSuffix(
        """
        zipgeo_sqlite.load() takes a sqlite3.Connection, not Database: pass its connection, Database.conn
        zipgeo_sqlite.load() takes a sqlite3.Connection, not str

        """), "\(result.out)")
  }

  @Test(arguments: [["--out"], ["--build-dir"], ["--out", ""], ["--bogus"]])
  func aWrongCommandLineIsAUsageError(arguments: [String]) throws {
    let result = try runCommand(URL(fileURLWithPath: "/bin/bash"), [Self.buildWheel.path] + arguments)
    #expect(result.status == 64)
    #expect(result.err.hasSuffix("Usage: scripts/build-wheel.sh [--build-dir DIR] [--out DIR]\n"), "\(result.err)")
  }

  @Test func theWheelsRecordMatchesItsFilesAndPipShowsItsMetadata() throws {
    let wheel = try builtWheel(into: temporary.path("dist"))
    // Every file but RECORD is listed with its sha256 (urlsafe base64, unpadded) and size.
    let check = """
      import base64, hashlib, sys, zipfile

      with zipfile.ZipFile(sys.argv[1]) as wheel:
          names = wheel.namelist()
          record = next(name for name in names if name.endswith(".dist-info/RECORD"))
          listed = []
          for line in wheel.read(record).decode().splitlines():
              path, digest, size = line.rsplit(",", 2)
              listed.append(path)
              if path == record:
                  print(f"RECORD digest={digest!r} size={size!r}")
                  continue
              data = wheel.read(path)
              expected = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
              print(path, "ok" if digest == expected and int(size) == len(data) else "MISMATCH")
          print("unlisted:", sorted(set(names) - set(listed)))
          print(wheel.read(record.replace("RECORD", "WHEEL")).decode())
      """
    let result = try runCommand(Self.systemPython, ["-c", check, wheel])
    try #require(result.status == 0, "\(result.err)")
    let version = try runCommand(ExtensionTests.zipgeo, ["--version"]).out.trimmingCharacters(
      in: .whitespacesAndNewlines)
    let distInfo = "zipgeo_sqlite-\(version).dist-info"
    #expect(
      result.out == """
        zipgeo_sqlite/__init__.py ok
        zipgeo_sqlite/_database.py ok
        zipgeo_sqlite/_location.py ok
        zipgeo_sqlite/datasette_plugin.py ok
        zipgeo_sqlite/frame.py ok
        zipgeo_sqlite/pgeocode.py ok
        zipgeo_sqlite/sqlite_utils_plugin.py ok
        zipgeo_sqlite/zipgeo.so ok
        \(distInfo)/METADATA ok
        \(distInfo)/WHEEL ok
        \(distInfo)/entry_points.txt ok
        \(distInfo)/licenses/LICENSE ok
        RECORD digest='' size=''
        unlisted: []
        Wheel-Version: 1.0
        Generator: zipgeo scripts/wheel.py
        Root-Is-Purelib: false
        Tag: py3-none-\(Self.platformTag(of: wheel))


        """)
    #expect(
      URL(fileURLWithPath: wheel).lastPathComponent
        == "zipgeo_sqlite-\(version)-py3-none-\(Self.platformTag(of: wheel)).whl")

    // The same inputs give the same bytes.
    let again = try builtWheel(into: temporary.path("again"))
    #expect(FileManager.default.contentsEqual(atPath: wheel, andPath: again))

    let venv = try virtualEnvironment(installing: [wheel], options: ["--no-index"])
    let show = try run("python", in: venv, ["-m", "pip", "show", "zipgeo_sqlite"])
    #expect(show.status == 0, "\(show.err)")
    let fields = Dictionary(
      show.out.split(separator: "\n").compactMap { line -> (String, String)? in
        guard let colon = line.firstIndex(of: ":") else { return nil }
        return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
      }, uniquingKeysWith: { first, _ in first })
    #expect(fields["Name"] == "zipgeo_sqlite")
    #expect(fields["Version"] == version)
    #expect(
      fields["Summary"]
        == "zipgeo's SQLite extension for Python: distance() and zip code radius searches (zipgeo_near) in sqlite3, Datasette and sqlite-utils"
    )
    #expect(fields["Requires"] == "", "the wheel depends on nothing")
    let metadata = try run(
      "python", in: venv,
      [
        "-c",
        """
        from importlib.metadata import distribution, entry_points
        d = distribution("zipgeo_sqlite")
        print(d.metadata["Requires-Python"], d.metadata["Metadata-Version"])
        for group in ("datasette", "sqlite_utils"):
            print(group, [e.value for e in entry_points(group=group)])
        print(d.metadata["License-Expression"], d.metadata["License-File"], d.metadata.get("License"))
        licence = [f for f in d.files if f.name == "LICENSE"]
        print([str(f) for f in licence], licence[0].read_text().splitlines()[0])
        print("CC BY 4.0" in d.metadata.get_payload(), "Royal Mail" in d.metadata.get_payload())
        """,
      ])
    #expect(
      metadata.out == """
        >=3.8 2.4
        datasette ['zipgeo_sqlite.datasette_plugin']
        sqlite_utils ['zipgeo_sqlite.sqlite_utils_plugin']
        MIT LICENSE None
        ['\(distInfo)/licenses/LICENSE'] MIT License
        True True

        """, "\(metadata.err)")
    // The licence the wheel carries is the repository's.
    let carried = try run(
      "python", in: venv,
      [
        "-c",
        "from importlib.metadata import distribution; print(distribution('zipgeo_sqlite').read_text('licenses/LICENSE'), end='')",
      ])
    #expect(carried.out == (try String(contentsOf: Self.repository.appendingPathComponent("LICENSE"), encoding: .utf8)))
  }

  /// The platform tag in a wheel's file name (`manylinux_2_35_x86_64`).
  static func platformTag(of wheel: String) -> String {
    let name = URL(fileURLWithPath: wheel).deletingPathExtension().lastPathComponent
    return name.components(separatedBy: "-py3-none-").last ?? ""
  }

  /// One version: `zipgeo --version` (`zipgeoVersion`), the wheel's `Version:` and file name
  /// (build-wheel.sh reads them from Version.swift), the Python package's `__version__` where it
  /// declares one, and the top release of CHANGELOG.md. A release changes Version.swift and
  /// CHANGELOG.md together, or this fails.
  @Test func theCommandTheWheelThePythonPackageAndTheChangelogNameOneVersion() throws {
    let printed = try runCommand(ExtensionTests.zipgeo, ["--version"])
    try #require(printed.status == 0, "\(printed.err)")
    let version = printed.out.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(version.wholeMatch(of: /\d+\.\d+\.\d+/) != nil, "zipgeo --version printed \(printed.out)")

    let wheel = try builtWheel(into: temporary.path("dist"))
    #expect(URL(fileURLWithPath: wheel).lastPathComponent.hasPrefix("zipgeo_sqlite-\(version)-py3-none-"), "\(wheel)")
    let metadata = try runCommand(
      Self.systemPython,
      [
        "-c",
        """
        import sys, zipfile

        with zipfile.ZipFile(sys.argv[1]) as wheel:
            name = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
            print(*(line[9:] for line in wheel.read(name).decode().splitlines() if line.startswith("Version: ")))
        """,
        wheel,
      ])
    #expect(metadata.status == 0, "\(metadata.err)")
    #expect(metadata.out == version + "\n", "the wheel's METADATA")

    // The package declares no __version__ today; one it declares must be the same.
    let package = Self.repository.appendingPathComponent("python/zipgeo_sqlite")
    for file in try FileManager.default.contentsOfDirectory(atPath: package.path) where file.hasSuffix(".py") {
      let source = try String(contentsOf: package.appendingPathComponent(file), encoding: .utf8)
      for match in source.matches(of: /(?m)^__version__\s*=\s*["']([^"']*)["']/) {
        #expect(String(match.1) == version, "python/zipgeo_sqlite/\(file) declares __version__ = \(match.1)")
      }
    }

    // Keep a Changelog: `## [Unreleased]`, if any, then `## [0.2.0] - 2026-12-07`, newest first.
    let changelog = try String(contentsOf: Self.repository.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
    let releases = changelog.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
    let top = try #require(releases.first, "CHANGELOG.md has no release")
    #expect(top.wholeMatch(of: /## \[\d+\.\d+\.\d+\] - \d{4}-\d\d-\d\d/) != nil, "CHANGELOG.md's top release: \(top)")
    #expect(top.hasPrefix("## [\(version)] - "), "CHANGELOG.md's top release is \(top), zipgeo --version \(version)")
  }

  /// The wheel's tag is what auditwheel (from PyPI) says the extension is consistent with, so
  /// that pip installs it where it loads and refuses it where it would not. It needs PyPI: tier
  /// online (`TestTier`).
  @Test(.tier(.online)) func theWheelsPlatformTagIsTheOneAuditwheelFinds() throws {
    let wheel = try builtWheel(into: temporary.path("dist"))
    let venv = try virtualEnvironment(installing: ["auditwheel"], options: ["--retries", "2"])
    let show = try run("auditwheel", in: venv, ["show", wheel])
    #expect(show.status == 0, "\(show.err)")
    let found = show.out.replacing("\n", with: " ").firstMatch(of: /platform tag: "([a-z0-9_]+)"/)?.1
    #expect(found.map(String.init) == Self.platformTag(of: wheel), "\(show.out)")
    #expect(Self.platformTag(of: wheel).hasPrefix("manylinux_2_"))
  }

  /// `pip install datasette sqlite-utils` from PyPI, as users get them: tier online (`TestTier`).
  @Test(.tier(.online)) func datasetteAndSqliteUtilsLoadTheExtensionThroughTheirPlugins() throws {
    let wheel = try builtWheel(into: temporary.path("dist"))
    let venv = try virtualEnvironment(installing: [wheel, "datasette", "sqlite-utils"], options: ["--retries", "2"])
    let database = try importedDatabase()

    let query = try run("sqlite-utils", in: venv, ["query", database, "SELECT zip FROM zipgeo_near('75075', 10)"])
    #expect(query.status == 0, "\(query.err)")
    let rows = try JSONSerialization.jsonObject(with: Data(query.out.utf8)) as? [[String: String]]
    #expect(rows?.compactMap { $0["zip"] } == Self.zipsNear75075, "\(query.out)")

    let example = try Self.readmeExample(startingWith: "sqlite-utils query zipgeo.db ")
    let readme = try runCommand(
      URL(fileURLWithPath: "/bin/sh"), ["-c", example.code], in: temporary.url, environment: environment(of: venv))
    #expect(readme.status == 0, "\(readme.err)")
    #expect(readme.out == example.output, "README's sqlite-utils example")

    // A free port: the kernel's pick for port 0, released for datasette to take.
    let port = try runCommand(
      Self.systemPython,
      ["-c", "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"]
    ).out.trimmingCharacters(in: .whitespacesAndNewlines)
    let command = [venv.appendingPathComponent("bin/datasette").path, database, "-h", "127.0.0.1", "-p", port]
    // Standard error (uvicorn's log) joins standard output, which the test reads line by line.
    let server = try ChildProcess(
      URL(fileURLWithPath: "/bin/sh"), ["-c", "exec env -u PYTHONPATH -u PYTHONHOME \"$@\" 2>&1", "sh"] + command,
      standardOutput: nil, timeLimit: 180)
    // SIGKILL: the child inherits the signal mask of the test's thread, where SIGTERM is blocked.
    defer {
      server.kill()
      _ = server.wait()
    }
    // Uvicorn prints this line once it listens; the process ending first ends the output.
    var log = ""
    while !log.contains("Uvicorn running on") {
      let line = server.readLine()
      if line.isEmpty { break }
      log += line
    }
    try #require(log.contains("Uvicorn running on http://127.0.0.1:\(port)"), "datasette did not start:\n\(log)")

    // One request: uvicorn logs the line above once its socket listens (after the application's
    // startup), so the server is ready; an error is the answer, and asking again would not change it.
    let fetch = """
      import sys, urllib.error, urllib.parse, urllib.request

      query = urllib.parse.urlencode({"sql": sys.argv[2], "_shape": "array"})
      url = f"http://127.0.0.1:{sys.argv[1]}/zipgeo.json?{query}"
      try:
          with urllib.request.urlopen(url, timeout=30) as response:
              print(response.read().decode())
      except urllib.error.HTTPError as e:
          sys.exit(f"{url} answered {e.code}: {e.read().decode(errors='replace')}")
      except urllib.error.URLError as e:
          sys.exit(f"no answer from {url}: {e.reason}")
      """
    func ask(_ sql: String) throws -> [[String: Any]] {
      let answer = try runCommand(Self.systemPython, ["-c", fetch, port, sql], timeLimit: 60)
      try #require(answer.status == 0, "\(answer.err)")
      return try #require(try JSONSerialization.jsonObject(with: Data(answer.out.utf8)) as? [[String: Any]])
    }
    let array = try ask("SELECT zip, distance FROM zipgeo_near('75075', 10)")
    #expect(array.compactMap { $0["zip"] as? String } == Self.zipsNear75075, "\(array)")
    #expect(array.first?["distance"] as? Double == 0)
    #expect(array.count == 14)
    // Codes as a spreadsheet holds them, joined to zipgeo_lookup: every row kept, the bad one empty.
    let joined = try ask(
      "WITH c (code) AS (VALUES ('75075-1234'), ('2134'), ('nowhere')) SELECT c.code, l.zip, l.resolution"
        + " FROM c LEFT JOIN zipgeo_lookup(c.code) l")
    #expect(joined.map { $0["code"] as? String } == ["75075-1234", "2134", "nowhere"], "\(joined)")
    #expect(joined.map { $0["zip"] as? String } == ["75075", "02134", nil], "\(joined)")
    #expect(joined.map { $0["resolution"] as? String } == ["coarser", "leading zeros", nil], "\(joined)")
  }
}
