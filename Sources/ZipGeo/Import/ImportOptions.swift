import CSV
import SQLiteKit

/// How an import treats bad and repeated rows.
public struct ImportOptions: Equatable, Sendable {
  /// Import the valid rows and report each invalid one, instead of failing on the first.
  public var skipInvalid: Bool
  /// Fail on a row that repeats an earlier one (same country, code and place), instead of keeping
  /// the first and warning.
  public var strict: Bool
  /// The country of the rows of a CSV file without a country column (`--country`); `nil` for US.
  ///
  /// It applies to no other file: the rows of a file with a country column (every GeoNames file)
  /// keep their countries, and `countries` keeps only some of them. So that it is never ignored
  /// without a word, an import given one whose files all have a country column fails before it
  /// reads a row, with an `ImportError` whose `option` is `country` and which points to
  /// `countries`.
  public var country: String?
  /// Keep only the rows of these countries (`--countries DE,AT,CH`); `nil` keeps every row.
  public var countries: Set<String>?
  /// Empty the database first (`--replace-all`), instead of replacing only the countries the
  /// file holds and keeping the others.
  public var replaceAll: Bool
  /// Put back the leading zeros of US zip codes of 3 or 4 digits (`--pad-zeros`: `1001` is
  /// imported as `01001`), which spreadsheets drop; without it they are imported as they are,
  /// with one warning.
  public var padZeros: Bool

  /// `ImportOptions(skipInvalid: true)`.
  public init(
    skipInvalid: Bool = false, strict: Bool = false, country: String? = nil, countries: Set<String>? = nil,
    replaceAll: Bool = false, padZeros: Bool = false
  ) {
    self.skipInvalid = skipInvalid
    self.strict = strict
    self.country = country
    self.countries = countries
    self.replaceAll = replaceAll
    self.padZeros = padZeros
  }
}
