import Geodesy
import SQLiteKit

/// Rows a search gives at once, nearest first: each a row of one of `stores`, at its distance;
/// or, for a caller that reads nothing of them (`NearestFirstSearch.Reading.count`), only how
/// many there are.
struct SearchBand {
  var stores: [FoundRows] = []
  var rows: [(store: Int32, row: Int32)] = []
  var distances: [Double] = []
  /// Rows counted, of which nothing is read.
  var unread = 0
  /// How many rows the band holds.
  var count: Int { rows.count + unread }
}
