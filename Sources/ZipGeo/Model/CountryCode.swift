/// A country's code as zipgeo stores and compares it: two letters A to Z (ISO 3166-1 alpha-2,
/// `DE`), however it was written (`de`, ` DE `). The one judge of country codes, for the import's
/// rows and options, a code's `DE:` prefix, `--country`, `ZIPGEO_COUNTRY` and SQL's
/// `only_country`.
///
/// ```swift
/// CountryCode("de")?.text   // "DE"
/// CountryCode("ﬁ")          // nil: upper-cased it is FI, but it is no ASCII letter
/// ```
public struct CountryCode: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Two upper-case ASCII letters.
  public let text: String

  /// `written` upper-cased, spaces around it left out; `nil` unless that is two ASCII letters.
  public init?(_ written: some StringProtocol) {
    let trimmed = String(written).trimmingSpaces
    // ASCII letters only: `ﬁ` upper-cases to `FI`, and is no country code.
    guard trimmed.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    let code = trimmed.uppercased()
    guard Self.isStored(code) else { return nil }
    text = code
  }

  /// Whether `text` is a country code as stored: two upper-case ASCII letters.
  static func isStored(_ text: some StringProtocol) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.count == 2 && bytes.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }

  public var description: String { text }

  public static func < (a: CountryCode, b: CountryCode) -> Bool { a.text < b.text }
}
