import Foundation
import TestSupport
import Testing

@testable import ZipGeoCLI

/// Which database a command uses: `--db`, `$ZIPGEO_DB`, `./zipgeo.db`, then the per-user one; the
/// same for `zipgeo import` as for the queries.
@Suite struct DatabaseLocationTests {
  let home = ["HOME": "/home/u"]

  func query(_ environment: [String: String], option: String? = nil, currentFolderHasOne: Bool = false)
    -> DatabaseLocation
  {
    DatabaseLocation(option: option, environment: environment) { _ in currentFolderHasOne }
  }

  @Test func theDbOptionComesFirst() {
    let location = query(home.merging(["ZIPGEO_DB": "env.db"]) { $1 }, option: "x.db", currentFolderHasOne: true)
    #expect(location == DatabaseLocation(path: "x.db", source: .option))
  }

  @Test func aNonEmptyZipgeoDBComesNext() {
    let location = query(home.merging(["ZIPGEO_DB": "env.db"]) { $1 }, currentFolderHasOne: true)
    #expect(location == DatabaseLocation(path: "env.db", source: .environment))
  }

  @Test func anEmptyZipgeoDBIsIgnored() {
    #expect(query(home.merging(["ZIPGEO_DB": ""]) { $1 }).source == .perUser)
  }

  @Test func theCurrentFolderDatabaseIsUsedWhenItExists() {
    #expect(query(home, currentFolderHasOne: true) == DatabaseLocation(path: "zipgeo.db", source: .currentFolder))
  }

  @Test func queriesFallBackToThePerUserDatabaseUnderXDGDataHome() {
    let location = query(home.merging(["XDG_DATA_HOME": "/data/u/"]) { $1 })
    #expect(location == DatabaseLocation(path: "/data/u/zipgeo/zipgeo.db", source: .perUser))
  }

  @Test func withoutXDGDataHomeThePerUserDatabaseIsUnderHomeLocalShare() {
    #expect(query(home).path == "/home/u/.local/share/zipgeo/zipgeo.db")
  }

  @Test(arguments: ["", "relative/data", "~/data"])
  func anXDGDataHomeThatIsNotAnAbsolutePathIsIgnored(value: String) {
    #expect(query(home.merging(["XDG_DATA_HOME": value]) { $1 }).path == "/home/u/.local/share/zipgeo/zipgeo.db")
  }

  @Test func withNoHomeAndNoXDGDataHomeTheCurrentFolderDatabaseIsTheOne() {
    #expect(query([:]) == DatabaseLocation(path: "zipgeo.db", source: .currentFolder))
    #expect(query(["HOME": ""]).source == .currentFolder)
  }

  @Test(arguments: ["relative/home", "~"])
  func aHomeThatIsNotAnAbsolutePathIsIgnoredToo(value: String) {
    #expect(query(["HOME": value]) == DatabaseLocation(path: "zipgeo.db", source: .currentFolder))
  }

  /// `sqlite3 zipgeo.db` leaves an empty file when it only looked: that is no database, and the
  /// per-user one is still the one; a folder, a FIFO or a file with bytes is there, to be reported.
  @Test func anEmptyFileIsNotADatabaseToUseButAnythingElseIs() throws {
    let folder = try TemporaryFolder()
    let empty = try folder.write("empty.db", "")
    let bytes = try folder.write("bytes.db", "x")
    #expect(!DatabaseLocation.isThere(empty))
    #expect(DatabaseLocation.isThere(bytes))
    #expect(DatabaseLocation.isThere(folder.url.path))
    #expect(!DatabaseLocation.isThere(folder.path("missing.db")))
    #expect(mkfifo(folder.path("fifo.db"), 0o600) == 0)
    #expect(DatabaseLocation.isThere(folder.path("fifo.db")))
  }

  /// `./zipgeo.db` hides the per-user database when both are there; a database named by `--db` or
  /// `$ZIPGEO_DB` hides nothing, and neither does one file reached by two paths.
  @Test func theCurrentFolderDatabaseHidesThePerUserOneOnlyWhenBothAreThere() {
    let perUser = "/home/u/.local/share/zipgeo/zipgeo.db"
    func hidden(_ location: DatabaseLocation, present: Set<String>, same: Bool = false) -> String? {
      location.hiddenPerUserPath(environment: home, exists: { present.contains($0) }, sameFile: { _, _ in same })
    }
    let here = query(home, currentFolderHasOne: true)
    #expect(hidden(here, present: ["zipgeo.db", perUser]) == perUser)
    #expect(hidden(here, present: ["zipgeo.db"]) == nil)
    #expect(hidden(here, present: ["zipgeo.db", perUser], same: true) == nil)
    #expect(hidden(query(home), present: ["zipgeo.db", perUser]) == nil)
    let option = query(home, option: "zipgeo.db", currentFolderHasOne: true)
    #expect(hidden(option, present: ["zipgeo.db", perUser]) == nil)
    let named = query(home.merging(["ZIPGEO_DB": "zipgeo.db"]) { $1 }, currentFolderHasOne: true)
    #expect(hidden(named, present: ["zipgeo.db", perUser]) == nil)
    // With no home there is no per-user database to hide.
    #expect(query([:]).hiddenPerUserPath(environment: [:], exists: { _ in true }) == nil)
  }
}
