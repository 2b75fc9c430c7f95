import ZipGeo

/// `zipgeo home [CC | none]`: the home country, which a bare code that several countries share
/// means, and where it comes from; with a country, records it in the database for every user of
/// it, SQL's included.
enum HomeCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "home", abstract: "Show the home country that codes without one mean, or record one in the database.",
    usage: "[<cc> | none] [--db <path>]",
    arguments: [
      .init(
        name: "cc",
        help: "Record this country (US) as the database's home, for the command line and SQL; none removes it.")
    ],
    options: [.database],
    discussion: """
      A code that several countries have (90210 is Beverly Hills, US, and a code of KE, MX, PK, TH
      and UA) means the home country's, when it has one, with no error and no note. The home is
      $ZIPGEO_COUNTRY (which also limits searches to that country), else the territory of the
      locale (the first of $LC_ALL, $LC_MESSAGES and $LANG that is set: en_US.UTF-8 is US; C and
      POSIX name none), else the home the database records. SQL (zipgeo_near('90210', 5), in the
      sqlite3 shell, Python or Datasette) uses the database's only. zipgeo import records the
      country of the rows a database held when an import makes its codes shared.
      """,
    optionalArguments: true,
    examples: [
      ("zipgeo home", "The home country in force, and where it comes from."),
      ("zipgeo home US --db world.db", "Make 90210 mean US:90210 in world.db, in SQL too."),
      ("zipgeo home none --db world.db", "Remove the home world.db records."),
    ])

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    guard arguments.positionals.count <= 1 else {
      throw UsageError("Unexpected argument '\(arguments.positionals[1].shortened)'")
    }
    // The environment's home is shown beside the database's, so an invalid one is said, not fatal.
    let environmentHome = Result { () throws(UsageError) in try HomeCountry.fromEnvironment(context.environment) }
    if let text = arguments.positionals.first {
      let country: String? =
        text.lowercased() == "none" ? nil : try ImportCommand.countryCode(text, option: "<cc>")
      let location = try context.queryDatabaseLocation(arguments)
      try ZipDatabase.recordHome(country, inDatabaseAt: location.path)
      let db = try ZipDatabase(readingAt: location.path)
      if let country, try !db.holds(country: country) {
        context.console.note("zipgeo: \(db.shownName) holds no codes of \(country) yet\n")
      }
      context.console.err(
        country.map { "Recorded \($0) as the home country of \(db.shownName)\n" }
          ?? "Removed the home country of \(db.shownName)\n")
      if case .success(let home?) = environmentHome, home.country != country {
        context.console.err("zipgeo: here \(home.country), \(home.fromOrigin), comes first\n")
      }
      return
    }
    let db = try context.openQueryDatabase(arguments)
    let recorded = try db.recordedHome()
    var lines: [String] = []
    switch environmentHome {
    case .success(let home?): lines.append("\(home.country) (\(home.fromOrigin))")
    case .success(nil):
      if let recorded {
        lines.append("\(recorded) (recorded in \(db.shownName))")
      } else {
        lines.append(
          "none: codes that several countries have need their country (US:90210), --country, $\(CountryOption.variable)"
            + " or zipgeo home CC")
      }
    case .failure(let error): lines.append(error.message)
    }
    if let recorded, case .success(let home?) = environmentHome {
      lines.append(
        "\(db.shownName) records \(recorded), which SQL uses"
          + (home.country == recorded ? "" : " (here \(home.country) comes first)"))
    } else if recorded == nil, case .success(_?) = environmentHome {
      lines.append("\(db.shownName) records none, so SQL needs codes with their country")
    }
    context.console.outText(lines.map { $0 + "\n" }.joined())
  }
}
