import Geodesy
import SQLiteKit
import ZipGeo

/// `zipgeo distance ZIP1 ZIP2`: the distance between two zip codes on the sphere and on WGS84.
enum DistanceCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "distance", abstract: "Show the distance between two zip codes on the sphere and on WGS84, in km and mi.",
    usage:
      "(<zip1> <zip2> | --file <csv> --columns <from,to> [--country-column <name>] [--km | --mi]) [--country <cc>]"
      + " [--format <format>] [--db <path>]",
    arguments: [
      .init(name: "zip1", help: "The first code (75075, or DE:10115 with its country)."),
      .init(name: "zip2", help: "The second code."),
    ],
    options: [
      .init(
        name: "country", valueName: "cc",
        help: "The country of codes written without one (DE for 10115); all: any. (default: $ZIPGEO_COUNTRY, else any)"),
      .file(appending: "the distance between its two codes and a reason column"),
      .init(name: "columns", valueName: "from,to", help: "With --file: the two columns of codes, as in from,to."),
      .init(
        name: "country-column", valueName: "name",
        help:
          "With --file: the column of the country of each row's two codes (DE); where it is empty, --country is theirs."
      ),
      .init(name: "km", valueName: nil, help: "With --file: the distance in kilometres (distance_km). (default)"),
      .init(name: "mi", valueName: nil, help: "With --file: the distance in miles (distance_mi)."),
      OutputFormat.optionWithFile(pointsFromFile: false), .database,
    ],
    discussion: """
      sphere: the great circle on a sphere of radius 6371.0088 km (the IUGG mean Earth radius),
      as distance() in SQL. wgs84: the geodesic (shortest path) on the WGS84 ellipsoid, as
      geodesic_distance() in SQL, with its azimuths at both ends in degrees clockwise from north.
      A code with several places is measured from their mean position on the sphere.

      --file writes each row of the file as it was, with the distance on the sphere between the
      codes of its two columns appended (distance_km, or distance_mi with --mi), and reason: empty
      where both codes were found, else the column and why not (to: unknown). A code's country is
      the one its CC: prefix names, else the row's --country-column where it is not empty, else
      --country. Standard error then
      counts the rows by reason; the exit status is 2 when any row was not measured. GeoJSON is
      not one of its formats: the rows are no points.
      """,
    optionalArguments: true,
    examples: [
      ("zipgeo distance 75075 10001", "How far Plano, TX is from Manhattan, in km and miles."),
      ("zipgeo distance 01001 99950 --format csv", "The same for two other zips, as CSV."),
      ("zipgeo distance DE:10115 FR:75001 --db world.db", "Berlin to Paris, in a database of data/world.txt.xz."),
      (
        "zipgeo distance --file orders.csv --columns warehouse,customer --mi > measured.csv",
        "Each order's row with the miles between its two codes appended."
      ),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    if let file = arguments.value("file") { return try runFile(file, arguments, context: context) }
    for option in ["columns", "country-column", "km", "mi"]
    where arguments.value(option) != nil || arguments.flag(option) {
      throw UsageError("--\(option) is for --file <csv>, which is not given")
    }
    guard arguments.positionals.count == 2 else {
      throw UsageError(
        "Missing expected argument '\(arguments.positionals.isEmpty ? "<zip1>" : "<zip2>")' (or --file <csv>)")
    }
    let format = try OutputFormat(arguments)
    let country = try CountryOption.value(arguments, environment: context.environment)
    let db = try context.openQueryDatabase(arguments)
    // Both codes from one version of the data, whatever an import does meanwhile.
    let references = try zip(["<zip1>", "<zip2>"], arguments.positionals.prefix(2)).map { argument, text in
      try ArgumentValue.reading(argument) { try CodeReference(parsing: text, country: country) }
    }
    let (first, second, several) = try db.readingOneVersion {
      // A country the database lacks is an error, even beside codes that name their own.
      if let country { try db.requireCountry(country) }
      let first = try db.requirePostalCode(references[0])
      TestHook(environment: context.environment)?.reached("first-zip-read")
      let second = try db.requirePostalCode(references[1])
      return (first, second, format == .table ? try db.holdsSeveralCountries() : false)
    }
    context.tellResolution(of: first, written: references[0], in: db)
    context.tellResolution(of: second, written: references[1], in: db)
    // Each code as one row: its centre, and what its places share.
    let (from, to) = (first.summary, second.summary)
    let regions = try db.regionNames()
    // The computations of the SQL functions distance() and geodesic_distance(); the geodesic's
    // azimuths take the full solution, which may differ from the SQL function's distance by a
    // nanometre.
    let (a, b) = (from.coordinate, to.coordinate)
    let kilometres = Sphere.earth.distance(from: a, to: b, in: .kilometres)
    let miles = Sphere.earth.distance(from: a, to: b, in: .miles)
    let geodesic = Ellipsoid.wgs84.inverse(from: a, to: b)
    let geodesicKilometres = LengthUnit.kilometres.fromMetres(geodesic.distance)
    let geodesicMiles = LengthUnit.miles.fromMetres(geodesic.distance)
    // Between two points at one place there is no direction: NULL.
    func azimuth(_ degrees: Double) -> DatabaseValue { geodesic.distance == 0 ? .null : .real(degrees) }
    switch format {
    case .table:
      var table = TextTable(headers: ["model", "km", "mi", "azimuth"], rightAligned: [1, 2])
      table.rows = [
        ["sphere", formatDistance(kilometres), formatDistance(miles), ""],
        [
          "wgs84", formatDistance(geodesicKilometres), formatDistance(geodesicMiles),
          // Between two points at one place, no direction is the way from one to the other.
          geodesic.distance == 0
            ? "none (one point)"
            : "\(formatAzimuth(geodesic.initialAzimuth)) -> \(formatAzimuth(geodesic.finalAzimuth))",
        ],
      ]
      context.console.outText(
        "\(describe(first, withCountry: several, regions: regions)) -> "
          + "\(describe(second, withCountry: several, regions: regions))\n" + table.render())
    case .geojson:
      // The two zips as points, the distances on the collection.
      var result = ResultSet(columns: ["role"] + RowColumns.names)
      result.rows = [
        [.text("from")] + RowColumns.values(from, regions: regions),
        [.text("to")] + RowColumns.values(to, regions: regions),
      ]
      result.collectionProperties = [
        ("distance_km", .real(kilometres)), ("distance_mi", .real(miles)),
        ("geodesic_km", .real(geodesicKilometres)), ("geodesic_mi", .real(geodesicMiles)),
        ("azimuth1", azimuth(geodesic.initialAzimuth)), ("azimuth2", azimuth(geodesic.finalAzimuth)),
      ]
      context.console.out(try result.render(format))
    default:
      var result = ResultSet(
        columns: RowColumns.names.map { "\($0)1" } + RowColumns.names.map { "\($0)2" } + [
          "distance_km", "distance_mi", "geodesic_km", "geodesic_mi", "azimuth1", "azimuth2",
        ])
      result.rows = [
        RowColumns.values(from, regions: regions) + RowColumns.values(to, regions: regions) + [
          .real(kilometres), .real(miles), .real(geodesicKilometres), .real(geodesicMiles),
          azimuth(geodesic.initialAzimuth), azimuth(geodesic.finalAzimuth),
        ]
      ]
      context.console.out(try result.render(format))
    }
  }

  /// An azimuth in whole hundredths of a degree, within [0, 360): `63.07°`.
  static func formatAzimuth(_ degrees: Double) -> String {
    let hundredths = Int((degrees < 0 ? degrees + 360 : degrees) * 100 + 0.5) % 36000
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)°"
  }

  /// `75075 (Plano, TX)`, leaving out what is unknown; `DE:10115 (Berlin, BE)` `withCountry`;
  /// `DE:01945 (9 places, centred on 51.4779,13.8683)`; a state that is only a number by its name
  /// (`JP:100-0001 (Chiyoda, Tokyo To)`).
  static func describe(_ code: PostalCode, withCountry: Bool, regions: RegionNames) -> String {
    let name = withCountry ? code.description : code.code
    guard code.places.count == 1 else {
      return "\(name) (\(code.places.count) places, centred on \(fixed(code.center.latitude, decimals: 4)),"
        + "\(fixed(code.center.longitude, decimals: 4)))"
    }
    let zip = code.places[0]
    let place = [zip.place, regions.shown(zip)].compactMap { $0 }.joined(separator: ", ")
    return place.isEmpty ? name : "\(name) (\(place))"
  }
}
