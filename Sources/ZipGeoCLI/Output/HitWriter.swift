import Geodesy
import SQLiteKit
import ZipGeo

/// Search results as `near` and `nearest` print them, band by band as the search reads them, in
/// memory that does not grow with the answer: a table of zip, place, state and the distance in
/// the search's unit (and country, when the database holds several), or every column in a
/// machine-readable format, with the query on a GeoJSON collection.
///
/// A table takes its column widths from its first `ResultWriter.tableBatchSize` rows, as
/// `zipgeo sql` does: an answer of at most that many rows is exactly the table `TextTable`
/// makes of all of them; a later, wider value pushes the rest of its line to the right.
struct HitWriter {
  let unit: LengthUnit
  let showingCountry: Bool
  private var writer: ResultWriter?
  private var table: TextTable?
  private var widths: [Int]?

  init(
    unit: LengthUnit, format: OutputFormat, showingCountry: Bool, query: [(String, DatabaseValue)]
  ) throws(UsageError) {
    self.unit = unit
    self.showingCountry = showingCountry
    if format == .table {
      let headers = ["zip"] + (showingCountry ? ["country"] : []) + ["place", "state", unit.symbol]
      table = TextTable(headers: headers, rightAligned: [headers.count - 1])
    } else {
      writer = try ResultWriter(
        columns: ZipCode.columns + ["distance_\(unit.symbol)"], format: format, collectionProperties: query)
    }
  }

  /// The text that prints `hits`: the rows, after the header when they are the first; for a
  /// table, nothing until its first rows are in.
  mutating func add(_ hits: [NearbyZip]) -> String {
    var text = ""
    if writer != nil {
      for hit in hits { text += writer!.add(hit.zipCode.values + [.real(hit.distance.converted(to: unit).value)]) }
      return text
    }
    for hit in hits {
      let zip = hit.zipCode
      let row =
        [zip.zip] + (showingCountry ? [zip.country] : []) + [
          zip.place ?? "", zip.state ?? "", formatDistance(hit.distance.converted(to: unit).value),
        ]
      if let widths {
        text += table!.line(row, widths: widths)
      } else {
        table!.rows.append(row)
        if table!.rows.count >= ResultWriter.tableBatchSize { text += layOut() }
      }
    }
    return text
  }

  /// The text that ends the output: a table's held rows, or a format's closing bracket.
  mutating func finish() -> String {
    if writer != nil { return writer!.finish() }
    return widths == nil ? layOut() : ""
  }

  /// Measures the table's columns on its held rows and prints the header and them.
  private mutating func layOut() -> String {
    let measured = table!.columnWidths()
    widths = measured
    let text = table!.render(widths: measured)
    table!.rows = []
    return text
  }
}
