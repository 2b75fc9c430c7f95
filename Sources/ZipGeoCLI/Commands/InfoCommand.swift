import ZipGeo

/// `zipgeo info ZIP`: everything the database knows about one code and its places.
enum InfoCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "info", abstract: "Show one zip code: place, state, county, latitude and longitude.",
    usage:
      "(<zip> | --file <csv> [--column <name>] [--country-column <name>]) [--country <cc>] [--format <format>]"
      + " [--db <path>]",
    arguments: [.init(name: "zip", help: "The code (01001, or DE:01945 with its country).")],
    options: [
      .init(
        name: "country", valueName: "cc",
        help: "The country of a code written without one (DE for 01945); all: any. (default: $ZIPGEO_COUNTRY, else any)"
      ),
      .file(appending: "zip, country, place, state, lat, lon and reason"),
      .init(
        name: "column", valueName: "name",
        help:
          "With --file: the column of the codes. (default: the first named zip, zipcode, zip_code, postal_code or postcode)"
      ),
      .init(
        name: "country-column", valueName: "name",
        help: "With --file: the column of each row's country (DE); where it is empty, --country is the row's."),
      OutputFormat.optionWithFile(pointsFromFile: true), .database,
    ],
    discussion: """
      A code with several places lists them all, with their mean position on the sphere, from
      which near and distance measure; machine formats give one row per place.

      --file writes each row of the file as it was, with the columns zip, country, place, state,
      lat, lon (the code's centre) and reason appended: reason is empty for a code found, else
      empty, invalid, invalid country, unknown country, unknown or ambiguous (columns the file
      has already get the prefix zipgeo_). A US code that lost its leading zeros (2134) is read
      with them (02134) where its country is US, or the database holds US codes alone. Standard
      error then counts the rows by reason; the exit status is 2 when any row was not found.
      """,
    optionalArguments: true,
    examples: [
      ("zipgeo info 01001", "Place, state, county and coordinates of 01001."),
      ("zipgeo info 75075 --format geojson", "The same as a GeoJSON point."),
      ("zipgeo info 01945 --country DE --db world.db", "The 9 places of the German code 01945."),
      (
        "zipgeo info --file customers.csv --column postcode > located.csv",
        "Each customer's row with its code's place and coordinates appended."
      ),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    if let file = arguments.value("file") { return try runFile(file, arguments, context: context) }
    for option in ["column", "country-column"] where arguments.value(option) != nil {
      throw UsageError("--\(option) names a column of --file <csv>, which is not given")
    }
    guard !arguments.positionals.isEmpty else {
      throw UsageError("Missing expected argument '<zip>' (or --file <csv>)")
    }
    let format = try OutputFormat(arguments)
    let country = try CountryOption.value(arguments, environment: context.environment)
    let db = try context.openQueryDatabase(arguments)
    let reference = try ArgumentValue.reading("<zip>") {
      try CodeReference(parsing: arguments.positionals[0], country: country)
    }
    let (code, several) = try db.readingOneVersion {
      // A country the database lacks is an error, even beside a code that names its own.
      if let country { try db.requireCountry(country) }
      return (
        try db.requirePostalCode(reference),
        format == .table ? try db.holdsSeveralCountries() : false
      )
    }
    context.tellResolution(of: code, written: reference, in: db)
    let regions = try db.regionNames()
    guard format == .table else {
      var result = ResultSet(columns: RowColumns.names)
      result.rows = code.places.map { RowColumns.values($0, regions: regions) }
      context.console.out(try result.render(format))
      return
    }
    guard code.places.count > 1 else {
      let zip = code.places[0]
      context.console.out(
        fields(
          [("zip", zip.zip)] + (several ? [("country", zip.country)] : []) + [
            ("place", zip.place ?? ""), ("state", Self.state(of: zip, regions: regions)), ("county", zip.county ?? ""),
            ("lat", "\(zip.coordinate.latitude)"), ("lon", "\(zip.coordinate.longitude)"),
          ] + (zip.accuracy.map { [("accuracy", "\($0)")] } ?? []) + Self.kindField(zip)))
      return
    }
    // A database that knows its countries' usual accuracy shows the places below it.
    let usual = try db.usualAccuracies()
    let showsAccuracy = !usual.isEmpty
    var places = TextTable(
      headers: ["place", "state", "county", "lat", "lon"] + (showsAccuracy ? ["accuracy"] : []),
      rightAligned: showsAccuracy ? [3, 4, 5] : [3, 4])
    places.rows = code.places.map {
      [
        $0.place ?? "", regions.shown($0) ?? "", $0.county ?? "", "\($0.coordinate.latitude)",
        "\($0.coordinate.longitude)",
      ] + (showsAccuracy ? [usual.shown($0).map(String.init) ?? ""] : [])
    }
    context.console.out(
      fields([
        ("zip", code.code), ("country", code.country), ("places", "\(code.places.count)"),
        (
          "center",
          "\(code.center.latitude),\(code.center.longitude) "
            + (code.centerIsMean ? "(their mean position)" : "(the first place: the places cancel out, with no mean)")
        ),
      ]) + "\n" + places.render())
  }

  /// A state as `info` shows it: its code and, where it has one, its name (`TX (Texas)`;
  /// `Tokyo To (40)` for a code that is only a number).
  static func state(of zip: ZipCode, regions: RegionNames) -> String {
    guard let state = zip.state else { return "" }
    guard let name = regions.name(of: zip), name != state else { return state }
    return regions.shown(zip) == name ? "\(name) (\(state))" : "\(state) (\(name))"
  }

  /// `kind  military (US: the place is APO, ...)` for a code that is not an area; nothing for an area.
  static func kindField(_ zip: ZipCode) -> [(String, String)] {
    let (kind, rule) = CodeKind.classify(zip: zip.zip, place: zip.place, country: zip.country, accuracy: zip.accuracy)
    guard let rule else { return [] }
    return [("kind", "\(kind) (\(rule.description))")]
  }

  /// `label   value` lines, the values aligned; a label with no value alone on its line.
  static func fields(_ fields: [(String, String)]) -> String {
    let width = max(8, (fields.map(\.0.count).max() ?? 0) + 1)
    return fields.map { label, value in
      let value = TextTable.singleLine(value)
      return value.isEmpty ? "\(label)\n" : "\(label)\(String(repeating: " ", count: width - label.count))\(value)\n"
    }.joined()
  }
}
