import CInterrupt
import CSV
import Geodesy
import SQLiteKit
import ZipGeo

/// `zipgeo nearest --file customers.csv --to stores.csv [-k 1]`: every row of a file with the rows
/// of another whose codes are nearest its code, held in memory (`NearestPoints`), and why where
/// its code is not found.
extension NearestCommand {
  static func runFile(_ path: String, _ arguments: ParsedArguments, context: Context) throws {
    if let point = arguments.positionals.first ?? arguments.value("zip") {
      throw UsageError(
        "Give '<lat,lon>', '--zip <zip>' or --file <csv>, one of them ('\(point.shortened)' with --file)")
    }
    for option in ["model", "kind"] where arguments.value(option) != nil {
      throw UsageError("--\(option) is not for --file <csv>, which finds the nearest rows of --to on the sphere")
    }
    guard let to = arguments.value("to") else {
      throw UsageError("--file <csv> needs --to <csv>: the file of the places to find nearest each row")
    }
    if path == "-" && to == "-" { throw UsageError("--file and --to cannot both be standard input (-)") }
    let count = try count(arguments, default: 1)
    let format = try FileRun.formatOfRowsWithoutPoints(arguments)
    let (run, db, country, home) = try FileRun.opening(path, arguments, context: context)
    let codes = try run.input.codeColumn(named: arguments.value("column"), option: "--column <name>")
    let (places, found) = try readPlaces(
      to, column: arguments.value("to-column"), country: country, db: db, context: context)
    let nearest = NearestPoints(found.map(\.center))
    let columns = ["rank"] + places.header.fields.map { "nearest_\($0)" } + ["distance_km", "reason"]
    let unfound = [DatabaseValue](repeating: .null, count: columns.count - 1)
    try run.writeRows(
      appending: columns, format: format, numbers: [0, columns.count - 2], done: "matched", home: home
    ) { record, tally in
      let lookup = try db.lookUp(record.fields[codes], country: country)
      tally.note(lookup, line: record.line, home: home?.country)
      guard let code = lookup.code else {
        // `lookUp` gives a failure wherever it gives no code.
        let reason = lookup.failure!.rawValue
        return ([unfound + [.text(reason)]], reason)
      }
      let rows = nearest.nearest(to: code.center, count: count).enumerated().map { rank, index in
        let place = found[index]
        // The distance `zipgeo distance` gives; a table shows it to a hundredth.
        let kilometres = Sphere.earth.distance(from: code.center, to: place.center, in: .kilometres)
        return [.integer(Int64(rank + 1))] + place.fields.map(DatabaseValue.text) + [
          format == .table ? .text(formatDistance(kilometres)) : .real(kilometres), .null,
        ]
      }
      return (rows, nil)
    }
  }

  /// The rows of the file `path` (`--to`) whose codes are found, with their codes' centres, held
  /// in memory; those not found are left out and counted on standard error.
  ///
  /// - Throws: `CommandFailure` when no row's code is found, or for a signal while it reads.
  static func readPlaces(
    _ path: String, column: String?, country: String?, db: ZipDatabase, context: Context
  ) throws -> (table: InputTable, found: [(fields: [String], center: Coordinate)]) {
    let name = path == "-" ? "<stdin>" : path
    var found: [(fields: [String], center: Coordinate)] = []
    var tally = RowTally()
    let table: InputTable
    do {
      table = try InputTable(path: path) { interrupt_signal() != 0 }
      let codes = try table.codeColumn(named: column, option: "--to-column <name>")
      try db.readingOneVersion {
        while let record = try table.next() {
          let lookup = try db.lookUp(record.fields[codes], country: country)
          tally.count(failure: lookup.failure?.rawValue)
          if let code = lookup.code { found.append((record.fields, code.center)) }
        }
      }
    } catch is InputTable.Stopped {
      throw FileRun.interrupted(name, rows: 0)
    }
    if tally.failed > 0 {
      context.console.note(
        "zipgeo: \(name): \(RowTally.count(tally.failed, "row")) of \(grouped(tally.rows)) not found, left out:"
          + " \(tally.byReason)\n")
    }
    guard !found.isEmpty else {
      throw CommandFailure(
        "\(name): no row has a code found (\(RowTally.count(tally.rows, "row"))); nothing to find nearest")
    }
    return (table, found)
  }
}
