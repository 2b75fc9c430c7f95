import Geodesy
import SQLiteKit
import ZipGeo

/// Search results as `near` and `nearest` print them, band by band as the search reads them, in
/// memory that does not grow with the answer (a `ResultWriter`): a table of zip, place, state
/// and the distance in the search's unit (and country, when the database holds several), its
/// columns measured on its first rows as `zipgeo sql` measures them, or every column in a
/// machine-readable format, with the query on a GeoJSON collection.
struct HitWriter {
  let unit: LengthUnit
  let showingCountry: Bool
  /// For a table: the names it shows for numeric state codes.
  let regions: RegionNames
  /// For a table of a database that knows its countries' usual accuracy: the rows below it show
  /// theirs, in a column of its own.
  let usual: UsualAccuracy?
  private var writer: ResultWriter
  private let isTable: Bool

  init(
    unit: LengthUnit, format: OutputFormat, showingCountry: Bool, regions: RegionNames, usual: UsualAccuracy? = nil,
    query: [(String, DatabaseValue)]
  ) throws(UsageError) {
    self.unit = unit
    self.showingCountry = showingCountry
    self.regions = regions
    self.usual = usual.flatMap { $0.isEmpty ? nil : $0 }
    isTable = format == .table
    if isTable {
      let headers =
        ["zip"] + (showingCountry ? ["country"] : []) + ["place", "state"] + (self.usual != nil ? ["accuracy"] : [])
        + [unit.symbol]
      // The distance, printed with two decimals, is a number: aligned right, as the accuracy.
      writer = try ResultWriter(
        columns: headers, format: .table,
        rightAligned: self.usual != nil ? [headers.count - 2, headers.count - 1] : [headers.count - 1])
    } else {
      writer = try ResultWriter(
        columns: RowColumns.names + ["distance_\(unit.symbol)"], format: format, collectionProperties: query)
    }
  }

  /// The text that prints `hits`: the rows, after the header when they are the first; for a
  /// table, nothing until its first rows are in.
  mutating func add(_ hits: [NearbyZip]) -> String {
    var text = ""
    for hit in hits {
      let zip = hit.zipCode
      let distance = hit.distance.converted(to: unit).value
      let row: [DatabaseValue] =
        isTable
        ? [.text(zip.zip)] + (showingCountry ? [.text(zip.country)] : []) + [
          .text(zip.place ?? ""), .text(regions.shown(zip) ?? ""),
        ] + (usual.map { [.text($0.shown(zip).map(String.init) ?? "")] } ?? []) + [
          .text(formatDistance(distance))
        ]
        : RowColumns.values(zip, regions: regions) + [.real(distance)]
      text += writer.add(row)
    }
    return text
  }

  /// The text that ends the output: a table's held rows, or a format's closing bracket.
  mutating func finish() -> String { writer.finish() }
}
