import SQLiteKit
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// `zipgeo where`: which database the commands use and why, and the data and extension installed
/// with this binary. It reads; it never makes the database.
enum WhereCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "where", abstract: "Show which database the commands use and why, and where zipgeo's data files are.",
    usage: "[--format <format>] [--db <path>]", arguments: [],
    options: [
      OutputFormat.optionWithoutPoints,
      .database,
    ],
    discussion: """
      The query commands use --db, else $ZIPGEO_DB, else ./zipgeo.db when it exists, else the
      per-user database $XDG_DATA_HOME/zipgeo/zipgeo.db (~/.local/share/zipgeo/zipgeo.db), which
      the first query makes from the installed zips.csv. zipgeo import without --db or $ZIPGEO_DB
      writes that same database, and says which. When ./zipgeo.db hides a per-user database, a
      'hides' line names it. Data files are looked for in $ZIPGEO_DATA_DIR when it is set, else in
      <prefix>/share/zipgeo beside <prefix>/bin/zipgeo, then in data/ of the repository a binary
      was built in. The database's countries and rows are read from its countries table.
      """,
    examples: [
      ("zipgeo where", "The database a query would read here, and the data found."),
      ("zipgeo where --db world.db --format json", "The same for world.db, as JSON."),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let format = try OutputFormat(withoutPoints: arguments)
    let location = DatabaseLocation(option: arguments.value("db"), environment: context.environment)
    // The per-user database that ./zipgeo.db hides, when there is one.
    let hidden = location.hiddenPerUserPath(environment: context.environment)
    let exists = access(location.path, F_OK) == 0
    var countries: [CountrySummary]? = nil
    var problem: String? = nil
    var recorded: HomeCountry? = nil
    if exists {
      do {
        let db = try ZipDatabase(readingAt: location.path)
        countries = try db.countries()
        recorded = try db.recordedHome().map { HomeCountry(country: $0, source: .database(shownAs: db.shownName)) }
      } catch {
        problem = "\(error)"
      }
    }
    let recordedHome = recorded?.country
    // The home country of bare codes that several countries share, and where it comes from (an
    // invalid ZIPGEO_COUNTRY is told on its own line, and the database's home is shown).
    let home = (try? HomeCountry.fromEnvironment(context.environment)) ?? recorded
    let data = context.dataFiles
    let loadable = DataFiles.loadableExtension(besideBinary: context.executable)
    let rows = countries.map { Self.total($0.map(\.places)) }
    let codes = countries?.map(\.country)
    // What $ZIPGEO_COUNTRY gives the query commands (an invalid value is their error, told here).
    let country = Result { () throws(UsageError) in try CountryOption.value(environment: context.environment) }

    guard format == .table else {
      var result = ResultSet(columns: [
        "database", "chosen_by", "exists", "countries", "rows", "problem", "import_database", "data_folder",
        "data_files", "extension", "country", "home", "home_from", "recorded_home", "hidden_database",
      ])
      result.booleanColumns = ["exists"]
      result.rows = [
        [
          .text(location.path), .text(location.reason), .integer(exists ? 1 : 0),
          codes.map { .text($0.joined(separator: ",")) } ?? .null, rows.map { .integer(Int64($0)) } ?? .null,
          problem.map(DatabaseValue.text) ?? .null, .text(location.path), data.folder.map(DatabaseValue.text) ?? .null,
          data.folder == nil ? .null : .text(data.files.joined(separator: ",")),
          loadable.map(DatabaseValue.text) ?? .null,
          (try? country.get()).flatMap { $0.map(DatabaseValue.text) } ?? .null,
          home.map { .text($0.country) } ?? .null, home.map { .text($0.origin) } ?? .null,
          recordedHome.map(DatabaseValue.text) ?? .null, hidden.map(DatabaseValue.text) ?? .null,
        ]
      ]
      context.console.out(try result.render(format))
      return
    }
    var fields: [(String, String)] = [("database", location.path), ("chosen by", chosenBy(location, exists: exists))]
    if !exists {
      fields.append(
        (
          "exists",
          location.source != .perUser
            ? "no"
            : data.folder == nil
              ? "no, and no data to make it from" : "no: the first query makes it from \(DataFiles.usFile)"
        ))
    } else if let problem {
      fields.append(("exists", "yes, but it cannot be read: \(problem)"))
    } else if let codes, let rows {
      fields.append(("exists", "yes"))
      fields.append(("countries", codes.count <= 8 ? codes.joined(separator: " ") : "\(codes.count)"))
      fields.append(("rows", "\(rows)"))
    }
    switch country {
    case .success(let country?): fields.append(("country", "\(country) ($ZIPGEO_COUNTRY), for codes without one"))
    case .success(nil): break
    case .failure(let error): fields.append(("country", error.message))
    }
    // A database of one country has no shared codes: its home says nothing unless one is set.
    if exists && problem == nil && (home != nil || (codes?.count ?? 0) > 1) {
      switch (home, recordedHome) {
      case (let home?, let recorded) where recorded == nil || recorded == home.country:
        fields.append(("home", "\(home.country) (\(home.fromOrigin)), for codes that several countries have"))
      case (let home?, let recorded?):
        fields.append(("home", "\(home.country) (\(home.fromOrigin)); the database records \(recorded), for SQL"))
      default:
        fields.append(("home", "none: codes that several countries have need their country (zipgeo home CC sets one)"))
      }
    }
    if let hidden { fields.append(("hides", "the per-user database \(hidden) (--db reads it)")) }
    fields.append(("import", "zipgeo import writes this same file"))
    if let folder = data.folder {
      fields.append(("data", folder + (data.fromEnvironment ? " ($ZIPGEO_DATA_DIR)" : "")))
      fields.append(("files", data.files.joined(separator: " ")))
    } else {
      fields.append(("data", "none: no \(DataFiles.usFile) in \(data.searchedDescription)"))
    }
    fields.append(("extension", loadable ?? "none beside this binary"))
    let width = fields.map(\.0.count).max()! + 2  // fields is not empty
    context.console.outText(
      fields.map { label, value in label + String(repeating: " ", count: width - label.count) + value + "\n" }.joined())
  }

  /// Why this database, in words.
  static func chosenBy(_ location: DatabaseLocation, exists: Bool) -> String {
    switch location.source {
    case .option: "--db"
    case .environment: "$ZIPGEO_DB"
    case .currentFolder where exists: "./zipgeo.db, which is in this folder"
    case .currentFolder: "./zipgeo.db, as there is no HOME for a per-user database"
    case .perUser: "the per-user default (no --db, no $ZIPGEO_DB, no ./zipgeo.db here)"
    }
  }

  /// The sum of `counts`, read from a database file that any tool may have written: at most
  /// `Int.max` (at least `Int.min`) when the sum is past what an `Int` holds, never a trap.
  static func total(_ counts: [Int]) -> Int {
    counts.reduce(0) { sum, count in
      let (next, overflow) = sum.addingReportingOverflow(count)
      return overflow ? (count > 0 ? .max : .min) : next
    }
  }
}
