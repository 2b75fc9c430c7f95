import Geodesy
import SQLiteKit

/// A search from a postal code, as a person means it: the code's own places first, each at its
/// true distance from the centre (`PostalCode.center`, their mean), even past the radius where
/// the mean lies elsewhere (`FR:75008`'s two places are 1.7 km from theirs); then every other code
/// nearest first. Of codes as near, those of the code's country come first, then the rest as the
/// search orders them (by code): around `EC1A 1BB` the British codes at its point come before the
/// US military codes GeoNames puts there.
///
/// ```swift
/// var search = try CodeCenteredSearch(from: code, query: RadiusQuery(center: code.center, radius: Length(1, .kilometres)))
/// while let band = try search.nextBand(on: db.database) { for hit in band { print(hit.zipCode.zip) } }
/// ```
///
/// A limit counts the code's places with the rest. Memory holds one band and the rows as near as
/// its last, as `NearestFirstSearch` does.
public struct CodeCenteredSearch {
  private var search: NearestFirstSearch
  /// The code's places with their distances, given first; `nil` once given.
  private var own: [NearbyZip]?
  private let code: PostalCode
  /// Rows as near as the last row of a band, kept back: more as near may come in the next.
  private var held: [NearbyZip] = []
  private var remaining: Int
  private var searchEnded = false

  /// The codes within `query`'s radius of `code` (`query.center` should be `code.center`), at
  /// most `query.limit` of them, the code's own places first.
  public init(from code: PostalCode, query: RadiusQuery) throws {
    // A search kept to another country finds none of the code's places.
    let own =
      query.country.map { $0 == code.country } ?? true
      ? Self.places(of: code, from: query.center, model: query.model, unit: query.radius.unit) : []
    let inner = try RadiusQuery(
      center: query.center, radius: query.radius, limit: query.limit.map { $0 + own.count }, model: query.model,
      country: query.country)
    self.init(code: code, own: own, search: NearestFirstSearch(inner), limit: query.limit)
  }

  /// The `count` codes nearest `code`, its own places first, distances in `unit`; with `country`,
  /// only that country's.
  public init(
    from code: PostalCode, nearest count: Int, model: EarthModel = .sphere, unit: LengthUnit = .kilometres,
    country: String? = nil
  ) throws {
    let own = country.map { $0 == code.country } ?? true ? Self.places(of: code, from: code.center, model: model, unit: unit) : []
    let search = try NearestFirstSearch(
      nearestTo: code.center, count: count + own.count, model: model, unit: unit, country: country)
    self.init(code: code, own: own, search: search, limit: count)
  }

  private init(code: PostalCode, own: [NearbyZip], search: NearestFirstSearch, limit: Int?) {
    self.code = code
    self.own = own
    // A limit cuts the search inside a run of rows as near, whose own country's rows come first
    // here: the search goes on until this one has them all (reading as a limited one reads).
    var search = search
    search.liftLimit()
    self.search = search
    remaining = limit ?? Int.max
  }

  /// The places of `code` at their distances from `center`, nearest first (as near: in the order of
  /// the file), measured as the search measures every row.
  static func places(of code: PostalCode, from center: Coordinate, model: EarthModel, unit: LengthUnit) -> [NearbyZip]
  {
    code.places.enumerated().map { index, place in
      (index, NearbyZip(zipCode: place, distance: Length(model.distance(from: center, to: place.coordinate, in: unit), unit)))
    }
    .sorted { ($0.1.distance.value, $0.0) < ($1.1.distance.value, $1.0) }
    .map(\.1)
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
        rows += band.filter { !($0.zipCode.zip == code.code && $0.zipCode.country == code.country) }
        // Rows as near as the last may go on in the next band: they wait for it.
        if let last = rows.last?.distance.value, let split = rows.firstIndex(where: { $0.distance.value == last }) {
          held = Array(rows[split...])
          rows.removeSubrange(split...)
        }
      } else {
        searchEnded = true
        if rows.isEmpty { break }
      }
      guard !rows.isEmpty else { continue }
      let ordered = rows.enumerated().sorted { a, b in
        let x = (a.element.distance.value, a.element.zipCode.country == code.country ? 0 : 1, a.offset)
        let y = (b.element.distance.value, b.element.zipCode.country == code.country ? 0 : 1, b.offset)
        return x < y
      }
      let given = ordered.prefix(remaining).map(\.element)
      remaining -= given.count
      return given
    }
    remaining = 0
    held = []
    return nil
  }

  /// Every row, in one read transaction (unless one is open).
  public mutating func allRows(on database: Database) throws -> [NearbyZip] {
    var hits: [NearbyZip] = []
    func readAll() throws {
      while let band = try nextBand(on: database) { hits += band }
    }
    if database.isAutocommit { try database.inTransaction(.deferred, readAll) } else { try readAll() }
    return hits
  }
}
