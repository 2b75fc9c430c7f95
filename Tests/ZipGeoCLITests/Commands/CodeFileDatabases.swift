import Foundation
import TestSupport

/// The databases the `--file` tests read, each imported once per test process by the built
/// `zipgeo` into a folder removed at exit, and only read afterwards:
///
/// - `us`: data/zips.csv, the US codes alone;
/// - `mixed`: data/zips.csv with Tests/ZipGeoCLITests/World/sample.txt (DE 01945 and 10115, AU
///   3000 and 3001, CH 3000 and 6719), four countries and no home recorded.
enum CodeFileDatabases {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
  static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zipgeo-code-files-\(getpid())")

  static let us = Result { try make("us.db", [zipsCSVPath]) }
  static let mixed = Result {
    try make("mixed.db", [zipsCSVPath, ImportCommandTests.world.appendingPathComponent("sample.txt").path])
  }

  private static func make(_ name: String, _ files: [String]) throws -> String {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(at: CodeFileDatabases.folder) }
    let path = folder.appendingPathComponent(name).path
    let imported = try runCommand(zipgeo, ["import"] + files + ["--db", path, "--quiet"], timeLimit: 300)
    guard imported.status == 0 else { throw SQLCommandTests.Failure(imported.err) }
    return path
  }
}
