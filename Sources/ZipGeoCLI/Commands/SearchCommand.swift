import SQLiteKit
import ZipGeo

/// `zipgeo search NAME`: the codes of the places with a name, best matches first.
enum SearchCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  /// The rows shown when `--limit` is not given.
  static let defaultLimit = 25

  static let spec = CommandSpec(
    name: "search", abstract: "Find the zip codes of a place by its name: exact names first, then close ones.",
    usage:
      "<name> [--country <cc>] [--state <state>] [--kind <kinds>] [--limit <limit>] [--format <format>] [--db <path>]",
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
      ones: Straasborg finds Strasbourg). The match column says which. A word matches its other
      forms: St., Saint, Sankt, San and Santa are one word, as are Mt. and Mount, Ft. and Fort
      (St. Louis finds Saint Louis). Within each of these, the places with the most codes come
      first (Paris, FR before Paris, ON), and a place is one name in one country and state.
      Standard error says how many places matched. Nothing found is exit status 1.
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
    try db.readingOneVersion {
      if try !db.placeIndexIsCurrent() { context.console.note(Self.staleIndexNote(db)) }
      let regions = try db.regionNames()
      // A database that knows its countries' usual accuracy shows the rows below it.
      let usual = format == .table ? try db.usualAccuracies() : nil
      let several = format == .table ? try db.holdsSeveralCountries() : false
      let columns =
        format == .table
        ? ["zip"] + (several ? ["country"] : []) + ["place", "state", "lat", "lon"]
          + (usual?.isEmpty == false ? ["accuracy"] : []) + ["match"]
        : RowColumns.names + ["match", "edits"]
      // Rows are printed as the search finds them: memory does not grow with --limit.
      var writer = try ResultWriter(columns: columns, format: format)
      var output = OutputBuffer(console: context.console)
      var found = 0
      let count: PlaceCount
      do {
        // One more than shown says whether there are more.
        count = try ArgumentValue.reading("<name>", state: "--state <state>") {
          try db.placeMatches(
            named: name, country: country, state: state, limit: limit == Int.max ? limit : limit + 1, kinds: kinds
          ) { match in
            found += 1
            if found == 1, match.kind == .typo {
              context.console.note(
                "zipgeo: no place is named '\(name.shortened)'; these names are a typo or two away\n")
            }
            guard found <= limit else { return }
            output.append(writer.add(Self.row(match, format: format, several: several, regions: regions, usual: usual)))
          }
        }
      } catch {
        output.append(writer.abandon())
        output.flush()
        throw error
      }
      guard found > 0 else {
        throw ZipGeoError.unknownPlace(name: name.shortened, path: db.shownName, country: country, state: state)
      }
      output.append(writer.finish())
      output.flush()
      context.console.note(Self.countNote(count, rows: found, name: name, shown: limit))
    }
  }

  /// The values of `match`'s row: in a table, those a person reads (the country where the
  /// database holds several, the accuracy where it is below its country's usual); in the machine
  /// formats, every column.
  static func row(
    _ match: PlaceMatch, format: OutputFormat, several: Bool, regions: RegionNames, usual: UsualAccuracy?
  ) -> [DatabaseValue] {
    let zip = match.zipCode
    guard format == .table else {
      return RowColumns.values(zip, regions: regions) + [.text(match.kind.rawValue), .integer(Int64(match.edits))]
    }
    let accuracy: [DatabaseValue] =
      usual.map { $0.isEmpty ? [] : [$0.shown(zip).map { .integer(Int64($0)) } ?? .null] } ?? []
    return [.text(zip.zip)] + (several ? [.text(zip.country)] : []) + [
      zip.place.map(DatabaseValue.text) ?? .null, regions.shown(zip).map(DatabaseValue.text) ?? .null,
      .real(zip.coordinate.latitude), .real(zip.coordinate.longitude),
    ] + accuracy + [.text(match.kind == .typo ? "typo (\(match.edits))" : match.kind.rawValue)]
  }

  /// How many places matched, and whether the rows shown are all of their codes: `zipgeo: 62
  /// places match 'Paris'; the first 25 codes are shown; --limit <limit> shows more`.
  static func countNote(_ found: PlaceCount, rows: Int, name: String, shown limit: Int) -> String {
    let count = found.isComplete ? grouped(found.places) : "more than " + grouped(found.places)
    var note =
      "zipgeo: \(count) \(found.places == 1 && found.isComplete ? "place matches" : "places match")"
      + " '\(name.shortened)'"
    if rows > limit {
      note += "; \(limit == 1 ? "the first code is" : "the first \(limit) codes are") shown; --limit <limit> shows more"
    }
    return note + "\n"
  }

  /// What a search by name says when another tool changed the rows since the last import.
  static func staleIndexNote(_ db: ZipDatabase) -> String {
    "zipgeo: rows of \(db.shownName) were added, removed or renamed since its last import; a search by name"
      + " misses those added or renamed until zipgeo import builds its index of place names again\n"
  }
}
