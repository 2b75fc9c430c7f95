import Foundation
import TestSupport
import Testing

/// `zipgeo_sqlite.pgeocode` (Nominatim, GeoDistance) against pgeocode 0.5.0's documented
/// behaviour and its recorded answers on the world file, and the plain API's DataFrames
/// (`python/pgeocode_layer.py`), offline.
@Suite struct PythonPgeocodeTests {
  /// A python3 with pandas and numpy, which the layer needs: `$ZIPGEO_TEST_PANDAS_PYTHON` (a venv
  /// of /usr/bin/python3 with pandas from PyPI, say), else /usr/bin/python3 when it has them,
  /// else, in tier online (`TestTier`), a venv of /usr/bin/python3 with them from PyPI, made once
  /// a run (whose failure fails the tests); `nil` when none, and the tests that need pandas are
  /// skipped, saying so.
  static let pandasPython: Result<URL, any Error>? = {
    var candidates = ["/usr/bin/python3"]
    if let chosen = ProcessInfo.processInfo.environment["ZIPGEO_TEST_PANDAS_PYTHON"], !chosen.isEmpty {
      candidates.insert(chosen, at: 0)
    }
    let found = candidates.map { URL(fileURLWithPath: $0) }.first { python in
      (try? runCommand(python, ["-c", "import pandas, numpy"]))?.status == 0
    }
    if let found { return .success(found) }
    return TestTier.online.skipReason == nil ? Result { try pandasVenv() } : nil
  }()

  /// A venv of /usr/bin/python3 with pandas and numpy from PyPI, removed when the tests end.
  static func pandasVenv() throws -> URL {
    let folder = pandasFolder
    atexit { try? FileManager.default.removeItem(at: PythonPgeocodeTests.pandasFolder) }
    let made = try runCommand(URL(fileURLWithPath: "/usr/bin/python3"), ["-m", "venv", folder.path])
    guard made.status == 0 else { throw CommandFailure(made.err) }
    let python = folder.appendingPathComponent("bin/python")
    let pip = try runCommand(
      python, ["-m", "pip", "install", "--no-input", "--retries", "2", "pandas", "numpy"],
      environment: ["PIP_DISABLE_PIP_VERSION_CHECK": "1", "PATH": "/usr/bin:/bin"], timeLimit: 600)
    guard pip.status == 0 else { throw CommandFailure(pip.out + pip.err) }
    return python
  }

  static let pandasFolder = FileManager.default.temporaryDirectory.appendingPathComponent("zipgeo-pandas-\(getpid())")

  /// Skipped, not passed, without pandas: /usr/bin/python3 has none on machines without Debian's
  /// python3-pandas, and the default suite runs offline, so it installs none.
  static let needsPandas = Comment(
    rawValue: "needs pandas: /usr/bin/python3 has none (apt-get install python3-pandas, set ZIPGEO_TEST_PANDAS_PYTHON"
      + " to a python3 that has it, or run tier online: ZIPGEO_OPTIMIZED_TESTS=1 ZIPGEO_TEST_TIERS=online swift test)"
      + (TestTier.online.isAsked ? "; \(TestTier.online.skipReason ?? "")" : ""))

  @Test(.enabled(if: pandasPython != nil, needsPandas))
  func nominatimAndGeoDistanceAnswerAsPgeocodeDoesOnUSFRDEGBAndJPCodes() throws {
    let python = try #require(Self.pandasPython).get()
    let script = PythonAPITests.scripts.appendingPathComponent("pgeocode_layer.py").path
    let result = try runCommand(
      python, [script, ExtensionTests.loadPath, PythonAPITests.package.path, try WorldDatabase.path()],
      environment: ["PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"], timeLimit: 300)
    #expect(result.status == 0, "\(result.out)\(result.err)")
    #expect(result.out.hasSuffix(" passed, 0 failed\n"), "\(result.out)\(result.err)")
    #expect(!result.out.contains("FAIL"), "\(result.out)")
  }

  /// `python/frame_columns.py` with numpy and pandas: arrays, Series and DataFrames, a million
  /// distances bit for bit.
  @Test(.enabled(if: pandasPython != nil, needsPandas))
  func wholeColumnsAnswerAsZipgeosSQLFunctionsInNumpyAndPandas() throws {
    let python = try #require(Self.pandasPython).get()
    let temporary = try TemporaryFolder()
    let us = temporary.path("zipgeo.db")
    let imported = try runCommand(ExtensionTests.zipgeo, ["import", zipsCSVPath, "--db", us])
    try #require(imported.status == 0, "\(imported.err)")
    let result = try PythonAPITests.runFrameChecks(python, us: us)
    #expect(result.out.hasPrefix("numpy and pandas: yes\n"), "\(result.out)")
  }

  /// docs/python.md's migration: the zipgeo block is the pgeocode block with its import line
  /// changed, and prints what the page shows, from the installed wheel on the world database.
  @Test(.enabled(if: pandasPython != nil, needsPandas))
  func theDocsMigrationFromPgeocodeChangesTheImportLineAndPrintsWhatItShows() throws {
    let python = try #require(Self.pandasPython).get()
    let pgeocode = try PythonWheelTests.readmeExample(startingWith: "import pgeocode\n")
    let zipgeo = try PythonWheelTests.readmeExample(startingWith: "import zipgeo_sqlite.pgeocode as pgeocode\n")
    #expect(
      zipgeo.code == pgeocode.code.replacing("import pgeocode\n", with: "import zipgeo_sqlite.pgeocode as pgeocode\n"))
    let (wheels, site) = try Self.unpackedWheel(python)
    let result = try runCommand(
      python, ["-c", zipgeo.code], in: wheels.temporary.url,
      environment: [
        "PYTHONPATH": site, "PYTHONDONTWRITEBYTECODE": "1", "ZIPGEO_DB": try WorldDatabase.path(),
        "PATH": "/usr/bin:/bin",
      ])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == zipgeo.output)
  }

  /// docs/python.md's example of `zipgeo_sqlite.frame` prints what the page shows, from the
  /// installed wheel, beside a zipgeo.db of data/zips.csv.
  @Test(.enabled(if: pandasPython != nil, needsPandas))
  func theDocsExampleOfWholeColumnsPrintsWhatThePageShows() throws {
    let python = try #require(Self.pandasPython).get()
    let example = try PythonWheelTests.readmeExample(
      startingWith: "import pandas as pd\nfrom zipgeo_sqlite import frame\n")
    let (wheels, site) = try Self.unpackedWheel(python)
    _ = try wheels.importedDatabase()
    let result = try runCommand(
      python, ["-c", example.code], in: wheels.temporary.url,
      environment: ["PYTHONPATH": site, "PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == example.output)
  }

  /// This build's wheel as pip would lay it out, without pip: its files under a folder for
  /// PYTHONPATH, in the temporary folder of the `PythonWheelTests` given back.
  static func unpackedWheel(_ python: URL) throws -> (wheels: PythonWheelTests, site: String) {
    let wheels = try PythonWheelTests()
    let wheel = try wheels.builtWheel(into: wheels.temporary.path("dist"))
    let site = wheels.temporary.path("site")
    let unpacked = try runCommand(
      python, ["-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])", wheel, site])
    try #require(unpacked.status == 0, "\(unpacked.err)")
    return (wheels, site)
  }
}
