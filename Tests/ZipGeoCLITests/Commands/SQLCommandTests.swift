import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// `zipgeo sql` through the built binary: rows reach standard output as they are read, in memory
/// that does not grow with the result, in every format; a database in a folder the user cannot
/// write is read, or refused in one line that says what its owner can do.
@Suite struct SQLCommandTests {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
  static let formats = ["csv", "tsv", "json", "ndjson", "geojson", "table"]

  /// Where the suite's million-zip database lives; removed when the test process ends.
  static let millionZipsFolder = FileManager.default.temporaryDirectory
    .appendingPathComponent("zipgeo-test-million-zips-\(getpid())")

  /// A zipgeo database of 1,000,000 generated zips (about 130 MB), made once for the suite.
  static let millionZips = Result { try makeMillionZips() }

  static func makeMillionZips() throws -> String {
    let folder = millionZipsFolder
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: SQLCommandTests.millionZipsFolder) }
    // Zips 0000001 to 1000000, in the file's order (`id`), spread over the grid.
    let csv = folder.appendingPathComponent("million.csv").path
    try GeneratedZips.write(count: 1_000_000, to: csv)
    let database = folder.appendingPathComponent("zipgeo.db").path
    let imported = try runCommand(zipgeo, ["import", csv, "--db", database, "--quiet"])
    guard imported.status == 0 else { throw Failure(imported.err) }
    try FileManager.default.removeItem(atPath: csv)
    return database
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }

  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
  }

  /// A zipgeo database of one zip, in the test's folder.
  func smallDatabase() throws -> String {
    let csv = try temporary.write("one.csv", "zip,lat,lon\n00501,40.8154,-73.0451\n")
    let database = temporary.path("zipgeo.db")
    let result = try runCommand(Self.zipgeo, ["import", csv, "--db", database])
    try #require(result.status == 0, "\(result.err)")
    return database
  }

  /// The last `count` bytes of a file.
  func tail(_ path: String, _ count: Int = 200) throws -> String {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: size > UInt64(count) ? size - UInt64(count) : 0)
    return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
  }

  /// `zipgeo sql SQL --db MILLION ARGUMENTS`, run to its end, which must succeed: its peak
  /// resident memory, and the bytes it printed, to `output` in the test's folder.
  func measured(_ sql: String, _ arguments: [String] = [], output: String) throws -> (peak: Int, printed: Int) {
    let database = try Self.millionZips.get()
    let errors = temporary.path("\(output).err")
    let run = try MeasuredRun(
      Self.zipgeo, ["sql", sql] + arguments + ["--db", database], standardOutput: temporary.path(output),
      standardError: errors)
    try #require(run.exitCode == 0, "\((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
    let printed = try FileManager.default.attributesOfItem(atPath: temporary.path(output))[.size] as? Int
    return (run.peakResidentBytes, try #require(printed))
  }

  /// `rows` rows numbered from 1 (`i`), with `value` beside each.
  static func numbered(_ rows: Int, _ value: String) -> String {
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows)) SELECT \(value) FROM n"
  }

  // Memory is measured against the same command on a small input, so that what the machine
  // gives every process (the runtime, the libraries, the allocator's arenas) is left out: what
  // is left is what the larger answer costs, held to a share of the bytes it would take if it
  // were held.

  @Test func aTableOfWideValuesHoldsBackAMegabyteNotAThousandRows() throws {
    // Values of 1 MB each: a table holds back rows for its widths, up to 1 MiB of them.
    let wide = "i, printf('%.*c', 1000000, 'x') AS wide"
    let two = try measured(Self.numbered(2, wide), output: "two")
    let many = try measured(Self.numbered(200, wide), output: "many")
    // Held back whole, the 198 more would take 198 MB more.
    let held = 198 * 1_000_000
    #expect(
      many.peak - two.peak < held / 10,
      "peak resident memory \(two.peak >> 20) MB for 2 rows of 1 MB, \(many.peak >> 20) MB for 200")
    #expect(try tail(temporary.path("many"), 20).hasSuffix("xxxx\n"))
  }

  @Test func aWideValueDoesNotMakeMemoryGrowWithTheRowsAroundIt() throws {
    // One 1 MB value, alone and among short ones: every held row was padded to its width.
    let value = "CASE WHEN i = 1 THEN printf('%.*c', 1000000, 'x') ELSE 'a' END AS v, i"
    let alone = try measured(Self.numbered(1, value), output: "alone")
    let among = try measured(Self.numbered(1000, value), output: "among")
    // Padded to the value's width, the 999 short rows would take 999 MB.
    let padded = 999 * 1_000_000
    #expect(
      among.peak - alone.peak < padded / 10,
      "peak resident memory \(alone.peak >> 20) MB for the value alone, \(among.peak >> 20) MB among 999 rows")
  }

  @Test func aBlobIsPrintedInMemoryOfAFewTimesItsSize() throws {
    // A blob is written in hexadecimal, twice its bytes: a string per byte took twenty times
    // them (402 MB for 20 MB).
    let small = try measured("SELECT zeroblob(1000000) AS b", output: "small")
    let large = try measured("SELECT zeroblob(20000000) AS b", output: "large")
    // Printed whole: two hexadecimal digits a byte.
    #expect(large.printed >= 2 * 20_000_000, "\(large.printed) bytes printed")
    #expect(
      large.peak - small.peak < 12 * 19_000_000,
      "peak resident memory \(small.peak >> 20) MB for a blob of 1 MB, \(large.peak >> 20) MB for 20 MB")
  }

  @Test(arguments: formats)
  func aMillionRowsArePrintedInTheMemoryOfAThousand(format: String) throws {
    // In zip order, which the zip index gives without a sort: the last row is the last zip.
    let thousand = try measured(
      "SELECT * FROM zips ORDER BY zip LIMIT 1000", ["--format", format], output: "thousand")
    let million = try measured("SELECT * FROM zips ORDER BY zip", ["--format", format], output: "million")
    // Rows held would take more than the bytes they print.
    #expect(
      million.peak - thousand.peak < million.printed / 10,
      "peak \(thousand.peak >> 20) MB for 1,000 rows, \(million.peak >> 20) MB for all (\(million.printed >> 20) MB)")
    // Every row was printed, and the output was ended as its format ends.
    let end = try tail(temporary.path("million"))
    #expect(end.contains("Place 1000000"), "\(end)")
    let endings = ["csv": "\r\n", "json": "}]\n", "geojson": "}}\n]}\n"]
    #expect(end.hasSuffix(endings[format] ?? "\n"), "\(end)")
  }

  @Test(arguments: formats)
  func theFirstRowsArriveBeforeTheQueryFinishes(format: String) throws {
    let database = try smallDatabase()
    // A query without end: only rows printed as they are read can ever reach the pipe.
    let endless = """
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
      SELECT i AS zip, 40.5 AS lat, -73.5 AS lon FROM n
      """
    let child = try ChildProcess(
      Self.zipgeo, ["sql", endless, "--format", format, "--db", database], standardOutput: nil, timeLimit: 60)
    let first = child.readLine()
    child.kill()
    #expect(child.wait().wasSignalled)
    let expected = [
      "csv": "zip,lat,lon\r\n",
      "tsv": "zip\tlat\tlon\n",
      "json": "[{\"zip\": 1, \"lat\": 40.5, \"lon\": -73.5},\n",
      "ndjson": "{\"zip\": 1, \"lat\": 40.5, \"lon\": -73.5}\n",
      "geojson": "{\"type\": \"FeatureCollection\", \"features\": [\n",
      // Widths from the first 1,000 rows: up to 1000 in the zip column, numbers to the right.
      "table": " zip   lat    lon\n",
    ]
    #expect(first == expected[format])
  }

  @Test func aTableTakesItsWidthsFromItsFirstThousandRowsAndPrintsWiderValuesWhole() throws {
    let database = try smallDatabase()
    let result = try runCommand(
      Self.zipgeo,
      [
        "sql", "--db", database,
        """
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1002)
        SELECT CASE WHEN i <= 1000 THEN 'a' ELSE 'wider' END AS x, i AS n FROM n
        """,
      ])
    #expect(result.status == 0, "\(result.err)")
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 1004)
    #expect(lines[0] == "x     n")
    #expect(lines[1] == "a     1")
    #expect(lines[1000] == "a  1000")
    #expect(lines[1001] == "wider  1001")
    #expect(lines[1002] == "wider  1002")
  }

  @Test func rowsReadBeforeAnErrorArePrintedAndTheErrorFollows() throws {
    let database = try smallDatabase()
    // abs() of the smallest integer overflows: the error comes at the 3rd row.
    let sql = "SELECT abs(v) AS a FROM (SELECT 1 AS v UNION ALL SELECT 2 UNION ALL SELECT -9223372036854775808)"
    for (format, out) in [("csv", "a\r\n1\r\n2\r\n"), ("json", "[{\"a\": 1},\n {\"a\": 2}"), ("table", "a\n1\n2\n")] {
      let result = try runCommand(Self.zipgeo, ["sql", sql, "--format", format, "--db", database])
      #expect(result.status == 1, "\(format)")
      #expect(result.out == out, "\(format)")
      #expect(result.err.hasPrefix("Error: SQLite error 1: integer overflow"), "\(format): \(result.err)")
    }
  }

  // MARK: - Folders the user cannot write

  /// Runs a copy of the binary (which nobody can reach) as a user who cannot write the test's
  /// folder, made read-only for the run.
  func zipgeoInReadOnlyFolder(_ arguments: [String]) throws -> CommandResult {
    let binaryFolder = try TemporaryFolder()
    let binary = binaryFolder.url.appendingPathComponent("zipgeo")
    try copyExecutable(atPath: Self.zipgeo.path, toPath: binary.path)
    chmod(temporary.url.path, 0o555)
    defer { chmod(temporary.url.path, 0o755) }
    return try runCommandAsUnprivilegedUser(binary, arguments, in: temporary.url)
  }

  func folderContents() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: temporary.url.path).sorted()
  }

  @Test func aDatabaseInAFolderTheUserCannotWriteIsRead() throws {
    let database = try smallDatabase()
    // Rollback-journal mode, as databases are at rest: SQLite reads the file alone.
    let mode = try runCommand(Self.zipgeo, ["sql", "--write", "--db", database, "PRAGMA journal_mode = DELETE"])
    try #require(mode.status == 0, "\(mode.err)")
    let before = try folderContents()
    for (format, out) in [("csv", "zip\r\n00501\r\n"), ("table", "zip\n00501\n")] {
      let read = try zipgeoInReadOnlyFolder(["sql", "SELECT zip FROM zips", "--format", format, "--db", database])
      #expect(read.status == 0, "\(read.err)")
      #expect(read.out == out)
    }
    #expect(try folderContents() == before)
  }

  @Test func aWALDatabaseInAFolderTheUserCannotWriteIsOneErrorThatSaysWhatItsOwnerCanDo() throws {
    let database = try smallDatabase()
    // SQLite reads a WAL database through its -wal and -shm files, gone once the last
    // connection closed, and nobody can make them here. Reading without them (immutable=1)
    // could mix old and new data while the owner writes.
    let mode = try runCommand(Self.zipgeo, ["sql", "--write", "--db", database, "PRAGMA journal_mode = WAL"])
    try #require(mode.status == 0, "\(mode.err)")
    let before = try folderContents()
    let read = try zipgeoInReadOnlyFolder(["sql", "SELECT COUNT(*) FROM zips", "--db", database])
    #expect(read.status == 1)
    #expect(read.out == "")
    #expect(
      read.err == "Error: cannot open '\(database)': it is in write-ahead-logging mode and its folder cannot be "
        + "written, so SQLite cannot make its -wal and -shm files; its owner can fix that by importing again, or with: "
        + "zipgeo sql --write --db=\(database) 'PRAGMA journal_mode = DELETE'\n")
    #expect(try folderContents() == before)
  }
}
