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

  let zip: Int
  let latitude: Int
  let longitude: Int
  let place: Int?
  let state: Int?
  let county: Int?
  /// The number of fields every record must have.
  let fieldCount: Int

  /// Finds the columns in a header, or says which required one is missing.
  public init(header: [String]) throws(ImportProblem) {
    let names = header.map(Self.normalize)
    func find(_ candidates: [String]) -> Int? {
      for candidate in candidates { if let index = names.firstIndex(of: candidate) { return index } }
      return nil
    }
    func require(_ candidates: [String], _ what: String) throws(ImportProblem) -> Int {
      guard let index = find(candidates) else {
        let shown = header.map { "'\($0.shortened)'" }.joined(separator: ", ")
        var hint = ""
        if header.count == 1, let separator = [";", "\t", "|"].first(where: header[0].contains) {
          let name = separator == ";" ? "semicolons" : separator == "\t" ? "tabs" : "bars"
          hint = " (the file seems separated by \(name); zipgeo reads comma-separated values)"
        }
        throw ImportProblem(
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
    fieldCount = header.count
  }

  static func normalize(_ name: String) -> String {
    String(
      name.trimmingSpaces.lowercased().map { $0 == " " || $0 == "-" ? "_" : $0 })
  }
}

/// A problem with one line of an import file; the importer adds the file name and line.
public struct ImportProblem: Error, Equatable, Sendable {
  /// What is wrong, as in `latitude '91.5' is outside [-90, 90]`.
  public let message: String
  /// `ImportProblem("zip is empty")`.
  public init(_ message: String) { self.message = message }
}
