import SQLiteKit

/// The formats every query command can print.
enum OutputFormat: String, CaseIterable, Sendable {
  case table, csv, tsv, json, ndjson, geojson

  static let option = CommandSpec.Option(
    name: "format", valueName: "format",
    help: "Output format: table, csv, tsv, json, ndjson or geojson. (default: table)")

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

/// Rows to print, all in memory: the few a search or a lookup returns. (`zipgeo sql` streams its
/// rows through a `ResultWriter` instead.)
struct ResultSet {
  var columns: [String]
  var rows: [[DatabaseValue]] = []
  /// For GeoJSON: members of the FeatureCollection's `properties`, such as a query's centre.
  var collectionProperties: [(String, DatabaseValue)] = []

  init(columns: [String]) {
    self.columns = columns
  }

  /// The text of this result in `format` (`table` prints an aligned table with a header, its
  /// columns measured over every row).
  func render(_ format: OutputFormat) throws -> String {
    var writer = try ResultWriter(
      columns: columns, format: format, collectionProperties: collectionProperties, tableBatchSize: rows.count)
    var text = ""
    for row in rows { text += writer.add(row) }
    return text + writer.finish()
  }
}

/// The little JSON zipgeo writes.
enum JSON {
  static func object(_ members: [(String, String)]) -> String {
    "{" + self.members(members) + "}"
  }

  /// An object's members without its braces, for an object printed a piece at a time.
  static func members(_ members: [(String, String)]) -> String {
    members.map { "\(string($0)): \($1)" }.joined(separator: ", ")
  }

  static func value(_ value: DatabaseValue) -> String {
    switch value {
    case .null: "null"
    case .integer(let int): String(int)
    // JSON has no infinities; SQLite can hold them.
    case .real(let double): double.isFinite ? String(double) : "null"
    case .text(let text): string(text)
    case .blob: string(ResultWriter.plainText(value))
    }
  }

  static func string(_ text: String) -> String {
    // Most text needs no escape (UTF-8 bytes of other characters are all 0x80 or more).
    if !text.utf8.containsByte(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      return "\"" + text + "\""
    }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
