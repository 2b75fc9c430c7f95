/// What can go wrong when using a zipgeo database, in words a user can act on.
public enum ZipGeoError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No file at the database path.
  case databaseMissing(path: String)
  /// The file cannot be opened or read as SQLite.
  case databaseUnreadable(path: String, reason: String)
  /// An import did not write the database (it is as it was, or there is none).
  case databaseNotWritten(path: String, reason: String)
  /// The file is SQLite but not a zipgeo database this version understands.
  case notAZipgeoDatabase(path: String, reason: String)
  /// The zip code is not in the database; `suggestion` is one that is, when `zip` looks like a
  /// US zip code that lost its leading zeros (`1001` for `01001`, as spreadsheets do); `hint`
  /// says what the codes of its country look like in the data, and the nearest it has.
  case unknownZip(zip: String, path: String, suggestion: String? = nil, hint: String? = nil)
  /// A code written with a country prefix that is not a code: `DE:` alone.
  case invalidCode(text: String, reason: String)
  /// The database holds no postal codes of this country; `known` lists those it holds.
  case unknownCountry(country: String, path: String, known: [String])
  /// A code without a country that several countries have, and no home country among them:
  /// `3000` in AU and CH. `places` gives each country's first place of the code, in the order of
  /// `countries` (`Melbourne`, `Bern`), or is empty.
  case ambiguousCode(code: String, countries: [String], places: [String] = [])
  /// A stored zip code whose coordinates are not a point (a damaged or hand-edited row).
  case damagedRow(zip: String, reason: String)
  /// The `zips` table lacks what a search reads (a table zipgeo did not make).
  case unsearchableTable(reason: String)
  /// An older `zips` table that the upgrade would rebuild holds what a user added to it, which
  /// the rebuild would lose: `additions` names each (`column 'note'`, `index 'zips_state'`).
  case upgradeWouldLose(additions: [String])
  /// A place name with no letter or digit to search for (empty, or only punctuation).
  case invalidPlaceName(text: String, reason: String)
  /// No place of the database has this name (of `country`, in `state`, when given).
  case unknownPlace(name: String, path: String, country: String? = nil, state: String? = nil)
  /// A state (or region) that no row of the database (of `country`, when given) has, by its code
  /// or its name.
  case unknownState(state: String, path: String, country: String?)
  /// A place name that names several places where one was wanted; `candidates` lists them.
  case ambiguousPlace(name: String, candidates: [String])
  /// The database has no place-name index: an older zipgeo made it.
  case noPlaceIndex(path: String)
  /// The place-name index holds what zipgeo did not write (a damaged or hand-made file).
  case damagedPlaceIndex

  /// The most places an ambiguity lists (`ambiguousPlace`): past them, it says there are more.
  static let listedPlaces = 8

  /// The message after `Error: `, as in `zip code '00000' is not in zipgeo.db`.
  public var description: String {
    switch self {
    case .databaseMissing(let path):
      "no database at '\(path)'; create one with: zipgeo import data/zips.csv"
    case .databaseUnreadable(let path, let reason):
      "cannot open '\(path)': \(reason)"
    case .databaseNotWritten(let path, let reason):
      "'\(path)' was not written: \(reason)"
    case .notAZipgeoDatabase(let path, let reason):
      "'\(path)' is not a zipgeo database: \(reason)"
    case .unknownZip(let zip, let path, let suggestion, let hint):
      "zip code '\(zip)' is not in \(path)"
        + (suggestion.map { "; did you mean \($0)? (spreadsheets drop leading zeros)" } ?? "")
        + (hint.map { "; \($0)" } ?? "")
    case .invalidCode(let text, let reason):
      "'\(text)' is not a postal code: \(reason)"
    case .unknownCountry(let country, let path, let known):
      "\(path) has no postal codes of country '\(country)'" + Self.holding(known)
    case .ambiguousCode(let code, let countries, let places):
      "\(Self.sharedCode(code, countries: countries, places: places)); add --country CC, write CC:\(code), or set a"
        + " home country (ZIPGEO_COUNTRY=CC, or zipgeo home CC)"
    case .damagedRow(let zip, let reason):
      "zip code '\(zip)' in the zips table is damaged: \(reason)"
    case .unsearchableTable(let reason):
      "the zips table cannot be searched: \(reason)"
    case .upgradeWouldLose(let additions):
      "the zips table is of an older zipgeo, and its upgrade would lose what was added to it: "
        + additions.joined(separator: ", ")
        + "; nothing was changed. To go on, keep a copy of them (for a column: CREATE TABLE my_zips AS"
        + " SELECT rowid, * FROM zips), drop them, upgrade again (zipgeo upgrade), then make them again on the new"
        + " table"
    case .invalidPlaceName(let text, let reason):
      "'\(text)' is not a place name: \(reason)"
    case .unknownPlace(let name, let path, let country, let state):
      "no place named '\(name)'" + (country.map { " in \($0)" } ?? "")
        + (state.map { "\(country == nil ? "" : ",") in the state '\($0.shortened)'" } ?? "")
        + " in \(path), nor one a typo or two away"
    case .unknownState(let state, let path, let country):
      "no state or region '\(state)'" + (country.map { " of \($0)" } ?? "") + " in \(path), by its code or its name"
    case .ambiguousPlace(let name, let candidates):
      (candidates.count > Self.listedPlaces
        ? "'\(name)' names more than \(Self.listedPlaces) places: "
          + candidates.prefix(Self.listedPlaces).joined(separator: "; ") + "; ..."
        : "'\(name)' names \(candidates.count) places: \(candidates.joined(separator: "; "))")
        + " (add --country or --state, or give a code)"
    case .noPlaceIndex(let path):
      "\(path) has no index of place names, which zipgeo import makes (an older zipgeo made none); an import"
        + " of its data again builds it"
    case .damagedPlaceIndex:
      "the index of place names is damaged; zipgeo import of the data again builds it anew"
    }
  }

  /// `'3000' is a postal code in 2 countries: Melbourne, AU; Bern, CH`, or without places
  /// `'3000' is a postal code in AU and CH`: every country, never one of them as "the" answer.
  static func sharedCode(_ code: String, countries: [String], places: [String]) -> String {
    guard places.count == countries.count else { return "'\(code)' is a postal code in \(list(countries))" }
    let each = zip(places, countries).map { place, country in place.isEmpty ? country : "\(place.shortened), \(country)"
    }
    return "'\(code)' is a postal code in \(countries.count) countries: \(each.joined(separator: "; "))"
  }

  /// `AU and CH`, `AU, CH and DK`.
  static func list(_ names: [String]) -> String {
    names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
  }

  /// `; it holds US only`, `; it holds 121 countries (zipgeo countries lists them)`.
  static func holding(_ known: [String]) -> String {
    switch known.count {
    case 0: ""
    case 1...8: "; it holds \(list(known))\(known.count == 1 ? " only" : "")"
    default: "; it holds \(known.count) countries (zipgeo countries lists them)"
    }
  }
}
