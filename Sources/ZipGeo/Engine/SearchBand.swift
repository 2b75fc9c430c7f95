import Geodesy
import SQLiteKit

/// Rows a search gives at once, nearest first: each a row of one of `stores`, or one of `own`
/// (the centre code's own places, `ownStore`), at its distance; or, for a caller that reads
/// nothing of them (`NearestFirstSearch.Reading.count`), only how many there are.
struct SearchBand {
  var stores: [FoundRows] = []
  var rows: [(store: Int32, row: Int32)] = []
  var distances: [Double] = []
  /// The centre code's places in the band: the rows whose store is `ownStore`.
  var own: [ZipCode] = []
  /// Rows counted, of which nothing is read.
  var unread = 0
  /// How many rows the band holds.
  var count: Int { rows.count + unread }

  /// The store of the rows that are the centre code's own places (`own`).
  static let ownStore: Int32 = -1

  /// The zip code of row `index`.
  func zipCode(at index: Int) -> ZipCode {
    let (store, row) = rows[index]
    return store == Self.ownStore ? own[Int(row)] : stores[Int(store)].zipCode(row: row)
  }

  /// The band's rows as zip codes at their distances, in `unit` (the unit they were measured in).
  func hits(in unit: LengthUnit) -> [NearbyZip] {
    rows.indices.map { NearbyZip(zipCode: zipCode(at: $0), distance: Length(distances[$0], unit)) }
  }
}
