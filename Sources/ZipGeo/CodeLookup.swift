/// A code as a file or a caller writes it, looked up as `zipgeo info` looks one up (its forms,
/// coarser codes, the home country), and either the code found or, in a stable word, why there
/// is none: what a column of codes needs, where one code that is not found must not stop the
/// rest (`ZipDatabase.lookUp(_:country:)`).
///
/// ```swift
/// let found = try db.lookUp("2134", country: "US")
/// found.code?.code               // "02134": a spreadsheet dropped its zero
/// found.restoredLeadingZeros     // true
/// try db.lookUp("3000").failure  // .ambiguous, in a database of AU and CH with no home country
/// try db.lookUp("").failure      // .empty
/// ```
public struct CodeLookup: Equatable, Sendable {
  /// Why no code was found, in words that stay the same from one version to the next: scripts
  /// count and filter them.
  public enum Failure: String, CaseIterable, Sendable {
    /// Nothing was written (or only spaces).
    case empty
    /// The text is no code: a country and nothing else (`DE:`), a country twice (`DE:DE:1`).
    case invalid
    /// The country written beside the code is not a two-letter country code (`Germany`).
    case invalidCountry = "invalid country"
    /// The database has no codes of the code's country.
    case unknownCountry = "unknown country"
    /// The database has no such code.
    case unknown
    /// Several countries have the code, and none of them is the home country.
    case ambiguous
  }

  /// The code as it was written.
  public let written: String
  /// The code as read, with the country it was given (`nil` when it could not be read).
  public let reference: CodeReference?
  /// The code found, or `nil`.
  public let code: PostalCode?
  /// Why no code was found, or `nil` when one was.
  public let failure: Failure?
  /// Whether the code was found only with the leading zeros a spreadsheet drops put back
  /// (`2134` as `02134`): done where the code's country is the US, or the database holds US
  /// codes alone.
  public let restoredLeadingZeros: Bool
  /// For a code not found that is a US zip code with its leading zeros put back, though its
  /// country is not known to be the US: that code (`US:02134`).
  public let suggestion: String?

  init(
    written: String, reference: CodeReference?, code: PostalCode? = nil, failure: Failure? = nil,
    restoredLeadingZeros: Bool = false, suggestion: String? = nil
  ) {
    self.written = written
    self.reference = reference
    self.code = code
    self.failure = failure
    self.restoredLeadingZeros = restoredLeadingZeros
    self.suggestion = suggestion
  }
}
