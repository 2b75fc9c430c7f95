import Geodesy

/// The grid that clusters zip codes for searches: 65,536 rows of latitude by 65,536 columns of
/// longitude (cells of about 300 by 600 metres at the equator), numbered along a Z-order curve,
/// so that every square of the quadtree over the grid (`Node`) is one run of consecutive
/// numbers: a table kept in cell order answers a piece of the map of any size with one range scan.
///
/// ```swift
/// GridCell.number(of: plano)   // the bits of row 36,868 and column 15,164, interleaved
/// ```
enum GridCell {
  /// Bits of a row or column number.
  static let bits = 16
  /// Rows (and columns) of cells.
  static let size = 1 << bits

  /// The row of a latitude within [-90, 90] (the north pole in the last row).
  static func row(_ latitude: Double) -> Int { min(size - 1, Int(((latitude + 90) * 65536 / 180).rounded(.down))) }
  /// The column of a longitude within [-180, 180] (180 in the last column).
  static func column(_ longitude: Double) -> Int {
    min(size - 1, Int(((longitude + 180) * 65536 / 360).rounded(.down)))
  }

  /// The cell number of a point (latitude within [-90, 90], longitude within [-180, 180]): the
  /// bits of its row and column interleaved, the row's in the odd places.
  static func number(of point: Coordinate) -> Int {
    interleave(row: row(point.latitude), column: column(point.longitude))
  }

  static func interleave(row: Int, column: Int) -> Int { spread(row) << 1 | spread(column) }

  /// The 16 low bits of `value` moved to the even places of 32.
  private static func spread(_ value: Int) -> Int {
    var x = value & 0xFFFF
    x = (x | (x << 8)) & 0x00FF_00FF
    x = (x | (x << 4)) & 0x0F0F_0F0F
    x = (x | (x << 2)) & 0x3333_3333
    x = (x | (x << 1)) & 0x5555_5555
    return x
  }

  /// `number(of:)` in SQL, of the columns `lat` and `lon` unless told others: the same double
  /// arithmetic (`CAST` truncates as `rounded(.down)` does for the non-negative values here), and
  /// each bit of the row and column put in its place (each term in parentheses: SQLite's `<<`,
  /// `>>`, `&` and `|` share one precedence).
  static func sqlExpression(latitude: String = "lat", longitude: String = "lon") -> String {
    let row = "min(65535, CAST((\(latitude) + 90) * 65536 / 180 AS INTEGER))"
    let column = "min(65535, CAST((\(longitude) + 180) * 65536 / 360 AS INTEGER))"
    let terms = (0..<bits).flatMap { bit in
      ["(((\(row) >> \(bit)) & 1) << \(2 * bit + 1))", "(((\(column) >> \(bit)) & 1) << \(2 * bit))"]
    }
    return "(" + terms.joined(separator: " | ") + ")"
  }

  /// A square of the quadtree over the grid: at `level` 0 the whole map, at level 16 one cell;
  /// each is cut into four at the next level. Its cells are numbers `first...last`.
  struct Node {
    let level: Int
    /// The node's row and column among the `1 << level` of its level.
    let row: Int
    let column: Int

    static let world = Node(level: 0, row: 0, column: 0)

    /// The squares of `level` that hold every point whose latitude is in `latitudes` and whose
    /// longitude is in one of `longitudes` (the cells of such points are theirs), or `nil` when
    /// there would be more than `most`.
    static func covering(
      latitudes: ClosedRange<Double>, longitudes: [ClosedRange<Double>], level: Int, most: Int
    ) -> [Node]? {
      guard (0...GridCell.bits).contains(level), latitudes.lowerBound.isFinite, latitudes.upperBound.isFinite else {
        return nil
      }
      let shift = GridCell.bits - level
      // The rows and columns of the cells of the range's ends, at `level`: the cells of the
      // points between are between them.
      let (south, north) = (GridCell.row(max(-90, latitudes.lowerBound)), GridCell.row(min(90, latitudes.upperBound)))
      guard south <= north else { return nil }
      let rows = (south >> shift)...(north >> shift)
      var nodes: [Node] = []
      for range in longitudes {
        guard range.lowerBound.isFinite, range.upperBound.isFinite else { return nil }
        let (west, east) = (GridCell.column(max(-180, range.lowerBound)), GridCell.column(min(180, range.upperBound)))
        guard west <= east else { return nil }
        let columns = (west >> shift)...(east >> shift)
        guard rows.count * columns.count + nodes.count <= most else { return nil }
        nodes.reserveCapacity(nodes.count + rows.count * columns.count)
        for row in rows {
          for column in columns where !nodes.contains(where: { $0.row == row && $0.column == column }) {
            nodes.append(Node(level: level, row: row, column: column))
          }
        }
      }
      return nodes
    }

    /// Its span of latitude, in metres on the mean sphere.
    var size: Double { Double.pi * Sphere.earth.radius / Double(1 << level) }

    var first: Int { GridCell.interleave(row: row, column: column) << (2 * (GridCell.bits - level)) }
    var last: Int { first + (1 << (2 * (GridCell.bits - level))) - 1 }

    /// Its latitudes and longitudes, in degrees.
    var latitudes: ClosedRange<Double> {
      let span = 180 / Double(1 << level)
      return (Double(row) * span - 90)...(Double(row + 1) * span - 90)
    }
    var longitudes: ClosedRange<Double> {
      let span = 360 / Double(1 << level)
      return (Double(column) * span - 180)...(Double(column + 1) * span - 180)
    }

    /// Its latitudes and longitudes widened by a billionth of a degree (0.1 mm), so that they hold
    /// every point whose cell is in the node: `row(_:)` and `column(_:)` round, and a point a few
    /// ulps below a line of the grid can have the cell above it.
    var holdingLatitudes: ClosedRange<Double> {
      (latitudes.lowerBound - Self.margin)...(latitudes.upperBound + Self.margin)
    }
    var holdingLongitudes: ClosedRange<Double> {
      (longitudes.lowerBound - Self.margin)...(longitudes.upperBound + Self.margin)
    }
    static let margin = 1e-9

    /// The four nodes of the next level, or none at the last.
    var children: [Node] {
      guard level < GridCell.bits else { return [] }
      let (r, c) = (row * 2, column * 2)
      return [
        Node(level: level + 1, row: r, column: c), Node(level: level + 1, row: r, column: c + 1),
        Node(level: level + 1, row: r + 1, column: c), Node(level: level + 1, row: r + 1, column: c + 1),
      ]
    }
  }
}
