import Foundation

/// The repository's data/world.txt.xz (121 countries, 1.8 million rows), imported by the built
/// `zipgeo` once per test process, for every test that needs the world's postal codes.
///
/// ```swift
/// let db = try ZipDatabase(readingAt: try WorldDatabase.path())
/// ```
///
/// Tests run in parallel: the first to ask imports (about 10 s with the test command's optimised
/// modules, a minute without) while the others wait for it, and all of them then read the same
/// file. Nothing may write to it.
public enum WorldDatabase {
  /// The repository's data/world.txt.xz.
  public static let sourcePath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../data/world.txt.xz").standardized.path

  /// Guards `imported`.
  private static let lock = NSLock()
  /// The path of the database, or why the import failed: a failure is not retried by every test.
  nonisolated(unsafe) private static var imported: Result<String, any Error>?

  /// The path of the world database, imported on the first call.
  ///
  /// - Throws: `WorldDatabaseError` when `zipgeo import` fails; every later call throws it again.
  public static func path() throws -> String {
    lock.lock()
    defer { lock.unlock() }
    if imported == nil { imported = Result { try importWorld() } }
    // Assigned just above when it was nil.
    return try imported!.get()
  }

  /// Runs `zipgeo import data/world.txt.xz` into a folder removed when the test process exits.
  private static func importWorld() throws -> String {
    if ProcessInfo.processInfo.environment["ZIPGEO_OPTIMIZED_TESTS"] != "1" {
      FileHandle.standardError.write(
        Data(
          ("note: without ZIPGEO_OPTIMIZED_TESTS=1 the tests' modules are built unoptimised, and "
            + "the suite takes over 14 minutes: README's test command is ZIPGEO_OPTIMIZED_TESTS=1 swift test\n").utf8))
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zipgeo-world-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // Called once (under `lock`): one folder, one handler.
    importFolder = folder.path
    atexit { if let folder = WorldDatabase.importFolder { try? FileManager.default.removeItem(atPath: folder) } }
    let path = folder.appendingPathComponent("world.db").path
    let errors = folder.appendingPathComponent("import.err").path
    // Measured, so that a test can hold the import to its memory promise at no cost.
    let run = try MeasuredRun(
      buildProductsFolder.appendingPathComponent("zipgeo"), ["import", sourcePath, "--db", path, "--quiet"],
      standardOutput: "/dev/null", standardError: errors, timeLimit: 600)
    guard run.exitCode == 0 else {
      throw WorldDatabaseError(
        status: run.exitCode, standardError: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    }
    importPeak = run.peakResidentBytes
    return path
  }

  /// The peak resident memory of the import that made the world database (`path()`).
  public static func importPeakResidentBytes() throws -> Int {
    _ = try path()
    lock.lock()
    defer { lock.unlock() }
    return importPeak
  }

  /// Written once under `lock`, by the import.
  nonisolated(unsafe) private static var importPeak = 0

  /// The folder to remove at exit (written under `lock`, read once the tests have ended).
  nonisolated(unsafe) private static var importFolder: String?
}

/// `zipgeo import data/world.txt.xz` failed.
public struct WorldDatabaseError: Error, CustomStringConvertible {
  public let status: Int32
  public let standardError: String

  public var description: String { "zipgeo import of data/world.txt.xz exited with \(status): \(standardError)" }
}
