import Geodesy
import SQLiteKit

/// "Which zip codes lie within this distance of that point, nearest first?"
///
/// ```swift
/// let query = try RadiusQuery(center: plano.coordinate, radius: Length(10, .kilometres))
/// for hit in try query.run(on: db) { print(hit.zipCode.zip, hit.distance) }
/// ```
///
/// A bounding box from the geodesy core becomes ranges of grid cells read from the
/// `(cell, lat, lon, zip, country)` index, then the distance `distance()` computes (or
/// `geodesic_distance()` on the WGS84 model) keeps exactly the zips within the radius.
/// Results are sorted by distance, then by zip.
public struct RadiusQuery: Equatable, Sendable {
  /// The centre of the circle.
  public let center: Coordinate
  /// The radius; distances are measured and reported in its unit.
  public let radius: Length
  /// At most this many results, or all when `nil`.
  public let limit: Int?
  /// The Earth model distances are measured on: the box and the exact filter both follow it.
  public let model: EarthModel
  /// Only the codes of this country (two upper-case letters), or of every country when `nil`.
  public let country: String?

  /// `try RadiusQuery(center: plano, radius: Length(10, .kilometres), limit: 5)`.
  ///
  /// Distances come in the radius's unit, computed as the SQL functions compute them in that
  /// unit (`distance(lat1, lon1, lat2, lon2, 'mi')`), so both agree to the last bit.
  ///
  /// - Throws: `CoordinateError` for a centre that is not a point, `LengthError` for a radius
  ///   that is not positive or overflows in metres (`Length(radius:_:)`, the one check of radii).
  public init(
    center: Coordinate, radius: Length, limit: Int? = nil, model: EarthModel = .sphere, country: String? = nil
  ) throws {
    self.center = try Coordinate(latitude: center.latitude, longitude: center.longitude)
    self.radius = try Length(radius: radius.value, radius.unit)
    self.limit = limit.map { max(0, $0) }
    self.model = model
    self.country = country
  }

  /// The box search over one range of grid cells: parameters 1-2 are the range of cells, 3-4
  /// the box's latitudes, 5-6 its longitudes, 7-8 its second range of longitudes when
  /// `twoRanges` (a box across the 180th meridian), 9 the country when `restricted`.
  /// `cell` is read (from the index) for its declared type, which `Schema.requireSearchable`
  /// checks; `rowid` (in every index entry) orders ties and finds a row's details later. A version-1 table (`countries: false`) has no country column: its rows are US.
  ///
  /// Without `details`, place, state, county and accuracy are NULL and the query reads only the
  /// index, which holds zip, lat, lon and country: no lookup in the table for each zip found.
  static func sql(details: Bool, countries: Bool, restricted: Bool, twoRanges: Bool) -> String {
    let country = countries ? "country" : "'US'"
    let columns =
      details ? Schema.placeColumns(countries: countries) : "zip, NULL, NULL, NULL, lat, lon, \(country), NULL"
    // Every row of the cells is tested in SQLite's interpreter, most of them against the box
    // alone: a box of one range of longitudes (nearly all of them) is tested without the OR.
    let longitudes = twoRanges ? "(lon BETWEEN ?5 AND ?6 OR lon BETWEEN ?7 AND ?8)" : "lon BETWEEN ?5 AND ?6"
    return """
      SELECT \(columns), cell, rowid
      FROM zips
      WHERE cell BETWEEN ?1 AND ?2
        AND lat BETWEEN ?3 AND ?4
        AND \(longitudes)\(restricted ? "\n  AND \(country) = ?9" : "")
      """
  }

  /// The statements of `sql(details:countries:restricted:twoRanges:)`, each for both table
  /// versions; index: 4 for details, plus 2 for a country, plus 1 for two ranges of longitudes.
  private static let statements = (0..<8).map { index in
    Schema.Variants {
      sql(details: index & 4 != 0, countries: $0, restricted: index & 2 != 0, twoRanges: index & 1 != 0)
    }
  }

  /// Where the search statement has the columns `Schema.requireSearchable` checks.
  private static let searchedColumns = ["zip": 0, "lat": 4, "lon": 5, "cell": 8]

  /// Runs the query.
  public func run(on db: ZipDatabase) throws -> [NearbyZip] {
    try run(on: db.database)
  }

  /// Runs the query on any connection with a zipgeo `zips` table.
  public func run(on database: Database) throws -> [NearbyZip] {
    try run(on: database, details: true)
  }

  /// Runs the query; without `details`, the zip codes found have no place, state or county, and
  /// the query reads only the index. The answer is gathered from the bands of a
  /// `NearestFirstSearch`; a caller that can use rows as they come reads the bands itself.
  func run(on database: Database, details: Bool) throws -> [NearbyZip] {
    var search = NearestFirstSearch(self, details: details)
    return try search.allRows(on: database)
  }

  /// The rows of one band of a search: those farther than `lower` and at most `upper` away (in
  /// the radius's unit), nearest first, ties by zip, country and rowid, at most about `budget`
  /// of them: when more lie in the band, only the nearest are kept, and `covered` says how far
  /// the band then reaches (every row at most that far, and farther than `lower`, is in `hits`).
  /// Rows of one distance are never split: every row as near as the last one kept is kept.
  /// Errors of a table that is not zipgeo's come out as SQLite's.
  ///
  /// `beyond` counts the rows read past `covered` (every row farther than `covered` and at most
  /// `upper` away, when the band was cut), for the next band to reach as far as its budget allows.
  func band(
    on database: Database, details: Bool, above lower: Double, upTo upper: Double, budget: Int
  ) throws -> (hits: [NearbyZip], rowids: [Int64], covered: Double, beyond: DistanceHistogram) {
    let unit = radius.unit
    let box = model.boundingBox(around: center, radius: unit.toMetres(upper))
    let twoRanges = box.longitudeRanges.count > 1
    let statement = try Schema.cachedStatement(
      database, Self.statements[(details ? 4 : 0) + (country != nil ? 2 : 0) + (twoRanges ? 1 : 0)])
    defer { statement.reset() }
    statement.reset()
    try statement.bind(.real(box.minLatitude), at: 3)
    try statement.bind(.real(box.maxLatitude), at: 4)
    for (index, longitudes) in box.longitudeRanges.prefix(2).enumerated() {
      try statement.bind(.real(longitudes.lowerBound), at: Int32(5 + 2 * index))
      try statement.bind(.real(longitudes.upperBound), at: Int32(6 + 2 * index))
    }
    if let country { try statement.bind(.text(country), at: 9) }
    var rows = BandRows(within: upper, beyond: DistanceHistogram(from: max(0, lower), to: upper), budget: budget)
    // Most rows of a database share their country: its text is made once, not once a row.
    var lastCountry = country ?? "US"
    var cellRanges = GridCell.ranges(covering: box)
    // Far out, the box holds much more than the circle (all of its longitudes): only the cells
    // that meet the circle are read.
    if unit.toMetres(upper) > 500_000 {
      cellRanges = GridCell.intersecting(
        cellRanges, GridCell.rangesHolding(metres: unit.toMetres(upper), of: center, model: model))
    }
    // The cells wholly within the distance earlier bands reached hold only rows they gave.
    if lower > 0 {
      cellRanges = GridCell.subtracting(
        GridCell.rangesWithin(metres: unit.toMetres(lower), of: center, model: model), from: cellRanges)
    }
    for cells in cellRanges {
      statement.reset()
      try statement.bind(.integer(Int64(cells.lowerBound)), at: 1)
      try statement.bind(.integer(Int64(cells.upperBound)), at: 2)
      while try statement.step() {
        // The box keeps out every row whose coordinates are not numbers within range (NULL, text,
        // a latitude of 95 in a damaged file): SQLite compares them as outside any range of numbers.
        let point = Coordinate(uncheckedLatitude: statement.double(at: 4), longitude: statement.double(at: 5))
        let distance = model.distance(from: center, to: point, in: unit)
        guard distance <= rows.within, distance > lower else {
          if distance <= upper && distance > lower { rows.beyond.count(distance) }
          continue
        }
        // Without details, place, state, county and accuracy are NULL: not read (each read of a
        // column is a call into SQLite, under its mutex in a serialized host such as Python).
        let zipCode: ZipCode
        if details {
          zipCode = ZipDatabase.zipCode(from: statement)
        } else {
          lastCountry = statement.text(at: 6, reusing: lastCountry) ?? "US"
          zipCode = ZipCode(
            zip: statement.text(at: 0) ?? "", place: nil, state: nil, county: nil, coordinate: point,
            country: lastCountry)
        }
        rows.append(zipCode, rowid: statement.int64(at: 9), distance: distance)
      }
    }
    // The rows came from the statement as SQLite last prepared it: its columns must be typed as
    // zipgeo's are, or the ranges above compared text with numbers.
    try Schema.requireSearchable(statement, columns: Self.searchedColumns)
    rows.trim()
    return (
      rows.order.map { NearbyZip(zipCode: rows.found[$0.index], distance: Length($0.distance, unit)) },
      rows.order.map { rows.rowids[$0.index] },
      rows.within,
      rows.beyond
    )
  }
}

/// The rows of one band as it is read, with no more than about twice its budget held.
private struct BandRows {
  /// How far the band reaches: its upper bound, lowered to the farthest row kept when it is cut.
  var within: Double
  /// The rows read past the cut.
  var beyond: DistanceHistogram
  let budget: Int
  var found: [ZipCode] = []
  var rowids: [Int64] = []
  var order: [(distance: Double, index: Int)] = []
  /// The rows held before they are cut to the budget: a few hundred more than it, so that a
  /// nearest search of 5 among thousands in a city does not sort and copy every 10 rows.
  private let limit: Int

  init(within: Double, beyond: DistanceHistogram, budget: Int) {
    self.within = within
    self.beyond = beyond
    self.budget = max(1, budget)
    limit = 2 * self.budget + 256
    // Room for a typical search without growing (each growth copies the array).
    found.reserveCapacity(32)
    rowids.reserveCapacity(32)
    order.reserveCapacity(32)
  }

  mutating func append(_ zipCode: ZipCode, rowid: Int64, distance: Double) {
    order.append((distance, found.count))
    found.append(zipCode)
    rowids.append(rowid)
    if order.count >= limit { trim() }
  }

  /// Sorts the rows nearest first, ties by zip in SQLite's order (bytes, as ORDER BY zip sorts
  /// them), then by country, then in the order of the file (rowid), and keeps the nearest
  /// `budget` of them and every row as near as the last one kept (rows of one distance are never
  /// split), lowering `within` to that distance.
  mutating func trim() {
    let (found, rowids) = (self.found, self.rowids)
    order.sort { a, b in
      guard a.distance == b.distance else { return a.distance < b.distance }
      let (x, y) = (found[a.index], found[b.index])
      if x.zip != y.zip { return x.zip.utf8.lexicographicallyPrecedes(y.zip.utf8) }
      if x.country != y.country { return x.country.utf8.lexicographicallyPrecedes(y.country.utf8) }
      return rowids[a.index] < rowids[b.index]
    }
    guard order.count > budget else { return }
    let cut = order[budget - 1].distance
    let kept = order.firstIndex { $0.distance > cut } ?? order.count
    within = cut
    guard kept < order.count else { return }
    var keptFound: [ZipCode] = []
    var keptRowids: [Int64] = []
    keptFound.reserveCapacity(kept)
    keptRowids.reserveCapacity(kept)
    for position in 0..<kept {
      let index = order[position].index
      keptFound.append(found[index])
      keptRowids.append(rowids[index])
      order[position].index = position
    }
    for entry in order[kept...] { beyond.count(entry.distance) }
    order.removeSubrange(kept...)
    (self.found, self.rowids) = (keptFound, keptRowids)
  }
}

extension RadiusQuery {
  /// The `count` zip codes nearest `center`, nearest first (ties by zip), exactly, with
  /// distances in `unit`.
  ///
  /// A nearest-first search over the whole Earth that stops after `count` zip codes: it reads
  /// the index in widening bands around the point, not the whole table. A count of 0 or less
  /// finds nothing. With `country`, only that country's codes are ranked.
  public static func nearest(
    to center: Coordinate, count: Int, on database: Database, model: EarthModel = .sphere,
    unit: LengthUnit = .kilometres, country: String? = nil
  ) throws -> [NearbyZip] {
    try nearest(to: center, count: count, on: database, details: true, model: model, unit: unit, country: country)
  }

  /// The nearest zip codes; without `details`, with no place, state, county or accuracy.
  static func nearest(
    to center: Coordinate, count: Int, on database: Database, details: Bool, model: EarthModel = .sphere,
    unit: LengthUnit = .kilometres, country: String? = nil
  ) throws -> [NearbyZip] {
    guard count > 0 else { return [] }
    var search = try NearestFirstSearch(
      nearestTo: center, count: count, model: model, unit: unit, country: country, details: details)
    return try search.allRows(on: database)
  }

  private static let byRowid = Schema.Variants {
    "SELECT \(Schema.placeColumns(countries: $0)) FROM zips WHERE rowid = ?"
  }

  /// `hits` of a search without details, each read again whole by its rowid, or `nil` when a row
  /// is no longer the one found (an import committed in between, outside a read transaction).
  static func detailed(_ hits: [NearbyZip], rowids: [Int64], on database: Database) throws -> [NearbyZip]? {
    let statement = try Schema.cachedStatement(database, byRowid)
    defer { statement.reset() }
    var detailed: [NearbyZip] = []
    detailed.reserveCapacity(hits.count)
    for (hit, rowid) in zip(hits, rowids) {
      statement.reset()
      try statement.bind(values: [.integer(rowid)])
      guard try statement.step() else { return nil }
      let row = ZipDatabase.zipCode(from: statement)
      let found = hit.zipCode
      guard row.zip == found.zip, row.country == found.country, row.coordinate == found.coordinate else { return nil }
      detailed.append(NearbyZip(zipCode: row, distance: hit.distance))
    }
    return detailed
  }
}

/// How many rows a band read lie at each distance past where it was cut: equal bins from
/// `lower` to `upper`, so that the next band reaches as far as holds about its budget.
struct DistanceHistogram {
  static let binCount = 1024
  let lower: Double
  let upper: Double
  /// The counts, made at the first row counted: most searches are one band and count none.
  private(set) var counts: [Int] = []

  init(from lower: Double, to upper: Double) {
    self.lower = lower
    self.upper = upper
  }

  mutating func count(_ distance: Double) {
    let position = (distance - lower) / (upper - lower) * Double(Self.binCount)
    guard upper > lower, upper.isFinite, position.isFinite else { return }
    if counts.isEmpty { counts = Array(repeating: 0, count: Self.binCount) }
    counts[Int(min(Double(Self.binCount - 1), max(0, position)).rounded(.down))] += 1
  }

  /// The farthest distance past `start` out to which the rows counted number at most `budget`
  /// (a bin's far edge; the first bin past `start` even when it alone holds more), or `nil` when
  /// all of them do (or none was counted): then the next band may reach past `upper`.
  func reach(after start: Double, budget: Int) -> Double? {
    guard !counts.isEmpty else { return nil }
    var total = 0
    var last: Double?
    for bin in counts.indices {
      let edge = bin == counts.count - 1 ? upper : lower + (upper - lower) * Double(bin + 1) / Double(counts.count)
      guard edge > start else { continue }
      total += counts[bin]
      if total > budget { return last ?? edge }
      last = edge
    }
    return nil
  }
}
