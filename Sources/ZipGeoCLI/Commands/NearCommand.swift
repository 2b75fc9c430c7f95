import Geodesy
import SQLiteKit
import ZipGeo

/// `zipgeo near ZIP --km N`: the zip codes within a radius, nearest first.
enum NearCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "near", abstract: "List the zip codes within a radius of a zip code or a point, nearest first.",
    usage:
      "<center> (--km <km> | --mi <mi>) [--country <cc>] [--limit <limit>] [--model <model>] [--format <format>] [--db <path>]",
    arguments: [
      .init(
        name: "center",
        help: "The code at the centre (75075, or DE:10115 with its country), or a point as LAT,LON (33.025,-96.7397).")
    ],
    options: [
      .init(name: "km", valueName: "km", help: "The radius in kilometres."),
      .init(name: "mi", valueName: "mi", help: "The radius in miles."),
      CountryOption.option,
      .init(name: "limit", valueName: "limit", help: "Show at most this many zip codes. (default: all)"),
      EarthModel.option,
      OutputFormat.option,
      .database,
    ],
    discussion: """
      Distances are great-circle distances on a sphere of radius 6371.0088 km, or with
      --model wgs84 geodesic distances on the WGS84 ellipsoid, from the centre zip's coordinates
      (a centre zip of one place is itself at 0, with any zip at the same point). Ties are sorted by
      zip code, then country, then the order of the file imported. A code with several places is
      centred on their mean position on the sphere (on the first, for places that cancel out), and
      every place is a result of its own. A code that several countries have needs its country:
      DE:10115, or --country DE.
      """,
    examples: [
      ("zipgeo near 75075 --km 10", "The zip codes within 10 km of 75075, nearest first."),
      ("zipgeo near 10001 --mi 5 --limit 3 --format json", "The 3 nearest within 5 miles of 10001, as JSON."),
      ("zipgeo near 33.025,-96.7397 --km 10 --model wgs84", "Around a point, measured on the WGS84 ellipsoid."),
      ("zipgeo near DE:10115 --km 5 --db world.db", "Around a German code, in a database of data/world.txt.xz."),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let radius = try radius(arguments)
    let format = try OutputFormat(arguments)
    let limit = try arguments.positiveInteger("limit", shownAs: "--limit <limit>")
    let model = try EarthModel(arguments)
    let country = try CountryOption.value(arguments)
    // A centre out of range is a usage error before the database is opened (and, on first use, made).
    _ = try Center.coordinate(arguments.positionals[0])
    let db = try context.openQueryDatabase(arguments)
    // The centre and the search read one version of the data, whatever an import does meanwhile.
    let (center, hits, several) = try db.readingOneVersion {
      let center = try Center(arguments.positionals[0], country: country, in: db)
      let query = try RadiusQuery(
        center: center.coordinate, radius: radius, limit: limit, model: model, country: country)
      let hits = try query.run(on: db)
      if hits.isEmpty, let country { try db.requireCountry(country) }
      return (center, hits, format == .table ? try db.holdsSeveralCountries() : false)
    }
    context.console.out(
      try render(
        hits, in: radius.unit, format: format, showingCountry: several,
        query: center.properties + [
          ("radius", .real(radius.value)), ("unit", .text(radius.unit.symbol)), ("model", .text(model.rawValue)),
        ]))
  }

  /// Search results as `near` and `nearest` print them: a table of zip, place, state and the
  /// distance in `unit` (and country, when `showingCountry`: the database holds several), or
  /// every column in a machine-readable format, with the `query` on a GeoJSON collection.
  static func render(
    _ hits: [NearbyZip], in unit: LengthUnit, format: OutputFormat, showingCountry: Bool,
    query: [(String, DatabaseValue)]
  ) throws -> String {
    guard format == .table else {
      var result = ResultSet(columns: ZipCode.columns + ["distance_\(unit.symbol)"])
      result.rows = hits.map { $0.zipCode.values + [.real($0.distance.converted(to: unit).value)] }
      result.collectionProperties = query
      return try result.render(format)
    }
    let headers = ["zip"] + (showingCountry ? ["country"] : []) + ["place", "state", unit.symbol]
    var table = TextTable(headers: headers, rightAligned: [headers.count - 1])
    for hit in hits {
      let zip = hit.zipCode
      table.rows.append(
        [zip.zip] + (showingCountry ? [zip.country] : []) + [
          zip.place ?? "", zip.state ?? "", formatDistance(hit.distance.converted(to: unit).value),
        ])
    }
    return table.render()
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
