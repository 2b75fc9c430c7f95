import ZipGeo

/// `zipgeo info ZIP`: everything the database knows about one zip code.
enum InfoCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "info", abstract: "Show one zip code: place, state, county, latitude and longitude.",
    usage: "<zip> [--format <format>] [--db <path>]", arguments: [.init(name: "zip", help: "The zip code.")],
    options: [OutputFormat.option, .database],
    examples: [
      ("zipgeo info 01001", "Place, state, county and coordinates of 01001."),
      ("zipgeo info 75075 --format geojson", "The same as a GeoJSON point."),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let format = try OutputFormat(arguments)
    let db = try ZipDatabase(readingAt: context.databasePath(arguments))
    let zip = try db.requireZipCode(arguments.positionals[0])
    guard format == .table else {
      var result = ResultSet(columns: ZipCode.columns)
      result.rows = [zip.values]
      context.console.out(try result.render(format))
      return
    }
    let fields = [
      ("zip", zip.zip), ("place", zip.place ?? ""), ("state", zip.state ?? ""), ("county", zip.county ?? ""),
      ("lat", "\(zip.coordinate.latitude)"), ("lon", "\(zip.coordinate.longitude)"),
    ]
    let lines = fields.map { label, value in
      let value = TextTable.singleLine(value)
      return value.isEmpty ? "\(label)\n" : "\(label)\(String(repeating: " ", count: 8 - label.count))\(value)\n"
    }
    context.console.out(lines.joined())
  }
}
