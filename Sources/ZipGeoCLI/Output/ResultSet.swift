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
}

/// Rows to print in a machine-readable format: named columns of typed values.
struct ResultSet {
  var columns: [String]
  var rows: [[DatabaseValue]] = []
  /// For GeoJSON: members of the FeatureCollection's `properties`, such as a query's centre.
  var collectionProperties: [(String, DatabaseValue)] = []

  init(columns: [String]) {
    self.columns = columns
  }

  /// The text of this result in `format` (`table` prints an aligned table with a header).
  func render(_ format: OutputFormat) throws -> String {
    switch format {
    case .table:
      // Numeric columns align to the right, as numbers do.
      let numeric = Set(
        columns.indices.filter { column in
          !rows.isEmpty && rows.allSatisfy { $0[column].double != nil || $0[column] == .null }
        })
      var table = TextTable(headers: columns, rightAligned: numeric)
      table.rows = rows.map { $0.map(Self.plainText) }
      return table.render()
    case .csv:
      return ([columns] + rows.map { $0.map(Self.plainText) }).map { $0.map(Self.csvField).joined(separator: ",") }
        .joined(separator: "\r\n") + "\r\n"
    case .tsv:
      return ([columns] + rows.map { $0.map(Self.plainText) }).map { $0.map(Self.tsvField).joined(separator: "\t") }
        .joined(separator: "\n") + "\n"
    case .json:
      return "[" + rows.map(object).joined(separator: ",\n ") + "]\n"
    case .ndjson:
      return rows.map { object($0) + "\n" }.joined()
    case .geojson:
      return try geoJSON()
    }
  }

  /// One row as a JSON object.
  func object(_ row: [DatabaseValue]) -> String {
    JSON.object(zip(columns, row).map { ($0, JSON.value($1)) })
  }

  /// A FeatureCollection of Point features: coordinates from the `lon` and `lat` columns, the
  /// other columns as properties.
  func geoJSON() throws -> String {
    let lower = columns.map { $0.lowercased() }
    guard let lat = lower.firstIndex(where: { $0 == "lat" || $0 == "latitude" }),
      let lon = lower.firstIndex(where: { ["lon", "lng", "long", "longitude"].contains($0) })
    else {
      throw UsageError(
        "GeoJSON needs a 'lat' and a 'lon' column; these results have \(columns.joined(separator: ", "))")
    }
    let features = rows.map { row in
      let properties = columns.indices.filter { $0 != lat && $0 != lon }.map { (columns[$0], JSON.value(row[$0])) }
      let geometry = JSON.object([
        ("type", JSON.string("Point")), ("coordinates", "[\(JSON.value(row[lon])), \(JSON.value(row[lat]))]"),
      ])
      return JSON.object([
        ("type", JSON.string("Feature")), ("geometry", geometry), ("properties", JSON.object(properties)),
      ])
    }
    var members = [("type", JSON.string("FeatureCollection"))]
    if !collectionProperties.isEmpty {
      members.append(("properties", JSON.object(collectionProperties.map { ($0, JSON.value($1)) })))
    }
    members.append(("features", "[\n" + features.map { "  " + $0 }.joined(separator: ",\n") + "\n]"))
    return JSON.object(members) + "\n"
  }

  static func plainText(_ value: DatabaseValue) -> String {
    switch value {
    case .null: ""
    case .blob(let bytes): "x'" + bytes.map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "'"
    default: value.description
    }
  }

  /// RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled.
  static func csvField(_ text: String) -> String {
    guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
    return "\"" + text.replacingAll("\"", with: "\"\"") + "\""
  }

  /// Tab-separated values cannot quote: tabs and line breaks inside a field become spaces.
  static func tsvField(_ text: String) -> String {
    String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
  }
}

/// The little JSON zipgeo writes.
enum JSON {
  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { "\(string($0)): \($1)" }.joined(separator: ", ") + "}"
  }

  static func value(_ value: DatabaseValue) -> String {
    switch value {
    case .null: "null"
    case .integer(let int): String(int)
    // JSON has no infinities; SQLite can hold them.
    case .real(let double): double.isFinite ? String(double) : "null"
    case .text(let text): string(text)
    case .blob: string(ResultSet.plainText(value))
    }
  }

  static func string(_ text: String) -> String {
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
