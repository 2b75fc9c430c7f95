import Geodesy
import SQLiteKit

/// The search every surface runs: `zipgeo near` and `nearest`, `ZipDatabase.near` and `nearest`,
/// and the table functions (`zipgeo_near`, `zipgeo_within`, `zipgeo_nearest`). It gives the rows
/// of a `NearestFirstSearch` as a person means them:
/// - from a postal code, the code's own places are in the answer, each at its true distance from
///   the centre (`PostalCode.center`, their mean), even past the radius (`FR:75008`'s two places
///   are 1.7 km from theirs): first of all (`OwnPlaces.first`, the command line and the Swift
///   API) or among the rows as near (`OwnPlaces.byDistance`, the table functions, whose rows
///   SQLite takes to be in distance order);
/// - of rows as near, the code's own first, then those of its country, then the rest in the
///   search's order (by zip): around `EC1A 1BB` the British codes at its point come before the
///   US military codes GeoNames puts there. Rows as near as the last of a band are held for the
///   next, which may hold more as near;
/// - with `kinds`, only codes of those kinds (`CodeKind`: areas, leaving out military codes,
///   CEDEX codes...); the code's own places always are. `leftOut` counts the rest.
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
  /// Where the centre code's own places go in the answer.
  public enum OwnPlaces: Sendable {
    /// Before every other row.
    case first
    /// Among the rows, at their distances (first of the rows as near).
    case byDistance
  }

  private var search: NearestFirstSearch
  /// The code's places, nearest first; those from `ownNext` on are not given yet.
  private let own: [NearbyZip]
  private var ownNext = 0
  /// The code's zip and country, whose rows the search reads are given from `own`.
  private let ownCode: (zip: [UInt8], country: [UInt8])?
  private let placement: OwnPlaces
  /// The kinds given, or `nil` for all.
  private let kinds: Set<CodeKind>?
  /// Rows as near as the last row of a band, kept back: more as near may come in the next.
  private var held: [Entry] = []
  /// Rows of each kind left out so far, nearer than the rows read after them (or as near).
  private var passedOver = KindCounts()
  private var remaining: Int
  private var searchEnded = false
  /// The rules of the last country whose row was judged (`kinds`).
  private var judge = KindJudge()
  /// How many rows of kinds not asked for the search passed over among the rows it gave: rows
  /// as near as those given, or nearer (all of them within the radius, once the search ended).
  public var leftOut: [CodeKind: Int] { given.dictionary }
  private var given = KindCounts()

  /// A row on its way to a band: one the search read (of `rows`), or the code's own place
  /// `own[row]` (`rows` nil); with the rows of each kind left out before it.
  private struct Entry {
    let rows: FoundRows?
    let row: Int32
    let distance: Double
    let leftOutBefore: KindCounts
  }

  /// The codes within `query`'s radius (of `code`, whose centre `query.center` should be, when
  /// given), at most `query.limit` of them, of `kinds` (`nil`: all).
  public init(
    from code: PostalCode?, query: RadiusQuery, kinds: Set<CodeKind>? = nil, ownPlaces: OwnPlaces = .first
  ) throws {
    let own = Self.places(
      of: code, country: query.country, from: query.center, model: query.model, unit: query.radius.unit)
    let inner = try RadiusQuery(
      center: query.center, radius: query.radius, limit: query.limit.map { $0 + own.count }, model: query.model,
      country: query.country)
    self.init(
      code: code, own: own, search: NearestFirstSearch(inner), limit: query.limit, kinds: kinds, placement: ownPlaces)
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
    self.init(code: code, own: own, search: search, limit: count, kinds: kinds, placement: .first)
  }

  /// The rows of `search` (a table function's, which reads only what its query uses), with
  /// `code`'s places among them at their distances (`OwnPlaces.byDistance`).
  init(from code: PostalCode?, search: consuming NearestFirstSearch) {
    let query = search.query
    var own = Self.places(
      of: code, country: query.country, from: query.center, model: query.model, unit: query.radius.unit)
    // Rows read without their columns cannot be told from the code's own: the search gives those
    // within the radius, and the others come after it.
    if search.reading != .rows {
      let farthest = search.farthest
      own = own.filter { $0.distance.value > farthest }
    }
    self.init(code: code, own: own, search: search, limit: nil, kinds: nil, placement: .byDistance)
  }

  private init(
    code: PostalCode?, own: [NearbyZip], search: consuming NearestFirstSearch, limit: Int?, kinds: Set<CodeKind>?,
    placement: OwnPlaces
  ) {
    self.own = own
    ownCode = code.map { (Array($0.code.utf8), Array($0.country.utf8)) }
    self.placement = placement
    self.kinds = kinds.flatMap { $0.count == CodeKind.allCases.count ? nil : $0 }
    // A limit cuts the search inside a run of rows as near, whose own country's rows come first
    // here, and counts rows of kinds left out: the search goes on until this one has what it
    // gives (reading as a limited one reads).
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

  /// The next rows, or `nil` after the last; never an empty band.
  public mutating func nextBand(on database: Database) throws -> [NearbyZip]? {
    try nextRows(on: database)?.hits(in: search.query.radius.unit)
  }

  /// The next rows as they were read, or `nil` after the last; never an empty band.
  mutating func nextRows(on database: Database) throws -> SearchBand? {
    // From a point, of every kind, the rows are the search's own, as it orders them.
    guard ownCode != nil || kinds != nil else { return try search.nextRows(on: database) }
    if placement == .first, ownNext < own.count {
      let first = own.indices.prefix(remaining).map(ownEntry)
      ownNext = own.count
      remaining -= first.count
      if !first.isEmpty { return band(of: first[...]) }
    }
    while remaining > 0 {
      let next = searchEnded ? nil : try search.nextRows(on: database)
      if next == nil { searchEnded = true }
      // Counted rows, of which nothing is read, go as they are.
      if let next, next.unread > 0 { return next }
      var entries = held
      held = []
      if let next {
        for (index, (store, row)) in next.rows.enumerated() {
          let distance = next.distances[index]
          while ownNext < own.count, own[ownNext].distance.value <= distance {
            entries.append(ownEntry(ownNext))
            ownNext += 1
          }
          let rows = next.stores[Int(store)]
          if isOwn(rows, row: row) || !keeps(rows, row: row) { continue }
          entries.append(Entry(rows: rows, row: row, distance: distance, leftOutBefore: passedOver))
        }
      } else if search.reading == .count {
        // Counted rows, of which nothing is read: the code's places past the radius.
        guard ownNext < own.count else { break }
        var band = SearchBand()
        band.unread = own.count - ownNext
        ownNext = own.count
        return band
      } else {
        while ownNext < own.count {
          entries.append(ownEntry(ownNext))
          ownNext += 1
        }
      }
      putCountryFirst(&entries)
      if next != nil, ownCode != nil, let last = entries.last?.distance,
        let split = entries.firstIndex(where: { $0.distance == last })
      {
        held = Array(entries[split...])
        entries.removeSubrange(split...)
      }
      if entries.isEmpty {
        if next == nil { break }
        continue
      }
      let given = entries.prefix(remaining)
      remaining -= given.count
      // The counts only grow along the search: the largest is that of the last row given.
      if let last = given.last { self.given.formMaximum(last.leftOutBefore) }
      if remaining > 0 && searchEnded { self.given = passedOver }
      return band(of: given)
    }
    // The search ended before the limit: every row it left out was within the answer.
    if remaining > 0 { given = passedOver }
    remaining = 0
    held = []
    return nil
  }

  /// The entry of the code's place `own[index]`.
  private func ownEntry(_ index: Int) -> Entry {
    Entry(rows: nil, row: Int32(index), distance: own[index].distance.value, leftOutBefore: passedOver)
  }

  /// Whether row `row` of `rows` is of the centre code, whose places `own` gives.
  private func isOwn(_ rows: FoundRows, row: Int32) -> Bool {
    guard let ownCode, let zip = rows.textBytes(row: row, column: 0) else { return false }
    return zip.elementsEqual(ownCode.zip) && rows.textBytes(row: row, column: 4)?.elementsEqual(ownCode.country) == true
  }

  /// Whether row `row` of `rows` is of the kinds given; counts it as passed over if not.
  private mutating func keeps(_ rows: FoundRows, row: Int32) -> Bool {
    guard let kinds, let kind = judge.kind(of: rows, row: row) else { return true }
    if kinds.contains(kind) { return true }
    passedOver.add(kind)
    return false
  }

  /// Puts, in each run of rows as near, the code's own first, then those of its country, each
  /// in the order they came.
  private func putCountryFirst(_ entries: inout [Entry]) {
    guard let country = ownCode?.country else { return }
    func rank(_ entry: Entry) -> Int {
      guard let rows = entry.rows else { return 0 }
      return rows.textBytes(row: entry.row, column: 4)?.elementsEqual(country) == true ? 1 : 2
    }
    var start = 0
    while start < entries.count {
      var end = start + 1
      while end < entries.count, entries[end].distance == entries[start].distance { end += 1 }
      if end - start > 1 {
        let run = entries[start..<end].enumerated().sorted {
          (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
        }
        entries.replaceSubrange(start..<end, with: run.map(\.element))
      }
      start = end
    }
  }

  /// The band of `entries`, in their order.
  private func band(of entries: ArraySlice<Entry>) -> SearchBand {
    var band = SearchBand()
    var last: (rows: FoundRows, index: Int32)?
    for entry in entries {
      guard let rows = entry.rows else {
        band.rows.append((SearchBand.ownStore, Int32(band.own.count)))
        band.distances.append(entry.distance)
        band.own.append(own[Int(entry.row)].zipCode)
        continue
      }
      let index: Int32
      if let last, last.rows === rows {
        index = last.index
      } else if let found = band.stores.firstIndex(where: { $0 === rows }) {
        index = Int32(found)
      } else {
        index = Int32(band.stores.count)
        band.stores.append(rows)
      }
      last = (rows, index)
      band.rows.append((index, entry.row))
      band.distances.append(entry.distance)
    }
    return band
  }
}

/// How many rows of each kind: a value, which a search copies into each row it keeps.
struct KindCounts: Equatable {
  private var counts = SIMD8<Int32>()

  private static func index(of kind: CodeKind) -> Int {
    // Every case, in a fixed order: at most 8 (`SIMD8`).
    CodeKind.allCases.firstIndex(of: kind)!
  }

  mutating func add(_ kind: CodeKind) { counts[Self.index(of: kind)] &+= 1 }

  /// Keeps, of each kind, the larger of this count and `other`'s.
  mutating func formMaximum(_ other: KindCounts) { counts = pointwiseMax(counts, other.counts) }

  /// The kinds counted, with their counts (none of 0).
  var dictionary: [CodeKind: Int] {
    var counted: [CodeKind: Int] = [:]
    for kind in CodeKind.allCases where counts[Self.index(of: kind)] > 0 {
      counted[kind] = Int(counts[Self.index(of: kind)])
    }
    return counted
  }
}

/// Judges the kind of the rows a search read (`CodeKind`), from their bytes, keeping the rules of
/// the last country judged: rows mostly follow one of the same country.
struct KindJudge {
  /// The country of the last row judged (its two bytes), and the rules for its codes: values,
  /// which a row reads without retaining anything.
  private var last: (country: UInt16, rules: CodeKind.RuleSet)?

  /// The kind of row `row` of `rows`; `nil` for a row read without its columns.
  mutating func kind(of rows: FoundRows, row: Int32) -> CodeKind? {
    guard let zip = rows.textBytes(row: row, column: 0), let country = rows.textBytes(row: row, column: 4) else {
      return nil
    }
    // A country of two bytes, as every country is in a table zipgeo wrote, is known by them.
    let code = country.count == 2 ? UInt16(country[0]) << 8 | UInt16(country[1]) : nil
    let rules: CodeKind.RuleSet
    if let code, let last, last.country == code {
      rules = last.rules
    } else {
      rules = CodeKind.rules(for: String(decoding: country, as: UTF8.self))
      last = code.map { ($0, rules) }
    }
    return CodeKind.kind(
      zip: zip, place: rows.textBytes(row: row, column: 1),
      accuracy: rows.accuracy(row: row).map { Int(truncatingIfNeeded: $0) }, by: rules)
  }
}
