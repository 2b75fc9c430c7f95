import Geodesy
import ZipGeo

/// `zipgeo distance ZIP1 ZIP2`: the great-circle distance between two zip codes.
enum DistanceCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "distance", abstract: "Show the great-circle distance between two zip codes, in km and mi.",
    usage: "<zip1> <zip2> [--format <format>] [--db <path>]",
    arguments: [.init(name: "zip1", help: "The first zip code."), .init(name: "zip2", help: "The second zip code.")],
    options: [OutputFormat.option, .database],
    discussion: "Distances are on a sphere of radius 6371.0088 km (the IUGG mean Earth radius).",
    examples: [
      ("zipgeo distance 75075 10001", "How far Plano, TX is from Manhattan, in km and miles."),
      ("zipgeo distance 01001 99950 --format csv", "The same for two other zips, as CSV."),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let format = try OutputFormat(arguments)
    let db = try ZipDatabase(readingAt: context.databasePath(arguments))
    let from = try db.requireZipCode(arguments.positionals[0])
    let to = try db.requireZipCode(arguments.positionals[1])
    // The same computation as the SQL function distance(..., unit), so both print the same digits.
    let kilometres = Sphere.earth.distance(from: from.coordinate, to: to.coordinate, in: .kilometres)
    let miles = Sphere.earth.distance(from: from.coordinate, to: to.coordinate, in: .miles)
    switch format {
    case .table:
      context.console.out(
        "\(describe(from)) -> \(describe(to)): \(formatDistance(kilometres)) km "
          + "(\(formatDistance(miles)) mi)\n")
    case .geojson:
      // The two zips as points, the distance on the collection.
      var result = ResultSet(columns: ["role"] + ZipCode.columns)
      result.rows = [[.text("from")] + from.values, [.text("to")] + to.values]
      result.collectionProperties = [("distance_km", .real(kilometres)), ("distance_mi", .real(miles))]
      context.console.out(try result.render(format))
    default:
      var result = ResultSet(
        columns: ZipCode.columns.map { "\($0)1" } + ZipCode.columns.map { "\($0)2" } + ["distance_km", "distance_mi"])
      result.rows = [from.values + to.values + [.real(kilometres), .real(miles)]]
      context.console.out(try result.render(format))
    }
  }

  /// `75075 (Plano, TX)`, leaving out what is unknown.
  static func describe(_ zip: ZipCode) -> String {
    let place = [zip.place, zip.state].compactMap { $0 }.joined(separator: ", ")
    return place.isEmpty ? zip.zip : "\(zip.zip) (\(place))"
  }
}
