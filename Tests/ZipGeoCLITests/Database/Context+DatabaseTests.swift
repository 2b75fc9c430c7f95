import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A user with a home of their own and an empty working folder, running the built `zipgeo` in a
/// clean environment (`env -i HOME=... XDG_DATA_HOME=... PATH=...`): nothing reaches the real
/// home folder.
struct FreshUser {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
  let home: TemporaryFolder
  let folder: TemporaryFolder
  /// `$XDG_DATA_HOME`.
  var dataHome: String { home.path("data") }
  /// The per-user database.
  var database: String { dataHome + "/zipgeo/zipgeo.db" }
  var environment: [String: String]

  init(_ extra: [String: String] = [:]) throws {
    home = try TemporaryFolder()
    folder = try TemporaryFolder()
    environment = ["HOME": home.url.path, "XDG_DATA_HOME": home.path("data"), "PATH": "/usr/bin:/bin"]
    environment.merge(extra) { $1 }
  }

  func zipgeo(_ arguments: String...) throws -> CommandResult {
    try runCommand(Self.zipgeo, arguments, in: folder.url, environment: environment, timeLimit: 120)
  }

  /// The first-use line for `database`, made from the repository's data/zips.csv.
  var firstUseLine: String {
    "zipgeo: first use: made \(database) from \(zipsCSVPath) (41487 zip codes)\n"
  }

  func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
}

/// First use needs no setup: the per-user database is made from the installed data by the first
/// query, and a missing database's hint names the `--db` given and a data file that exists.
@Suite struct FirstUseTests {
  @Test func theFirstQueryMakesThePerUserDatabaseSayingSoInOneLine() throws {
    let user = try FreshUser()
    let result = try user.zipgeo("near", "75075", "--km", "10")
    #expect(result.status == 0)
    #expect(result.err == user.firstUseLine)
    let lines = result.out.split(separator: "\n")
    #expect(lines.count == 15 && lines[1].hasPrefix("75075 ") && lines[14].hasPrefix("75081 "), "\(result.out)")
    // The folder it made is the user's alone; nothing else is left in it; the working folder is untouched.
    var info = stat()
    #expect(stat(user.dataHome + "/zipgeo", &info) == 0 && info.st_mode & 0o777 == 0o700)
    #expect(try FileManager.default.contentsOfDirectory(atPath: user.dataHome + "/zipgeo") == ["zipgeo.db"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: user.folder.url.path).isEmpty)
  }

  @Test func theSecondQueryPrintsNothingMore() throws {
    let user = try FreshUser()
    #expect(try user.zipgeo("info", "01001").err == user.firstUseLine)
    let second = try user.zipgeo("near", "75075", "--km", "10")
    #expect(second.status == 0 && second.err.isEmpty)
    #expect(second.out.split(separator: "\n").count == 15)
  }

  @Test(arguments: [
    ["near", "75075", "--km", "1"], ["nearest", "--zip", "75075"], ["distance", "75075", "10001"], ["info", "01001"],
    ["countries"], ["sql", "SELECT COUNT(*) FROM zips"],
  ])
  func everyQueryCommandMakesItOnFirstUse(arguments: [String]) throws {
    let user = try FreshUser()
    let result = try runCommand(FreshUser.zipgeo, arguments, in: user.folder.url, environment: user.environment)
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err == user.firstUseLine)
  }

  @Test func withoutXDGDataHomeItIsMadeUnderHomeLocalShareEachFolderPrivate() throws {
    var user = try FreshUser()
    user.environment["XDG_DATA_HOME"] = "relative/data"
    let result = try user.zipgeo("info", "01001")
    let database = user.home.path(".local/share/zipgeo/zipgeo.db")
    #expect(result.err == "zipgeo: first use: made \(database) from \(zipsCSVPath) (41487 zip codes)\n")
    for folder in [".local", ".local/share", ".local/share/zipgeo"] {
      var info = stat()
      #expect(stat(user.home.path(folder), &info) == 0 && info.st_mode & 0o777 == 0o700, "\(folder)")
    }
    #expect(!user.exists(user.folder.path("relative")))
  }

  @Test func aDatabaseInTheCurrentFolderIsReadInstead() throws {
    let user = try FreshUser()
    let csv = try user.folder.write("one.csv", "zip,lat,lon\n01001,42.07,-72.62\n")
    let imported = try user.zipgeo("import", csv, "--db", "zipgeo.db", "--quiet")
    #expect(imported.status == 0 && imported.err.isEmpty)
    #expect(user.exists(user.folder.path("zipgeo.db")))
    let count = try user.zipgeo("sql", "SELECT COUNT(*) AS n FROM zips", "--format", "csv")
    #expect(count.out == "n\r\n1\r\n" && count.err.isEmpty)
    #expect(!user.exists(user.dataHome))
  }

  /// Two first uses at once: both paused (ZIPGEO_TEST_HOOK) with their new database written under
  /// its temporary name, the first let go to link it into place and finish, then the second, whose
  /// link finds the first one's database: both answer from the one whole database.
  @Test func twoFirstUsesAtOnceBothSucceedAndTheDatabaseIsWhole() throws {
    let user = try FreshUser()
    let fifos = [user.home.path("a.fifo"), user.home.path("b.fifo")]
    for fifo in fifos { try #require(mkfifo(fifo, 0o600) == 0) }
    let running = try fifos.map { fifo in
      let process = try RunningCommand(
        FreshUser.zipgeo, ["near", "75075", "--km", "10"], in: user.folder.url,
        environment: user.environment.merging(["ZIPGEO_TEST_HOOK": "synced=pause:\(fifo)", "ZIPGEO_DB": ""]) { $1 })
      try #require(process.waitForLine(startingWith: "zipgeo: paused at synced"), "\(process.errorsSoFar)")
      return process
    }
    func resume(_ fifo: String) {
      let writer = open(fifo, O_WRONLY | O_NONBLOCK)
      if writer >= 0 { close(writer) }
    }
    resume(fifos[0])
    let first = running[0].finish()
    resume(fifos[1])
    let second = running[1].finish()
    for result in [first, second] {
      #expect(result.status == 0, "\(result.err)")
      #expect(result.out.split(separator: "\n").count == 15, "\(result.out)")
    }
    #expect(first.err == "zipgeo: paused at synced\n" + user.firstUseLine)
    #expect(second.err == "zipgeo: paused at synced\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: user.dataHome + "/zipgeo") == ["zipgeo.db"])
    let count = try user.zipgeo("sql", "SELECT COUNT(*) AS n FROM zips", "--format", "csv")
    #expect(count.out == "n\r\n41487\r\n")
    #expect(
      try runCommand(URL(fileURLWithPath: "/usr/bin/sqlite3"), [user.database, "PRAGMA integrity_check"]).out == "ok\n")
  }

  /// Where a signal reaches a first use, and which.
  struct FirstUseSignal: Sendable, CustomTestStringConvertible {
    let phase: String
    let signal: String
    var testDescription: String { "SIG\(signal.uppercased()) at \(phase)" }
  }

  /// Ctrl-C, SIGTERM and SIGHUP stop a first use as they stop `zipgeo import`: its message, exit
  /// code 128 + the signal, no temporary file, and the next query makes the database.
  @Test(arguments: [
    FirstUseSignal(phase: "inserted:8192", signal: "int"), FirstUseSignal(phase: "inserted:8192", signal: "term"),
    FirstUseSignal(phase: "inserted:8192", signal: "hup"), FirstUseSignal(phase: "synced", signal: "term"),
  ])
  func aSignalDuringAFirstUseStopsItLikeAnImportAndLeavesNothing(_ point: FirstUseSignal) throws {
    let user = try FreshUser(["ZIPGEO_TEST_HOOK": "\(point.phase)=\(point.signal)"])
    let result = try user.zipgeo("near", "75075", "--km", "10")
    let (number, name): (Int32, String) =
      switch point.signal {
      case "int": (SIGINT, "SIGINT")
      case "term": (SIGTERM, "SIGTERM")
      default: (SIGHUP, "SIGHUP")
      }
    #expect(!result.wasSignalled && result.status == 128 + number, "\(result.err)")
    #expect(result.out.isEmpty)
    #expect(
      result.err
        == "Error: first use: could not make the per-user database '\(user.database)' from \(zipsCSVPath): "
        + "import interrupted by \(name); nothing was made, and the next query makes it\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: user.dataHome + "/zipgeo") == [])
    var next = user
    next.environment["ZIPGEO_TEST_HOOK"] = nil
    let again = try next.zipgeo("near", "75075", "--km", "10")
    #expect(again.status == 0 && again.err == user.firstUseLine, "\(again.err)")
    #expect(again.out.split(separator: "\n").count == 15)
    #expect(try FileManager.default.contentsOfDirectory(atPath: user.dataHome + "/zipgeo") == ["zipgeo.db"])
  }

  /// Once the per-user database is in place the first use is done: a signal then ends the query,
  /// as it ends any, and leaves the whole database.
  @Test func aSignalOnceTheFirstUseHasLinkedTheDatabaseEndsTheQueryAndKeepsTheDatabase() throws {
    let user = try FreshUser(["ZIPGEO_TEST_HOOK": "linked=term"])
    let result = try user.zipgeo("near", "75075", "--km", "10")
    #expect(result.wasSignalled && result.status == SIGTERM)
    #expect(result.err == user.firstUseLine)
    #expect(try FileManager.default.contentsOfDirectory(atPath: user.dataHome + "/zipgeo") == ["zipgeo.db"])
    var next = user
    next.environment["ZIPGEO_TEST_HOOK"] = nil
    let count = try next.zipgeo("sql", "SELECT COUNT(*) AS n FROM zips", "--format", "csv")
    #expect(count.out == "n\r\n41487\r\n" && count.err.isEmpty)
  }

  @Test func withNoDataFileTheFirstUseFailsInOneLineAndMakesNothing() throws {
    let empty = try TemporaryFolder()
    let user = try FreshUser(["ZIPGEO_DATA_DIR": empty.url.path])
    let result = try user.zipgeo("near", "75075", "--km", "10")
    #expect(result.status == 1)
    #expect(result.out.isEmpty)
    #expect(
      result.err
        == "Error: no database at '\(user.database)', and no zips.csv to make it from in \(empty.url.path): "
        + "set ZIPGEO_DATA_DIR to a folder that holds zips.csv, or run: zipgeo import <file> --db \(user.database)\n")
    #expect(!user.exists(user.dataHome))
  }

  @Test func aMissingDatabaseHintNamesTheDbGivenAndADataFileThatExists() throws {
    let user = try FreshUser()
    let result = try user.zipgeo("near", "75075", "--km", "10", "--db", "my stores.db")
    #expect(result.status == 1)
    let command = "zipgeo import \(zipsCSVPath) --db 'my stores.db'"
    #expect(result.err == "Error: no database at 'my stores.db'; create it with: \(command)\n")
    #expect(!user.exists(user.dataHome) && !user.exists(user.folder.path("my stores.db")))
    // The suggested command, run as printed, makes it.
    var environment = user.environment
    environment["PATH"] = buildProductsFolder.path + ":/usr/bin:/bin"
    let suggested = try runCommand(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: user.folder.url, environment: environment)
    #expect(suggested.status == 0, "\(suggested.err)")
    #expect(
      try user.zipgeo("near", "75075", "--km", "10", "--db", "my stores.db").out.split(separator: "\n").count == 15)
  }

  /// Named by its file name alone, the per-user database reads as `./zipgeo.db`: messages give
  /// its path, the home folder written `~`.
  @Test func messagesNameThePerUserDatabaseByItsPath() throws {
    let user = try FreshUser()
    #expect(try user.zipgeo("info", "75075").status == 0)
    let result = try user.zipgeo("info", "99999")
    #expect(result.err == "Error: zip code '99999' is not in ~/data/zipgeo/zipgeo.db\n")
    // Outside the home folder, the whole path.
    var elsewhere = user
    elsewhere.environment["HOME"] = "/nonexistent-home"
    #expect(try elsewhere.zipgeo("info", "99999").err == "Error: zip code '99999' is not in \(user.database)\n")
    // A database named by --db keeps its short name.
    let named = try user.zipgeo("info", "99999", "--db", user.database)
    #expect(named.err == "Error: zip code '99999' is not in zipgeo.db\n")
  }

  /// `sudo zipgeo ...` with the user's HOME would make the user a `~/.local/share` of root's.
  @Test(.enabled(if: getuid() == 0, "needs root, to own a folder as another user"))
  func rootMakesNoPerUserDatabaseInAnotherUsersHome() throws {
    let user = try FreshUser()
    #expect(chown(user.home.url.path, 65534, 65534) == 0)
    let result = try user.zipgeo("info", "75075")
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: not making the per-user database '\(user.database)' as root in '\(user.home.url.path)', which"
        + " belongs to another user (does sudo keep HOME?): run zipgeo as that user, or give --db\n")
    #expect(!user.exists(user.dataHome))
  }

  /// A command line that is wrong is said so before anything is made.
  @Test(arguments: [
    ["nearest", "95,0"], ["near", "95,0", "--km", "5"], ["nearest"], ["nearest", "1,1", "--zip", "2"],
  ])
  func aUsageErrorMakesNoPerUserDatabase(arguments: [String]) throws {
    let user = try FreshUser()
    let result = try runCommand(
      FreshUser.zipgeo, arguments, in: user.folder.url, environment: user.environment, timeLimit: 120)
    #expect(result.status == 64, "\(result.err)")
    #expect(!result.err.contains("first use"))
    #expect(!user.exists(user.dataHome))
  }

  /// After `--db `, a path that starts with a dash reads as an option: the hint writes `--db=`.
  @Test func aMissingDatabaseWhoseNameStartsWithADashIsSuggestedWithAnEqualsSign() throws {
    let user = try FreshUser()
    let result = try user.zipgeo("info", "75075", "--db=-x.db")
    let command = "zipgeo import \(zipsCSVPath) --db=-x.db"
    #expect(result.err == "Error: no database at '-x.db'; create it with: \(command)\n")
    var environment = user.environment
    environment["PATH"] = buildProductsFolder.path + ":/usr/bin:/bin"
    let suggested = try runCommand(
      URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: user.folder.url, environment: environment)
    #expect(suggested.status == 0, "\(suggested.err)")
    #expect(user.exists(user.folder.path("-x.db")))
  }

  /// A query that cannot make the per-user database says that it was trying to, not only what
  /// the import it ran found.
  @Test func aFirstUseThatFailsSaysItWasMakingThePerUserDatabase() throws {
    let data = try TemporaryFolder()
    try data.write("zips.csv", "zip,lat,lon\n12345,91,0\n")
    let user = try FreshUser(["ZIPGEO_DATA_DIR": data.url.path])
    let result = try user.zipgeo("info", "75075")
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: first use: could not make the per-user database '\(user.database)' from \(data.path("zips.csv")): "
        + "\(data.path("zips.csv")):2: latitude '91' is outside [-90, 90]\n")
    #expect(!user.exists(user.database))
  }

  @Test func aMissingDatabaseNamedByZipgeoDBGetsTheSameHint() throws {
    let user = try FreshUser(["ZIPGEO_DB": "env.db"])
    let result = try user.zipgeo("info", "01001")
    #expect(result.err == "Error: no database at 'env.db'; create it with: zipgeo import \(zipsCSVPath)\n")
  }

  @Test func withNoHomeAQueryReadsTheCurrentFolderDatabaseAndItsHintNeedsNoDb() throws {
    var user = try FreshUser()
    user.environment = ["PATH": "/usr/bin:/bin"]
    let result = try user.zipgeo("near", "75075", "--km", "10")
    #expect(result.status == 1)
    #expect(result.err == "Error: no database at 'zipgeo.db'; create it with: zipgeo import \(zipsCSVPath)\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: user.folder.url.path).isEmpty)
  }

  @Test func withNoDataFileTheHintSaysSoInsteadOfNamingOne() throws {
    let empty = try TemporaryFolder()
    let user = try FreshUser(["ZIPGEO_DATA_DIR": empty.url.path])
    let result = try user.zipgeo("info", "01001", "--db", "missing.db")
    #expect(
      result.err
        == "Error: no database at 'missing.db'; create it with: zipgeo import <file> --db missing.db "
        + "(no zips.csv found in \(empty.url.path); set ZIPGEO_DATA_DIR to a folder that holds zips.csv)\n")
  }
}

/// One database unless asked: `zipgeo import` without `--db` writes the database the queries of
/// its folder read, and says which and why; an error of data missing from a `./zipgeo.db` that
/// hides the per-user database names that one.
@Suite struct OneDatabaseTests {
  let user: FreshUser
  let csv: String

  init() throws {
    user = try FreshUser()
    csv = try user.folder.write("one.csv", "zip,lat,lon\n01001,42.07,-72.62\n")
  }

  var perUserNote: String {
    "zipgeo: importing into \(user.database) (the per-user database, as there is no ./zipgeo.db here;"
      + " --db names another)\n"
  }

  /// `./zipgeo.db` with one German code, beside a per-user database of one US code.
  func makeBoth() throws {
    try #require(try user.zipgeo("import", csv, "--quiet").status == 0)
    let de = try user.folder.write("de.csv", "zip,lat,lon\n10115,52.53,13.38\n")
    try #require(try user.zipgeo("import", de, "--country", "DE", "--db", "zipgeo.db", "--quiet").status == 0)
  }

  /// `; ./zipgeo.db here hides the per-user database, which holds US only: --db PATH reads it`.
  var hint: String {
    "; ./zipgeo.db here hides the per-user database, which holds US only: --db \(user.database) reads it"
  }

  @Test func anImportInAFolderWithoutZipgeoDbWritesThePerUserDatabaseTheQueriesRead() throws {
    let imported = try user.zipgeo("import", csv)
    #expect(imported.status == 0)
    #expect(imported.err == perUserNote)
    #expect(imported.out.hasPrefix("Imported 1 zip code from \(csv) into \(user.database): "), "\(imported.out)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: user.folder.url.path) == ["one.csv"])
    // The query reads what the import wrote: no first use, no other database.
    let count = try user.zipgeo("sql", "SELECT COUNT(*) AS n FROM zips", "--format", "csv")
    #expect(count.out == "n\r\n1\r\n" && count.err.isEmpty, "\(count.err)")
  }

  @Test func anImportWhereZipgeoDbIsWritesItAndSaysWhy() throws {
    try #require(try user.zipgeo("import", csv, "--db", "zipgeo.db", "--quiet").status == 0)
    let de = try user.folder.write("de.csv", "zip,lat,lon\n10115,52.53,13.38\n")
    let imported = try user.zipgeo("import", de, "--country", "DE")
    #expect(imported.status == 0)
    #expect(
      imported.err
        == "zipgeo: importing into ./zipgeo.db (it is in this folder, so the queries here read it;"
        + " --db names another)\n")
    #expect(!user.exists(user.dataHome))
    let count = try user.zipgeo("sql", "SELECT COUNT(*) AS n FROM zips", "--format", "csv")
    #expect(count.out == "n\r\n2\r\n", "\(count.err)")
  }

  /// `sqlite3 zipgeo.db` leaves an empty file when it only looked: no database for an import
  /// either, which leaves it alone.
  @Test func anEmptyZipgeoDbIsNoDatabaseForAnImportEither() throws {
    _ = FileManager.default.createFile(atPath: user.folder.path("zipgeo.db"), contents: Data())
    let imported = try user.zipgeo("import", csv)
    #expect(imported.status == 0 && imported.err == perUserNote, "\(imported.err)")
    #expect(user.exists(user.database))
    #expect(try FileManager.default.attributesOfItem(atPath: user.folder.path("zipgeo.db"))[.size] as? Int == 0)
  }

  @Test func theDbOptionAndZipgeoDBStillWinAndNeedNoWord() throws {
    let option = try user.zipgeo("import", csv, "--db", "x.db")
    #expect(option.status == 0 && option.err.isEmpty, "\(option.err)")
    var named = user
    named.environment["ZIPGEO_DB"] = "env.db"
    let environment = try named.zipgeo("import", csv)
    #expect(environment.status == 0 && environment.err.isEmpty, "\(environment.err)")
    #expect(user.exists(user.folder.path("x.db")) && user.exists(user.folder.path("env.db")))
    #expect(!user.exists(user.dataHome))
  }

  @Test func quietSaysNothingOfTheDatabase() throws {
    let imported = try user.zipgeo("import", csv, "--quiet")
    #expect(imported.status == 0 && imported.err.isEmpty && imported.out.isEmpty)
    #expect(user.exists(user.database))
  }

  @Test func withNoHomeAnImportWritesZipgeoDbAndSaysWhy() throws {
    var homeless = user
    homeless.environment = ["PATH": "/usr/bin:/bin"]
    let imported = try homeless.zipgeo("import", csv)
    #expect(imported.status == 0)
    #expect(
      imported.err
        == "zipgeo: importing into ./zipgeo.db (there is no HOME for a per-user database; --db names another)\n")
    #expect(user.exists(user.folder.path("zipgeo.db")))
  }

  @Test func theWorldGoesWhereAFileGoes() throws {
    try #require(try user.zipgeo("import", csv, "--db", "zipgeo.db", "--quiet").status == 0)
    let world = try user.zipgeo("import", "--world", "--countries", "LI")
    #expect(world.status == 0, "\(world.err)")
    #expect(world.err.hasPrefix("zipgeo: importing into ./zipgeo.db (it is in this folder"), "\(world.err)")
    #expect(!user.exists(user.dataHome))
  }

  @Test func anErrorOfMissingDataNamesThePerUserDatabaseThatZipgeoDbHides() throws {
    try makeBoth()
    let country = try user.zipgeo("near", "FR:75008", "--km", "1")
    #expect(country.status == 1)
    #expect(country.err == "Error: zipgeo.db has no postal codes of country 'FR'; it holds DE only\(hint)\n")
    let code = try user.zipgeo("info", "99999")
    #expect(code.err == "Error: zip code '99999' is not in zipgeo.db\(hint)\n")
    let place = try user.zipgeo("search", "Nowhere")
    #expect(place.err == "Error: no place named 'Nowhere' in zipgeo.db, nor one a typo or two away\(hint)\n")
    // Other errors are not about what the data holds.
    let invalid = try user.zipgeo("info", "DE:")
    #expect(invalid.status == 1 && !invalid.err.contains("hides"), "\(invalid.err)")
  }

  @Test func theHintNeverComesWhenTheDatabaseWasNamed() throws {
    try makeBoth()
    let option = try user.zipgeo("info", "99999", "--db", "zipgeo.db")
    #expect(option.err == "Error: zip code '99999' is not in zipgeo.db\n")
    var named = user
    named.environment["ZIPGEO_DB"] = "zipgeo.db"
    #expect(try named.zipgeo("info", "99999").err == "Error: zip code '99999' is not in zipgeo.db\n")
  }

  @Test func theHintComesOnlyWhenThePerUserDatabaseExists() throws {
    try #require(try user.zipgeo("import", csv, "--db", "zipgeo.db", "--quiet").status == 0)
    let code = try user.zipgeo("info", "99999")
    #expect(code.err == "Error: zip code '99999' is not in zipgeo.db\n")
    #expect(!user.exists(user.dataHome))
  }

  @Test func whereNamesThePerUserDatabaseThatZipgeoDbHides() throws {
    try makeBoth()
    let table = try user.zipgeo("where")
    #expect(
      table.out.contains(
        "chosen by  ./zipgeo.db, which is in this folder\n"),
      "\(table.out)")
    #expect(table.out.contains("\nhides      the per-user database \(user.database) (--db reads it)\n"), "\(table.out)")
    let json = try user.zipgeo("where", "--format", "json")
    let object = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])?.first)
    #expect(object["hidden_database"] as? String == user.database)
    let alone = try user.zipgeo("where", "--db", "zipgeo.db")
    #expect(!alone.out.contains("hides"), "\(alone.out)")
  }
}
