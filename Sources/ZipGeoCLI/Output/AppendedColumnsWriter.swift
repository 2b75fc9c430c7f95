import CSV
import SQLiteKit

/// The rows of an input file with the columns a command appends to each (`zipgeo info --file`:
/// zip, country, place, ...), in an output format, row by row as they come, in memory that does
/// not grow with the file (a `ResultWriter`).
///
/// ```swift
/// var writer = try AppendedColumnsWriter(header: input.header, appending: ["distance_km", "reason"], format: .csv)
/// output.append(writer.add(row, [.real(2189.2), .null]))
/// output.append(writer.finish())
/// ```
///
/// In CSV each input line is given back as the file writes it, its quotes as they were, with the
/// new fields after a comma, and CRLF line ends as every CSV zipgeo writes; the other formats
/// take the input's fields as text (a CSV has no types), then the new columns' values. A new
/// column named as one of the input's own is named `zipgeo_` and its name instead
/// (`zipgeo_lat` beside a file's `lat`), so that every format has one column of each name.
struct AppendedColumnsWriter {
  /// The appended columns' names, as the output writes them.
  let appended: [String]
  private let format: OutputFormat
  private var writer: ResultWriter
  private var opened = false
  private let header: CSVRecord

  /// - Parameters:
  ///   - header: The input's header, with its text.
  ///   - columns: The names of the columns to append.
  ///   - point: For GeoJSON, which appended columns hold the latitude and the longitude.
  ///   - numbers: For a table, the appended columns aligned to the right, as numbers are (the
  ///     input's are text).
  /// - Throws: `UsageError` for GeoJSON without a `point`.
  init(
    header: CSVRecord, appending columns: [String], format: OutputFormat, point: (lat: Int, lon: Int)? = nil,
    numbers: Set<Int> = []
  ) throws(UsageError) {
    self.header = header
    self.format = format
    appended = Self.names(columns, besides: header.fields)
    let all = header.fields + appended
    if format == .geojson {
      guard let point else {
        throw UsageError("GeoJSON needs a point for each row, and these rows have none; use csv, tsv, json or ndjson")
      }
      writer = try ResultWriter(
        columns: all, format: format, point: (header.fields.count + point.lat, header.fields.count + point.lon))
    } else {
      writer = try ResultWriter(
        columns: all, format: format, rightAligned: Set(numbers.map { header.fields.count + $0 }))
    }
  }

  /// `columns`, each that is also a name of `existing` (in any case) as `zipgeo_` and its name,
  /// again until it is none of them.
  static func names(_ columns: [String], besides existing: [String]) -> [String] {
    var taken = Set(existing.map { $0.lowercased() })
    return columns.map { column in
      var name = column
      while taken.contains(name.lowercased()) { name = "zipgeo_" + name }
      taken.insert(name.lowercased())
      return name
    }
  }

  /// The text that prints `record` with `values` appended: after the header, for the first.
  mutating func add(_ record: CSVRecord, _ values: [DatabaseValue]) -> String {
    guard format == .csv else {
      var row: [DatabaseValue] = []
      row.reserveCapacity(record.fields.count + values.count)
      for field in record.fields { row.append(.text(field)) }
      row.append(contentsOf: values)
      return writer.add(row)
    }
    var text = open()
    // The input's line as it is: `keepsText` gave every record its text.
    text += record.text!
    for value in values {
      text += ","
      text += ResultWriter.csvField(ResultWriter.plainText(value))
    }
    return text + "\r\n"
  }

  /// The text that ends the output: the header of a file with no rows, a table's rows still
  /// held, a format's closing bracket.
  mutating func finish() -> String {
    format == .csv ? open() : writer.finish()
  }

  /// The text that shows a table's rows still held, for a run stopped part-way: what was
  /// answered is printed, and the output stays visibly unfinished (no closing bracket).
  mutating func abandon() -> String {
    format == .csv ? "" : writer.abandon()
  }

  /// The CSV header line, the first time it is asked for.
  private mutating func open() -> String {
    guard !opened else { return "" }
    opened = true
    // The header's text is there: the input keeps every record's.
    return header.text! + "," + appended.map(ResultWriter.csvField).joined(separator: ",") + "\r\n"
  }
}
