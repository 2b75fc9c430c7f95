import SQLiteKit

/// Finding a code's places, with its country or without.
extension ZipDatabase {
  /// Every place of the code `reference` names, or `nil` when the database does not have it.
  ///
  /// ```swift
  /// try db.postalCode(CodeReference(parsing: "DE:01945"))?.places.count   // 9
  /// try db.postalCode(CodeReference(parsing: "3000"))   // throws: '3000' is a postal code in AU and CH: ...
  /// ```
  ///
  /// - Throws: `ZipGeoError.ambiguousCode` for a code without a country that several countries
  ///   have, `ZipGeoError.unknownCountry` for a country the database has no codes of,
  ///   `ZipGeoError.damagedRow` for a place whose stored coordinates are not a point.
  public func postalCode(_ reference: CodeReference) throws -> PostalCode? {
    try StoredCodes.postalCode(reference, on: database, shownAs: shownName, home: home)
  }

  /// The home country the lookups of this database use for a bare code that several countries
  /// share: `homeCountry` when set, else the one the database records (`recordedHome()`).
  func home() throws -> String? {
    try homeCountry ?? StoredCodes.recordedHome(on: database)
  }

  /// The code `reference` names, or an error that names it and this database.
  public func requirePostalCode(_ reference: CodeReference) throws -> PostalCode {
    guard let found = try postalCode(reference) else {
      let suggestion = try StoredCodes.withLeadingZeros(reference, on: database)
      throw ZipGeoError.unknownZip(
        zip: reference.description.shortened, path: shownName, suggestion: suggestion,
        hint: suggestion == nil ? StoredCodes.hint(for: reference, on: database) : nil)
    }
    return found
  }

  /// The code `written` names, looked up as `postalCode(_:)` looks it up, or why there is none:
  /// for a column of codes, where a code not found, shared by several countries, or no code at
  /// all is the row's answer rather than an error that stops the rest.
  ///
  /// ```swift
  /// try db.lookUp("SW1A 1AA").code?.code      // "SW1A"
  /// try db.lookUp("10115", country: "de").code?.country   // "DE"
  /// try db.lookUp("2134", country: "US").code?.code       // "02134"
  /// try db.lookUp("99999").failure            // .unknown
  /// ```
  ///
  /// A US zip code that lost its leading zeros (`2134`, as a spreadsheet leaves `02134`) is found
  /// with them where its country is the US, or the database holds US codes alone; elsewhere it is
  /// `unknown`, with the code as a `suggestion`.
  ///
  /// - Parameters:
  ///   - written: The code as written: `75075`, `sw1a 1aa`, `DE:10115`.
  ///   - country: The country of a code written without one, as written (`de`, ` DE `); `nil`
  ///     or empty for none: then whichever country has it, or the home country.
  /// - Throws: Only what the database fails to give (a damaged row, SQLite's errors).
  public func lookUp(_ written: String, country: String? = nil) throws -> CodeLookup {
    try readingOneVersion {
      try CodeLookup.lookUp(written, country: country, on: database, shownAs: shownName, home: home)
    }
  }

  /// Whether the database holds the codes of more than one country: from the `countries` table
  /// an import fills, at once; without it (a database another tool made), from the rows.
  public func holdsSeveralCountries() throws -> Bool { try StoredCodes.holdsSeveralCountries(on: database) }

  /// Whether the database holds any code of `country` (two upper-case letters).
  public func holds(country: String) throws -> Bool { try StoredCodes.holds(country, on: database) }

  /// Checks that the database holds codes of `country` (for `--country`, which would otherwise
  /// find nothing without saying why).
  ///
  /// - Throws: `ZipGeoError.unknownCountry` naming the countries it holds.
  public func requireCountry(_ country: String) throws {
    guard try !StoredCodes.holds(country, on: database) else { return }
    throw ZipGeoError.unknownCountry(
      country: country, path: shownName, known: try StoredCodes.countries(on: database).map(\.country))
  }

}
