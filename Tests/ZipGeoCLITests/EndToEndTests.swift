import Foundation
import TestSupport
import Testing

/// Runs the built `zipgeo` binary and the stock `sqlite3` shell, as a user would.
@Suite struct EndToEndTests {
  struct Result {
    let status: Int32
    let out: String
    let err: String
  }

  static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../..").standardized
  static let zipsCSV = zipsCSVPath

  /// The `zipgeo` executable built next to this test bundle.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["ZIPGEO_BIN"] { return URL(fileURLWithPath: path) }
    let bundleFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    return bundleFolder.appendingPathComponent("zipgeo")
  }()

  let temporary: TemporaryFolder
  var folder: URL { temporary.url }

  /// An install of the built binary in `prefix`, as scripts/install.sh lays it out:
  /// `bin/zipgeo`, `share/zipgeo/{zips.csv,world.txt.xz}` (the repository's, linked) and
  /// `lib/zipgeo/zipgeo.so` (the built extension, linked).
  static func install(in prefix: TemporaryFolder) throws {
    let files = FileManager.default
    for folder in ["bin", "share/zipgeo", "lib/zipgeo"] {
      try files.createDirectory(atPath: prefix.path(folder), withIntermediateDirectories: true)
    }
    try copyExecutable(atPath: binary.path, toPath: prefix.path("bin/zipgeo"))
    for name in ["zips.csv", "world.txt.xz"] {
      try files.createSymbolicLink(
        atPath: prefix.path("share/zipgeo/\(name)"),
        withDestinationPath: repository.appendingPathComponent("data/\(name)").path)
    }
    try files.createSymbolicLink(
      atPath: prefix.path("lib/zipgeo/zipgeo.so"),
      withDestinationPath: binary.deletingLastPathComponent().appendingPathComponent("libZipgeo.so").path)
  }

  init() throws {
    temporary = try TemporaryFolder()
  }

  func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    var env = withoutUserFolders(ProcessInfo.processInfo.environment)
    env.removeValue(forKey: "ZIPGEO_DB")
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting, so a large output cannot fill the pipe and stall the child.
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
      err: String(decoding: errData, as: UTF8.self))
  }

  /// `zipgeo ARGUMENTS` in this test's folder, on its own `./zipgeo.db`: named by `$ZIPGEO_DB`
  /// unless `environment` names another, since the folder starts empty and an import there would
  /// otherwise write the per-user database (which `withoutUserFolders` puts where none can be
  /// made). Tests of that choice run as a `FreshUser`.
  func zipgeo(_ arguments: String..., environment: [String: String] = [:]) throws -> Result {
    try run(Self.binary, arguments, environment: ["ZIPGEO_DB": "zipgeo.db"].merging(environment) { $1 })
  }

  func sqlite3(_ database: String, _ sql: String) throws -> String {
    try run(URL(fileURLWithPath: "/usr/bin/sqlite3"), [database, sql]).out
  }

  func importRealData() throws {
    let result = try zipgeo("import", Self.zipsCSV)
    try #require(result.status == 0, "import failed: \(result.err)")
  }

  /// Zip codes within `km` of `center` by an independent haversine over data/zips.csv, nearest first.
  func bruteForceNear(_ center: String, km: Double) throws -> [String] {
    let lines = try String(contentsOfFile: Self.zipsCSV, encoding: .utf8).split(separator: "\n").dropFirst()
    let rows = lines.map { line -> (String, Double, Double) in
      let f = line.split(separator: ",", omittingEmptySubsequences: false)
      return (String(f[0]), Double(f[f.count - 2])!, Double(f[f.count - 1])!)
    }
    let c = try #require(rows.first { $0.0 == center })
    func haversine(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
      let r = Double.pi / 180
      let h = pow(sin((b.0 - a.0) * r / 2), 2) + cos(a.0 * r) * cos(b.0 * r) * pow(sin((b.1 - a.1) * r / 2), 2)
      return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
    }
    let distances = rows.map { ($0.0, haversine((c.1, c.2), ($0.1, $0.2))) }
    #expect(!distances.contains { abs($0.1 - km) < 1e-6 }, "no zip sits on the edge, where formulas may disagree")
    return distances.filter { $0.1 <= km }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
  }

  @Test func importBuildsZipgeoDbInTheCurrentFolderWithEveryZip() throws {
    let result = try zipgeo("import", Self.zipsCSV)
    #expect(result.status == 0)
    #expect(
      result.out.hasPrefix("Imported 41487 zip codes from \(Self.zipsCSV) into zipgeo.db: 0 skipped, 0 duplicates, "))
    let db = folder.appendingPathComponent("zipgeo.db").path
    #expect(try sqlite3(db, "SELECT COUNT(*) FROM zips") == "41487\n")
    #expect(
      try sqlite3(db, "SELECT zip, typeof(zip) FROM zips WHERE zip IN ('00501', '01001') ORDER BY zip")
        == "00501|text\n01001|text\n")
    #expect(try sqlite3(db, "PRAGMA integrity_check") == "ok\n")
  }

  @Test func nearReturnsExactlyTheZipsWithinTheRadiusNearestFirst() throws {
    try importRealData()
    let result = try zipgeo("near", "75075", "--km", "10")
    #expect(result.status == 0)
    let lines = result.out.split(separator: "\n")
    #expect(lines.first?.split(separator: " ", omittingEmptySubsequences: true) == ["zip", "place", "state", "km"])
    let zips = lines.dropFirst().map { String($0.prefix(5)) }
    #expect(zips == (try bruteForceNear("75075", km: 10)))
    #expect(zips.count == 14)
    #expect(lines[1].hasPrefix("75075  Plano ") && lines[1].hasSuffix(" 0.00"))
    #expect(try zipgeo("near", "75075", "--km=10").out == result.out)
  }

  @Test func nearTakesAPointAsLatLon() throws {
    try importRealData()
    let byZip = try zipgeo("near", "75075", "--km", "10")
    let byPoint = try zipgeo("near", "33.025,-96.7397", "--km", "10")
    #expect(byPoint.status == 0)
    #expect(byPoint.out == byZip.out)
    #expect(try zipgeo("near", "95,10", "--km", "1").status == 64)
  }

  @Test func nearestIsExactEverywhereTheIndexIsUsed() throws {
    try importRealData()
    let db = folder.appendingPathComponent("zipgeo.db").path
    // Ordinary places, mid-ocean, the poles, both sides of the 180th meridian, Guam and Alaska.
    let points = [
      "33.0198,-96.6989", "40.7484,-73.9967", "0,-140", "89.9,0", "-89.9,45", "51.9,179.9", "51.9,-179.99",
      "13.4443,144.7937", "64.8378,-147.7164", "21.3,-157.8", "-14.3,-170.7", "45,0",
    ]
    for point in points {
      let result = try zipgeo("nearest", point, "-k", "7", "--format", "csv", "--kind", "all")
      #expect(result.status == 0, "\(point): \(result.err)")
      let zips = result.out.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[0] }
      let parts = point.split(separator: ",")
      let truth = try sqlite3WithExtension(
        db, "SELECT zip FROM zips ORDER BY distance(\(parts[0]), \(parts[1]), lat, lon), zip LIMIT 7")
      #expect(zips.map(String.init) == truth, "\(point)")
    }
    let byZip = try zipgeo("nearest", "--zip", "75075", "-k", "1")
    #expect(byZip.out.split(separator: "\n")[1].hasPrefix("75075 "))
    #expect(try zipgeo("nearest", "75075").status == 64)
  }

  /// Runs SQL in the stock shell with the extension loaded: an independent brute force.
  func sqlite3WithExtension(_ database: String, _ sql: String) throws -> [String] {
    let library = buildProductsFolder.appendingPathComponent("libZipgeo").path
    return try run(URL(fileURLWithPath: "/usr/bin/sqlite3"), ["-cmd", ".load \(library)", database, sql]).out
      .split(separator: "\n").map(String.init)
  }

  @Test func nearInMilesWithALimit() throws {
    try importRealData()
    let result = try zipgeo("near", "75075", "--mi", "5", "--limit", "3")
    #expect(result.status == 0)
    #expect(
      result.out == """
        zip    place  state    mi
        75075  Plano  TX     0.00
        75023  Plano  TX     2.08
        75026  Plano  TX     2.39

        """)
  }

  @Test func distanceShowsKilometresAndMilesOnBothModels() throws {
    try importRealData()
    let result = try zipgeo("distance", "75075", "10001")
    #expect(result.status == 0)
    #expect(
      result.out == """
        75075 (Plano, TX) -> 10001 (New York, NY)
        model        km       mi  azimuth
        sphere  2189.20  1360.30
        wgs84   2192.84  1362.57  60.47° -> 74.27°

        """)
  }

  @Test func theDistanceOfACodeToItselfHasNoDirection() throws {
    try importRealData()
    let result = try zipgeo("distance", "75075", "75075")
    #expect(result.status == 0)
    #expect(
      result.out == """
        75075 (Plano, TX) -> 75075 (Plano, TX)
        model     km    mi  azimuth
        sphere  0.00  0.00
        wgs84   0.00  0.00  none (one point)

        """)
    let csv = try zipgeo("distance", "75075", "75075", "--format", "csv")
    #expect(csv.out.hasSuffix(",0.0,0.0,0.0,0.0,,\r\n"), "\(csv.out)")
    let json = try zipgeo("distance", "75075", "75075", "--format", "json")
    #expect(json.out.contains("\"azimuth1\": null, \"azimuth2\": null"), "\(json.out)")
  }

  @Test func aMistypedSubcommandIsToldTheNearestOne() throws {
    for (typed, meant) in [
      ("neer", "near"), ("nearst", "nearest"), ("Info", "info"), ("serch", "search"), ("hom", "home"),
    ] {
      let result = try zipgeo(typed, "75075")
      #expect(result.status == 64)
      #expect(result.err.hasPrefix("Error: Unknown subcommand '\(typed)'; did you mean '\(meant)'?\n"), "\(result.err)")
    }
    // Nothing near: no guess.
    #expect(try zipgeo("frobnicate").err.hasPrefix("Error: Unknown subcommand 'frobnicate'\n"))
    let long = try zipgeo(String(repeating: "n", count: 100_000))
    #expect(long.status == 64 && long.err.utf8.count < 1_000)
  }

  @Test func nearMeasuresOnTheChosenModel() throws {
    try importRealData()
    // Each list equals a full scan with that model's SQL function.
    var lists: [[Substring]] = []
    for (model, function) in [("sphere", "distance"), ("wgs84", "geodesic_distance")] {
      let near = try zipgeo("near", "33.025,-96.7397", "--km", "25", "--model", model, "--format", "tsv")
      #expect(near.status == 0, "\(near.err)")
      let zips = near.out.split(whereSeparator: \.isNewline).dropFirst().map { $0.prefix { $0 != "\t" } }
      let scan = try zipgeo(
        "sql",
        "SELECT zip FROM zips WHERE \(function)(33.025, -96.7397, lat, lon) <= 25 ORDER BY \(function)(33.025, -96.7397, lat, lon), zip",
        "--format", "tsv")
      #expect(zips.count > 30)
      #expect(zips == Array(scan.out.split(whereSeparator: \.isNewline).dropFirst()), "\(model)")
      lists.append(zips)
    }
    // The two models disagree by about 0.2% here, so the lists differ in order or at the edge.
    #expect(lists[0] != lists[1])
    let wgs84 = try zipgeo("nearest", "--zip", "75075", "-k", "3", "--model", "wgs84", "--format", "tsv")
    #expect(wgs84.out.split(whereSeparator: \.isNewline).count == 4, "\(wgs84.out)\(wgs84.err)")
    let bad = try zipgeo("near", "75075", "--km", "5", "--model", "flat")
    #expect(bad.status == 64)
    #expect(bad.err.hasPrefix("Error: The value 'flat' is invalid for '--model <model>': use one of sphere, wgs84"))
  }

  @Test func infoShowsOneZip() throws {
    try importRealData()
    let result = try zipgeo("info", "01001")
    #expect(result.status == 0)
    #expect(
      result.out
        == "zip     01001\nplace   Agawam\nstate   MA (Massachusetts)\ncounty  Hampden\nlat     42.0702\nlon     -72.6227\n"
    )
  }

  @Test func infoLeavesUnknownFieldsEmptyWithoutTrailingSpaces() throws {
    try importRealData()
    let result = try zipgeo("info", "09001")
    #expect(
      result.out
        == "zip     09001\nplace   APO AA\nstate\ncounty\nlat     38.1105\nlon     15.6613\nkind    military (US: the place is"
        + " APO, FPO or DPO (Army, Fleet, Diplomatic Post Office), alone or with AA, AE, AP or STA: armed forces mail,"
        + " which GeoNames places where it is sorted (London, Germany, Okinawa))\n")
  }

  @Test func aFailedWriteOfTheResultsIsAnError() throws {
    try importRealData()
    let process = Process()
    process.executableURL = Self.binary
    process.arguments = ["info", "01001"]
    process.currentDirectoryURL = folder
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let err = Pipe()
    process.standardError = err
    try process.run()
    let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
    #expect(message == "Error: cannot write the output: No space left on device\n")
  }

  @Test func anUnknownZipIsAnErrorWithExitCodeOne() throws {
    try importRealData()
    let result = try zipgeo("near", "00000", "--km", "10")
    #expect(result.status == 1)
    #expect(result.err == "Error: zip code '00000' is not in zipgeo.db\n")
    #expect(result.out.isEmpty)
    #expect(try zipgeo("info", "7507").status == 1)
  }

  @Test func aMissingDatabaseSaysHowToCreateOne() throws {
    let result = try zipgeo("info", "01001", "--db", "missing.db")
    #expect(result.status == 1)
    #expect(
      result.err == "Error: no database at 'missing.db'; create it with: zipgeo import \(zipsCSVPath) --db missing.db\n"
    )
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("missing.db").path))
  }

  @Test func theDatabaseComesFromDbThenTheEnvironmentThenTheCurrentFolder() throws {
    #expect(try zipgeo("import", Self.zipsCSV, "--db", "other.db").status == 0)
    #expect(try zipgeo("info", "01001").status == 1)
    #expect(try zipgeo("info", "01001", "--db", "other.db").status == 0)
    #expect(try zipgeo("info", "01001", environment: ["ZIPGEO_DB": "other.db"]).status == 0)
    let wrong = try zipgeo("info", "01001", "--db", "nope.db", environment: ["ZIPGEO_DB": "other.db"])
    #expect(wrong.err.contains("'nope.db'"))
  }

  @Test func usageErrorsGoToStandardErrorWithExitCode64() throws {
    let unknown = try zipgeo("near", "75075", "--km", "10", "--foo")
    #expect(unknown.status == 64)
    #expect(
      unknown.err == """
        Error: Unknown option '--foo'
        Usage: zipgeo near (<center> | --place <name> [--state <state>]) (--km <km> | --mi <mi>) [--country <cc>] [--kind <kinds>] [--limit <limit>] [--model <model>] [--format <format>] [--db <path>]
          See 'zipgeo near --help' for more information.

        """)
    #expect(try zipgeo("near", "75075").status == 64)
    #expect(try zipgeo("near", "75075", "--km", "0").status == 64)
    #expect(try zipgeo("near", "75075", "--km", "nan").status == 64)
    #expect(try zipgeo("near", "75075", "--km", "1", "--mi", "1").status == 64)
    #expect(try zipgeo("near", "75075", "--km", "1", "--limit", "0").status == 64)
    #expect(try zipgeo("frobnicate").status == 64)
    #expect(try zipgeo("distance", "75075").status == 64)
  }

  @Test func helpAndVersionExitZero() throws {
    for arguments in [["--help"], ["-h"], ["help"], []] {
      let result = try run(Self.binary, arguments)
      #expect(result.status == 0)
      #expect(result.out.hasPrefix("OVERVIEW: "))
      #expect(result.out.contains("SUBCOMMANDS:\n  import "))
    }
    for arguments in [["help", "near"], ["near", "--help"], ["near", "-h"]] {
      let result = try run(Self.binary, arguments)
      #expect(result.status == 0)
      #expect(result.out.hasPrefix("OVERVIEW: List the zip codes within a radius"))
    }
    #expect(try zipgeo("--version").out == "0.2.0\n")
  }

  @Test func aFailedImportExitsOneNamesTheLineAndKeepsTheData() throws {
    try importRealData()
    let bad = folder.appendingPathComponent("bad.csv")
    try "zip,lat,lon\n12345,1,1\n54321,91.5,0\n".write(to: bad, atomically: true, encoding: .utf8)
    let result = try zipgeo("import", "bad.csv")
    #expect(result.status == 1)
    #expect(result.err == "Error: bad.csv:3: latitude '91.5' is outside [-90, 90]\n")
    #expect(try sqlite3(folder.appendingPathComponent("zipgeo.db").path, "SELECT COUNT(*) FROM zips") == "41487\n")
  }

  /// Compresses data/zips.csv with Python's `module` (gzip or lzma) into `name` in the folder.
  func compressedZipsCSV(with module: String, as name: String) throws -> String {
    let target = folder.appendingPathComponent(name).path
    let result = try run(
      URL(fileURLWithPath: "/usr/bin/python3"),
      [
        "-c",
        "import \(module), sys; open(sys.argv[2], 'wb').write(\(module).compress(open(sys.argv[1], 'rb').read()))",
        Self.zipsCSV, target,
      ])
    try #require(result.status == 0, "\(result.err)")
    return target
  }

  @Test func aGzippedFileImportsLikeThePlainOne() throws {
    _ = try compressedZipsCSV(with: "gzip", as: "zips.csv.gz")
    let result = try zipgeo("import", "zips.csv.gz")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.hasPrefix("Imported 41487 zip codes from zips.csv.gz into zipgeo.db: 0 skipped, 0 duplicates, "))
    let db = folder.appendingPathComponent("zipgeo.db").path
    #expect(try sqlite3(db, "SELECT zip, lat, lon FROM zips WHERE zip = '75075'") == "75075|33.025|-96.7397\n")
  }

  @Test func aTruncatedXzFileFailsInOneLineNamingTheFile() throws {
    let whole = try Data(contentsOf: URL(fileURLWithPath: try compressedZipsCSV(with: "lzma", as: "whole.xz")))
    try whole.prefix(whole.count / 2).write(to: folder.appendingPathComponent("cut.csv.xz"))
    let result = try zipgeo("import", "cut.csv.xz", "--db", "new.db")
    #expect(result.status == 1)
    #expect(result.err.hasPrefix("Error: cut.csv.xz: the xz file is damaged or incomplete: "), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.db").path))
  }

  @Test func aFailedImportIntoANewFileLeavesNoFileBehind() throws {
    let bad = folder.appendingPathComponent("bad.csv")
    try "zip,lat,lon\n12345,1,1\n54321,91.5,0\n".write(to: bad, atomically: true, encoding: .utf8)
    #expect(try zipgeo("import", "bad.csv", "--db", "new.db").status == 1)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("new.db").path))
  }

  @Test func skipInvalidAndDuplicatesAreReportedOnStandardError() throws {
    let csv = folder.appendingPathComponent("mixed.csv")
    try "zip,lat,lon\n1,1,1\n2,x,0\n1,2,2\n".write(to: csv, atomically: true, encoding: .utf8)
    let result = try zipgeo("import", "mixed.csv", "--skip-invalid")
    #expect(result.status == 0)
    #expect(
      result.err == """
        warning: mixed.csv:3: latitude 'x' is not a decimal number (line skipped)
        warning: mixed.csv:4: zip '1' already appeared on line 2; keeping line 2

        """)
    #expect(result.out.hasPrefix("Imported 1 zip code from mixed.csv into zipgeo.db: 1 skipped, 1 duplicate, "))
    #expect(try zipgeo("import", "mixed.csv", "--skip-invalid", "--strict").status == 1)
  }
}
