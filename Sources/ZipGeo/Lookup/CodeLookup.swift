import SQLiteKit

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
  /// How a code found became the code of the data, in words that stay the same from one version
  /// to the next (`zipgeo_lookup`'s `resolution`).
  public enum Resolution: String, CaseIterable, Sendable {
    /// As written (spaces around it aside): `75075`, `DE:10115`.
    case asWritten = "as written"
    /// In another form of its country's codes: another case, other separators, with or without
    /// the country's prefix (`sw1a1aa` is `SW1A 1AA`; `1000001` in JP is `100-0001`).
    case normalised
    /// A finer code than the data holds, as the coarser code that holds it (`SW1A 1AA` in GB data
    /// of outward codes is `SW1A`; `75075-1234` is `75075`).
    case coarser
    /// A US code whose leading zeros a spreadsheet dropped (`2134` is `02134`).
    case leadingZeros = "leading zeros"
  }

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

  /// How the code found was found; `nil` when none was.
  public var resolution: Resolution? {
    guard let code, let reference else { return nil }
    if restoredLeadingZeros { return .leadingZeros }
    if code.resolution != nil { return .coarser }
    return code.code == reference.code && (reference.country ?? code.country) == code.country ? .asWritten : .normalised
  }

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

extension CodeLookup {
  /// Looks `written` up in `db` (which messages name `name`), of `country` as written when given,
  /// of `home` for a bare code several countries have: `ZipDatabase.lookUp(_:country:)`, and
  /// `zipgeo_lookup` with the home country the database records.
  static func lookUp(
    _ written: String, country: String?, on db: Database, shownAs name: String, home: () throws -> String?
  ) throws -> CodeLookup {
    var given: String?
    if let country, !country.trimmingSpaces.isEmpty {
      guard let code = CountryCode(country) else {
        return CodeLookup(written: written, reference: nil, failure: .invalidCountry)
      }
      given = code.text
    }
    let reference: CodeReference
    do {
      reference = try CodeReference(parsing: written, country: given)
    } catch {
      return CodeLookup(
        written: written, reference: nil, failure: written.trimmingWhitespace.isEmpty ? .empty : .invalid)
    }
    func find(_ reference: CodeReference) throws -> PostalCode? {
      try StoredCodes.postalCode(reference, on: db, shownAs: name, home: home)
    }
    do {
      if let code = try find(reference) { return CodeLookup(written: written, reference: reference, code: code) }
      if let padded = ZipCode.restoringLeadingZeros(reference.code) {
        let countryKnown =
          try reference.country == "US"
          || (reference.country == nil && !StoredCodes.holdsSeveralCountries(on: db) && StoredCodes.holds("US", on: db))
        if countryKnown, let code = try find(CodeReference(code: padded, country: "US")) {
          return CodeLookup(written: written, reference: reference, code: code, restoredLeadingZeros: true)
        }
        return CodeLookup(
          written: written, reference: reference, failure: .unknown,
          suggestion: try StoredCodes.withLeadingZeros(reference, on: db).map { _ in "US:\(padded)" })
      }
      return CodeLookup(written: written, reference: reference, failure: .unknown)
    } catch ZipGeoError.ambiguousCode {
      return CodeLookup(written: written, reference: reference, failure: .ambiguous)
    } catch ZipGeoError.unknownCountry {
      return CodeLookup(written: written, reference: reference, failure: .unknownCountry)
    }
  }
}
