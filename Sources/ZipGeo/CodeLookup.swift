import SQLiteKit

/// A code as a person or a spreadsheet wrote it, resolved as every lookup of zipgeo resolves
/// codes (`ZipDatabase.postalCode(_:)`), with how it was, or why it was not: the one step each row
/// of a whole file takes, in SQL (`zipgeo_lookup`) and on the command line.
///
/// ```swift
/// let found = try db.lookUp("sw1a 1aa")
/// found.code?.code      // "SW1A": the GB data holds outward codes
/// found.resolution      // .coarser
/// try db.lookUp("2134", country: "US").resolution   // .leadingZeros: 02134
/// try db.lookUp("3000").failure                      // .ambiguous: AU and CH
/// ```
public struct CodeLookup: Equatable, Sendable {
  /// How a code found became the code of the data.
  public enum Resolution: String, Sendable, CaseIterable {
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

  /// Why a code was not found.
  public enum Failure: String, Sendable, CaseIterable {
    /// Nothing was written (or only spaces).
    case empty
    /// Text that is no code (`DE:`, `DE:DE:10115`).
    case invalid
    /// A code the database does not have.
    case unknown
    /// A code without a country that several countries have, and no home country among them.
    case ambiguous
    /// A country the database has no codes of.
    case unknownCountry = "unknown country"
  }

  /// The code found, with every place it names.
  public let code: PostalCode?
  /// How the code found was found; `nil` when none was.
  public let resolution: Resolution?
  /// Why no code was found; `nil` when one was.
  public let failure: Failure?

  init(_ code: PostalCode, _ resolution: Resolution) {
    (self.code, self.resolution, failure) = (code, resolution, nil)
  }

  init(failure: Failure) {
    (code, resolution, self.failure) = (nil, nil, failure)
  }

  /// Looks `written` up in `db`, of `country` when given (a `CC:` prefix of the code wins over
  /// it), of `home` for a bare code several countries have. Only damage to the database throws:
  /// every code gets an answer.
  static func lookUp(
    _ written: String, country: String?, on db: Database, shownAs name: String, home: () throws -> String?
  ) throws -> CodeLookup {
    let reference: CodeReference
    do {
      reference = try CodeReference(parsing: written, country: country)
    } catch {
      return CodeLookup(failure: written.trimmingWhitespace.isEmpty ? .empty : .invalid)
    }
    do {
      if let found = try ZipDatabase.postalCode(reference, on: db, shownAs: name, home: home) {
        if found.resolution != nil { return CodeLookup(found, .coarser) }
        return CodeLookup(found, found.code == reference.code ? .asWritten : .normalised)
      }
      if let padded = ZipCode.restoringLeadingZeros(reference.code),
        reference.country == nil || reference.country == "US",
        let found = try ZipDatabase.postalCode(
          CodeReference(code: padded, country: "US"), on: db, shownAs: name, home: { nil })
      {
        return CodeLookup(found, .leadingZeros)
      }
      return CodeLookup(failure: .unknown)
    } catch ZipGeoError.ambiguousCode {
      return CodeLookup(failure: .ambiguous)
    } catch ZipGeoError.unknownCountry {
      return CodeLookup(failure: .unknownCountry)
    } catch ZipGeoError.invalidCode {
      return CodeLookup(failure: .invalid)
    }
  }
}

extension ZipDatabase {
  /// The code `written` names, as `CodeLookup` resolves it: of `country` when given, of the home
  /// country for a bare code several countries have; never an error for a code not found.
  ///
  /// - Throws: only for a damaged database (`ZipGeoError.damagedRow`, a table that cannot be read).
  public func lookUp(_ written: String, country: String? = nil) throws -> CodeLookup {
    try readingOneVersion {
      try CodeLookup.lookUp(written, country: country, on: database, shownAs: shownName, home: home)
    }
  }
}
