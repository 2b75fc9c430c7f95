import Geodesy

/// The ranges of cells of the `zips` table that hold every zip code within a radius: the squares
/// of the quadtree over the grid (`GridCell.Node`) that may hold a point of the circle, each one
/// range of the clustered table, for SQLite to read natively (`zipgeo_cover`, joined to `zips` on
/// `cell BETWEEN first_cell AND last_cell`, with `distance()` keeping the rows within the radius).
///
/// ```swift
/// let query = try RadiusQuery(center: london, radius: Length(10, .kilometres))
/// CellCovering(query).ranges(for: .current)   // a few ranges, ascending and disjoint
/// ```
///
/// It starts from the squares a radius search starts from (at most 16 of about four times the
/// radius, or the world), drops those wholly past the radius (`EarthModel.leastDistance`, the
/// bound the search uses), and cuts the largest in four while at most `mostSquares` remain and
/// the largest is wider than a quarter of the radius: each range costs SQLite a seek of the
/// table, each row of a square outside the circle a row read and a distance.
struct CellCovering {
  /// The most squares a covering holds (fewer ranges, where neighbours join): the seeks of more
  /// cost more than the rows they save.
  static let mostSquares = 32
  /// A square no wider than this share of the radius is not cut: finer squares save fewer rows
  /// than their seeks cost (docs/benchmarks.md, "zipgeo_cover").
  static let finestShare = 0.125

  /// The squares, in no particular order.
  let squares: [GridCell.Node]

  init(_ query: RadiusQuery, mostSquares: Int = Self.mostSquares, finestShare: Double = Self.finestShare) {
    let model = query.model
    let unit = query.radius.unit
    let farthest = query.farthest
    let metres = query.radius.metres
    func reaches(_ node: GridCell.Node) -> Bool { unit.fromMetres(query.leastMetres(to: node)) <= farthest }
    guard metres < model.halfCircumference else {
      squares = [.world]
      return
    }
    let start =
      NearestFirstSearch.startingSquares(box: model.boundingBox(around: query.center, radius: metres), metres: metres)
      ?? [.world]
    var squares = start.filter(reaches)
    let finest = max(metres * finestShare, GridCell.Node(level: GridCell.bits, row: 0, column: 0).size)
    // Cut the largest square while it is coarser than `finest` and its quarters that reach the
    // circle fit in the budget: the largest waste the most rows.
    while let index = squares.indices.min(by: { squares[$0].level < squares[$1].level }),
      squares[index].level < GridCell.bits, squares[index].size > finest
    {
      let quarters = squares[index].children.filter(reaches)
      guard squares.count - 1 + quarters.count <= max(mostSquares, 1) else { break }
      squares.remove(at: index)
      squares += quarters
    }
    self.squares = squares
  }

  /// The ranges of cell numbers that hold the squares' rows: ascending, disjoint, with
  /// neighbouring ranges joined.
  func ranges() -> [ClosedRange<Int>] {
    let all = squares.map { $0.first...$0.last }
    var merged: [ClosedRange<Int>] = []
    for range in all.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
        merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        merged.append(range)
      }
    }
    return merged
  }
}
