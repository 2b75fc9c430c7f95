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

  /// Ranges of cells every point of which lies within `metres` of `center` on either Earth model
  /// (`SphericalCap`), row by row: a band of a nearest-first search skips them, since every row in
  /// them was given by an earlier band. Each row's half-width is the smaller of the cap's at the
  /// row's edges widened by 0.01 degrees (the width rises and falls once from south to north),
  /// and a cell is skipped only when it lies wholly inside, by the same margin; longitudes are
  /// not wrapped across the 180th meridian (less is skipped there).
  static func rangesWithin(metres: Double, of center: Coordinate, model: EarthModel) -> [ClosedRange<Int>] {
    let cap = SphericalCap(center: center, innerMetres: metres, model: model)
    guard cap.angle > 0 else { return [] }
    let margin = 0.01
    let firstRow = max(0, row(max(-90, center.latitude - cap.latitudeReach)))
    let lastRow = min(Int(180 * perDegree) - 1, row(min(90, center.latitude + cap.latitudeReach)))
    guard firstRow <= lastRow else { return [] }
    var ranges: [ClosedRange<Int>] = []
    for cellRow in firstRow...lastRow {
      let south = Double(cellRow) / perDegree - 90
      guard let a = cap.halfWidth(atLatitude: south - margin),
        let b = cap.halfWidth(atLatitude: south + 1 / perDegree + margin)
      else { continue }
      let width = min(a, b)
      let west = max(-180, cap.centerLongitude - width)
      let east = min(180, cap.centerLongitude + width)
      // Cells whose span, widened by the margin, lies within [west, east].
      let first = Int(((west + margin + 180) * perDegree).rounded(.up))
      let last = Int(((east - margin + 180) * perDegree).rounded(.down)) - 1
      guard first <= last else { continue }
      ranges.append((cellRow * columns + first)...(cellRow * columns + last))
    }
    return ranges
  }

  /// Ranges of cells that hold every point within `metres` of `center` on either Earth model
  /// (`SphericalCap(center:outerMetres:)`), row by row, each row as wide as the cap's widest
  /// parallel in it plus 0.01 degrees, in two ranges where it crosses the 180th meridian.
  static func rangesHolding(metres: Double, of center: Coordinate, model: EarthModel) -> [ClosedRange<Int>] {
    let cap = SphericalCap(center: center, outerMetres: metres, model: model)
    let margin = 0.01
    let firstRow = max(0, row(max(-90, center.latitude - cap.latitudeReach - margin)))
    let lastRow = min(Int(180 * perDegree), row(min(90, center.latitude + cap.latitudeReach + margin)))
    guard firstRow <= lastRow else { return [] }
    var ranges: [ClosedRange<Int>] = []
    for cellRow in firstRow...lastRow {
      let south = Double(cellRow) / perDegree - 90
      guard let width = cap.widestHalfWidth(from: south - margin, to: south + 1 / perDegree + margin) else { continue }
      let base = cellRow * columns
      if width + margin >= 180 {
        ranges.append(base...(base + columns - 1))
        continue
      }
      let west = cap.centerLongitude - width - margin
      let east = cap.centerLongitude + width + margin
      var pieces: [ClosedRange<Double>] = [max(-180, west)...min(180, east)]
      if west < -180 { pieces.insert(max(-180, west + 360)...180, at: 1) }
      if east > 180 { pieces.insert(-180...min(180, east - 360), at: 0) }
      var rowRanges = pieces.map { column($0.lowerBound)...column($0.upperBound) }
      rowRanges.sort { $0.lowerBound < $1.lowerBound }
      for range in rowRanges {
        if let last = ranges.last, last.upperBound + 1 >= base + range.lowerBound {
          ranges[ranges.count - 1] = last.lowerBound...max(last.upperBound, base + range.upperBound)
        } else {
          ranges.append((base + range.lowerBound)...(base + range.upperBound))
        }
      }
    }
    return ranges
  }

  /// The cells in both `a` and `b` (each sorted, apart), sorted.
  static func intersecting(_ a: [ClosedRange<Int>], _ b: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
    var result: [ClosedRange<Int>] = []
    var (i, j) = (0, 0)
    while i < a.count && j < b.count {
      let low = max(a[i].lowerBound, b[j].lowerBound)
      let high = min(a[i].upperBound, b[j].upperBound)
      if low <= high { result.append(low...high) }
      if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
    }
    return result
  }

  /// `ranges` (sorted, apart) less `excluded` (sorted, apart), sorted.
  static func subtracting(_ excluded: [ClosedRange<Int>], from ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
    guard !excluded.isEmpty else { return ranges }
    var result: [ClosedRange<Int>] = []
    var next = 0
    for range in ranges {
      var start = range.lowerBound
      while next < excluded.count && excluded[next].upperBound < start { next += 1 }
      var index = next
      while start <= range.upperBound {
        guard index < excluded.count, excluded[index].lowerBound <= range.upperBound else {
          result.append(start...range.upperBound)
          break
        }
        let cut = excluded[index]
        if cut.lowerBound > start { result.append(start...(cut.lowerBound - 1)) }
        start = max(start, cut.upperBound + 1)
        index += 1
      }
    }
    return result
  }
}
