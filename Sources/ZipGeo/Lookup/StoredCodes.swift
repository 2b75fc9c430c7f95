import Geodesy
import SQLiteKit

/// What a connection's `zips` table holds, asked in SQL: a code's places (as written, in its
/// country's other forms, or the coarser code that holds it), the countries, the home country,
/// and each row read and checked. The lower-level lookups that the facade (`ZipDatabase`),
/// `CodeLookup`, the searches and the SQL functions share; they know nothing of any of them.
enum StoredCodes {
  /// What the codes of the country of `reference` look like in the data, and the nearest codes it
  /// has: `GB codes here are outward codes, such as AB10; the codes on either side of it in order are SW1W and SW1Y`. For a code
  /// without a country, of the one country whose data has codes of its shape, if there is one;
  /// only in a database of several countries.
  /// A hint is all it is: a table without countries (version 1) or any failure gives none.
  static func hint(for reference: CodeReference, on db: Database) -> String? {
    (try? hintOrFailure(for: reference, on: db)) ?? nil
  }

  private static func hintOrFailure(for reference: CodeReference, on db: Database) throws -> String? {
    // A database of one country (US codes alone, as most are) keeps its short message.
    let held = try Self.countries(on: db).map(\.country)
    guard held.count > 1 else { return nil }
    // The code's coarser forms and forms in each country's data, each worked out once: a code
    // without a country is of the one country of the database whose data it has a shape of.
    // A code written in the data's form (`12345 69000` in AE) is that form itself, after the
    // coarser ones and before the others: `forms(of:)` leaves the code as written out.
    func forms(in format: PostalCodeFormat) -> (format: PostalCodeFormat, forms: [String], fits: Bool) {
      let fits = format.fits(reference.code)
      return (
        format,
        format.coarserForms(of: reference.code) + (fits ? [reference.code] : []) + format.forms(of: reference.code),
        fits
      )
    }
    let found: (format: PostalCodeFormat, forms: [String], fits: Bool)
    if let country = reference.country {
      guard let given = PostalCodeFormat.of(country) else { return nil }
      found = forms(in: given)
    } else {
      let shaped = held.compactMap(PostalCodeFormat.of).map(forms(in:)).filter { $0.fits || !$0.forms.isEmpty }
      guard shaped.count == 1 else { return nil }
      found = shaped[0]
    }
    let format = found.format
    var hint =
      format.coarser.map { "\(format.country) codes here are \($0.holds), such as \(format.example)" }
      ?? "\(format.country) codes here look like \(format.example)"
    // The codes of the country on either side of the code, in the data's form.
    let form = found.forms.first ?? String(decoding: PostalCodeFormat.key(reference.code), as: UTF8.self)
    var nearest: [String] = []
    for sql in [
      "SELECT max(zip) FROM zips WHERE country = ?1 AND zip < ?2",
      "SELECT min(zip) FROM zips WHERE country = ?1 AND zip > ?2",
    ] {
      let statement = try db.cachedStatement(sql)
      try statement.bind(values: [.text(format.country), .text(form)])
      if try statement.step(), let code = statement.text(at: 0) { nearest.append(code) }
      statement.reset()
    }
    if !nearest.isEmpty {
      hint +=
        nearest.count == 1
        ? "; the code next to it in order is \(nearest[0])"
        : "; the codes on either side of it in order are \(nearest[0]) and \(nearest[1])"
    }
    return hint
  }

  /// `reference` with the leading zeros a spreadsheet dropped (`1001` -> `01001`), when that is a
  /// US zip code the database holds: a code of 3 or 4 digits, of the US or of no country.
  static func withLeadingZeros(_ reference: CodeReference, on db: Database) throws -> String? {
    guard reference.country == nil || reference.country == "US",
      let padded = ZipCode.restoringLeadingZeros(reference.code)
    else { return nil }
    let candidate = CodeReference(code: padded, country: "US")
    guard (try? postalCode(candidate, on: db, shownAs: "", home: { nil })) != nil else { return nil }
    return reference.country == nil ? padded : "US:\(padded)"
  }

  /// `holdsSeveralCountries()` of `db`.
  static func holdsSeveralCountries(on database: Database) throws -> Bool {
    if let listed = try? database.cachedStatement("SELECT count(*) > 1 FROM countries") {
      defer { listed.reset() }
      if (try? listed.step()) == true { return listed.value(at: 0).int64 == 1 }
    }
    // The first row's country, then any other: a world file's second country comes soon after
    // its first. A version-1 table is all US.
    let firstRow = try Schema.cachedStatement(database, Self.firstCountrySQL)
    defer { firstRow.reset() }
    guard try firstRow.step(), let first = firstRow.text(at: 0) else { return false }
    let other = try database.cachedStatement("SELECT 1 FROM zips WHERE country <> ? LIMIT 1")
    try other.bind(values: [.text(first)])
    defer { other.reset() }
    return try other.step()
  }

  /// The places of `reference` in the `zips` table of `db` (which is named `name` in errors):
  /// the one lookup of codes, for the library, the CLI and the SQL table functions.
  ///
  /// The code as written first; else its forms in each country's data (`PostalCodeFormat`): of
  /// its country, or, for a code without one, of every country the database holds, which must
  /// then come to one (`sw1a 1aa` can only be British), or to `home` among them. A code finer
  /// than the data (`SW1A 1AA`) becomes the coarser code the data holds, and says so
  /// (`PostalCode.resolution`).
  ///
  /// `home` is asked only when several countries have a bare code: a lookup of any other code
  /// costs nothing more for it.
  static func postalCode(
    _ reference: CodeReference, on db: Database, shownAs name: String, home: () throws -> String? = { nil }
  ) throws -> PostalCode? {
    if let found = try storedPostalCode(reference, on: db, shownAs: name, home: home) { return found }
    // Whether the database holds the country is asked once nothing is found (a code found says
    // so): a lookup that finds a coarser code asks SQLite for three codes, not five.
    func notFound() throws -> PostalCode? {
      if let country = reference.country, try !holds(country, on: db) {
        throw ZipGeoError.unknownCountry(country: country, path: name, known: try Self.countries(on: db).map(\.country))
      }
      return nil
    }
    // Text longer than any code is written as is no code of any country's rules.
    guard let key = PostalCodeFormat.shortKey(reference.code) else { return try notFound() }
    // The rules of every country that may hold it, for a code without one: those of a country
    // the database lacks find nothing.
    let formats =
      reference.country.map { PostalCodeFormat.of($0).map { [$0] } ?? [] }
      ?? PostalCodeFormat.candidates(forKey: key)
    var found: [PostalCode] = []
    for format in formats {
      if let code = try postalCode(reference.code, key: key, as: format, on: db, shownAs: name) { found.append(code) }
    }
    if found.count > 1 {
      if let home = try home(), let own = found.first(where: { $0.country == home }) { return own }
      found.sort { $0.country < $1.country }
      throw ZipGeoError.ambiguousCode(
        code: reference.code.shortened, countries: found.map(\.country), places: found.map { $0.places[0].place ?? "" })
    }
    return try found.first ?? notFound()
  }

  /// The code `written` of the country of `format`, in the forms its data holds, or the coarser
  /// code that holds it.
  private static func postalCode(
    _ written: String, key: [UInt8], as format: PostalCodeFormat, on db: Database, shownAs name: String
  ) throws -> PostalCode? {
    func stored(_ code: String) throws -> PostalCode? {
      try storedPostalCode(CodeReference(code: code, country: format.country), on: db, shownAs: name, home: { nil })
    }
    let forms = format.forms(ofKey: key, written: written)
    for form in forms {
      if let found = try stored(form) { return found }
    }
    guard let coarser = format.coarser else { return nil }
    var coarserCode: PostalCode?
    if coarser == .cityRange {
      // The city whose range holds the code: the last code of the country at or before it.
      if let form = forms.first ?? (format.fits(written) ? written : nil) {
        let statement = try db.cachedStatement(
          "SELECT zip FROM zips WHERE country = ?1 AND zip <= ?2 AND zip >= substr(?2, 1, 2) ORDER BY zip DESC LIMIT 1")
        try statement.bind(values: [.text(format.country), .text(form)])
        let city = try statement.step() ? statement.text(at: 0) : nil
        statement.reset()
        if let city { coarserCode = try stored(city) }
      }
    } else {
      try format.forEachCoarserForm(ofKey: key) { form in
        coarserCode = try stored(form)
        return coarserCode != nil
      }
    }
    guard var code = coarserCode else { return nil }
    code.resolution = CodeResolution(written: written, code: code.code, country: code.country, coarser: coarser)
    return code
  }

  /// The places of the code `reference` names exactly, as the database stores it; of `home`, for
  /// a bare code that several countries have.
  private static func storedPostalCode(
    _ reference: CodeReference, on db: Database, shownAs name: String, home: () throws -> String?
  ) throws -> PostalCode? {
    var rows: CodeIndex.Places
    if let held = CodeIndex.places(of: reference.code, country: reference.country, on: db) {
      rows = held
    } else {
      rows = try placesRead(reference, on: db)
    }
    guard rows.count > 1 else { return PostalCode(places: rows.map(\.place)) }
    // Ordered here, not by an ORDER BY: for the one or few rows of a code, SQLite's sorter cost
    // more than the rest of the lookup.
    let countries = Set(rows.map(\.place.country)).sorted()
    if countries.count > 1 {
      if let home = try home(), countries.contains(home) {
        rows.removeAll { $0.place.country != home }
      } else {
        // Each country's first place in the order of the file.
        let places = countries.map { country in
          rows.filter { $0.place.country == country }.min { $0.rowid < $1.rowid }?.place.place ?? ""
        }
        throw ZipGeoError.ambiguousCode(code: reference.code.shortened, countries: countries, places: places)
      }
    }
    // The places in the order of the file.
    return PostalCode(places: rows.sorted { $0.rowid < $1.rowid }.map(\.place))
  }

  /// The places of the code `reference` names exactly, read from the table, in no order.
  private static func placesRead(_ reference: CodeReference, on db: Database) throws -> CodeIndex.Places {
    let statement = try Schema.cachedStatement(db, reference.country == nil ? placesSQL : placesOfCountrySQL)
    try statement.bind(.text(reference.code), at: 1)
    if let country = reference.country { try statement.bind(.text(country), at: 2) }
    defer { statement.reset() }
    var rows: CodeIndex.Places = []
    while try statement.step() { rows.append(try storedPlace(statement, shownAs: reference.description)) }
    return rows
  }

  /// The place and id of the current row of a statement of `placesSQL`'s columns, checked as
  /// every stored row is (the table's columns once per preparation, the row's coordinates each
  /// time); an error names the row's code as `code` gives it.
  static func storedPlace(_ statement: Statement, shownAs code: @autoclosure () -> String) throws -> (
    place: ZipCode, rowid: Int64
  ) {
    try Schema.requireSearchable(statement, columns: placeColumnIndexes)
    _ = try storedCoordinate(zip: code(), latitude: statement.value(at: 4), longitude: statement.value(at: 5))
    return (zipCode(from: statement), statement.int64(at: 8))
  }

  /// Whether `db` holds any code of `country`.
  static func holds(_ country: String, on db: Database) throws -> Bool {
    // The countries table an import fills says so at once; without it, or when it does not list
    // the country (another tool changed the rows), the rows themselves answer.
    if let listed = try? db.cachedStatement("SELECT 1 FROM countries WHERE country = ?") {
      defer { listed.reset() }
      if (try? listed.bind(values: [.text(country)])) != nil, (try? listed.step()) == true { return true }
    }
    let statement = try Schema.cachedStatement(db, holdsSQL)
    try statement.bind(values: [.text(country)])
    defer { statement.reset() }
    return try statement.step()
  }

  /// Where the statement of `placesSQL` has the columns `Schema.requireSearchable` checks.
  private static let placeColumnIndexes = ["zip": 0, "lat": 4, "lon": 5]

  private static let firstCountrySQL = CachedSQL("SELECT country FROM zips LIMIT 1")

  private static let placesSQL = CachedSQL("SELECT \(Schema.placeColumns), id FROM zips WHERE zip = ?1")

  /// The places of a code in one country: a statement of its own, whose `country = ?2` SQLite
  /// seeks in the index of codes, where `?2 IS NULL OR country = ?2` read every country's rows of
  /// the code (a 5-digit code is one of a dozen countries in the world's data).
  private static let placesOfCountrySQL = CachedSQL(
    "SELECT \(Schema.placeColumns), id FROM zips WHERE zip = ?1 AND country = ?2")

  private static let holdsSQL = CachedSQL("SELECT 1 FROM zips WHERE country = ? LIMIT 1")

  /// The countries of the `zips` table of `db`, as `countries()` gives them: for the library, the
  /// command line and the messages of the SQL functions.
  static func countries(on db: Database) throws -> [CountrySummary] {
    let statement =
      try Schema.hasCountriesTable(db)
      ? try db.cachedStatement("SELECT country, places, codes, source, imported FROM countries ORDER BY country")
      : try Schema.cachedStatement(db, countedSQL)
    defer { statement.reset() }
    var countries: [CountrySummary] = []
    while try statement.step() {
      countries.append(
        CountrySummary(
          country: statement.text(at: 0) ?? "", places: Int(statement.value(at: 1).int64 ?? 0),
          codes: Int(statement.value(at: 2).int64 ?? 0), source: statement.text(at: 3),
          imported: statement.text(at: 4)))
    }
    return countries
  }

  /// The countries counted from the rows, with no source or import time.
  private static let countedSQL = CachedSQL(
    "SELECT country, count(*), count(DISTINCT zip), NULL, NULL FROM zips GROUP BY country ORDER BY country")

  /// The home `db` records; `nil` when it has no settings table or no valid home in it. Asked only
  /// when a bare code turns out to be shared, so that a lookup of any other code costs nothing more.
  static func recordedHome(on db: Database) throws -> String? {
    // Both statements are cached: a shared bare code costs a lookup, not two preparations.
    guard try Schema.hasSettingsTable(db) else { return nil }
    // A table of that name with other columns (the user's own) records nothing zipgeo reads.
    guard let value = try? db.cachedStatement("SELECT value FROM zipgeo_settings WHERE name = 'home_country'")
    else { return nil }
    defer { value.reset() }
    guard (try? value.step()) == true, case .text(let text) = value.value(at: 0) else { return nil }
    return CountryCode(text)?.text
  }

  /// The country a bare code is read in first, where it has one there: the home `db` records,
  /// else the one country of a database of one; `nil` for a database of several without a home,
  /// whose bare codes are each the one country's that has it.
  static func bareCodeCountry(on db: Database) throws -> String? {
    if let home = try recordedHome(on: db) { return home }
    guard try !holdsSeveralCountries(on: db) else { return nil }
    let first = try Schema.cachedStatement(db, firstCountrySQL)
    defer { first.reset() }
    return try first.step() ? first.text(at: 0) : nil
  }

  /// Reads the columns of `Schema.placeColumns` (0...7) of the current row, whose
  /// coordinates a search has already kept within range.
  static func zipCode(from statement: Statement) -> ZipCode {
    ZipCode(
      zip: statement.text(at: 0) ?? "", place: statement.text(at: 1), state: statement.text(at: 2),
      county: statement.text(at: 3),
      coordinate: Coordinate(uncheckedLatitude: statement.double(at: 4), longitude: statement.double(at: 5)),
      country: statement.text(at: 6) ?? "US",
      accuracy: statement.value(at: 7).int64.map { Int($0) })
  }

  /// The point a stored row gives, checked as every stored coordinate is (`Coordinate(storedLatitude:longitude:)`):
  /// a file edited by hand or damaged can hold a latitude of 95, text or NULL, which must become
  /// an error naming the zip code, never a search around a point that does not exist.
  static func storedCoordinate(zip: @autoclosure () -> String, latitude: DatabaseValue, longitude: DatabaseValue)
    throws -> Coordinate
  {
    func number(_ value: DatabaseValue, _ name: String) throws -> Double {
      switch value {
      case .integer, .real: return value.double!
      case .null: throw ZipGeoError.damagedRow(zip: zip().shortened, reason: "its \(name) is NULL")
      case .text(let text):
        throw ZipGeoError.damagedRow(zip: zip().shortened, reason: "its \(name) is text '\(text.shortened)'")
      case .blob: throw ZipGeoError.damagedRow(zip: zip().shortened, reason: "its \(name) is a blob")
      }
    }
    let lat = try number(latitude, "latitude")
    let lon = try number(longitude, "longitude")
    do {
      return try Coordinate(storedLatitude: lat, longitude: lon)
    } catch {
      throw ZipGeoError.damagedRow(zip: zip().shortened, reason: error.description)
    }
  }
}
