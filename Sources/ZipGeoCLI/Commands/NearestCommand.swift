import SQLiteKit
import ZipGeo

/// `zipgeo nearest LAT,LON [-k 5]`: the k zip codes nearest a point (or a zip), nearest first.
enum NearestCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "nearest", abstract: "List the zip codes nearest a point or a zip code, nearest first.",
    usage:
      "(<lat,lon> | --zip <zip> | --file <csv> --to <csv>) [-k <k>] [--country <cc>] [--kind <kinds>]"
      + " [--model <model>] [--format <format>] [--db <path>]",
    arguments: [.init(name: "lat,lon", help: "The point, as LAT,LON (33.025,-96.7397).")],
    options: [
      .init(name: "zip", valueName: "zip", help: "Start from this code (75075, DE:10115) instead of a point."),
      .init(
        name: "count", valueName: "k",
        help: "How many zip codes (with --file, rows of --to) to list. (default: 5; with --file, 1)",
        short: "k"),
      CountryOption.option,
      KindOption.option,
      .file(appending: "rank, the nearest rows of --to (their columns as nearest_<name>), distance_km and reason"),
      .init(
        name: "to", valueName: "csv",
        help: "With --file: the CSV file of places to find nearest each row (stores), read whole before --file."),
      .init(
        name: "column", valueName: "name",
        help:
          "With --file: the column of its codes. (default: the first named zip, zipcode, zip_code, postal_code or postcode)"
      ),
      .init(
        name: "to-column", valueName: "name",
        help: "With --file: the column of the codes of --to. (default: as --column's)"),
      EarthModel.option, OutputFormat.optionWithFile(pointsFromFile: false), .database,
    ],
    discussion: """
      The answer is exact (the k smallest great-circle distances, or WGS84 geodesic distances
      with --model wgs84, ties by zip) and found through the index around the point, not by
      reading every zip. From --zip, the code's own places come first, each at its true distance
      from their mean, then the nearest others, k rows in all; ties put the code's country first. Every
      country is searched, unless --country names one.

      --file writes each row of the file as it was, once for each of the k rows of --to whose
      codes' centres are nearest its code's on the sphere (ties in the order of --to), with rank,
      those rows' columns (as nearest_<name>), distance_km and reason: empty where the row's code
      was found, else why not, on a row of its own. --country is then the country of codes written
      without one, in both files. Rows of --to whose codes are not found are left out, and counted
      on standard error. Standard error ends with the count of rows by reason; the exit status is 2
      when any row's code was not found. --model and --kind are not for --file, nor is GeoJSON.
      """,
    optionalArguments: true,
    examples: [
      ("zipgeo nearest 33.0198,-96.6989", "The 5 zip codes nearest a point in Plano, TX: which zip am I in?"),
      ("zipgeo nearest --zip 75075 -k 3 --format json", "The 3 nearest 75075 (itself first), as JSON."),
      (
        "zipgeo nearest --file customers.csv --to stores.csv > nearest.csv",
        "Each customer's row with the store nearest its code."
      ),
    ])

  /// `-k`, judged as zipgeo_nearest() judges its k (`SearchRequest.count`), or `fallback`.
  static func count(_ arguments: ParsedArguments, default fallback: Int) throws(UsageError) -> Int {
    guard let text = arguments.value("count") else { return fallback }
    do throws(SearchRequestError) {
      guard let number = Double(decimal: text) else { throw SearchRequestError.count(.nan) }
      return try SearchRequest.count(number)
    } catch {
      throw UsageError("The value '\(text)' is invalid for '-k <k>': give \(error.rule)")
    }
  }

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    if let file = arguments.value("file") { return try runFile(file, arguments, context: context) }
    for option in ["to", "column", "to-column"] where arguments.value(option) != nil {
      throw UsageError("--\(option) is for --file <csv>, which is not given")
    }
    let format = try OutputFormat(arguments)
    let count = try count(arguments, default: 5)
    let model = try EarthModel(arguments)
    let country = try CountryOption.value(arguments, environment: context.environment)
    let kinds = try KindOption.value(arguments)
    // The command line is checked whole before the database is opened (and, on first use, made).
    let requested: String
    switch (arguments.positionals.first, arguments.value("zip")) {
    case (let point?, nil):
      guard try Center.coordinate(point) != nil else {
        throw UsageError("The point '\(point)' is not LAT,LON; for a zip code use --zip \(point)")
      }
      requested = point
    case (nil, let zip?): requested = zip
    case (nil, nil): throw UsageError("Missing expected argument '<lat,lon>' or '--zip <zip>'")
    case (_?, _?): throw UsageError("Give either '<lat,lon>' or '--zip <zip>', not both")
    }
    let db = try context.openQueryDatabase(arguments)
    // A country the database lacks would widen the search to the whole Earth to find nothing.
    if let country { try db.requireCountry(country) }
    // The centre and the search read one version of the data, whatever an import does meanwhile;
    // each band of the answer is printed before the next is read.
    try db.readingOneVersion {
      let center = try ArgumentValue.reading("--zip <zip>") { try Center(requested, country: country, in: db) }
      context.tellResolution(of: center.code, written: center.reference, in: db)
      // From a code, its own places come first, and only codes of the kinds asked for.
      var search = try db.search(
        from: center.code, nearestTo: center.coordinate, count: count, model: model, country: country, kinds: kinds)
      let next = { () throws -> [NearbyZip]? in try search.nextBand(on: db) }
      let first = try next()
      try NearCommand.printBands(
        first: first, next: next, on: db, in: .kilometres, format: format, context: context,
        query: center.properties + [("count", .integer(Int64(count))), ("model", .text(model.rawValue))])
      if let note = KindOption.leftOutNote(search.leftOut) { context.console.note(note) }
    }
  }
}
