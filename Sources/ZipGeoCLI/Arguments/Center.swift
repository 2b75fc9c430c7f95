import SQLiteKit
import ZipGeo

/// Where a search is centred: a postal code (`75075`, `DE:10115`), or a `LAT,LON` pair such as
/// `33.025,-96.7397`.
struct Center {
  let coordinate: Coordinate
  /// The code, when the centre was given as one.
  let code: PostalCode?
  /// The place, when the centre was given by its name (`--place`).
  let place: NamedPlace?
  /// The code as written, when the centre was given as one.
  var reference: CodeReference? = nil

  /// Reads `text` as `LAT,LON` when it is two decimal numbers separated by a comma, else as a
  /// code that must be in `db`, of `country` when it names none (`--country`). A code with several
  /// places is centred on their mean position.
  init(_ text: String, country: String?, in db: ZipDatabase) throws {
    place = nil
    if let coordinate = try Self.coordinate(text) {
      self.coordinate = coordinate
      code = nil
    } else {
      let reference = try CodeReference(parsing: text, country: country)
      let code = try db.requirePostalCode(reference)
      coordinate = code.center
      self.code = code
      self.reference = reference
    }
  }

  /// The place named `name` (`--place`), of `country` and `state` when given, centred on its
  /// codes' mean position.
  init(place name: String, country: String?, state: String?, in db: ZipDatabase) throws {
    let place = try db.requirePlace(named: name, country: country, state: state)
    coordinate = place.center
    code = nil
    self.place = place
  }

  /// The coordinate in `33.025,-96.7397`, `nil` when `text` is not two numbers, or a usage error
  /// when they are out of range.
  static func coordinate(_ text: String) throws(UsageError) -> Coordinate? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == 2,
      // A space after the comma, as in a pasted "33.025, -96.7397", is fine.
      // Decimal notation only, as an imported file must use (`0x10` is not 16 here).
      let latitude = Double(decimal: String(parts[0])),
      let longitude = Double(decimal: String(parts[1].drop { $0 == " " }))
    else { return nil }
    do {
      return try SearchRequest.center(latitude: latitude, longitude: longitude)
    } catch {
      throw UsageError("The centre '\(text)' is not a coordinate: \(error)")
    }
  }

  /// The members GeoJSON output gives its FeatureCollection for this centre.
  var properties: [(String, DatabaseValue)] {
    (code.map { [("center", .text($0.code)), ("center_country", .text($0.country))] } ?? [])
      + (place.map { [("center_place", .text($0.name)), ("center_country", .text($0.country))] } ?? [])
      + [("center_lat", .real(coordinate.latitude)), ("center_lon", .real(coordinate.longitude))]
  }
}
