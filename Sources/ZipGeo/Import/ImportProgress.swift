import CSV
import SQLiteKit

/// How far a running import has come.
public struct ImportProgress: Equatable, Sendable {
  /// Data rows read so far.
  public let rows: Int
  /// Bytes of the file read so far.
  public let bytesRead: Int
  /// The file's size, when known.
  public let totalBytes: Int?
  /// Seconds since the import started.
  public let seconds: Double

  /// The fraction of the file read, from 0 to 1, when its size is known.
  public var fraction: Double? {
    totalBytes.map { $0 > 0 ? min(1, Double(bytesRead) / Double($0)) : 1 }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}
