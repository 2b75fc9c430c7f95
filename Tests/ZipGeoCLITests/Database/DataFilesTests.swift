import Foundation
import TestSupport
import Testing

@testable import ZipGeoCLI

/// The data files are found from where the binary is: installed, in a checkout, or named.
@Suite struct DataFilesTests {
  let temporary: TemporaryFolder

  init() throws { temporary = try TemporaryFolder() }

  func makeFolder(_ name: String, holdingZips: Bool = true) throws -> String {
    let path = temporary.path(name)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    if holdingZips { try Data("zip,lat,lon\n".utf8).write(to: URL(fileURLWithPath: path + "/zips.csv")) }
    return path
  }

  @Test func anInstalledBinaryLooksInShareZipgeoBesideItsBinFolder() {
    #expect(DataFiles.folders(besideBinary: "/usr/local/bin/zipgeo") == ["/usr/local/share/zipgeo"])
  }

  @Test func aBinaryBuiltInACheckoutAlsoLooksInTheRepositorysDataFolder() {
    #expect(
      DataFiles.folders(besideBinary: "/src/zipgeo/.build/release/zipgeo") == [
        "/src/zipgeo/.build/share/zipgeo", "/src/zipgeo/data",
      ])
    #expect(
      DataFiles.folders(besideBinary: "/src/zipgeo/.build/x86_64-unknown-linux-gnu/debug/zipgeo") == [
        "/src/zipgeo/.build/x86_64-unknown-linux-gnu/share/zipgeo", "/src/zipgeo/data",
      ])
  }

  @Test func theFirstFolderThatHoldsZipsCSVIsTheOne() throws {
    let root = temporary.path("prefix")
    _ = try makeFolder("prefix/data")
    let data = DataFiles(environment: [:], executable: root + "/.build/debug/zipgeo")
    #expect(data.searched == [root + "/.build/share/zipgeo", root + "/data"])
    #expect(data.zipsCSV == root + "/data/zips.csv")
    let installed = try makeFolder("prefix/.build/share/zipgeo")
    #expect(DataFiles(environment: [:], executable: root + "/.build/debug/zipgeo").folder == installed)
  }

  @Test func zipgeoDataDirIsTheOnlyFolderLookedInWhenSet() throws {
    let named = try makeFolder("named/")
    let data = DataFiles(environment: ["ZIPGEO_DATA_DIR": named + "/"], executable: "/usr/local/bin/zipgeo")
    #expect(data.searched == [named] && data.folder == named && data.fromEnvironment)
    let empty = try makeFolder("empty", holdingZips: false)
    let none = DataFiles(environment: ["ZIPGEO_DATA_DIR": empty], executable: zipsCSVPath)
    #expect(none.searched == [empty] && none.zipsCSV == nil)
    #expect(DataFiles(environment: ["ZIPGEO_DATA_DIR": ""], executable: "/usr/local/bin/zipgeo").searched.count == 1)
  }

  /// With `--prefix ~/.local` the data folder is also the per-user database's; the install
  /// keeps its manifest and the data's readme there too: none of those is data to import.
  @Test func theFilesAreTheFolderDataFilesSorted() throws {
    let folder = try makeFolder("share")
    try Data().write(to: URL(fileURLWithPath: folder + "/world.txt.xz"))
    try Data().write(to: URL(fileURLWithPath: folder + "/.hidden"))
    for other in ["README.md", "install-manifest.txt", "zipgeo.db", "zipgeo.db-wal", "zipgeo.db-shm"] {
      try Data().write(to: URL(fileURLWithPath: folder + "/" + other))
    }
    try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: false)
    #expect(DataFiles(environment: ["ZIPGEO_DATA_DIR": folder], executable: nil).files == ["world.txt.xz", "zips.csv"])
  }

  @Test func theBuiltBinaryFindsTheRepositorysDataFolder() {
    let binary = buildProductsFolder.appendingPathComponent("zipgeo").resolvingSymlinksInPath().path
    #expect(DataFiles(environment: [:], executable: binary).zipsCSV == zipsCSVPath)
  }

  /// A copy of the binary (the debug build finds the Swift libraries by an absolute RUNPATH, so a
  /// copy runs) in `<prefix>/bin`, with `<prefix>/share/zipgeo/zips.csv`, run from another folder
  /// in a clean environment, as after an install.
  @Test func aBinaryCopiedIntoAPrefixFindsTheDataInstalledBesideIt() throws {
    let prefix = temporary.path("prefix")
    let bin = try makeFolder("prefix/bin", holdingZips: false)
    let share = try makeFolder("prefix/share/zipgeo", holdingZips: false)
    try FileManager.default.copyItem(atPath: zipsCSVPath, toPath: share + "/zips.csv")
    try copyExecutable(atPath: buildProductsFolder.appendingPathComponent("zipgeo").path, toPath: bin + "/zipgeo")
    let home = try makeFolder("home", holdingZips: false)
    let elsewhere = try makeFolder("elsewhere", holdingZips: false)
    let result = try runCommand(
      URL(fileURLWithPath: bin + "/zipgeo"), ["near", "75075", "--km", "10"], in: URL(fileURLWithPath: elsewhere),
      environment: ["HOME": home, "XDG_DATA_HOME": home + "/data", "PATH": "/usr/bin:/bin"])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.err
        == "zipgeo: first use: made \(home)/data/zipgeo/zipgeo.db from \(prefix)/share/zipgeo/zips.csv"
        + " (41487 zip codes)\n"
    )
    #expect(result.out.split(separator: "\n").count == 15)
  }
}
