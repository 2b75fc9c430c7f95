import SQLiteKit

extension ZipDatabase {
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
  public func places(named name: String, country: String? = nil, state: String? = nil, limit: Int? = nil) throws
    -> [PlaceMatch]
  {
    try readingOneVersion {
      if let country { try requireCountry(country) }
      var search = try PlaceNameSearch(name: name, country: country, state: state, shownAs: shownName)
      var matches: [PlaceMatch] = []
      while limit.map({ matches.count < $0 }) ?? true, let match = try search.next(on: database) {
        matches.append(match)
      }
      return matches
    }
  }
}
