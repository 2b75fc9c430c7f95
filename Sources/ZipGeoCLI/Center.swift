import SQLiteKit
import ZipGeo

/// Where a search is centred: a zip code, or a `LAT,LON` pair such as `33.025,-96.7397`.
struct Center {
  let coordinate: Coordinate
  /// The zip code, when the centre was given as one.
  let zip: String?

  /// Reads `text` as `LAT,LON` when it is two decimal numbers separated by a comma, else as a
  /// zip code that must be in `db`.
  init(_ text: String, in db: ZipDatabase) throws {
    if let coordinate = try Self.coordinate(text) {
      self.coordinate = coordinate
      zip = nil
    } else {
      coordinate = try db.requireZipCode(text).coordinate
      zip = text
    }
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
    // A centre is held to the rule of stored points, longitudes within [-180, 180] included.
    guard let coordinate = try? Coordinate(storedLatitude: latitude, longitude: longitude) else {
      throw UsageError(
        "The centre '\(text)' is not a coordinate: latitude within [-90, 90], longitude within [-180, 180]")
    }
    return coordinate
  }

  /// The members GeoJSON output gives its FeatureCollection for this centre.
  var properties: [(String, DatabaseValue)] {
    (zip.map { [("center", .text($0))] } ?? [])
      + [("center_lat", .real(coordinate.latitude)), ("center_lon", .real(coordinate.longitude))]
  }
}
