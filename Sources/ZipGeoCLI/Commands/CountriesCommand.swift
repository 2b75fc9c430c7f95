import SQLiteKit
import ZipGeo

/// `zipgeo countries`: the countries in the database, with their counts, source file and import time.
enum CountriesCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "countries", abstract: "List the countries in the database: places, codes, source file and import time.",
    usage: "[--format <format>] [--db <path>]", arguments: [],
    options: [
      OutputFormat.optionWithoutPoints,
      .database,
    ],
    discussion: """
      One row per country, sorted by its code: its English name (ISO 3166-1, as Debian's iso-codes
      gives it), places (rows, one per place of a code), codes
      (distinct codes), source (the file it was imported from, as it was named) and imported (when,
      in UTC). A database an older zipgeo made shows its US rows with no source or time.
      """,
    examples: [
      ("zipgeo countries", "The countries of the database the commands read here, as a table."),
      ("zipgeo countries --db world.db --format csv", "The countries of world.db as CSV."),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let format = try OutputFormat(withoutPoints: arguments)
    let db = try context.openQueryDatabase(arguments)
    var result = ResultSet(columns: ["country", "name", "places", "codes", "source", "imported"])
    result.rows = try db.countries().map { country -> [DatabaseValue] in
      [
        .text(country.country), country.name.map(DatabaseValue.text) ?? .null, .integer(Int64(country.places)),
        .integer(Int64(country.codes)),
        country.source.map(DatabaseValue.text) ?? .null, country.imported.map(DatabaseValue.text) ?? .null,
      ]
    }
    context.console.out(try result.render(format))
  }
}
