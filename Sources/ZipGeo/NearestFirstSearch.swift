import Geodesy
import SQLiteKit

/// A radius or nearest search that hands out its answer in bands, nearest first, so that memory
/// is bounded by a band, never by the answer: the table functions give SQLite each band's rows
/// as it asks for them (a `LIMIT 10` of a world-wide radius reads one band), and the command
/// line prints each band before it reads the next.
///
/// ```swift
/// var search = NearestFirstSearch(try RadiusQuery(center: plano, radius: Length(30, .kilometres)))
/// while let band = try search.nextBand(on: db) { for hit in band { print(hit.zipCode.zip) } }
/// ```
///
/// Each band holds the rows farther than the last band's reach and at most its own reach away,
/// sorted as `RadiusQuery` sorts; a band of more than `budget` rows is cut to its nearest, and
/// the next one starts where the cut was. A radius search reads its whole circle as its first
/// band (one pass, as before, for the answers people usually ask for); a nearest search starts at
/// 1 km and widens by the density found, as the area that should hold the rows still wanted.
/// Each later band reads only the cells that meet its ring (`GridCell.rangesWithin` and
/// `rangesHolding`), and reaches as far as the rows the last cut band read past its cut say
/// holds its budget (`DistanceHistogram`).
public struct NearestFirstSearch {
  /// The most rows a band holds (more only for rows as near as the last of them): 65,536 rows of
  /// about 200 bytes, some 13 MB, where the world's 1.8 million rows took 500 MB in one answer.
  public static let budget = 65_536

  let query: RadiusQuery
  let details: Bool
  /// The rows still wanted (`query.limit` less those given).
  private var remaining: Int
  /// How far the bands given so far reach: every row at most this far has been given.
  private var lower = -Double.infinity
  /// The reach the next band tries.
  private var reach: Double
  /// Whether a nearest search's details are read by rowid after each band (its widening bands
  /// read only the index) rather than with the rows.
  private let detailsAfterward: Bool
  private var finished = false
  /// The distances of the rows the last band that was cut read past its cut.
  private var histogram: DistanceHistogram?
  /// How far the last band reaches: the radius, or half the Earth's circumference for a larger
  /// one (1e300 km reads the world, and its bands are measured within it).
  private let farthest: Double
  let budget: Int

  /// A search for every zip code of `query` (within its radius, at most its limit), nearest first;
  /// without `details`, with no place, state, county or accuracy.
  public init(_ query: RadiusQuery, details: Bool = true) {
    self.init(query, details: details, firstReach: query.radius.value, detailsAfterward: false)
  }

  /// The `count` zip codes nearest `center` on the whole Earth, nearest first, with distances in
  /// `unit`; with `country`, only that country's.
  public init(
    nearestTo center: Coordinate, count: Int, model: EarthModel = .sphere, unit: LengthUnit = .kilometres,
    country: String? = nil, details: Bool = true
  ) throws {
    // The last band reaches past the farthest point by more than any rounding.
    let everywhere = unit.fromMetres(model.halfCircumference * (1 + 1e-9))
    let query = try RadiusQuery(
      center: center, radius: Length(everywhere, unit), limit: max(0, count), model: model, country: country)
    // Dense cities hold thousands of codes within a few kilometres: the search starts small.
    self.init(query, details: details, firstReach: min(everywhere, unit.fromMetres(1_000)), detailsAfterward: details)
  }

  init(_ query: RadiusQuery, details: Bool, firstReach: Double, detailsAfterward: Bool, budget: Int = Self.budget) {
    self.query = query
    self.details = details
    remaining = query.limit ?? Int.max
    reach = firstReach
    self.detailsAfterward = detailsAfterward
    self.budget = max(1, budget)
    finished = remaining == 0
    farthest = min(query.radius.value, query.radius.unit.fromMetres(query.model.halfCircumference * (1 + 1e-9)))
  }

  /// Every band, one after the other: the whole answer, for callers that need it at once.
  public mutating func allRows(on database: Database) throws -> [NearbyZip] {
    var hits: [NearbyZip] = []
    while let band = try nextBand(on: database) { hits += band }
    return hits
  }

  /// The next rows, nearest first, or `nil` after the last; never an empty band.
  public mutating func nextBand(on database: Database) throws -> [NearbyZip]? {
    while !finished {
      let upper = min(reach, farthest)
      let wanted = min(budget, remaining)
      let scanDetails = details && !detailsAfterward
      var (hits, rowids, covered, beyond) = try Schema.diagnosingTable(database) {
        try query.band(on: database, details: scanDetails, above: lower, upTo: upper, budget: wanted)
      }
      if details && detailsAfterward && !hits.isEmpty {
        // Rows another connection changed between the two reads: the band again, whole.
        hits =
          try RadiusQuery.detailed(hits, rowids: rowids, on: database)
          ?? Schema.diagnosingTable(database) {
            let again = try query.band(on: database, details: true, above: lower, upTo: upper, budget: wanted)
            (covered, beyond) = (again.covered, again.beyond)
            return again.hits
          }
      }
      // What the rows read past the cut tell of the next band holds until a band reaches past them.
      if covered < upper { histogram = beyond }
      let next = max(1, min(budget, remaining - min(remaining, hits.count)))
      reach =
        histogram?.reach(after: covered, budget: next)
        ?? nextReach(after: max(covered, histogram?.upper ?? covered), found: hits.count, wanted: wanted)
      lower = covered
      if covered >= farthest { finished = true }
      if hits.count >= remaining {
        finished = true
        hits.removeSubrange(remaining...)
      }
      remaining -= hits.count
      if !hits.isEmpty { return hits }
    }
    return nil
  }

  /// The reach of the band after one that reached `covered` and held `found` rows, all there
  /// were out to it: the area that should hold about `wanted` more at the density found, at
  /// least 1.5 and at most 4 times as far (4 times after a band with none: far from land, the 50
  /// nearest of 0,180 are 2,900 km away). (After a band that was cut, the rows it read past its
  /// cut tell how far the next may reach: `DistanceHistogram`.)
  private func nextReach(after covered: Double, found: Int, wanted: Int) -> Double {
    guard covered > 0 else { return max(reach * 4, query.radius.unit.fromMetres(1_000)) }
    let growth = found == 0 ? 4 : min(4, max(1.5, (Double(wanted) / Double(found)).squareRoot() * 1.25))
    return max(covered * growth, covered.nextUp)
  }
}
