import ZipGeo

/// The user's home country, and where it came from: the country a bare code means when several
/// countries have it (`90210` is then Beverly Hills, US, with no error and no note).
///
/// The first that names one: `ZIPGEO_COUNTRY` (which also limits searches to it, as `--country`
/// does); the territory of the locale, from the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that
/// is set and not empty (`en_US.UTF-8` is US, `de_CH.UTF-8` CH; `C` and `POSIX` name none, and
/// then no later variable is read, as the C library reads them); the home the database records
/// (`zipgeo home`, which SQL users of the database share).
struct HomeCountry: Equatable {
  enum Source: Equatable {
    /// `ZIPGEO_COUNTRY`.
    case variable
    /// A locale variable and its value.
    case locale(variable: String, value: String)
    /// The database's record.
    case database(shownAs: String)
  }

  let country: String
  let source: Source

  /// `$LANG=en_US.UTF-8`, `$ZIPGEO_COUNTRY`, `recorded in world.db`.
  var origin: String {
    switch source {
    case .variable: "$\(CountryOption.variable)"
    case .locale(let variable, let value): "$\(variable)=\(value.shortened)"
    case .database(let name): "recorded in \(name)"
    }
  }

  /// Where it comes from, as a message says it: `from $LANG=en_US.UTF-8`, `from $ZIPGEO_COUNTRY`,
  /// `recorded in world.db`.
  var fromOrigin: String {
    if case .database = source { return origin }
    return "from \(origin)"
  }

  /// The locale variables, in the order the C library reads them for messages.
  static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

  /// The home the environment gives (`ZIPGEO_COUNTRY`, then the locale), or `nil`.
  ///
  /// - Throws: `UsageError` for a `ZIPGEO_COUNTRY` that is not a country code.
  static func fromEnvironment(_ environment: [String: String]) throws(UsageError) -> HomeCountry? {
    if let country = try CountryOption.value(environment: environment) {
      return HomeCountry(country: country, source: .variable)
    }
    guard let variable = localeVariables.first(where: { !(environment[$0] ?? "").isEmpty }),
      let value = environment[variable], let country = territory(ofLocale: value)
    else { return nil }
    return HomeCountry(country: country, source: .locale(variable: variable, value: value))
  }

  /// The home in force for `db`: the environment's, else the one `db` records.
  static func forDatabase(_ db: ZipDatabase, environment: [String: String]) throws -> HomeCountry? {
    if let home = try fromEnvironment(environment) { return home }
    return try db.recordedHome().map { HomeCountry(country: $0, source: .database(shownAs: db.shownName)) }
  }

  /// The territory of a POSIX locale name, `language[_TERRITORY][.codeset][@modifier]`:
  /// `en_US.UTF-8` is US, `sr_RS@latin` RS, `de-CH` (as some systems write it) CH; `C`,
  /// `C.UTF-8`, `POSIX` and `en` name none.
  static func territory(ofLocale name: String) -> String? {
    let base = name.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)[0]
      .split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let parts = base.split(omittingEmptySubsequences: false) { $0 == "_" || $0 == "-" }
    guard parts.count >= 2, parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isLetter }) else {
      return nil
    }
    return CountryCode(parts[1])?.text
  }
}
