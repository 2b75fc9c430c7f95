import SQLiteKit
import ZipGeo

/// `zipgeo search NAME`: the codes of the places with a name, best matches first.
enum SearchCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  /// The rows shown when `--limit` is not given.
  static let defaultLimit = 25

  static let spec = CommandSpec(
    name: "search", abstract: "Find the zip codes of a place by its name: exact names first, then close ones.",
    usage: "<name> [--country <cc>] [--state <state>] [--kind <kinds>] [--limit <limit>] [--format <format>] [--db <path>]",
    arguments: [.init(name: "name", help: "The place's name, in any case, with or without diacritics (Sao Paulo).")],
    options: [
      .init(
        name: "country", valueName: "cc",
        help: "Only places of this country (DE); all: every country. (default: $ZIPGEO_COUNTRY, else all)"),
      .init(
        name: "state", valueName: "state",
        help: "Only places of this state or region: its code (TX), or its name where the data names it (Texas)."),
      KindOption.option,
      .init(name: "limit", valueName: "limit", help: "Show at most this many zip codes. (default: \(defaultLimit))"),
      OutputFormat.option,
      .database,
    ],
    discussion: """
      Names compare in any case and without diacritics: München, Munchen and MÜNCHEN are one
      name, as are São Paulo and sao paulo; punctuation separates words. The codes of places with
      the name come first, then those of names that begin with it (Frankfurt: Frankfurt am Main),
      then names whose words begin with its words (paulo: Sao Paulo); only when no name matches
      as written, names a typo or two away (one edit in words of 4 to 7 letters, two in longer
      ones: Straasborg finds Strasbourg). The match column says which. Nothing found is exit
      status 1.
      """,
    examples: [
      ("zipgeo search Plano --state TX", "The zip codes of Plano, Texas."),
      ("zipgeo search 'sao paulo' --country BR --db world.db", "Sao Paulo's code, in a database of the world."),
      ("zipgeo search Straasborg --db world.db", "Strasbourg, a typo away."),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let format = try OutputFormat(arguments)
    let limit = try arguments.positiveInteger("limit", shownAs: "--limit <limit>") ?? defaultLimit
    let country = try CountryOption.value(arguments, environment: context.environment)
    let state = arguments.value("state")
    let kinds = try KindOption.value(arguments)
    let name = arguments.positionals[0]
    let db = try context.openQueryDatabase(arguments)
    let (matches, several, current) = try db.readingOneVersion {
      // One more than shown says whether there are more.
      (
        try db.places(
          named: name, country: country, state: state, limit: limit == Int.max ? limit : limit + 1, kinds: kinds),
        format == .table ? try db.holdsSeveralCountries() : false, try db.placeIndexIsCurrent()
      )
    }
    if !current { context.console.note(Self.staleIndexNote(db)) }
    guard let first = matches.first else {
      throw ZipGeoError.unknownPlace(name: name.shortened, path: db.shownName, country: country, state: state)
    }
    if first.kind == .typo {
      context.console.note("zipgeo: no place is named '\(name.shortened)'; these names are a typo or two away\n")
    }
    if matches.count > limit {
      context.console.note(
        "zipgeo: \(limit == 1 ? "the first code is" : "the first \(limit) codes are") shown; --limit <limit> shows more\n"
      )
    }
    let shown = matches.prefix(limit)
    guard format == .table else {
      var result = ResultSet(columns: ZipCode.columns + ["match", "edits"])
      result.rows = shown.map { $0.zipCode.values + [.text($0.kind.rawValue), .integer(Int64($0.edits))] }
      context.console.out(try result.render(format))
      return
    }
    let regions = try db.regionNames()
    var result = ResultSet(columns: ["zip"] + (several ? ["country"] : []) + ["place", "state", "lat", "lon", "match"])
    result.rows = shown.map { match in
      let zip = match.zipCode
      return [.text(zip.zip)] + (several ? [.text(zip.country)] : []) + [
        zip.place.map(DatabaseValue.text) ?? .null, regions.shown(zip).map(DatabaseValue.text) ?? .null,
        .real(zip.coordinate.latitude), .real(zip.coordinate.longitude),
        .text(match.kind == .typo ? "typo (\(match.edits))" : match.kind.rawValue),
      ]
    }
    context.console.out(try result.render(format))
  }

  /// What a search by name says when another tool changed the rows since the last import.
  static func staleIndexNote(_ db: ZipDatabase) -> String {
    "zipgeo: rows of \(db.shownName) were added, removed or renamed since its last import; a search by name"
      + " misses those added or renamed until zipgeo import builds its index of place names again\n"
  }
}
