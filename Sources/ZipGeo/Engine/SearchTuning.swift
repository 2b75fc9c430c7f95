/// Every number that tunes the searches (`NearestFirstSearch`, and the table functions that
/// serve its rows), in one place. None changes an answer: each trades reads of the table against
/// the rows a read hands over, or memory against calls. docs/spatial-index.md explains the walk
/// they tune; `scripts/bench-engine.py` and `scripts/bench/compare-searches.py` measure a change
/// to any of them (two builds side by side).
enum SearchTuning {
  // MARK: Bands

  /// The most rows a band holds: the rows of a band are handed out together, so this bounds the
  /// memory of a search whatever its answer.
  static let bandRows = 65_536
  /// The most rows of a table function's band: its cells hold some 144 bytes a row.
  static let tableFunctionBandRows = 4_096
  /// The states whose names a table function's band keeps: a circle about a meeting of states
  /// holds rows of several, nearest first and so mixed (four prefectures within 25 km of Tokyo
  /// station), and each is looked up once a band.
  static let statesNamedPerBand = 8
  /// A band is made once its first row is certain and either this many squares were read since
  /// the last one, or `rowsAhead` rows wait (or the limit's worth, or no square is left): fewer,
  /// larger bands, each of which costs its caller a round (a table function's call back into the
  /// search), at the price of a few squares read ahead (a `LIMIT` reads at most these more).
  static let squaresAhead = 8
  static let rowsAhead = 256

  // MARK: The size of the squares read

  /// The largest square a radius search reads at first, in metres of latitude: squares up to the
  /// circle's width, since rows of a square outside the circle's box are passed over inside
  /// SQLite, and fewer reads cost less than the rows they add.
  static let finestAtFirst = 20_000.0
  /// The largest square a search reads after sparse reads, in metres.
  static let coarsestRead = 80_000.0
  /// The smallest square a radius search that only counts its rows reads at first, in metres: a
  /// count reads squares of half its radius, but not smaller than this.
  static let finestCounted = 2_000.0
  /// The largest square read, however far, in metres: what one read holds (a few countries' rows
  /// at most) bounds the memory of a search of the whole world.
  static let largest = 500_000.0
  /// A read of more rows than this halves the size a search reads below its square's size, so
  /// that the first rows of a dense city come after a few thousand rows read, not tens of
  /// thousands.
  static let denseRows = 1_024
  /// For a search that only counts its rows: finer squares about a dense centre lie wholly within
  /// the radius more often, and are counted by their cells alone.
  static let denseCounted = 256
  /// A read of fewer rows than this doubles the size a radius search reads (up to
  /// `coarsestRead`), so that a sparse country is read in few squares.
  static let sparseRows = 128

  // MARK: Where a search starts

  /// The most squares a radius search starts from (`GridCell.Node.covering` of its box).
  static let startingSquares = 16
  /// The most squares a small radius search reads in its first statement, and a search for the
  /// nearest reads together after it: each statement costs as much as a few dozen rows (its
  /// binds, its seek, its step and its end), and a circle of 10 km meets two to four squares.
  static let squaresReadTogether = 4
  /// The level of the square about the centre whose rows a search for the nearest counts before
  /// it starts (about 10 km across), and the most rows it counts there.
  static let probeLevel = 11
  static let probeRows = 32
}
