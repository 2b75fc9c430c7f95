import SQLiteKit

/// The formats every query command can print.
enum OutputFormat: String, CaseIterable, Sendable {
  case table, csv, tsv, json, ndjson, geojson

  static let option = CommandSpec.Option(
    name: "format", valueName: "format",
    help: "Output format: table, csv, tsv, json, ndjson or geojson. (default: table)")

  /// `--format` of a command that also reads `--file`, whose output is CSV unless it says
  /// otherwise, and which has no GeoJSON for a file whose rows are no points (`pointsFromFile`).
  static func optionWithFile(pointsFromFile: Bool) -> CommandSpec.Option {
    CommandSpec.Option(
      name: "format", valueName: "format",
      help: "Output format: table, csv, tsv, json, ndjson or geojson\(pointsFromFile ? "" : " (not with --file)")."
        + " (default: table; with --file, csv)")
  }

  /// The format chosen with `--format`, or `table`.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    self = try arguments.choice("format", default: .table)
  }

  /// The formats of rows that are not points (`countries`, `where`): all but GeoJSON.
  static let withoutPoints: [OutputFormat] = [.table, .csv, .tsv, .json, .ndjson]

  /// `--format` of a command whose rows are not points.
  static let optionWithoutPoints = CommandSpec.Option(
    name: "format", valueName: "format", help: "Output format: table, csv, tsv, json or ndjson. (default: table)",
    choices: withoutPoints.map(\.rawValue))

  /// The format chosen with `--format` among `withoutPoints`, or `table`.
  init(withoutPoints arguments: ParsedArguments) throws(UsageError) {
    let text = arguments.value("format") ?? "table"
    guard let format = OutputFormat(rawValue: text.lowercased()), Self.withoutPoints.contains(format) else {
      throw UsageError(
        "The value '\(text)' is invalid for '--format <format>': use one of "
          + Self.withoutPoints.map(\.rawValue).joined(separator: ", "))
    }
    self = format
  }
}
