import Geodesy
import SQLiteKit

/// Rows whose texts can be compared for ties: `FoundRows` and its `Builder`.
protocol TextRows {
  var hasColumns: Bool { get }
  func withText<T>(row: Int32, column: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T
  func order(row: Int32) -> Int64
}
