import CSV
import SQLiteKit
import ZipGeo

/// `zipgeo info --file customers.csv --column postcode`: every row of a file with its code's zip,
/// country, place, state and centre appended, and why where there is none.
extension InfoCommand {
  /// The columns `--file` appends, in this order.
  static let fileColumns = ["zip", "country", "place", "state", "lat", "lon", "reason"]

  static func runFile(_ path: String, _ arguments: ParsedArguments, context: Context) throws {
    if let zip = arguments.positionals.first {
      throw UsageError("Give <zip> or --file <csv>, not both ('\(zip.shortened)' with --file)")
    }
    let format: OutputFormat = try arguments.choice("format", default: .csv)
    let (run, db, country, home) = try FileRun.opening(path, arguments, context: context)
    let input = run.input
    let codes = try input.codeColumn(named: arguments.value("column"), option: "--column <name>")
    let countries = try arguments.value("country-column").map { name throws(UsageError) in
      try input.column(name, option: "--country-column <name>")
    }
    let unfound = [DatabaseValue](repeating: .null, count: fileColumns.count - 1)
    try run.write(
      appending: fileColumns, format: format, point: (4, 5), numbers: [4, 5], done: "resolved", home: home
    ) { record, tally in
      let lookup = try db.lookUp(record.fields[codes], country: FileRun.country(of: record, in: countries) ?? country)
      tally.note(lookup, line: record.line, home: home?.country)
      guard let code = lookup.code else {
        // `lookUp` gives a failure wherever it gives no code.
        let reason = lookup.failure!.rawValue
        return (unfound + [.text(reason)], reason)
      }
      return (
        [
          .text(code.code), .text(code.country), joined(code.places.map(\.place)), joined(code.places.map(\.state)),
          .real(code.center.latitude), .real(code.center.longitude), .null,
        ], nil
      )
    }
  }

  /// The different values of a code's places, in their order, as one text (`Tettau, Guteborn`),
  /// or NULL when none has one.
  static func joined(_ values: [String?]) -> DatabaseValue {
    var seen: [String] = []
    for case let value? in values where !value.isEmpty && !seen.contains(value) { seen.append(value) }
    return seen.isEmpty ? .null : .text(seen.joined(separator: ", "))
  }
}
