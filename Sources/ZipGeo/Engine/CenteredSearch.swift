import Geodesy
import SQLiteKit

/// A search as a person means it. From a postal code, the code's own places come first, each at
/// its true distance from the centre (`PostalCode.center`, their mean), even past the radius
/// where the mean lies elsewhere (`FR:75008`'s two places are 1.7 km from theirs); then every
/// other code nearest first. Of codes as near, those of the code's country come first, then the
/// rest as the search orders them (by code): around `EC1A 1BB` the British codes at its point
/// come before the US military codes GeoNames puts there. With `kinds`, only codes of those kinds
/// are given (`CodeKind`: areas, leaving out military codes, CEDEX codes...); the code's own
/// places always are.
///
/// ```swift
/// let query = try RadiusQuery(center: code.center, radius: Length(1, .kilometres))
/// var search = try CenteredSearch(from: code, query: query, kinds: [.area])
/// while let band = try search.nextBand(on: db.database) { for hit in band { print(hit.zipCode.zip) } }
/// ```
///
/// A limit counts the code's places with the rest. Memory holds one band and the rows as near as
/// its last; the search reads on past the limit only to the end of the rows as near as the last,
/// and past rows of kinds left out.
public struct CenteredSearch: BandedSearch {
  private var search: NearestFirstSearch
  /// The code's places with their distances, given first; `nil` once given.
  private var own: [NearbyZip]?
  private let code: PostalCode?
  /// The kinds given, or `nil` for all.
  private let kinds: Set<CodeKind>?
  /// Rows as near as the last row of a band, kept back: more as near may come in the next.
  private var held: [Row] = []
  /// A row to give, with how many of each kind were left out before it in the search's order.
  private struct Row {
    let hit: NearbyZip
    let leftOutBefore: [CodeKind: Int]
  }
  /// Rows of each kind left out so far, nearer than the rows read after them (or as near).
  private var passedOver: [CodeKind: Int] = [:]
  private var remaining: Int
  private var searchEnded = false
  /// How many rows of kinds not asked for the search passed over among the rows it gave: rows
  /// as near as those given, or nearer (all of them within the radius, once the search ended).
  public private(set) var leftOut: [CodeKind: Int] = [:]

  /// The codes within `query`'s radius (of `code`, whose centre `query.center` should be, when
  /// given), at most `query.limit` of them, of `kinds` (`nil`: all).
  public init(from code: PostalCode?, query: RadiusQuery, kinds: Set<CodeKind>? = nil) throws {
    let own = Self.places(of: code, country: query.country, from: query.center, model: query.model, unit: query.radius.unit)
    let inner = try RadiusQuery(
      center: query.center, radius: query.radius, limit: query.limit.map { $0 + own.count }, model: query.model,
      country: query.country)
    self.init(code: code, own: own, search: NearestFirstSearch(inner), limit: query.limit, kinds: kinds)
  }

  /// The `count` codes nearest `center` (`code.center`, when a code is given), the code's own
  /// places first, distances in `unit`; with `country`, only that country's; of `kinds`.
  public init(
    from code: PostalCode?, nearestTo center: Coordinate, count: Int, model: EarthModel = .sphere,
    unit: LengthUnit = .kilometres, country: String? = nil, kinds: Set<CodeKind>? = nil
  ) throws {
    let own = Self.places(of: code, country: country, from: center, model: model, unit: unit)
    let search = try NearestFirstSearch(
      nearestTo: center, count: count + own.count, model: model, unit: unit, country: country)
    self.init(code: code, own: own, search: search, limit: count, kinds: kinds)
  }

  private init(code: PostalCode?, own: [NearbyZip], search: NearestFirstSearch, limit: Int?, kinds: Set<CodeKind>?) {
    self.code = code
    self.own = own
    self.kinds = kinds.flatMap { $0.count == CodeKind.allCases.count ? nil : $0 }
    // A limit cuts the search inside a run of rows as near, whose own country's rows come first
    // here, and counts rows of kinds left out: the search goes on until this one has what it
    // gives (reading as a limited one reads).
    var search = search
    if code != nil || self.kinds != nil { search.liftLimit() }
    self.search = search
    remaining = limit ?? Int.max
  }

  /// The places of `code` (none without one, or when the search is kept to another `country`)
  /// at their distances from `center`, nearest first (as near: in the order of the file),
  /// measured as the search measures every row.
  static func places(
    of code: PostalCode?, country: String?, from center: Coordinate, model: EarthModel, unit: LengthUnit
  ) -> [NearbyZip] {
    guard let code, country == nil || country == code.country else { return [] }
    return code.places.enumerated().map { index, place in
      let distance = Length(model.distance(from: center, to: place.coordinate, in: unit), unit)
      return (index, NearbyZip(zipCode: place, distance: distance))
    }
    .sorted { ($0.1.distance.value, $0.0) < ($1.1.distance.value, $1.0) }
    .map(\.1)
  }

  /// Whether `hit` is given: not one of the code's own places (given first), and of the kinds.
  private mutating func keeps(_ hit: NearbyZip) -> Bool {
    if let code, hit.zipCode.zip == code.code, hit.zipCode.country == code.country { return false }
    guard let kinds else { return true }
    let kind = hit.zipCode.kind
    if kinds.contains(kind) { return true }
    passedOver[kind, default: 0] += 1
    return false
  }

  /// The next rows, or `nil` after the last; never an empty band.
  public mutating func nextBand(on database: Database) throws -> [NearbyZip]? {
    if let first = own {
      own = nil
      let given = Array(first.prefix(remaining))
      remaining -= given.count
      if !given.isEmpty { return given }
    }
    while remaining > 0 {
      var rows = held
      held = []
      if !searchEnded, let band = try search.nextBand(on: database) {
        for hit in band where keeps(hit) { rows.append(Row(hit: hit, leftOutBefore: passedOver)) }
        // Rows as near as the last may go on in the next band: they wait for it.
        if code != nil, let last = rows.last?.hit.distance.value,
          let split = rows.firstIndex(where: { $0.hit.distance.value == last })
        {
          held = Array(rows[split...])
          rows.removeSubrange(split...)
        }
      } else {
        searchEnded = true
        if rows.isEmpty { break }
      }
      guard !rows.isEmpty else { continue }
      let country = code?.country
      let ordered =
        country == nil
        ? rows
        : rows.enumerated().sorted { a, b in
          let x = (a.element.hit.distance.value, a.element.hit.zipCode.country == country ? 0 : 1, a.offset)
          let y = (b.element.hit.distance.value, b.element.hit.zipCode.country == country ? 0 : 1, b.offset)
          return x < y
        }.map(\.element)
      let given = ordered.prefix(remaining)
      remaining -= given.count
      // The counts only grow along the search: the largest is that of the last row read.
      for row in given { leftOut.merge(row.leftOutBefore) { max($0, $1) } }
      if remaining > 0 && searchEnded { leftOut = passedOver }
      return given.map(\.hit)
    }
    // The search ended before the limit: every row it left out was within the answer.
    if remaining > 0 { leftOut = passedOver }
    remaining = 0
    held = []
    return nil
  }
}
