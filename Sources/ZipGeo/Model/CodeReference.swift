import SQLiteKit

/// A postal code as a user writes it: `75075`, or `DE:10115` with its country.
///
/// ```swift
/// try CodeReference(parsing: "DE:10115")                 // code 10115 in DE
/// try CodeReference(parsing: "10115", country: "DE")     // the same, as --country DE says it
/// try CodeReference(parsing: "3000")                     // any country that has 3000
/// ```
public struct CodeReference: Hashable, Sendable, CustomStringConvertible {
  /// The code as stored: `10115`, `01001`, `SW1A 1AA`.
  public let code: String
  /// The country, as two upper-case letters, or `nil` for whichever country has the code.
  public let country: String?

  /// The code `code` of `country` (`nil`: whichever country has it), taken as given.
  public init(code: String, country: String? = nil) {
    self.code = code
    self.country = country
  }

  /// Reads `CC:CODE` (`DE:10115`, or `de:10115`; spaces around either part left out) as a code
  /// of a country, and anything else as a bare code, of `country` when given (the caller's `--country`; the prefix wins over it).
  /// No postal code of GeoNames' 121 countries has a colon, so two letters and a colon always
  /// name a country.
  ///
  /// - Throws: `ZipGeoError.invalidCode` for a country with no code (`DE:`) or for an empty text.
  public init(parsing written: String, country: String? = nil) throws(ZipGeoError) {
    // Spaces around a pasted code are not part of it (spaces inside, as in `SW1A 1AA`, are).
    let text = written.trimmingWhitespace
    let bytes = Array(text.utf8.prefix(3))
    if bytes.count == 3, bytes[2] == UInt8(ascii: ":"),
      let country = CountryCode(String(decoding: bytes.prefix(2), as: UTF8.self))
    {
      let code = String(text.dropFirst(3)).trimmingWhitespace
      let prefix = country.text
      guard !code.isEmpty else {
        throw .invalidCode(
          text: written.shortened, reason: "it names the country \(prefix) but no code; write \(prefix):CODE")
      }
      // No postal code begins with a country and a colon: `DE:DE:10115` is a paste gone wrong.
      let rest = Array(code.utf8.prefix(3))
      if rest.count == 3, rest[2] == UInt8(ascii: ":"),
        CountryCode(String(decoding: rest.prefix(2), as: UTF8.self)) != nil
      {
        let inner = String(code.dropFirst(3)).trimmingWhitespace
        throw .invalidCode(
          text: written.shortened, reason: "it names a country twice; write \(prefix):\(inner.shortened)")
      }
      self.init(code: code, country: prefix)
    } else {
      guard !text.isEmpty else { throw .invalidCode(text: written.shortened, reason: "it is empty") }
      self.init(code: text, country: country)
    }
  }

  /// `DE:10115`, or the bare code.
  public var description: String {
    country.map { "\($0):\(code)" } ?? code
  }
}
