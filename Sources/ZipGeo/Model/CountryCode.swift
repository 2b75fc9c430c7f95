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
    var written = String(written)
    guard let code = written.withUTF8(CountryCode.init(bytes:)) else { return nil }
    self = code
  }

  /// The code written in UTF-8 `bytes`, as `init(_:)` reads it: an import reads each row's so.
  init?(bytes: UnsafeBufferPointer<UInt8>) {
    let trimmed = bytes.trimmingSpaces
    // ASCII letters only: `ﬁ` upper-cases to `FI`, and is no country code. Clearing bit 5 makes
    // an ASCII letter upper-case, and no other byte a letter.
    guard trimmed.count == 2 else { return nil }
    let (first, second) = (trimmed[0] & 0xDF, trimmed[1] & 0xDF)
    let letters = UInt8(ascii: "A")...UInt8(ascii: "Z")
    guard letters.contains(first), letters.contains(second) else { return nil }
    text = withUnsafeBytes(of: (first, second)) { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether `text` is a country code as stored: two upper-case ASCII letters.
  static func isStored(_ text: some StringProtocol) -> Bool {
    let bytes = Array(text.utf8)
    return bytes.count == 2 && bytes.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }

  public var description: String { text }

  public static func < (a: CountryCode, b: CountryCode) -> Bool { a.text < b.text }
}
