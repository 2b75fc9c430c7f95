import Geodesy
import SQLiteKit

extension ZipDatabase {
  /// Whether the index of place names holds what the database holds: `false` once another tool
  /// (`zipgeo sql --write`, the sqlite3 shell) has added, removed or renamed a row since the last
  /// import, whose added and renamed rows a search by name then misses (an import builds it anew).
  public func placeIndexIsCurrent() throws -> Bool { try PlaceNameIndex.isCurrent(on: database) }

  /// The codes whose place has `name`, best matches first: the same name in any case and with or
  /// without diacritics (`São Paulo`, `sao paulo`), then names that begin with it, then names
  /// whose words begin with its words, and when none of these exists, names a typo or two away
  /// (`Straasborg` finds Strasbourg). Within each kind, by folded name, country, place and code.
  ///
  /// ```swift
  /// let plano = try db.places(named: "Plano", state: "TX")   // 75023, 75024, ... in Plano, TX
  /// ```
  ///
  /// - Parameters:
  ///   - name: The place's name, as written.
  ///   - country: Only places of this country (two letters).
  ///   - state: Only places of this state or region, by its code or name, in any case.
  ///   - limit: At most this many rows (default: all).
  /// - Throws: `ZipGeoError.invalidPlaceName` for a name with no letter or digit;
  ///   `.unknownCountry` for a country the database lacks; `.noPlaceIndex` for a database an
  ///   older zipgeo made.
  public func places(
    named name: String, country: String? = nil, state: String? = nil, limit: Int? = nil, kinds: Set<CodeKind>? = nil
  ) throws -> [PlaceMatch] {
    try placeMatches(named: name, country: country, state: state, limit: limit, kinds: kinds, countingUpTo: 0).rows
  }

  /// The rows of `places(named:country:state:limit:kinds:)`, and how many places (a name in one
  /// country and state) match in all, counted up to `countLimit`: the search goes on past the
  /// rows given, reading the rows of the places it counts.
  ///
  /// ```swift
  /// let paris = try db.placeMatches(named: "Paris", limit: 25)
  /// paris.placeCount   // 62: Paris, FR first, then Paris La Défense, Paris 15, ...
  /// ```
  public func placeMatches(
    named name: String, country: String? = nil, state: String? = nil, limit: Int? = nil, kinds: Set<CodeKind>? = nil,
    countingUpTo countLimit: Int = 1_000
  ) throws -> PlaceMatches {
    var rows: [PlaceMatch] = []
    let count = try placeMatches(
      named: name, country: country, state: state, limit: limit, kinds: kinds, countingUpTo: countLimit
    ) { rows.append($0) }
    return PlaceMatches(rows: rows, placeCount: count.places, isCountComplete: count.isComplete)
  }

  /// `placeMatches(named:country:state:limit:kinds:countingUpTo:)`, each row handed to `body` as
  /// the search finds it, in memory that does not grow with `limit`: `zipgeo search a --limit
  /// 1000000` prints 276,000 rows as it reads them.
  ///
  /// ```swift
  /// let count = try db.placeMatches(named: "Paris", limit: 25) { print($0.zipCode.zip) }
  /// count.places   // 62
  /// ```
  ///
  /// - Returns: How many places matched, counted up to `countLimit`.
  public func placeMatches(
    named name: String, country: String? = nil, state: String? = nil, limit: Int? = nil, kinds: Set<CodeKind>? = nil,
    countingUpTo countLimit: Int = 1_000, each body: (PlaceMatch) throws -> Void
  ) throws -> PlaceCount {
    try readingOneVersion {
      if let country { try requireCountry(country) }
      // Only codes of the kinds asked for (`CodeKind`): `[.area]` leaves out CEDEX codes.
      var search = try PlaceNameSearch(name: name, country: country, state: state, kinds: kinds, shownAs: shownName)
      var given = 0
      while limit.map({ given < $0 }) ?? true, let match = try search.next(on: database) {
        given += 1
        try body(match)
      }
      var complete = true
      if given == limit {
        // The places after, counted in any order.
        complete = try search.countRest(upTo: countLimit, on: database)
      }
      return PlaceCount(places: complete ? search.placesGiven : countLimit, isComplete: complete)
    }
  }
}

/// How many places (a name in one country and state) a search by name matched.
public struct PlaceCount: Equatable, Sendable {
  /// The places, those of the rows given and those after them; at most the count asked for.
  public let places: Int
  /// Whether `places` counts every place that matched (`false`: more matched).
  public let isComplete: Bool
}

/// The rows of a search by name, and how many places matched.
public struct PlaceMatches: Equatable, Sendable {
  /// The rows, best first.
  public let rows: [PlaceMatch]
  /// How many places (a name in one country and state) matched, the rows' and those after them;
  /// at most the count asked for.
  public let placeCount: Int
  /// Whether `placeCount` counts every place that matched (`false`: more matched).
  public let isCountComplete: Bool
}

/// A place found by its name, as the centre of a search: the codes of one place of one country
/// and state, and their mean position.
public struct NamedPlace: Equatable, Sendable {
  /// Its name, as stored (the first code's).
  public let name: String
  public let country: String
  public let state: String?
  /// Its codes, in the order a search by name gives them; never empty.
  public let codes: [ZipCode]
  /// The codes' mean position on the sphere, as a code of several places is centred.
  public let center: Coordinate
  /// How its name matches the name written.
  public let kind: PlaceMatch.Kind
}

extension ZipDatabase {
  /// The one place `name` names, among those that match it best (`places(named:...)`): the same
  /// name, else names that begin with it, and so on; of typos, the nearest name. Its codes are
  /// those of that name in one country and state.
  ///
  /// - Throws: `ZipGeoError.unknownPlace` when nothing matches; `.ambiguousPlace`, listing them,
  ///   when the best matches are places of several countries or states (`Plano` is in TX, IL and
  ///   IA: `state: "TX"` chooses); the errors of `places(named:country:state:limit:)`.
  public func requirePlace(named name: String, country: String? = nil, state: String? = nil) throws -> NamedPlace {
    try readingOneVersion {
      if let country { try requireCountry(country) }
      var search = try PlaceNameSearch(name: name, country: country, state: state, shownAs: shownName)
      let regions = try regionNames()
      // A state as its code or its name (BY, Bayern: the German data writes both) is one state.
      func place(_ match: PlaceMatch) -> [String] {
        let zip = match.zipCode
        return [
          PlaceNameKey(zip.place ?? "").text, zip.country,
          zip.state.map { regions.code(of: $0, in: zip.country).text } ?? "",
        ]
      }
      var best: [PlaceMatch] = []
      // The places of the best matches, up to one more than an ambiguity lists: `a` names 50,000.
      var seen: Set<[String]> = []
      while let match = try search.next(on: database) {
        if let first = best.first {
          guard match.kind == first.kind else { break }
          // Typos come best first: the nearest name alone.
          if match.kind == .typo
            && match.zipCode.place.map(PlaceNameKey.init) != first.zipCode.place.map(PlaceNameKey.init)
          {
            break
          }
        }
        if seen.insert(place(match)).inserted && seen.count > ZipGeoError.listedPlaces { break }
        best.append(match)
      }
      guard let first = best.first else {
        throw ZipGeoError.unknownPlace(name: name.shortened, path: shownName, country: country, state: state)
      }
      // One place: one folded name in one country and state.
      var places: Set<[String]> = []
      var shown: [String] = []
      for match in best {
        guard places.insert(place(match)).inserted else { continue }
        let zip = match.zipCode
        shown.append(
          ([zip.place ?? ""] + (regions.shown(zip).map { [$0] } ?? []) + [zip.country]).joined(separator: ", "))
      }
      guard places.count == 1, seen.count == 1 else {
        throw ZipGeoError.ambiguousPlace(
          name: name.shortened, candidates: seen.count > places.count ? shown + ["..."] : shown)
      }
      let codes = best.map(\.zipCode)
      let center = PostalCode.center(of: codes)
      return NamedPlace(
        name: first.zipCode.place ?? "", country: first.zipCode.country, state: first.zipCode.state, codes: codes,
        center: center, kind: first.kind)
    }
  }
}
