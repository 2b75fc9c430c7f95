import ZipGeo

/// `--country CC`: the country of codes written without one, and the only country a search
/// finds.
enum CountryOption {
  static let option = CommandSpec.Option(
    name: "country", valueName: "cc",
    help: "The country of codes written without one (DE for 10115), and the only one searched. (default: all)")

  /// The country `--country` gives (`de` reads as `DE`), or `nil`.
  static func value(_ arguments: ParsedArguments) throws(UsageError) -> String? {
    try arguments.value("country").map { text throws(UsageError) in
      try ImportCommand.countryCode(text, option: "--country <cc>")
    }
  }
}
