import CSV
import Geodesy
import SQLiteKit

/// A CSV record checked and turned into a zip code: from its fields' bytes, making a string of
/// only what a row keeps.
extension ColumnMap {
  /// The name of the state of `fields` beside its code, when both are given and differ.
  func stateName(in fields: CSVFields) throws(ImportError.Problem) -> String? {
    guard let stateNameField, let state, stateNameField < fields.count, state < fields.count else { return nil }
    let name = fields[stateNameField].trimmingSpaces
    let code = fields[state].trimmingSpaces
    if name.isEmpty || code.isEmpty || name.elementsEqual(code) { return nil }
    let text = try Self.text(name, named: "the state's name")
    // The same text written in another Unicode form (`Å` as one character or as `A` and a ring)
    // is the code too: compared as strings, which the bytes of ASCII need not be.
    if name.contains(where: { $0 >= 0x80 }) || code.contains(where: { $0 >= 0x80 }), text == Self.string(code) {
      return nil
    }
    return text
  }

  /// Whether the state of `fields` is its name, for want of its code (GeoNames' admin_name1
  /// where admin_code1 is empty): the import then writes the code the name has in other rows.
  func stateIsItsName(in fields: CSVFields) -> Bool {
    guard let state, let stateFallback, state < fields.count, stateFallback < fields.count else { return false }
    return fields[state].trimmingSpaces.isEmpty && !fields[stateFallback].trimmingSpaces.isEmpty
  }

  /// The zip code in `record`, or the problem with it, as `zipCode(from:)` reads a reader's
  /// fields.
  public func zipCode(from record: CSVRecord) throws(ImportError.Problem) -> ZipCode {
    try record.withFields { fields in
      Result { () throws(ImportError.Problem) in try zipCode(from: fields) }
    }.get()
  }

  /// The zip code in `fields`, or the problem with it.
  ///
  /// A record has as many fields as the header, or a GeoNames record's 12 (empty ones after them,
  /// from a tab at the end of the line, are ignored). The zip must be non-empty; latitude and
  /// longitude must be plain decimal numbers (`33.025`, `-96.7397`, `1e-3`; not `NaN`, `inf`,
  /// `0x1p3` or `33,025`) within [-90, 90] and [-180, 180]. Surrounding spaces are ignored; empty
  /// place, state and county become NULL. No text is longer than `longestText` bytes, so that
  /// what a row makes (its row, its entries in the index of place names) stays small.
  public func zipCode(from fields: CSVFields) throws(ImportError.Problem) -> ZipCode {
    if fields.count != fieldCount { try checkFieldCount(of: fields) }
    let zipBytes = fields[zip].trimmingSpaces
    guard !zipBytes.isEmpty else { throw ImportError.Problem("zip is empty") }
    let zip = try Self.text(zipBytes, named: "zip")
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
        throw ImportError.Problem("latitude '\(Self.string(latitudeText.trimmingSpaces))' is outside [-90, 90]")
      }
      throw ImportError.Problem("longitude '\(Self.string(longitudeText.trimmingSpaces))' is outside [-180, 180]")
    }
    /// The field at `index` as text, or else the one at `fallback`; nil when both are empty.
    func optional(_ index: Int?, else fallback: Int? = nil, named name: String) throws(ImportError.Problem) -> String? {
      if let index, case let value = fields[index].trimmingSpaces, !value.isEmpty {
        return try Self.text(value, named: name)
      }
      guard let fallback, case let value = fields[fallback].trimmingSpaces, !value.isEmpty else { return nil }
      return try Self.text(value, named: name)
    }
    let place = try optional(self.place, named: "place")
    let state = try optional(self.state, else: stateFallback, named: "state")
    let county = try optional(self.county, else: countyFallback, named: "county")
    var countryCode = defaultCountry
    if let country {
      // A file with a country column says each row's country: an empty one is not taken for US.
      let text = fields[country]
      guard !text.trimmingSpaces.isEmpty else { throw ImportError.Problem("the country is empty") }
      guard let code = CountryCode(bytes: text) else { throw Self.notACountry(Self.string(text)) }
      countryCode = code.text
    }
    var accuracyValue: Int?
    if let accuracy, case let bytes = fields[accuracy].trimmingSpaces, !bytes.isEmpty {
      let text = Self.string(bytes)
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
  private func checkFieldCount(of fields: CSVFields) throws(ImportError.Problem) {
    guard !hasHeader else {
      throw ImportError.Problem("the line has \(fields.count) fields, the header has \(fieldCount)")
    }
    let problem = "the line has \(fields.count) fields, a GeoNames record has \(fieldCount)"
    guard fields.count > fieldCount else { throw ImportError.Problem(problem) }
    if let extra = (fieldCount..<fields.count).first(where: { !fields[$0].trimmingSpaces.isEmpty }) {
      throw ImportError.Problem("\(problem): field \(extra + 1) is '\(fields.string(at: extra).shortened)'")
    }
  }

  /// The most bytes of UTF-8 in a row's zip, place, state or county (`ZipCode.longestText`).
  public static let longestText = ZipCode.longestText

  /// `bytes` as text, unless they are longer than `longestText`.
  static func text(_ bytes: UnsafeBufferPointer<UInt8>, named name: String) throws(ImportError.Problem) -> String {
    let text = string(bytes)
    guard bytes.count > longestText else { return text }
    throw ImportError.Problem(
      "\(name) '\(text.shortened)' is \(bytes.count) bytes long; zipgeo keeps texts of at most \(longestText) bytes")
  }

  /// A field's bytes, UTF-8 that the reader checked, as a string.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

  /// The decimal number in `field`, finite; its range is for `Coordinate` to judge.
  static func number(_ field: UnsafeBufferPointer<UInt8>, named name: String) throws(ImportError.Problem) -> Double {
    let bytes = field.trimmingSpaces
    guard !bytes.isEmpty else { throw ImportError.Problem("\(name) is empty") }
    guard let value = Double(decimalBytes: bytes) else {
      throw ImportError.Problem("\(name) '\(string(field).prefix(60))' is not a decimal number")
    }
    return value
  }
}
