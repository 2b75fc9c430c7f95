import Foundation
import TestSupport
import Testing

/// `zipgeo import --world`: the world file installed with zipgeo, into the database the query
/// commands read, from any folder, as a new user runs it after an install.
@Suite struct ImportWorldCommandTests {
  let run: EndToEndTests
  /// An install (`EndToEndTests.install(in:)`).
  let prefix: TemporaryFolder
  let home: TemporaryFolder

  init() throws {
    run = try EndToEndTests()
    prefix = try TemporaryFolder()
    home = try TemporaryFolder()
    try EndToEndTests.install(in: prefix)
  }

  var perUserDatabase: String { home.path(".local/share/zipgeo/zipgeo.db") }

  func zipgeo(_ arguments: String..., environment: [String: String] = [:]) throws -> EndToEndTests.Result {
    try run.run(
      URL(fileURLWithPath: prefix.path("bin/zipgeo")), arguments,
      environment: ["HOME": home.url.path, "XDG_DATA_HOME": ""].merging(environment) { $1 })
  }

  @Test func theWorldGoesIntoThePerUserDatabaseFromAnEmptyFolder() throws {
    let imported = try zipgeo("import", "--world", "--quiet")
    #expect(imported.status == 0, "\(imported.err)")
    #expect(FileManager.default.fileExists(atPath: perUserDatabase))
    // The queries read it, with no first use and no --db.
    let info = try zipgeo("info", "sw1a 1aa", "--format", "csv")
    #expect(info.status == 0)
    #expect(info.err == "zipgeo: sw1a 1aa: the GB data holds outward codes; using SW1A\n")
    let countries = try zipgeo("countries", "--format", "csv")
    #expect(countries.out.split(separator: "\r\n").count == 122)
    #expect(countries.out.contains("\r\nGB,United Kingdom,27450,3002,\(prefix.path("share/zipgeo/world.txt.xz")),"))
    // With ZIPGEO_COUNTRY, a US code needs no country, as before.
    #expect(try zipgeo("info", "10001", environment: ["ZIPGEO_COUNTRY": "US"]).out.hasPrefix("zip      10001\n"))
  }

  @Test func anEmptyPerUserDatabaseIsMadeByTheFirstQueryAsAMissingOneIs() throws {
    try FileManager.default.createDirectory(
      atPath: home.path(".local/share/zipgeo"), withIntermediateDirectories: true)
    // What `sqlite3 ~/.local/share/zipgeo/zipgeo.db` leaves when it is quit at once.
    _ = FileManager.default.createFile(atPath: perUserDatabase, contents: Data())
    let result = try zipgeo("near", "75075", "--km", "1", "--format", "csv")
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.hasPrefix("zipgeo: first use: made \(perUserDatabase) from "))
    #expect(result.out.contains("\r\n75075,Plano,TX,"))
  }

  @Test func withoutAWorldFileTheErrorSaysWhereItLookedAndMakesNothing() throws {
    let data = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: data.path("zips.csv"),
      withDestinationPath: EndToEndTests.repository.appendingPathComponent("data/zips.csv").path)
    let result = try zipgeo("import", "--world", environment: ["ZIPGEO_DATA_DIR": data.url.path])
    #expect(result.status == 1)
    #expect(result.err.hasPrefix("Error: --world: no world.txt.xz found in \(data.url.path); "), "\(result.err)")
    #expect(!FileManager.default.fileExists(atPath: perUserDatabase))
  }

  /// A data folder of the world file alone (no zips.csv) is one `--world` reads.
  @Test func aFolderOfTheWorldFileAloneIsFound() throws {
    let data = try TemporaryFolder()
    try FileManager.default.createSymbolicLink(
      atPath: data.path("world.txt.xz"),
      withDestinationPath: EndToEndTests.repository.appendingPathComponent("data/world.txt.xz").path)
    let result = try zipgeo(
      "import", "--world", "--quiet", "--countries", "LI", "--db", data.path("li.db"),
      environment: ["ZIPGEO_DATA_DIR": data.url.path])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      try zipgeo("countries", "--db", data.path("li.db"), "--format", "csv").out.contains("\r\nLI,Liechtenstein,13,"))
  }

  @Test func filesAndTheWorldTogetherOrNeitherAreUsageErrors() throws {
    let both = try zipgeo("import", "--world", "a.csv")
    #expect(both.status == 64 && both.err.hasPrefix("Error: Give files or --world, not both ('a.csv' with --world)\n"))
    let neither = try zipgeo("import")
    #expect(neither.status == 64 && neither.err.hasPrefix("Error: Missing expected argument '<file>' (or --world)\n"))
  }
}
