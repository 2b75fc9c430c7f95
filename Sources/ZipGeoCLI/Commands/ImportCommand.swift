import ArchiveInput
import CInterrupt
import CSV
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// `zipgeo import FILE...`: loads zip / latitude / longitude CSVs and GeoNames files, replacing the
/// rows of the countries they hold.
enum ImportCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "import", abstract: "Import a zip code / latitude / longitude CSV into the database.",
    usage:
      "(<file>... | --world) [--db <path>] [--country <cc>] [--countries <list>] [--replace-all] [--pad-zeros] [--skip-invalid]"
      + " [--strict] [--quiet]",
    arguments: [
      .init(
        name: "file",
        help:
          "A CSV file with a header row, such as data/zips.csv, or a GeoNames file such as data/world.txt.xz; several"
          + " files are imported together.")
    ],
    options: [
      .database,
      .init(
        name: "world", valueName: nil,
        help:
          "Import the postal codes of the world installed with zipgeo (world.txt.xz, 121 countries) into the database"
          + " the query commands read, instead of files."),
      .init(
        name: "country", valueName: "cc",
        help:
          "The country of a CSV file's rows when it has no country column (GeoNames files have one: see --countries)."
          + " (default: US)"),
      .init(name: "countries", valueName: "list", help: "Import only the rows of these countries, as in DE,AT,CH."),
      .init(name: "replace-all", valueName: nil, help: "Empty the database first, instead of keeping other countries."),
      .init(
        name: "pad-zeros", valueName: nil,
        help:
          "Put back the leading zeros of US zip codes of 3 or 4 digits (1001 becomes 01001), as spreadsheets drop them."
      ),
      .init(name: "skip-invalid", valueName: nil, help: "Import the valid rows and report each invalid line."),
      .init(name: "strict", valueName: nil, help: "Fail on a row that repeats an earlier one."),
      .init(
        name: "quiet", valueName: nil,
        help:
          "Print no summary, nor which database an import that names none writes (warnings and errors still go to"
          + " standard error)."),
    ],
    discussion: """
      Columns are found by header name, in any order: zip (zip, zipcode, zip_code, postal_code,
      postcode), latitude (lat, latitude), longitude (lon, lng, long, longitude), and optionally
      place (place, place_name, city), state (state_abbr, state_code, state), county, country
      (country, country_code, countrycode, cc, iso2) and accuracy. A GeoNames postal code file as
      published (12 tab-separated columns, no header; plain, compressed or zipped) is recognised
      from its first line, also with lower-case countries (read upper-cased) or a tab at the end of
      each line (empty columns after the 12th are ignored; a value there is an error). --country is
      the country of files without a country column: given when every file has one, as GeoNames
      files do, it is a usage error that points to --countries. The import replaces the rows of the
      countries its files hold (a country two of them hold keeps the rows of both) and keeps the
      other countries, in one transaction: if any file fails or the import is stopped (Ctrl-C,
      SIGTERM, SIGHUP), the database is unchanged; a new database appears only once complete. A code
      may have several places; a row repeating an earlier one (same country, code and place, in any
      of the files) is left out, with a warning (the first 10 named, the rest counted).
      'zipgeo countries' lists what each import brought. On a terminal, a progress line on standard
      error shows rows, rows per second, percent of the files and time left.
      """,
    optionalArguments: true,
    repeatsLastArgument: true,
    examples: [
      (
        "zipgeo import data/zips.csv",
        "Load the bundled US zip codes into the database the queries read: ./zipgeo.db if it is here, else the per-user one."
      ),
      ("zipgeo import --world", "Load the world's postal codes into the database the queries read, from any folder."),
      (
        "zipgeo import my-zips.csv --db stores.db --skip-invalid",
        "Load another file into stores.db, leaving out and reporting its invalid lines."
      ),
      (
        "zipgeo import data/world.txt.xz --countries DE,AT,CH --db dach.db",
        "Load the German, Austrian and Swiss postal codes of the bundled GeoNames world file."
      ),
      (
        "zipgeo import DE.zip AT.zip data/zips.csv --db stores.db",
        "Load two GeoNames downloads and the US file in one change, keeping the database's other countries."
      ),
    ]
  )

  /// `1 zip code`, `2 zip codes`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  /// `text` as a country code (`de` -> `DE`), or a usage error naming `option`.
  static func countryCode(_ text: String, option: String) throws(UsageError) -> String {
    do {
      return try ColumnMap.countryCode(text)
    } catch {
      throw UsageError("The value '\(text)' is invalid for '\(option)': give two-letter country codes, as in DE")
    }
  }

  /// The files to import (those given, or with `--world` the installed world file) and the
  /// database they go to: the one the query commands read (the per-user one, its folders made,
  /// when no other is chosen).
  static func filesAndDatabase(_ arguments: ParsedArguments, context: Context) throws -> ([String], DatabaseLocation) {
    guard arguments.flag("world") else {
      guard !arguments.positionals.isEmpty else { throw UsageError("Missing expected argument '<file>' (or --world)") }
      return (arguments.positionals, try context.importDatabaseLocation(arguments))
    }
    guard arguments.positionals.isEmpty else {
      throw UsageError("Give files or --world, not both ('\(arguments.positionals[0])' with --world)")
    }
    let data = context.dataFiles
    guard let folder = data.searched.first(where: { DataFiles.isFile($0 + "/" + DataFiles.worldFile) }) else {
      throw CommandFailure(
        "--world: no \(DataFiles.worldFile) found in \(data.searchedDescription); set ZIPGEO_DATA_DIR to a folder"
          + " that holds it, or give the file: zipgeo import <file>")
    }
    return ([folder + "/" + DataFiles.worldFile], try context.importDatabaseLocation(arguments))
  }

  /// Which database an import that names none writes, and why, said before it starts:
  /// `zipgeo: importing into /home/u/.local/share/zipgeo/zipgeo.db (the per-user database, as
  /// there is no ./zipgeo.db here; --db names another)`. `nil` for `--db` and `$ZIPGEO_DB`,
  /// which named it.
  static func destinationNote(_ location: DatabaseLocation) -> String? {
    let why: String
    switch location.source {
    case .option, .environment: return nil
    case .perUser: why = "the per-user database, as there is no ./\(DatabaseLocation.currentFolderPath) here"
    case .currentFolder where DatabaseLocation.isThere(location.path):
      why = "it is in this folder, so the queries here read it"
    case .currentFolder: why = "there is no HOME for a per-user database"
    }
    let shown = location.source == .currentFolder ? "./" + location.path : location.path
    return "zipgeo: importing into \(shown) (\(why); --db names another)\n"
  }

  /// How many repeated rows an import names, one warning each, before it only counts them.
  static let shownRepeats = 10

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let (files, location) = try filesAndDatabase(arguments, context: context)
    let path = location.path
    let file = Importer.listed(files)
    let options = ImportOptions(
      skipInvalid: arguments.flag("skip-invalid"), strict: arguments.flag("strict"),
      country: try arguments.value("country").map { text throws(UsageError) in
        try countryCode(text, option: "--country <cc>")
      },
      countries: try arguments.value("countries").map { list throws(UsageError) in
        var codes = Set<String>()
        for code in list.split(separator: ",", omittingEmptySubsequences: false) {
          guard let valid = try? ColumnMap.countryCode(String(code)) else {
            throw UsageError(
              "The value '\(list)' is invalid for '--countries <list>': give two-letter country codes, as in DE,AT,CH")
          }
          codes.insert(valid)
        }
        return codes
      },
      replaceAll: arguments.flag("replace-all"), padZeros: arguments.flag("pad-zeros"))
    let console = context.console
    if !arguments.flag("quiet"), let note = destinationNote(location) { console.note(note) }
    let hook = TestHook(environment: context.environment)
    interrupt_on_signals()
    let meter = isatty(2) != 0 ? ProgressMeter(file: file, console: console) : nil
    defer { meter?.clear() }
    // Compressed and zipped files are unpacked here, not in the ZipGeo library, which apps and the
    // loadable extension link without libarchive.
    let importer = Importer(options: options) { path throws(CSVError) in try CSVReader(unpacking: path) }
    // The countries before, to tell when this import makes codes shared (a database of US codes
    // that gets the world's): none for a new or unreadable database.
    let before = Set((try? ZipDatabase(readingAt: path).countries().map(\.country)) ?? [])
    // GeoNames' world file repeats 880 rows: the first few are named, the rest counted.
    var repeats = 0
    let summary = try importer.importFiles(
      files, intoDatabaseAt: path,
      notify: { notice in
        switch notice {
        case .duplicate, .duplicateOfOtherFile:
          repeats += 1
          if repeats > shownRepeats { return }
        default: break
        }
        meter?.clear()
        console.err("warning: \(notice)\n")
      },
      shouldStop: { interrupt_signal() != 0 }, progress: { meter?.show($0) },
      phase: { phase in
        hook?.reached(phase.description)
        if phase == .rowsInserted { meter?.showIndexing() }
      })
    if repeats > shownRepeats {
      console.err(
        "warning: \(count(repeats - shownRepeats, "more row")) repeated an earlier one (same country, code and place)"
          + " and \(repeats - shownRepeats == 1 ? "was" : "were") left out too\n")
    }
    let home = try recordHome(afterImportInto: path, countriesBefore: before, context: context)
    if arguments.flag("quiet") { return }
    // A file that replaces far more rows than it brings may be the wrong one: the summary says so.
    let replacing = summary.replacedFarMore ? " (replacing \(count(summary.replaced, "zip code")))" : ""
    context.console.outText(
      "Imported \(count(summary.imported, "zip code")) from \(file) into \(path)\(replacing): "
        + "\(summary.skipped) skipped, \(count(summary.duplicates, "duplicate")), "
        + "\(fixed(summary.seconds, decimals: 2)) s\n")
    if let home { console.note(home) }
  }

  /// After an import that gave the database at `path` countries it lacked, so that bare codes
  /// may now be shared: records as its home the one country it held before (when it records
  /// none), and returns what changes for bare codes, to say once; `nil` when nothing changed.
  static func recordHome(afterImportInto path: String, countriesBefore before: Set<String>, context: Context) throws
    -> String?
  {
    let db = try ZipDatabase(readingAt: path)
    let after = try db.countries().map(\.country)
    guard after.count > 1, !Set(after).isSubset(of: before), try db.hasSharedCodes() else { return nil }
    var recorded = try db.recordedHome()
    var recordedNow = false
    if recorded == nil, before.count == 1, let only = before.first {
      try ZipDatabase.recordHome(only, inDatabaseAt: path)
      (recorded, recordedNow) = (only, true)
    }
    let name = db.shownName
    let home =
      (try? HomeCountry.fromEnvironment(context.environment))
      ?? recorded.map { HomeCountry(country: $0, source: .database(shownAs: name)) }
    guard let home, try db.holds(country: home.country) else {
      return "zipgeo: \(name) now holds \(after.count) countries: a code that several of them have needs its"
        + " country (US:90210), --country, or a home country (zipgeo home CC, or ZIPGEO_COUNTRY=CC)\n"
    }
    let shared = try db.sharedCodeCount(of: home.country)
    guard shared > 0 else { return nil }
    let origin =
      recordedNow
      ? "recorded in \(name) from the \(home.country) rows it held; zipgeo home changes it" : home.fromOrigin
    return "zipgeo: \(name) now holds \(after.count) countries; \(grouped(shared)) \(home.country) codes are also"
      + " codes of another, and written without a country they mean \(home.country)'s (the home country, \(origin))\n"
  }
}
