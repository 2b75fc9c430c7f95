import ZipGeo

/// `--country CC`: the country of codes written without one, and the only country a search
/// finds.
enum CountryOption {
  static let option = CommandSpec.Option(
    name: "country", valueName: "cc",
    help:
      "The country of codes written without one (DE for 10115), and the only one searched; all: every country."
      + " (default: $ZIPGEO_COUNTRY, else all)")

  /// The environment variable whose country is the default of `--country`: with the world
  /// imported, `ZIPGEO_COUNTRY=US` makes `zipgeo near 10001` what it was with US codes alone.
  static let variable = "ZIPGEO_COUNTRY"

  /// The commands whose `--country` defaults to `ZIPGEO_COUNTRY` (`import`'s is the country of
  /// files without a country column, and has no default from the environment).
  static let commands: Set<String> = ["near", "nearest", "distance", "info", "search"]

  /// The country `--country` gives (`de` reads as `DE`; `all`: none), else `ZIPGEO_COUNTRY`'s
  /// (unset or empty: none), or `nil`.
  static func value(_ arguments: ParsedArguments, environment: [String: String]) throws(UsageError) -> String? {
    if let text = arguments.value("country") {
      if text.lowercased() == "all" { return nil }
      return try ImportCommand.countryCode(text, option: "--country <cc>")
    }
    return try value(environment: environment)
  }

  /// The country `ZIPGEO_COUNTRY` gives (unset, empty or `all`: none).
  static func value(environment: [String: String]) throws(UsageError) -> String? {
    guard let text = environment[variable], !text.isEmpty, text.lowercased() != "all" else { return nil }
    do {
      return try ColumnMap.countryCode(text)
    } catch {
      throw UsageError(
        "The value '\(text.shortened)' of \(variable) is invalid: give a two-letter country code, as in US, or unset it"
      )
    }
  }
}
