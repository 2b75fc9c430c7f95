import SQLiteKit

/// A result printed in an output format as its rows arrive, in memory that does not grow with the
/// number of rows: `zipgeo sql` hands it each row as SQLite steps to it.
///
/// ```swift
/// var writer = try ResultWriter(columns: ["zip", "lat", "lon"], format: .csv)
/// output.append(writer.add([.text("01001"), .real(42.0702), .real(-72.6227)]))
/// output.append(writer.finish())
/// ```
///
/// Every format but `table` prints each row as it comes. An aligned table needs its column widths
/// before its first line, so it holds back its first `tableBatchSize` rows (fewer when their values
/// pass `tableHeldBytes`), takes the widths (at most `maximumColumnWidth` each, and
/// `maximumLineWidth` together, so that wide values cannot make memory grow) (and
/// which columns hold numbers, aligned right) from the header and those rows, and then prints each
/// later row as it comes in those columns; a later value wider than its column is printed whole,
/// pushing the rest of its line to the right. A result of at most `tableBatchSize` rows is
/// exactly the table `TextTable` makes of all of them.
struct ResultWriter {
  /// The rows `zipgeo sql` holds back to measure a table's columns.
  static let tableBatchSize = 1000
  /// The bytes of values a table holds back to measure its columns: at most 1 MiB.
  static let tableHeldBytes = 1 << 20

  let columns: [String]
  let format: OutputFormat
  /// For GeoJSON: members of the FeatureCollection's `properties`, such as a query's centre.
  let collectionProperties: [(String, DatabaseValue)]
  /// The rows a table holds back to measure its columns.
  let tableBatchSize: Int
  /// A table's columns aligned to the right, or `nil` for those whose held values are all
  /// numbers.
  let rightAligned: Set<Int>?
  /// Columns of yes-or-no values, held as SQLite holds them, 0 or 1: JSON, NDJSON and GeoJSON
  /// write them `false` and `true`; CSV, TSV and tables keep `0` and `1`, as `zipgeo sql` prints
  /// a boolean.
  let booleans: Set<Int>
  /// For GeoJSON: the latitude and longitude columns.
  private let point: (lat: Int, lon: Int)?
  /// Each column's name as a JSON member's start, `"zip": `, made once rather than per row.
  private let keys: [String]
  /// The rows added so far.
  private(set) var rowCount = 0
  /// Whether the header (or opening bracket) has been printed.
  private var opened = false
  /// A table's first rows, held until its columns are measured.
  private var heldRows: [[DatabaseValue]] = []
  /// The bytes of the values in `heldRows`, about.
  private var heldBytes = 0
  /// A table's columns, once measured from its first rows.
  private var layout: (table: TextTable, widths: [Int])?

  /// - Parameter point: For GeoJSON, the latitude and longitude columns, when they are not the
  ///   first named as such (a file's own `lat` beside the one a command appends).
  /// - Throws: `UsageError` for GeoJSON without a latitude and a longitude column, before
  ///   anything is printed.
  init(
    columns: [String], format: OutputFormat, collectionProperties: [(String, DatabaseValue)] = [],
    tableBatchSize: Int = ResultWriter.tableBatchSize, rightAligned: Set<Int>? = nil, booleans: Set<Int> = [],
    point: (lat: Int, lon: Int)? = nil
  ) throws(UsageError) {
    self.columns = columns
    self.booleans = booleans
    self.format = format
    self.collectionProperties = collectionProperties
    self.tableBatchSize = max(1, tableBatchSize)
    self.rightAligned = rightAligned
    keys = columns.map { JSON.string($0) + ": " }
    guard format == .geojson else {
      self.point = nil
      return
    }
    if let point {
      self.point = point
      return
    }
    let lower = columns.map { $0.lowercased() }
    guard let lat = lower.firstIndex(where: { $0 == "lat" || $0 == "latitude" }),
      let lon = lower.firstIndex(where: { ["lon", "lng", "long", "longitude"].contains($0) })
    else {
      throw UsageError(
        "GeoJSON needs a 'lat' and a 'lon' column; these results have \(columns.joined(separator: ", "))")
    }
    self.point = (lat, lon)
  }

  /// The text that prints `row`: the row, after the header or the opening bracket when it is the
  /// first; for a table, nothing until its first `tableBatchSize` rows are in, then the header
  /// and all of them.
  mutating func add(_ row: [DatabaseValue]) -> String {
    var text = open()
    defer { rowCount += 1 }
    switch format {
    case .table:
      if let layout { return text + layout.table.line(row.map(Self.plainText), widths: layout.widths) }
      heldRows.append(row)
      for value in row {
        switch value {
        case .text(let string): heldBytes += string.utf8.count
        case .blob(let bytes): heldBytes += bytes.count
        default: heldBytes += 8
        }
      }
      if heldRows.count >= tableBatchSize || heldBytes >= Self.tableHeldBytes { text += layOutTable() }
    case .csv: text += row.map { Self.csvField(Self.plainText($0)) }.joined(separator: ",") + "\r\n"
    case .tsv: text += row.map { Self.tsvField(Self.plainText($0)) }.joined(separator: "\t") + "\n"
    case .json: text += (rowCount > 0 ? ",\n " : "") + object(row)
    case .ndjson: text += object(row) + "\n"
    case .geojson: text += (rowCount > 0 ? ",\n  " : "  ") + feature(row)
    }
    return text
  }

  /// The text that ends the output: a table's rows still held (or its header alone when there
  /// were none), the closing bracket of JSON and GeoJSON.
  mutating func finish() -> String {
    var text = open()
    switch format {
    case .table: if layout == nil { text += layOutTable() }
    case .json: text += "]\n"
    case .geojson: text += "\n]}\n"
    case .csv, .tsv, .ndjson: break
    }
    return text
  }

  /// The text that shows a table's rows still held, for a statement that failed part-way: what
  /// was read is printed, and the output stays visibly unfinished (no closing bracket).
  mutating func abandon() -> String {
    format == .table && layout == nil && !heldRows.isEmpty ? layOutTable() : ""
  }

  /// The header or opening bracket, the first time it is asked for.
  private mutating func open() -> String {
    guard !opened else { return "" }
    opened = true
    switch format {
    case .table, .ndjson: return ""
    case .csv: return columns.map(Self.csvField).joined(separator: ",") + "\r\n"
    case .tsv: return columns.map(Self.tsvField).joined(separator: "\t") + "\n"
    case .json: return "["
    case .geojson:
      var members = [("type", JSON.string("FeatureCollection"))]
      if !collectionProperties.isEmpty {
        members.append(("properties", JSON.object(collectionProperties.map { ($0, JSON.value($1)) })))
      }
      members.append(("features", "[\n"))
      return "{" + JSON.members(members)
    }
  }

  /// Measures the table's columns from the rows held, and returns the header and those rows.
  private mutating func layOutTable() -> String {
    // Numeric columns align to the right, as numbers do.
    let aligned =
      rightAligned
      ?? Set(
        columns.indices.filter { column in
          !heldRows.isEmpty && heldRows.allSatisfy { $0[column].double != nil || $0[column] == .null }
        })
    var table = TextTable(headers: columns, rightAligned: aligned)
    table.rows = heldRows.map { $0.map(Self.plainText) }
    heldRows = []
    heldBytes = 0
    let widths = Self.boundedWidths(table.columnWidths())
    let text = table.render(widths: widths)
    table.rows = []
    layout = (table, widths)
    return text
  }

  /// One row as a JSON object.
  func object(_ row: [DatabaseValue]) -> String {
    var text = "{"
    for column in row.indices {
      if column > 0 { text += ", " }
      text += keys[column] + jsonValue(row, column)
    }
    return text + "}"
  }

  /// The JSON of one value of `row`: `true` or `false` in a boolean column holding an integer.
  private func jsonValue(_ row: [DatabaseValue], _ column: Int) -> String {
    guard !booleans.isEmpty, booleans.contains(column), case .integer(let value) = row[column] else {
      return JSON.value(row[column])
    }
    return value == 0 ? "false" : "true"
  }

  /// One row as a GeoJSON Point feature: coordinates from the latitude and longitude columns,
  /// the other columns as properties; a row without both numbers has no geometry (`null`, as
  /// GeoJSON writes a feature of no place).
  private func feature(_ row: [DatabaseValue]) -> String {
    // `point` is set for GeoJSON, the only format that asks for features.
    let (lat, lon) = point!
    var text = "{\"type\": \"Feature\", \"geometry\": "
    if row[lat].double == nil || row[lon].double == nil {
      text += "null, \"properties\": {"
    } else {
      text += "{\"type\": \"Point\", \"coordinates\": ["
      text += JSON.value(row[lon]) + ", " + JSON.value(row[lat]) + "]}, \"properties\": {"
    }
    var first = true
    for column in row.indices where column != lat && column != lon {
      if !first { text += ", " }
      first = false
      text += keys[column] + jsonValue(row, column)
    }
    return text + "}}"
  }

  /// A value as text in the plain formats: NULL is empty, a blob is `x'00ff'`.
  static func plainText(_ value: DatabaseValue) -> String {
    switch value {
    case .null: ""
    case .blob(let bytes): hexLiteral(bytes)
    default: value.description
    }
  }

  /// A blob as SQL writes it, `x'00ff'`, made in one buffer (a string per byte would take many
  /// times the blob's size).
  static func hexLiteral(_ bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = [UInt8(ascii: "x"), UInt8(ascii: "'")]
    text.reserveCapacity(bytes.count * 2 + 3)
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    text.append(UInt8(ascii: "'"))
    return String(decoding: text, as: UTF8.self)
  }

  /// The widest a column is padded to, and all of a line's columns together: every held row is
  /// padded to the widths, so one value of a megabyte would otherwise make a thousand lines as
  /// long. A wider value is still printed whole.
  static let maximumColumnWidth = 1000
  static let maximumLineWidth = 16384

  /// `widths` within `maximumColumnWidth` each and `maximumLineWidth` together.
  static func boundedWidths(_ widths: [Int]) -> [Int] {
    var bounded = widths.map { min($0, maximumColumnWidth) }
    let total = bounded.reduce(0, +)
    if total > maximumLineWidth { bounded = bounded.map { max(1, $0 * maximumLineWidth / total) } }
    return bounded
  }

  /// RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. Read as
  /// bytes, not characters: `\r\n` is one character, equal to neither `\r` nor `\n`.
  static func csvField(_ text: String) -> String {
    let quote = UInt8(ascii: "\"")
    guard text.utf8.containsByte(where: { $0 == UInt8(ascii: ",") || $0 == quote || $0 == 0x0A || $0 == 0x0D }) else {
      return text
    }
    var bytes: [UInt8] = [quote]
    for byte in text.utf8 {
      bytes.append(byte)
      if byte == quote { bytes.append(quote) }
    }
    bytes.append(quote)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Tab-separated values cannot quote: each tab, line feed and carriage return inside a field
  /// becomes a space.
  static func tsvField(_ text: String) -> String {
    func isBreak(_ byte: UInt8) -> Bool { byte == 0x09 || byte == 0x0A || byte == 0x0D }
    guard text.utf8.containsByte(where: isBreak) else { return text }
    return String(decoding: text.utf8.map { isBreak($0) ? UInt8(ascii: " ") : $0 }, as: UTF8.self)
  }
}

extension String.UTF8View {
  /// Whether a byte matches: `contains(where:)` without the generic iteration, which a debug
  /// build runs slowly, and the output code asks this of every value it prints.
  func containsByte(where matches: (UInt8) -> Bool) -> Bool {
    for byte in self where matches(byte) { return true }
    return false
  }
}
