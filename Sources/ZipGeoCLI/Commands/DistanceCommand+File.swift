import CSV
import Geodesy
import SQLiteKit
import ZipGeo

/// `zipgeo distance --file orders.csv --columns from,to`: every row of a file with the distance
/// between the codes of two of its columns appended, and why where there is none.
extension DistanceCommand {
  static func runFile(_ path: String, _ arguments: ParsedArguments, context: Context) throws {
    if let zip = arguments.positionals.first {
      throw UsageError("Give <zip1> <zip2> or --file <csv>, not both ('\(zip.shortened)' with --file)")
    }
    guard let list = arguments.value("columns") else {
      throw UsageError("--file <csv> needs --columns <from,to>: the two columns of codes")
    }
    let names = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard names.count == 2, !names.contains(where: \.isEmpty) else {
      throw UsageError(
        "The value '\(list.shortened)' is invalid for '--columns <from,to>': give two column names, as in from,to")
    }
    if arguments.flag("km") && arguments.flag("mi") { throw UsageError("Give --km or --mi, not both") }
    let unit: LengthUnit = arguments.flag("mi") ? .miles : .kilometres
    let format = try FileRun.formatOfRowsWithoutPoints(arguments)
    let (run, db, country, home) = try FileRun.opening(path, arguments, context: context)
    let columns = try names.map { name throws(UsageError) in
      try run.input.column(name, option: "--columns <from,to>")
    }
    let countries = try arguments.value("country-column").map { name throws(UsageError) in
      try run.input.column(name, option: "--country-column <name>")
    }
    let header = run.input.header.fields
    try run.write(
      appending: ["distance_\(unit.symbol)", "reason"], format: format, numbers: [0], done: "measured", home: home
    ) { record, tally in
      var centres: [Coordinate] = []
      let rowCountry = FileRun.country(of: record, in: countries) ?? country
      for column in columns {
        let lookup = try db.lookUp(record.fields[column], country: rowCountry)
        tally.note(lookup, line: record.line, home: home?.country)
        guard let code = lookup.code else {
          // `lookUp` gives a failure wherever it gives no code.
          let reason = "\(header[column].shortened): \(lookup.failure!.rawValue)"
          return ([.null, .text(reason)], reason)
        }
        centres.append(code.center)
      }
      // The computation of `zipgeo distance` and of the SQL function distance(); a table shows it
      // as `zipgeo distance` does, to a hundredth.
      let distance = Sphere.earth.distance(from: centres[0], to: centres[1], in: unit)
      return ([format == .table ? .text(formatDistance(distance)) : .real(distance), .null], nil)
    }
  }
}
