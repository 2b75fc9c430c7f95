import SQLiteKit

/// Which field of a CSV record holds what, found from the header by name.
///
/// Names are matched case-insensitively, with spaces and hyphens read as underscores, in any
/// order; other columns are ignored. Where several names fit (`state_abbr` and `state`), the
/// first in the lists below wins.
public struct ColumnMap: Equatable, Sendable {
  static let zipNames = ["zip", "zipcode", "zip_code", "postal_code", "postcode"]
  static let latitudeNames = ["lat", "latitude"]
  static let longitudeNames = ["lon", "lng", "long", "longitude"]
  static let placeNames = ["place", "place_name", "city"]
  static let stateNames = ["state_abbr", "state_code", "state"]
  static let countyNames = ["county"]
  static let countryNames = ["country", "country_code", "countrycode", "cc", "iso2"]
  static let accuracyNames = ["accuracy"]

  let zip: Int
  let latitude: Int
  let longitude: Int
  let place: Int?
  let state: Int?
  let county: Int?
  /// Where the state is when the `state` field is empty (GeoNames' admin_name1 beside admin_code1).
  let stateFallback: Int?
  /// Where the state's name is, beside its code (GeoNames' admin_name1; a CSV's `state` or
  /// `state_name` beside a `state_abbr` or `state_code`), for the `regions` table.
  var stateNameField: Int? = nil
  /// Where the county is when the `county` field is empty (GeoNames' admin_name3: Germany leaves
  /// admin_name2 empty and names its districts there).
  var countyFallback: Int? = nil
  let country: Int?
  /// The country column's name, as the header writes it (`country_code` for GeoNames).
  let countryName: String?
  let accuracy: Int?
  /// The country of every row when no field holds one (`--country`, US by default).
  public var defaultCountry = "US"
  /// The number of fields every record must have.
  let fieldCount: Int
  /// Whether the file has a header line (GeoNames' files have none).
  public let hasHeader: Bool

  /// Finds the columns in a header, or says which required one is missing.
  public init(header: [String]) throws(ImportError.Problem) {
    let names = header.map(Self.normalize)
    func find(_ candidates: [String]) -> Int? {
      for candidate in candidates { if let index = names.firstIndex(of: candidate) { return index } }
      return nil
    }
    func require(_ candidates: [String], _ what: String) throws(ImportError.Problem) -> Int {
      guard let index = find(candidates) else {
        let shown = header.map { "'\($0.shortened)'" }.joined(separator: ", ")
        var hint = ""
        // A tab is in no header's name, and a tab-separated line's values may hold commas.
        if header.contains(where: { $0.contains("\t") }) {
          // Perhaps a GeoNames file that its first line did not show: say what shows one.
          hint =
            " (the file seems separated by tabs; zipgeo reads comma-separated values with a header, or GeoNames"
            + " files without one: 12 tab-separated columns, the first a country code, the 10th and 11th latitude"
            + " and longitude)"
        } else if header.count == 1, let separator = [";", "|"].first(where: header[0].contains) {
          let name = separator == ";" ? "semicolons" : "bars"
          hint = " (the file seems separated by \(name); zipgeo reads comma-separated values)"
        }
        throw ImportError.Problem(
          "no \(what) column: expected one of \(candidates.joined(separator: ", ")); the header has \(shown)\(hint)")
      }
      return index
    }
    zip = try require(Self.zipNames, "zip code")
    latitude = try require(Self.latitudeNames, "latitude")
    longitude = try require(Self.longitudeNames, "longitude")
    place = find(Self.placeNames)
    state = find(Self.stateNames)
    county = find(Self.countyNames)
    country = find(Self.countryNames)
    countryName = country.map { header[$0] }
    accuracy = find(Self.accuracyNames)
    stateFallback = nil
    if let state, ["state_abbr", "state_code"].contains(names[state]) {
      stateNameField = find(["state_name", "state"])
    }
    fieldCount = header.count
    hasHeader = true
  }

  private init(geoNames: Void) {
    country = 0
    countryName = "country_code"
    zip = 1
    place = 2
    stateFallback = 3
    stateNameField = 3
    state = 4
    county = 5
    countyFallback = 7
    latitude = 9
    longitude = 10
    accuracy = 11
    fieldCount = 12
    hasHeader = false
  }

  /// The columns of a GeoNames postal code file as published (`allCountries.txt`, `DE.txt`):
  /// no header, 12 tab-separated fields: country_code, postal_code, place_name, admin_name1,
  /// admin_code1, admin_name2, admin_code2, admin_name3, admin_code3, latitude, longitude,
  /// accuracy. The state is admin_code1 (admin_name1 when the code is empty), the county
  /// admin_name2 (admin_name3 when that is empty, as for every German code).
  public static let geoNames = ColumnMap(geoNames: ())

  /// `text` as a country code (`CountryCode`: `de` -> `DE`), or the problem with it.
  public static func countryCode(_ text: String) throws(ImportError.Problem) -> String {
    guard let code = CountryCode(text) else { throw notACountry(text) }
    return code.text
  }

  /// The problem with `text`, which is no country code.
  static func notACountry(_ text: String) -> ImportError.Problem {
    ImportError.Problem("country '\(text.shortened)' is not a two-letter country code")
  }

  /// Where the column `name` is in `header`: the first field written exactly so, else the first
  /// whose name is the same once both are read as the import reads its columns' names (in any
  /// case, spaces around left out, spaces and hyphens inside as underscores: `Post Code` is
  /// `post_code`); `nil` when no field is.
  ///
  /// ```swift
  /// ColumnMap.field(named: "postcode", in: ["id", "PostCode", "city"])   // 1
  /// ```
  public static func field(named name: String, in header: [String]) -> Int? {
    if let exact = header.firstIndex(of: name) { return exact }
    let wanted = normalize(name)
    return header.firstIndex { normalize($0) == wanted }
  }

  /// Where a file's codes are, by the names the import knows them by (`zip`, `zipcode`,
  /// `zip_code`, `postal_code`, `postcode`, in that order of preference), or `nil`.
  public static func zipField(in header: [String]) -> Int? {
    let names = header.map(normalize)
    return zipNames.lazy.compactMap { names.firstIndex(of: $0) }.first
  }

  /// The names of a zip code column the import knows, in its order of preference.
  public static var zipColumnNames: [String] { zipNames }

  static func normalize(_ name: String) -> String {
    String(
      name.trimmingSpaces.lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 })
  }
}
