import Geodesy

/// The grid that clusters zip codes for radius searches: cells of 0.1 by 0.1 degrees, numbered
/// row by row from the south pole and the 180th meridian west.
///
/// ```swift
/// GridCell.number(of: plano)   // 1230 * 3601 + 832: row (33.025 + 90) * 10, column (-96.7397 + 180) * 10
/// ```
///
/// A box on the map covers, in each row of cells, one run of consecutive numbers, so the
/// `(cell, lat, lon)` index answers a box with one short range scan per row instead of scanning
/// a whole band of latitude.
enum GridCell {
  /// Cells per degree.
  static let perDegree = 10.0
  /// Columns per row: longitudes -180 ... 180 inclusive.
  static let columns = 3601

  static func row(_ latitude: Double) -> Int { Int(((latitude + 90) * perDegree).rounded(.down)) }
  static func column(_ longitude: Double) -> Int { Int(((longitude + 180) * perDegree).rounded(.down)) }

  /// `number(of:)` in SQL, of the columns `lat` and `lon` unless told others: the same double
  /// arithmetic, and `CAST` truncates as `rounded(.down)` does for the non-negative values here.
  static func sqlExpression(latitude: String = "lat", longitude: String = "lon") -> String {
    "(CAST((\(latitude) + 90) * \(Int(perDegree)) AS INTEGER) * \(columns)"
      + " + CAST((\(longitude) + 180) * \(Int(perDegree)) AS INTEGER))"
  }

  /// The cell number of a point (latitude within [-90, 90], longitude within [-180, 180]).
  static func number(of point: Coordinate) -> Int {
    row(point.latitude) * columns + column(point.longitude)
  }

  /// Boxes needing more ranges than this read whole rows of cells instead.
  static let maximumRanges = 64

  /// Ranges of cell numbers that cover `box`: one per row and longitude range, or, for boxes of
  /// more rows than is worth a range each, one range over the whole band of rows.
  static func ranges(covering box: BoundingBox, maximumRanges: Int = maximumRanges) -> [ClosedRange<Int>] {
    // A box from a valid centre and radius always has -90 <= south <= north <= 90; anything else
    // (NaN, an inverted box) covers no cell rather than trapping in `Int(_:)` or `...`.
    guard box.minLatitude <= box.maxLatitude, box.maxLatitude >= -90, box.minLatitude <= 90 else { return [] }
    let rows = row(max(-90, box.minLatitude))...row(min(90, box.maxLatitude))
    if rows.count * box.longitudeRanges.count > maximumRanges {
      return [(rows.lowerBound * columns)...(rows.upperBound * columns + columns - 1)]
    }
    let columnRanges = box.longitudeRanges.map {
      column(max(-180, $0.lowerBound))...column(min(180, $0.upperBound))
    }
    var ranges: [ClosedRange<Int>] = []
    ranges.reserveCapacity(rows.count * columnRanges.count)
    for row in rows {
      for range in columnRanges {
        ranges.append((row * columns + range.lowerBound)...(row * columns + range.upperBound))
      }
    }
    return ranges
  }
}
