import Geodesy
import SQLiteKit

/// A radius or nearest search that hands out its answer nearest first, as it reads it, so that
/// memory is bounded by the rows near its frontier, never by the answer: the table functions give
/// SQLite each row as it asks for it (a `LIMIT 10` of a world-wide radius reads a few cells), and
/// the command line prints rows before it reads the rest.
///
/// ```swift
/// var search = NearestFirstSearch(try RadiusQuery(center: plano, radius: Length(30, .kilometres)))
/// while let band = try search.nextBand(on: db) { for hit in band { print(hit.zipCode.zip) } }
/// ```
///
/// The squares of the quadtree over the grid (`GridCell.Node`) wait in a queue ordered by the
/// least distance any point of a square can have from the centre (`EarthModel.leastDistance`), as
/// an R*Tree search orders its nodes; squares wholly past the radius are never queued. A radius
/// search starts from a few squares covering its circle (a small one, whose circle meets at most
/// `SearchTuning.squaresReadTogether` squares of the size it reads, reads them all in one statement, its first);
/// a search for the nearest, where the
/// square about its centre holds the rows it wants, from that square and its eight neighbours,
/// with the rest of the world as one item (`startAround(_:)`), else from the world. The nearest
/// square is taken from the queue: one small enough is read (one range scan of the table, which
/// is kept in cell order), a larger one is cut in four, each queued. A square is small enough when
/// it is no larger than its distance from the centre (and 500 km), or than the finest a search
/// reads: a radius search reads squares up to its diameter across (at most 20 km at first; after a
/// read of more than `SearchTuning.denseRows` rows, at most half that square, and after one of fewer than
/// `SearchTuning.sparseRows`, twice it, up to 80 km, so that the first rows of a dense city come after a few
/// thousand rows read, not tens of thousands, and a sparse country is read in few squares); a
/// nearest search goes down to single cells, so that the nearest few in a dense city cost a few
/// hundred metres of it, and after a read that finds no row reads twice that read's size, up to
/// 80 km, so that an empty sea is not read cell by cell. The rows read wait in a second queue, by
/// distance, and leave it once no square still queued can hold a nearer one. Rows of which the
/// caller reads nothing are only counted (`Reading.count`), inside SQLite where it can: those of
/// a square wholly within the radius (`RadiusQuery.holdsWhole`, on the sphere) by their cells
/// alone, whatever the square's size.
public struct NearestFirstSearch: BandedSearch {

  let query: RadiusQuery
  /// Of place, state, county and accuracy, the ones read (all with `details`, else none): a
  /// table function reads only those its query uses.
  let detailColumns: FoundRows.Details
  /// Whether the search reads any of place, state, county and accuracy.
  var details: Bool { !detailColumns.isEmpty }
  /// What of its rows the caller reads: by default every column.
  let reading: Reading

  /// What a search's caller reads of its rows, given when the search is made: of place, state,
  /// county and accuracy the columns read, whether rows, their distances alone or only their
  /// count, and the most rows a band holds. A table function knows them from its query.
  struct Reads {
    var details: FoundRows.Details = .all
    var reading = Reading.rows
    var budget = SearchTuning.bandRows
  }

  /// What of its rows a search's caller reads; a table function knows from its query.
  enum Reading {
    /// The columns of each zip code, and its distance: rows nearest first, ties in their order.
    case rows
    /// Only the distance (`SELECT distance`): rows nearest first, rows as near in no particular
    /// order, since nothing tells them apart.
    case distances
    /// Nothing (`count(*)`): rows are only counted, and given in the order they were read.
    case count
  }
  let budget: Int
  /// The rows still wanted (`query.limit` less those given).
  private var remaining: Int
  /// The squares not yet read, by their least possible distance, in the query's unit.
  private var squares = MinHeap<Square>()
  /// The reads whose rows are not all given, by their nearest row not yet given.
  private var found = MinHeap<Run>()
  /// Bands made so far, to tell which reads a band already holds.
  private var bands = 0
  /// Whether the table's columns were checked (`Schema.requireSearchable`).
  private var checked = false
  /// Whether a search for the nearest has counted the rows about its centre
  /// (`startFromDensity(on:)`).
  private var probed = false
  /// The squares a search for the nearest starts from (`startAround(_:)`): the counted one and its
  /// neighbours; the least distance from the centre of any point outside them, in metres.
  private var block: [GridCell.Node] = []
  private var outsideMetres = 0.0
  /// What collects the rows of each read inside SQLite, and the statement that hands them over,
  /// taken at the first read.
  private var collector: SearchRowCollector?
  private var collectingStatement: Statement?
  /// Whether the table was found of the current layout (`Schema.requireCurrentLayout(_:)`).
  private var layoutChecked = false
  /// The squares read since the last band was made.
  private var readsSinceBand = 0
  /// The rows read and not yet given.
  private var pending = 0
  /// The query's radius, at most half the Earth's circumference (1e300 km reads the world): the
  /// farthest a row is found at, in the query's unit.
  let farthest: Double
  /// The size (in metres of latitude) up to which a square is read whatever its distance.
  private var finest: Double
  /// The largest `finest` may grow.
  private let coarsest: Double
  /// The rows the last read stepped through (left as they were by squares counted whole).
  private var scanned = 0
  /// A box holding the circle: a read's rows outside it are passed over inside SQLite, where a
  /// row costs far less than one handed to the search.
  private let box: BoundingBox
  /// The squares a small radius search reads first, all in one statement (`firstReads`): every
  /// square it would read, when they are few; `nil` once read, or for a search that reads its
  /// squares one by one.
  private var firstReads: [GridCell.Node]?

  /// A search for every zip code of `query` (within its radius, at most its limit), nearest first;
  /// without `details`, with no place, state, county or accuracy.
  public init(_ query: RadiusQuery, details: Bool = true) {
    self.init(query, reads: Reads(details: details ? .all : []))
  }

  /// A search for every zip code of `query`, reading of its rows what `reads` says.
  init(_ query: RadiusQuery, reads: Reads) {
    let radius = query.limit == nil ? query.radius.metres : 0
    // Squares up to the circle's width: rows of a square outside the circle's box are passed
    // over inside SQLite, and fewer reads cost less than the rows they add.
    // Rows only counted are counted inside SQLite: a square wholly within the radius natively,
    // each row of one that is not with a function call, where rows read cost more to hand over.
    // A count reads squares of half its radius (at least `SearchTuning.finestCounted`), and
    // halves them after a read of more than `SearchTuning.denseCounted` rows, which makes more of
    // them whole where rows are dense; smaller squares throughout cost the small searches more
    // than they save the join (scripts/bench/compare-joins.py and compare-searches.py measure
    // both).
    let across = reads.reading == .count ? max(radius / 2, min(2 * radius, SearchTuning.finestCounted)) : 2 * radius
    self.init(
      query, reads: reads, finest: min(across, SearchTuning.finestAtFirst),
      coarsest: min(across, SearchTuning.coarsestRead))
  }

  /// The `count` zip codes nearest `center` on the whole Earth, nearest first, with distances in
  /// `unit`; with `country`, only that country's.
  public init(
    nearestTo center: Coordinate, count: Int, model: EarthModel = .sphere, unit: LengthUnit = .kilometres,
    country: String? = nil, details: Bool = true
  ) throws {
    try self.init(
      nearestTo: center, count: count, model: model, unit: unit, country: country,
      reads: Reads(details: details ? .all : []))
  }

  /// The `count` zip codes nearest `center`, reading of their rows what `reads` says.
  init(
    nearestTo center: Coordinate, count: Int, model: EarthModel = .sphere, unit: LengthUnit = .kilometres,
    country: String? = nil, reads: Reads
  ) throws {
    // Past the farthest point by more than any rounding.
    let everywhere = unit.fromMetres(model.halfCircumference * (1 + 1e-9))
    let query = try RadiusQuery(
      center: center, radius: Length(everywhere, unit), limit: max(0, count), model: model, country: country)
    self.init(query, reads: reads, finest: 0, coarsest: SearchTuning.coarsestRead)
  }

  init(_ query: RadiusQuery, reads: Reads, finest: Double, coarsest: Double? = nil) {
    self.query = query
    // Every detail, or none: the statements that read them are few (`collectStatements`).
    detailColumns = reads.details.isEmpty ? [] : .all
    reading = reads.reading
    budget = max(1, reads.budget)
    self.finest = finest.isNaN ? 0 : finest
    self.coarsest = max(self.finest, coarsest.map { $0.isNaN ? 0 : $0 } ?? 0)
    remaining = query.limit ?? Int.max
    farthest = query.farthest
    let metres = query.radius.metres
    box =
      metres.isNaN || metres < 0
      ? .world : query.model.boundingBox(around: query.center, radius: min(metres, query.model.halfCircumference * 2))
    guard remaining > 0 else { return }
    // A radius search starts from the few squares of about four times its radius that cover its
    // box, rather than walking down to them from the whole world: each square on the way costs a
    // distance bound, which a small search would feel.
    // A small one whose circle meets at most `SearchTuning.squaresReadTogether` squares of the size it reads reads
    // them all in its first statement: each statement costs as much as a few dozen rows (its
    // binds, its seek, its step and its end), and a circle of 10 km meets two to four squares.
    if query.limit == nil,
      let first = Self.firstSquares(of: query, box: box, reading: reading, finest: self.finest, farthest: farthest)
    {
      firstReads = first
    } else if query.limit == nil, let start = Self.startingSquares(box: box, metres: metres) {
      for node in start { queue(node) }
    } else if query.limit == nil {
      queue(.world)
    }
    // A search for the nearest rows is started at its first read, from the density about its
    // centre (`startFromDensity(on:)`).
  }

  /// Starts a search for the nearest rows from `middle`, the square that holds its centre, and its
  /// eight neighbours (fewer at a pole), each queued with its bound, and the rest of the world as
  /// one item, whose bound is the least distance from the centre to any point outside those
  /// squares. Walking down to them from the whole world queued four squares at each of a dozen
  /// levels, each a distance bound, for rows that lie a few kilometres away; the world outside is
  /// cut only when a search reaches that far (`queue(outside:)`).
  private mutating func startAround(_ middle: GridCell.Node) {
    let center = query.center
    let level = middle.level
    let count = 1 << level
    let rows = max(0, middle.row - 1)...min(count - 1, middle.row + 1)
    for row in rows {
      for step in -1...1 {
        let node = GridCell.Node(level: level, row: row, column: (middle.column + step + count) % count)
        if !block.contains(where: { $0.row == node.row && $0.column == node.column }) { block.append(node) }
      }
    }
    for node in block { queue(node) }
    // The least distance to a point outside: north or south of the block's rows, or east or west
    // of its columns, each region widened by the grid's margin (a point a few ulps inside a line
    // of the grid can have the cell beyond it).
    let (height, width, margin) = (180 / Double(count), 360 / Double(count), GridCell.Node.margin)
    let model = query.model
    var metres = Double.infinity
    if rows.upperBound < count - 1 {
      let north = Double(rows.upperBound + 1) * height - 90
      metres = min(metres, model.leastDistance(from: center, latitudes: (north - margin)...90, longitudes: -180...180))
    }
    if rows.lowerBound > 0 {
      let south = Double(rows.lowerBound) * height - 90
      metres = min(metres, model.leastDistance(from: center, latitudes: -90...(south + margin), longitudes: -180...180))
    }
    let west = Double(middle.column - 1) * width - 180
    let east = west + 3 * width
    metres = min(
      metres,
      model.leastDistance(from: center, latitudes: -90...90, longitudes: (east - margin)...(west + 360 + margin)))
    outsideMetres = metres
    queue(outside: .world)
  }

  /// Queues `node`, which lies wholly or partly outside the squares a search for the nearest
  /// started from (`block`): a square of them is already queued; one that holds some of them is
  /// queued to be cut again when taken; any other is queued as any square. Either bound is at
  /// least `outsideMetres`, the least distance of any point outside the block.
  private mutating func queue(outside node: GridCell.Node) {
    let shift = SearchTuning.probeLevel - node.level
    let holdsBlock = shift >= 0 && block.contains { $0.row >> shift == node.row && $0.column >> shift == node.column }
    if holdsBlock && shift == 0 { return }
    let metres = max(query.leastMetres(to: node), outsideMetres)
    let bound = query.radius.unit.fromMetres(metres)
    guard bound <= farthest else { return }
    squares.insert(Square(bound: bound, metres: metres, node: node, holdsBlock: holdsBlock))
  }

  /// The squares, at most `startingSquares`, of the level whose squares are about four times
  /// `metres` across, that cover `box`; `nil` when there would be more, or the level is too coarse
  /// for such a start to save anything (the world is the start then).
  static func startingSquares(box: BoundingBox, metres: Double) -> [GridCell.Node]? {
    var level = 0
    while level < GridCell.bits && Double.pi * Sphere.earth.radius / Double(2 << level) >= 4 * metres { level += 1 }
    guard level > 2, box.minLatitude <= box.maxLatitude else { return nil }
    return GridCell.Node.covering(
      latitudes: box.minLatitude...box.maxLatitude, longitudes: box.longitudeRanges, level: level,
      most: SearchTuning.startingSquares)
  }

  /// The squares of the size a radius search reads (its `finest`) that meet its circle, when they
  /// are at most `SearchTuning.squaresReadTogether` (none, for a circle that meets no square's cells); `nil` when
  /// there are more, or for a search that only counts its rows, whose squares wholly within the
  /// radius are counted by their cells alone (`countWhole(_:on:)`).
  /// Static, of what it reads: a method of the search, called as it is made, copied the search
  /// (a retain and a release of each of its references).
  private static func firstSquares(
    of query: RadiusQuery, box: BoundingBox, reading: Reading, finest: Double, farthest: Double
  ) -> [GridCell.Node]? {
    guard reading != .count, finest > 0, box.minLatitude <= box.maxLatitude else { return nil }
    var level = 0
    while level < GridCell.bits && GridCell.Node(level: level, row: 0, column: 0).size > finest { level += 1 }
    guard
      var met = GridCell.Node.covering(
        latitudes: box.minLatitude...box.maxLatitude, longitudes: box.longitudeRanges, level: level,
        most: 4 * SearchTuning.squaresReadTogether)
    else { return nil }
    met.removeAll { query.radius.unit.fromMetres(query.leastMetres(to: $0)) > farthest }
    guard met.count <= SearchTuning.squaresReadTogether else { return nil }
    // In the order of their cells, so that those that follow one another are one range scan.
    met.sort { $0.first < $1.first }
    return met
  }

  /// Lets the search go on past its limit, read as one with a limit reads (small squares first),
  /// for a caller that stops asking once it has what it needs: `CenteredSearch`, which must see
  /// every row as near as the last it gives.
  mutating func liftLimit() {
    remaining = Int.max
  }

  /// The next rows, nearest first, or `nil` after the last; never an empty band. (Between two
  /// calls another connection may commit: read inside a transaction for one version throughout,
  /// as the table functions do, inside their statement's.)
  public mutating func nextBand(on database: Database) throws -> [NearbyZip]? {
    try nextRows(on: database)?.hits(in: query.radius.unit)
  }

  /// The next rows as they were read, nearest first, or `nil` after the last; never empty.
  mutating func nextRows(on database: Database) throws -> SearchBand? {
    if !probed { startFromDensity(on: database) }
    if let first = firstReads {
      firstReads = nil
      if !first.isEmpty { try readAndQueue(first, whole: false, on: database) }
    }
    while remaining > 0 {
      let frontier = squares.min?.bound ?? .infinity
      let ready =
        readsSinceBand >= SearchTuning.squaresAhead || pending >= min(SearchTuning.rowsAhead, remaining)
        || squares.isEmpty
      if reading == .count, ready, pending > 0 {
        // Rows nothing tells apart need no order: those read go at once.
        readsSinceBand = 0
        var band = SearchBand()
        band.unread = min(pending, budget, remaining)
        remaining -= band.unread
        pending -= band.unread
        return band
      }
      if ready, let nearest = found.min?.entry.distance, nearest < frontier {
        readsSinceBand = 0
        bands += 1
        let number = bands
        var band = SearchBand()
        let wanted = min(budget, remaining)
        while band.rows.count < wanted, let distance = found.min?.entry.distance, distance < frontier {
          // The nearest run gives its next row, and moves past it: dropped when that was its last.
          found.changeMin { run in
            if run.band != number {
              (run.band, run.bandIndex) = (number, Int32(band.stores.count))
              band.stores.append(run.rows)
            }
            band.rows.append((run.bandIndex, run.entry.row))
            band.distances.append(distance)
            run.next += 1
            return run.next < run.rows.entries.count
          }
        }
        remaining -= band.rows.count
        pending -= band.rows.count
        return band
      }
      guard let square = squares.popMin() else { break }
      if square.holdsBlock {
        split(square)
        continue
      }
      // Rows only counted, of a square wholly within the radius, are counted as they are, at any
      // size: none needs measuring.
      let whole = reading == .count && query.holdsWhole(square.node)
      if whole || isRead(square) {
        let pendingBefore = pending
        if query.limit != nil, reading != .count, pending < remaining, !squares.isEmpty {
          // A search for the nearest reads the next squares it would read in the same statement,
          // while it wants rows, up to `SearchTuning.squaresReadTogether` (those larger cut first, as the loop would;
          // none larger than the first): a statement costs a search as much as a few dozen rows,
          // and a square near its centre holds a few (read cell by cell), so that a square read
          // that was not needed costs less than a statement for each. (A radius search reads
          // squares of many rows, where a statement is little, and reads none ahead: its caller
          // may want the first ten of a radius across the world.)
          // No more squares than rows still wanted: the nearest one is mostly in the first.
          var together = [square.node]
          let most = min(SearchTuning.squaresReadTogether, remaining - pending)
          while together.count < most, let next = squares.min,
            next.holdsBlock || !isRead(next) || next.size <= square.size
          {
            _ = squares.popMin()
            if !next.holdsBlock && isRead(next) {
              together.append(next.node)
            } else {
              split(next)
            }
          }
          together.sort { $0.first < $1.first }
          readsSinceBand += together.count
          try readAndQueue(together, whole: false, on: database)
          scanned /= together.count
        } else {
          readsSinceBand += 1
          try readAndQueue(CollectionOfOne(square.node), whole: whole, on: database)
        }
        // A radius search reads larger squares after a sparse read; a search for the nearest few
        // only after a read that found none of them (an empty cell far from any code), so that a
        // dense city's nearest five are still read cell by cell.
        let sparse = query.limit == nil ? scanned < SearchTuning.sparseRows : pending == pendingBefore
        if scanned > (reading == .count ? SearchTuning.denseCounted : SearchTuning.denseRows) {
          finest = min(finest, square.size / 2)
        } else if sparse {
          finest = min(coarsest, max(finest, square.size * 2))
        }
      } else {
        split(square)
      }
    }
    remaining = 0
    squares.removeAll()
    found.removeAll()
    return nil
  }

  /// Cuts `square` into its four and queues them, as the world outside the squares a search
  /// started from (`queue(outside:)`) when it `holdsBlock`, else each as a square (`queue(_:)`):
  /// what the search does with every square it does not read.
  private mutating func split(_ square: Square) {
    for child in square.node.children {
      if square.holdsBlock { queue(outside: child) } else { queue(child) }
    }
  }

  /// Whether `square` is read as it is, not cut into its four: one of the finest squares, or of
  /// the size the search reads (`finest`), or no larger than its distance from the centre (so
  /// that a search for the nearest reads small squares near its centre, larger ones farther out).
  private func isRead(_ square: Square) -> Bool {
    square.node.level == GridCell.bits || square.size <= max(finest, min(square.metres, SearchTuning.largest))
  }

  /// Reads `nodes` (`read(_:whole:on:)`, a table's problem said as such) and queues the rows
  /// found, nearest first, among the reads whose rows wait to be given.
  private mutating func readAndQueue(
    _ nodes: some RandomAccessCollection<GridCell.Node>, whole: Bool, on database: Database
  ) throws {
    guard let reads = try Schema.diagnosingTable(database, { try read(nodes, whole: whole, on: database) }) else {
      return
    }
    found.insert(Run(rows: reads))
    pending += reads.entries.count
  }

  /// Starts a search for the nearest from the density about its centre, before its first read:
  /// it counts the rows of the square of `SearchTuning.probeLevel` that holds the centre, up to `SearchTuning.probeRows`.
  /// Where they are as many as the rows it wants (or `SearchTuning.probeRows`), it starts from the squares
  /// about the centre (`startAround(_:)`), else from the world. A search for fewer than
  /// `SearchTuning.probeRows` reads squares that should hold about twice the rows it wants (at least 8), where
  /// it would read single cells, mostly empty, and double their size after each. A square with
  /// `SearchTuning.probeRows` or more (a city) leaves the search reading cell by cell, as does a count that
  /// fails (the search's first read then says why). Only the current layout's cells are a
  /// Z-order grid.
  private mutating func startFromDensity(on database: Database) {
    probed = true
    guard query.limit != nil else { return }
    let center = query.center
    let square = GridCell.Node.covering(
      latitudes: center.latitude...center.latitude, longitudes: [center.longitude...center.longitude],
      level: SearchTuning.probeLevel, most: 1)?.first
    let rows = finest == 0 ? square.flatMap { rowsCounted(in: $0, on: database) } : nil
    // Where the square about the centre holds the rows wanted (or 32), they lie within the
    // squares about it: the search starts there; elsewhere it walks down from the world, reading
    // ever larger squares across an empty sea.
    // A search whose limit was lifted (`liftLimit()`, for `CenteredSearch`) still wants about its
    // limit's rows.
    let wanted = min(remaining, query.limit ?? remaining)
    guard let square, let rows else { return queue(.world) }
    if rows >= min(wanted, SearchTuning.probeRows) { startAround(square) } else { queue(.world) }
    guard rows < SearchTuning.probeRows else { return }
    let read = Double(2 * max(wanted, 4))
    finest = min(coarsest, rows == 0 ? 2 * square.size : square.size * (read / Double(rows)).squareRoot())
  }

  /// The rows of `square`, up to `SearchTuning.probeRows`, in one bounded read; `nil` when the
  /// count fails (the search's first read then says why).
  private func rowsCounted(in square: GridCell.Node, on database: Database) -> Int? {
    do {
      try Schema.requireCurrentLayout(database)
      let statement = try database.cachedStatement(Self.probeSQL)
      defer { statement.reset() }
      try statement.bind(integer: Int64(square.first), at: 1)
      try statement.bind(integer: Int64(square.last), at: 2)
      try statement.bind(integer: Int64(SearchTuning.probeRows), at: 3)
      guard try statement.step() else { return nil }
      return Int(statement.int64(at: 0))
    } catch {
      return nil
    }
  }

  private static let probeSQL = CachedSQL(
    "SELECT count(*) FROM (SELECT 1 FROM zips WHERE cell BETWEEN ?1 AND ?2 LIMIT ?3)")

  /// Queues `node` with its least possible distance, unless that is past the radius.
  private mutating func queue(_ node: GridCell.Node) {
    let metres = query.leastMetres(to: node)
    let bound = query.radius.unit.fromMetres(metres)
    guard bound <= farthest else { return }
    squares.insert(Square(bound: bound, metres: metres, node: node))
  }

  /// The statement that hands the rows of `squares` squares to the search inside SQLite, in one
  /// step (`SearchRowCollector`): parameters 1-2 are the first square's range of cells, 3 the
  /// country (NULL for every country), 4-7 the latitudes and longitudes of its box, 8 the
  /// collector; square `k` (from 1) has its range of cells at `6k + 3` and the
  /// next, and its box at the four after (`parameters(square:)`). Each square is a range scan of
  /// its own. The box's longitudes are tested first: a square is wider than tall within 60
  /// degrees of the equator, so that more of its rows outside the box lie east or west of it, and
  /// those are passed over without their latitude read (scripts/bench/search_instructions.py
  /// counts what that saves). The function is called for each row within the box, in `WHERE` after
  /// the box; it gives 1 or NULL, never 0, so no row is a result, and the statement's one step
  /// reads every range: no aggregate, whose context SQLite allocates at each step. Place,
  /// state, county and accuracy are handed over only with `details`, the cell never (the
  /// collector reads none of them): SQLite decodes each column it hands over, at every row.
  /// `counting`, for a search whose rows are only counted or measured, hands over only their
  /// coordinates. The box, within -90...90 and -180...180, keeps out every row whose coordinates
  /// are not numbers within range (NULL, text, a latitude of 95 in a damaged file) and every row
  /// outside it. Its terms and the country's are written `+lat`, `+lon`, `+country`, so that no
  /// index of those columns can serve them: SQLite reads the range of cells by the table's key
  /// even where a user's own index on `(lat, lon)` covers the statement, which it would otherwise
  /// take, and read the whole band of latitudes of the box.
  static func collectSQL(squares: Int = 1, details: Bool, counting: Bool = false) -> String {
    let columns =
      counting
      ? "NULL, NULL, NULL, NULL, lat, lon, NULL, NULL, NULL, NULL"
      : details
        ? "\(Schema.placeColumns), NULL, id" : "zip, NULL, NULL, NULL, lat, lon, country, NULL, NULL, id"
    let country = " AND (?3 IS NULL OR +country = ?3)"
    return (0..<max(1, squares)).map { square in
      let at = parameters(square: square)
      return """
        SELECT NULL FROM zips
        WHERE cell BETWEEN ?\(at.cells) AND ?\(at.cells + 1) AND +lon BETWEEN ?\(at.box + 2) AND ?\(at.box + 3)
          AND +lat BETWEEN ?\(at.box) AND ?\(at.box + 1)\(country) AND zipgeo_search_rows(\(columns), ?8) IS 0
        """
    }.joined(separator: "\nUNION ALL\n")
  }

  /// Where square `square` of a statement of `collectSQL(squares:details:counting:)`
  /// has its parameters: its range of cells at `cells` and the next, its box at `box` and the
  /// three after.
  private static func parameters(square: Int) -> (cells: Int32, box: Int32) {
    square == 0 ? (1, 4) : (Int32(6 * square + 3), Int32(6 * square + 5))
  }

  /// The statements of `collectSQL(squares:details:counting:)`: by squares less one (up to
  /// `SearchTuning.squaresReadTogether`), then by what they hand over (`Handed`). Each is written
  /// when first prepared: a process reads few of them.
  private static let collectStatements = (1...SearchTuning.squaresReadTogether).map { squares in
    Handed.allCases.map { handed in
      CachedSQL { collectSQL(squares: squares, details: handed == .details, counting: handed == .coordinates) }
    }
  }

  /// What a statement of `collectSQL` hands over of each row: every column; the zip, its country
  /// and its coordinates (a query that reads no place, state, county or accuracy: each column
  /// SQLite decodes and hands over costs a row about as much as its distance); or the
  /// coordinates alone (a search whose rows are only counted or measured).
  private enum Handed: Int, CaseIterable {
    case details, codes, coordinates
  }

  /// Reads the rows of `node` within the radius, sorted, or `nil` when there are none (always, for
  /// a search that only counts them, in `pending`), inside SQLite, one statement step a square
  /// (`collect(_:on:)`).
  private mutating func read(
    _ nodes: some RandomAccessCollection<GridCell.Node>, whole: Bool, on database: Database
  ) throws -> FoundRows? {
    if !layoutChecked {
      try Schema.requireCurrentLayout(database)
      layoutChecked = true
    }
    if whole, nodes.count == 1, let node = nodes.first {
      try countWhole(node, on: database)
      return nil
    }
    // Rows only counted are always counted inside SQLite: nothing of them is handed over.
    // Every read, however few its rows: since the function is called in `WHERE`
    // (`collectSQL(squares:details:counting:)`), a read of two rows costs no more so than row by
    // row.
    let found = try collect(nodes, on: database)
    return found.count == 0 ? nil : FoundRows(found)
  }

  /// The latitudes and longitudes of the box about `node` (one range of longitudes: across the
  /// 180th meridian, all of them), within -90...90 and -180...180.
  private func box(about node: GridCell.Node) -> (ClosedRange<Double>, ClosedRange<Double>) {
    let latitudes = max(-90, box.minLatitude)...min(90, max(-90, box.maxLatitude))
    let holding = node.holdingLongitudes
    var around: ClosedRange<Double>?
    for range in box.longitudeRanges where range.overlaps(holding) {
      // Two ranges about one square: it spans the 180th meridian's neighbourhood, read whole.
      guard around == nil else { return (latitudes, -180...180) }
      around = range
    }
    return (latitudes, around?.clamped(to: -180...180) ?? -180...180)
  }

  /// Binds a square's parameters to `statement`, one of `collectSQL(squares:details:counting:)`:
  /// its cells `cells`, the country (with the first square), and the box; those of square `square`.
  private func bindSquare(
    _ statement: Statement, cells: ClosedRange<Int>, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>,
    square: Int
  ) throws {
    let at = Self.parameters(square: square)
    try statement.bind(integer: Int64(cells.lowerBound), at: at.cells)
    try statement.bind(integer: Int64(cells.upperBound), at: at.cells + 1)
    // Always bound: a statement is kept from one search to the next.
    if square == 0 { try statement.bind(query.country.map { .text($0) } ?? .null, at: 3) }
    try statement.bind(real: latitudes.lowerBound, at: at.box)
    try statement.bind(real: latitudes.upperBound, at: at.box + 1)
    try statement.bind(real: longitudes.lowerBound, at: at.box + 2)
    try statement.bind(real: longitudes.upperBound, at: at.box + 3)
  }

  /// Checks, once a search, that the table's columns are typed as zipgeo's are
  /// (`Schema.requireSearchable`), or a range of cells would compare text with numbers.
  @inline(__always)
  private mutating func checkTable(on database: Database, stepped: Statement) throws {
    if !checked { try checkTableNow(on: database, stepped: stepped) }
  }

  private mutating func checkTableNow(on database: Database, stepped: Statement) throws {
    try Schema.requireSearchable(
      try database.cachedStatement(Schema.columnsCheckSQL), columns: Schema.columnsChecked, stepped: stepped)
    checked = true
  }

  /// The rows of `nodes` within the radius, handed to the search inside SQLite in one step
  /// (`collectSQL(squares:details:counting:)`).
  private mutating func collect(
    _ nodes: some RandomAccessCollection<GridCell.Node>, on database: Database
  ) throws -> FoundRows.Builder {
    let collecting: Statement
    // Rows only counted or measured hand over their coordinates alone.
    let index = (reading != .rows ? Handed.coordinates : details ? .details : .codes).rawValue
    let scans = nodes.count == 1 ? 1 : try rangeScans(nodes, bind: nil)
    if scans == 1, let kept = collectingStatement {
      collecting = kept
    } else {
      collecting = try Self.collectingStatement(Self.collectStatements[scans - 1][index], on: database)
      if scans == 1 { collectingStatement = collecting }
    }
    let collector =
      self.collector
      ?? SearchRowCollector(
        center: query.center, model: query.model, unit: query.radius.unit, farthest: farthest,
        details: detailColumns, reading: reading)
    self.collector = collector
    collecting.reset()
    _ = try rangeScans(nodes, bind: collecting)
    let (stepped, kept) = try withExtendedLifetime(collector) {
      try collecting.bind(
        pointer: Unmanaged.passUnretained(collector).toOpaque(), type: SearchRowCollector.pointerType, at: 8)
      // Reset, then unbound once read: the statement is kept, the collector is not (SQLite
      // refuses to bind a statement that has not been reset).
      defer {
        collecting.reset()
        try? collecting.bind(.null, at: 8)
      }
      // No row is a result: the one step reads every range.
      _ = try collecting.step()
      return collector.takeCounts()
    }
    // Checked after the step, on the statement that ran (as `countWhole(_:on:)` does).
    try checkTable(on: database, stepped: collecting)
    if reading == .count { pending += kept }
    scanned = stepped
    return collector.take()
  }

  /// The statement `sql` of `collectStatements`, kept prepared. A host that registered zipgeo's
  /// table functions alone (`SQLFunctions.tableFunctions`) lacks the function the statement hands
  /// its rows to: it is registered on the connection then, once, as `SQLFunctions.register(on:)`
  /// registers it.
  private static func collectingStatement(_ sql: CachedSQL, on database: Database) throws -> Statement {
    do {
      return try database.cachedStatement(sql)
    } catch let error as DatabaseError where error.message.hasPrefix("no such function: zipgeo_search_rows") {
      try database.add(function: SearchRowCollector.function)
      return try database.cachedStatement(sql)
    }
  }

  /// The range scans that read `nodes`, in the order of their cells: squares whose cells follow
  /// one another with the same box are one scan (two quarters of a square side by side, say),
  /// which saves a seek and a cursor. Binds each scan's parameters to `statement`, when given
  /// (`bindSquare(_:cells:latitudes:longitudes:square:)`); gives how many there are.
  private func rangeScans(
    _ nodes: some RandomAccessCollection<GridCell.Node>, bind statement: Statement?
  ) throws -> Int {
    var scans = 0
    var scan: (cells: ClosedRange<Int>, latitudes: ClosedRange<Double>, longitudes: ClosedRange<Double>)?
    func end() throws {
      guard let ended = scan else { return }
      if let statement {
        try bindSquare(
          statement, cells: ended.cells, latitudes: ended.latitudes, longitudes: ended.longitudes, square: scans)
      }
      scans += 1
    }
    for node in nodes {
      let (latitudes, longitudes) = box(about: node)
      if let last = scan, last.cells.upperBound + 1 == node.first, last.latitudes == latitudes,
        last.longitudes == longitudes
      {
        scan = (last.cells.lowerBound...node.last, latitudes, longitudes)
        continue
      }
      try end()
      scan = (node.first...node.last, latitudes, longitudes)
    }
    try end()
    return scans
  }

  /// Counts the rows of `node`, a square wholly within the radius, in `pending`, by their cells
  /// alone (`countSQL(restricted:)`): no column is read and no function called for them. The
  /// table's triggers keep each row's cell that of its coordinates, and its CHECKs its coordinates
  /// within range, so every row of the square is within the radius. (A file written with CHECKs
  /// turned off can hold a row whose latitude is 95 or text; `distance()` fails on such a row,
  /// and a count keeps it in its square.)
  private mutating func countWhole(_ node: GridCell.Node, on database: Database) throws {
    let statement = try database.cachedStatement(Self.countStatements[query.country == nil ? 0 : 1])
    defer { statement.reset() }
    try statement.bind(integer: Int64(node.first), at: 1)
    try statement.bind(integer: Int64(node.last), at: 2)
    if let country = query.country { try statement.bind(.text(country), at: 3) }
    guard try statement.step() else { return }
    // Checked after the step, on the statement that ran: one prepared again for a changed schema
    // (triggers dropped, say) is judged again.
    try checkTable(on: database, stepped: statement)
    pending += Int(statement.int64(at: 0))
  }

  /// The statement that counts the rows of a square: parameters 1-2 are its range of cells, 3 the
  /// country.
  static func countSQL(restricted: Bool) -> String {
    """
    SELECT count(*) FROM zips
    WHERE cell BETWEEN ?1 AND ?2\(restricted ? " AND +country = ?3" : "")
    """
  }

  private static let countStatements = [CachedSQL(countSQL(restricted: false)), CachedSQL(countSQL(restricted: true))]

  /// A square of the quadtree waiting to be read or cut, with its least possible distance from
  /// the centre, in the query's unit (`bound`) and in metres.
  struct Square: Comparable {
    let bound: Double
    let metres: Double
    let node: GridCell.Node
    /// Whether it holds some of the squares a search for the nearest started from, which are
    /// queued apart: it is cut, never read.
    var holdsBlock = false

    /// Its size: its span of latitude, in metres on the mean sphere.
    var size: Double { node.size }

    static func < (a: Square, b: Square) -> Bool { a.bound < b.bound }
    static func == (a: Square, b: Square) -> Bool { a.bound == b.bound && a.node.first == b.node.first }
  }

  /// A read whose rows are not all given, ordered by its nearest row not yet given (ties as
  /// `FoundRows` orders them); the next of its entries to give, and the last band that holds rows
  /// of it (its number) and where that band holds it.
  struct Run: Comparable {
    let rows: FoundRows
    var next = 0
    var band = 0
    var bandIndex: Int32 = 0
    var entry: FoundRows.Entry { rows.entries[next] }

    static func < (x: Run, y: Run) -> Bool { FoundRows.precedes(x.entry, of: x.rows, y.entry, of: y.rows) }

    static func == (x: Run, y: Run) -> Bool { x.rows === y.rows && x.next == y.next }
  }
}
