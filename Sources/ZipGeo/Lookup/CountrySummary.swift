import ISO3166

/// One country of a zipgeo database: how many rows and codes it has, and where and when they
/// were imported from.
///
/// ```swift
/// for country in try ZipDatabase(readingAt: "zipgeo.db").countries() {
///   print(country.country, country.places, country.codes, country.source ?? "?")
/// }
/// ```
public struct CountrySummary: Equatable, Sendable {
  /// The ISO 3166 two-letter code, as in `DE`.
  public let country: String
  /// Its rows: one per place of a code.
  public let places: Int
  /// Its distinct codes.
  public let codes: Int
  /// The file its rows came from, as the user named it (a zip archive, not its member); files
  /// joined by `, ` when several of one import held it; `nil` when unknown (rows an older zipgeo
  /// imported).
  public let source: String?
  /// When its rows were imported, in UTC, ISO 8601 (`2026-11-30T12:40:00Z`); `nil` when unknown.
  public let imported: String?

  /// The country's English name (`Germany`), or `nil` for a code ISO 3166-1 does not assign.
  public var name: String? { CountryName.of(country) }

  /// `CountrySummary(country: "DE", places: 10, codes: 2, source: "DE.zip", imported: nil)`.
  public init(country: String, places: Int, codes: Int, source: String?, imported: String?) {
    self.country = country
    self.places = places
    self.codes = codes
    self.source = source
    self.imported = imported
  }
}
