import Foundation

/// A folder of its own for one test, removed when the test ends.
public final class TemporaryFolder {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("zipgeo-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Writes `text` to a file in the folder and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try Data(text.utf8).write(to: url.appendingPathComponent(name))
    return path(name)
  }

  /// Writes `bytes` to a file in the folder and returns its path.
  @discardableResult
  public func write(_ name: String, bytes: [UInt8]) throws -> String {
    try Data(bytes).write(to: url.appendingPathComponent(name))
    return path(name)
  }
}
