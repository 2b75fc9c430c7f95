import CSV
import Geodesy
import SQLiteKit

/// A CSV record checked and turned into a zip code.
extension ColumnMap {
  /// The name of the state of `record` beside its code, when both are given and differ.
  func stateName(in record: CSVRecord) throws(ImportError.Problem) -> String? {
    guard let stateNameField, let state, stateNameField < record.fields.count, state < record.fields.count else {
      return nil
    }
    let name = record.fields[stateNameField].trimmingSpaces
    let code = record.fields[state].trimmingSpaces
    if name.isEmpty || code.isEmpty || name == code { return nil }
    try Self.checkLength(of: name, named: "the state's name")
    return name
  }

  /// Whether the state of `record` is its name, for want of its code (GeoNames' admin_name1
  /// where admin_code1 is empty): the import then writes the code the name has in other rows.
  func stateIsItsName(in record: CSVRecord) -> Bool {
    guard let state, let stateFallback, state < record.fields.count, stateFallback < record.fields.count else {
      return false
    }
    return record.fields[state].trimmingSpaces.isEmpty && !record.fields[stateFallback].trimmingSpaces.isEmpty
  }

  /// The zip code in `record`, or the problem with it.
  ///
  /// A record has as many fields as the header, or a GeoNames record's 12 (empty ones after them,
  /// from a tab at the end of the line, are ignored). The zip must be non-empty; latitude and
  /// longitude must be plain decimal numbers (`33.025`, `-96.7397`, `1e-3`; not `NaN`, `inf`,
  /// `0x1p3` or `33,025`) within [-90, 90] and [-180, 180]. Surrounding spaces are ignored; empty
  /// place, state and county become NULL. No text is longer than `longestText` bytes, so that
  /// what a row makes (its row, its entries in the index of place names) stays small.
  public func zipCode(from record: CSVRecord) throws(ImportError.Problem) -> ZipCode {
    let fields = record.fields
    if fields.count != fieldCount { try checkFieldCount(of: fields) }
    let zip = fields[zip].trimmingSpaces
    guard !zip.isEmpty else { throw ImportError.Problem("zip is empty") }
    try Self.checkLength(of: zip, named: "zip")
    let latitudeText = fields[latitude]
    let longitudeText = fields[longitude]
    let lat = try Self.number(latitudeText, named: "latitude")
    let lon = try Self.number(longitudeText, named: "longitude")
    let coordinate: Coordinate
    do {
      // The ranges are Coordinate's, the one place that decides them; the message shows the text.
      coordinate = try Coordinate(storedLatitude: lat, longitude: lon)
    } catch {
      if case .latitudeOutOfRange = error {
        throw ImportError.Problem("latitude '\(latitudeText.trimmingSpaces)' is outside [-90, 90]")
      }
      throw ImportError.Problem("longitude '\(longitudeText.trimmingSpaces)' is outside [-180, 180]")
    }
    func optional(_ index: Int?) -> String? {
      guard let index else { return nil }
      let value = fields[index].trimmingSpaces
      return value.isEmpty ? nil : value
    }
    let (place, state, county) = (
      optional(self.place), optional(self.state) ?? optional(stateFallback),
      optional(self.county) ?? optional(countyFallback)
    )
    for (name, value) in [("place", place), ("state", state), ("county", county)] {
      if let value { try Self.checkLength(of: value, named: name) }
    }
    var countryCode = defaultCountry
    if let country {
      // A file with a country column says each row's country: an empty one is not taken for US.
      let text = fields[country]
      guard !text.trimmingSpaces.isEmpty else { throw ImportError.Problem("the country is empty") }
      countryCode = try Self.countryCode(text)
    }
    var accuracyValue: Int?
    if let accuracy, case let text = fields[accuracy].trimmingSpaces, !text.isEmpty {
      guard let value = Int(text), (0...6).contains(value) else {
        throw ImportError.Problem("accuracy '\(text.prefix(60))' is not a whole number from 0 to 6")
      }
      accuracyValue = value
    }
    return ZipCode(
      zip: zip, place: place, state: state, county: county, coordinate: coordinate, country: countryCode,
      accuracy: accuracyValue)
  }

  /// Fails unless a record of `fields`, not as many as expected, can still be read: a GeoNames
  /// record may have empty fields after its 12th (a tab at the end of the line), never a value.
  private func checkFieldCount(of fields: [String]) throws(ImportError.Problem) {
    guard !hasHeader else {
      throw ImportError.Problem("the line has \(fields.count) fields, the header has \(fieldCount)")
    }
    let problem = "the line has \(fields.count) fields, a GeoNames record has \(fieldCount)"
    guard fields.count > fieldCount else { throw ImportError.Problem(problem) }
    if let extra = fields[fieldCount...].firstIndex(where: { !$0.trimmingSpaces.isEmpty }) {
      throw ImportError.Problem("\(problem): field \(extra + 1) is '\(fields[extra].shortened)'")
    }
  }

  /// The most bytes of UTF-8 in a row's zip, place, state or county (`ZipCode.longestText`).
  public static let longestText = ZipCode.longestText

  /// Fails if `text` is longer than `longestText` bytes.
  static func checkLength(of text: String, named name: String) throws(ImportError.Problem) {
    let length = text.utf8.count
    guard length > longestText else { return }
    throw ImportError.Problem(
      "\(name) '\(text.shortened)' is \(length) bytes long; zipgeo keeps texts of at most \(longestText) bytes")
  }

  /// The decimal number in `field`, finite; its range is for `Coordinate` to judge.
  static func number(_ field: String, named name: String) throws(ImportError.Problem) -> Double {
    let text = field.trimmingSpaces
    guard !text.isEmpty else { throw ImportError.Problem("\(name) is empty") }
    guard let value = Double(decimal: text) else {
      throw ImportError.Problem("\(name) '\(field.prefix(60))' is not a decimal number")
    }
    return value
  }
}
