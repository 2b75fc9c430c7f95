import Geodesy
import SQLiteKit
import ZipGeo

/// `zipgeo near ZIP --km N`: the zip codes within a radius, nearest first.
enum NearCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "near", abstract: "List the zip codes within a radius of a zip code or a point, nearest first.",
    usage:
      "(<center> | --place <name> [--state <state>]) (--km <km> | --mi <mi>) [--country <cc>] [--kind <kinds>] [--limit <limit>] [--model <model>] [--format <format>] [--db <path>]",
    arguments: [
      .init(
        name: "center",
        help: "The code at the centre (75075, or DE:10115 with its country), or a point as LAT,LON (33.025,-96.7397).")
    ],
    options: [
      .init(
        name: "place", valueName: "name",
        help:
          "Centre on the place of this name instead (Plano), as zipgeo search finds it, on its codes' mean position."),
      .init(
        name: "state", valueName: "state",
        help: "With --place: the place's state or region, by code or name (TX)."),
      .init(name: "km", valueName: "km", help: "The radius in kilometres."),
      .init(name: "mi", valueName: "mi", help: "The radius in miles."),
      CountryOption.option,
      KindOption.option,
      .init(name: "limit", valueName: "limit", help: "Show at most this many zip codes. (default: all)"),
      EarthModel.option,
      OutputFormat.option,
      .database,
    ],
    discussion: """
      Distances are great-circle distances on a sphere of radius 6371.0088 km, or with
      --model wgs84 geodesic distances on the WGS84 ellipsoid, from the centre zip's coordinates
      (a centre zip of one place is itself at 0). A code at the centre comes first, each of its
      places at its true distance, even past the radius; then the rest, nearest first. Ties put
      the centre's country first, then sort by zip code, then country, then the order of the file
      imported. A code with several places is centred on their mean position on the sphere (on the
      first, for places that cancel out), and every place is a result of its own. A code that several countries have needs its country:
      DE:10115, or --country DE. With --place, the centre is the place whose name matches best
      (as zipgeo search ranks names), on the mean position of its codes; a name that several places
      share is an error that lists them (add --state or --country).
      """,
    optionalArguments: true,
    examples: [
      ("zipgeo near 75075 --km 10", "The zip codes within 10 km of 75075, nearest first."),
      ("zipgeo near 10001 --mi 5 --limit 3 --format json", "The 3 nearest within 5 miles of 10001, as JSON."),
      ("zipgeo near 33.025,-96.7397 --km 10 --model wgs84", "Around a point, measured on the WGS84 ellipsoid."),
      ("zipgeo near DE:10115 --km 5 --db world.db", "Around a German code, in a database of data/world.txt.xz."),
      ("zipgeo near --place Plano --state TX --km 10", "Around Plano, Texas: the mean position of its codes."),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let radius = try radius(arguments)
    let format = try OutputFormat(arguments)
    let limit = try arguments.positiveInteger("limit", shownAs: "--limit <limit>")
    let model = try EarthModel(arguments)
    let country = try CountryOption.value(arguments, environment: context.environment)
    let kinds = try KindOption.value(arguments)
    let place = arguments.value("place")
    switch (arguments.positionals.first, place) {
    case (nil, nil): throw UsageError("Missing expected argument '<center>' (or --place <name>)")
    case (_?, _?): throw UsageError("Give either '<center>' or '--place <name>', not both")
    case (let text?, nil):
      if arguments.value("state") != nil { throw UsageError("'--state <state>' goes with '--place <name>'") }
      // A centre out of range is a usage error before the database is opened (and, on first use, made).
      _ = try Center.coordinate(text)
    case (nil, _?): break
    }
    let db = try context.openQueryDatabase(arguments)
    // The centre and the search read one version of the data, whatever an import does meanwhile;
    // each band of the answer is printed before the next is read, so memory holds the rows near
    // the search's frontier, not the answer.
    try db.readingOneVersion {
      let center =
        try place.map { place in
          try ArgumentValue.reading("--place <name>", state: "--state <state>") {
            try Center(place: place, country: country, state: arguments.value("state"), in: db)
          }
        } ?? ArgumentValue.reading("<center>") { try Center(arguments.positionals[0], country: country, in: db) }
      context.tellResolution(of: center.code, written: center.reference, in: db)
      if center.place != nil, try !db.placeIndexIsCurrent() { context.console.note(SearchCommand.staleIndexNote(db)) }
      if let found = center.place, found.kind != .exact, let place {
        context.console.note(
          "zipgeo: no place is named '\(place.shortened)'; using \(found.name) (\(([try db.regionNames().shown(found.codes[0])].compactMap { $0 } + [found.country]).joined(separator: ", ")))\n"
        )
      }
      // From a code, its own places come first, and only codes of the kinds asked for.
      var search = try db.search(
        from: center.code, around: center.coordinate, within: radius, limit: limit, model: model, country: country,
        kinds: kinds)
      let next = { () throws -> [NearbyZip]? in try search.nextBand(on: db) }
      let first = try next()
      if first == nil, let country { try db.requireCountry(country) }
      try printBands(
        first: first, next: next, on: db, in: radius.unit, format: format, context: context,
        query: center.properties + [
          ("radius", .real(radius.value)), ("unit", .text(radius.unit.symbol)), ("model", .text(model.rawValue)),
        ])
      if let note = KindOption.leftOutNote(search.leftOut) { context.console.note(note) }
    }
  }

  /// Prints the bands of `search`, from its `first` (already read), as `HitWriter` lays them out
  /// in `format`, naming countries in a table when the database holds several.
  static func printBands(
    first: [NearbyZip]?, next: () throws -> [NearbyZip]?, on db: ZipDatabase, in unit: LengthUnit,
    format: OutputFormat, context: Context, query: [(String, DatabaseValue)]
  ) throws {
    var writer = try HitWriter(
      unit: unit, format: format, showingCountry: format == .table ? try db.holdsSeveralCountries() : false,
      regions: try db.regionNames(), usual: format == .table ? try db.usualAccuracies() : nil, query: query)
    var band = first
    while let hits = band {
      let text = writer.add(hits)
      if !text.isEmpty { context.console.out(text) }
      band = try next()
    }
    context.console.out(writer.finish())
  }

  /// The radius and its unit, from exactly one of `--km` and `--mi`.
  static func radius(_ arguments: ParsedArguments) throws(UsageError) -> Length {
    switch (arguments.value("km"), arguments.value("mi")) {
    case (let km?, nil): return try parseRadius(km, option: "km", unit: .kilometres)
    case (nil, let mi?): return try parseRadius(mi, option: "mi", unit: .miles)
    case (nil, nil): throw UsageError("Missing expected argument '--km <km>' or '--mi <mi>'")
    case (_?, _?): throw UsageError("Give either '--km <km>' or '--mi <mi>', not both")
    }
  }
}
