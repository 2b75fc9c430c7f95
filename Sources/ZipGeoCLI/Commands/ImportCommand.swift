import ArchiveInput
import CInterrupt
import CSV
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// `zipgeo import FILE`: loads a zip / latitude / longitude CSV, replacing the database's zip codes.
enum ImportCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "import", abstract: "Import a zip code / latitude / longitude CSV into the database.",
    usage: "<file> [--db <path>] [--skip-invalid] [--strict] [--quiet]",
    arguments: [.init(name: "file", help: "A CSV file with a header row, such as data/zips.csv.")],
    options: [
      .database,
      .init(name: "skip-invalid", valueName: nil, help: "Import the valid rows and report each invalid line."),
      .init(name: "strict", valueName: nil, help: "Fail on a zip code that appears twice."),
      .init(name: "quiet", valueName: nil, help: "Print no summary (warnings and errors still go to standard error)."),
    ],
    discussion: """
      Columns are found by header name, in any order: zip (zip, zipcode, zip_code, postal_code,
      postcode), latitude (lat, latitude), longitude (lon, lng, long, longitude), and optionally
      place (place, place_name, city), state (state_abbr, state_code, state) and county.
      The import replaces the zip codes in one transaction: if it fails or is stopped (Ctrl-C,
      SIGTERM, SIGHUP), the database is unchanged; a new database appears only once complete.
      A zip code seen twice keeps its first row, with a warning. On a terminal, a progress line
      on standard error shows rows, rows per second, percent of the file and time left.
      """,
    examples: [
      ("zipgeo import data/zips.csv", "Load the bundled US zip codes into ./zipgeo.db."),
      (
        "zipgeo import my-zips.csv --db stores.db --skip-invalid",
        "Load another file into stores.db, leaving out and reporting its invalid lines."
      ),
    ]
  )

  /// `1 zip code`, `2 zip codes`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let file = arguments.positionals[0]
    let path = context.databasePath(arguments)
    let options = ImportOptions(skipInvalid: arguments.flag("skip-invalid"), strict: arguments.flag("strict"))
    let console = context.console
    let hook = TestHook(environment: context.environment)
    interrupt_on_signals()
    let meter = isatty(2) != 0 ? ProgressMeter(file: file, console: console) : nil
    defer { meter?.clear() }
    // Compressed and zipped files are unpacked here, not in the ZipGeo library, which apps and the
    // loadable extension link without libarchive.
    let importer = Importer(options: options) { path throws(CSVError) in try CSVReader(unpacking: path) }
    let summary = try importer.importFile(
      file, intoDatabaseAt: path,
      notify: {
        meter?.clear()
        console.err("warning: \($0)\n")
      },
      shouldStop: { interrupt_signal() != 0 }, progress: { meter?.show($0) },
      phase: { hook?.reached($0.description) })
    if arguments.flag("quiet") { return }
    context.console.out(
      "Imported \(count(summary.imported, "zip code")) from \(file) into \(path): "
        + "\(summary.skipped) skipped, \(count(summary.duplicates, "duplicate")), "
        + "\(fixed(summary.seconds, decimals: 2)) s\n")
  }
}
