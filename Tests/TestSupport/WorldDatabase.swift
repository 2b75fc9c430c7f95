import Foundation

/// The repository's data/world.txt.xz (121 countries, 1.8 million rows), imported by the built
/// `zipgeo` once per test process, for every test that needs the world's postal codes.
///
/// ```swift
/// let db = try ZipDatabase(readingAt: try WorldDatabase.path())
/// ```
///
/// Tests run in parallel: the first to ask imports (about 12 s with a debug build) while the
/// others wait for it, and all of them then read the same file. Nothing may write to it.
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
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zipgeo-world-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // Called once (under `lock`): one folder, one handler.
    importFolder = folder.path
    atexit { if let folder = WorldDatabase.importFolder { try? FileManager.default.removeItem(atPath: folder) } }
    let path = folder.appendingPathComponent("world.db").path
    let result = try runCommand(
      buildProductsFolder.appendingPathComponent("zipgeo"), ["import", sourcePath, "--db", path, "--quiet"],
      timeLimit: 600)
    guard result.status == 0, !result.wasSignalled else {
      throw WorldDatabaseError(status: result.status, standardError: result.err)
    }
    return path
  }

  /// The folder to remove at exit (written under `lock`, read once the tests have ended).
  nonisolated(unsafe) private static var importFolder: String?
}

/// `zipgeo import data/world.txt.xz` failed.
public struct WorldDatabaseError: Error, CustomStringConvertible {
  public let status: Int32
  public let standardError: String

  public var description: String { "zipgeo import of data/world.txt.xz exited with \(status): \(standardError)" }
}
