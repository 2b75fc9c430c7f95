import SQLiteKit

/// Rows to print, all in memory: the few a search or a lookup returns. (`zipgeo sql` streams its
/// rows through a `ResultWriter` instead.)
struct ResultSet {
  var columns: [String]
  var rows: [[DatabaseValue]] = []
  /// For GeoJSON: members of the FeatureCollection's `properties`, such as a query's centre.
  var collectionProperties: [(String, DatabaseValue)] = []
  /// The columns of yes-or-no values, 0 or 1, that JSON writes `false` and `true`
  /// (`ResultWriter.booleans`).
  var booleanColumns: Set<String> = []

  init(columns: [String]) {
    self.columns = columns
  }

  /// The text of this result in `format` (`table` prints an aligned table with a header, its
  /// columns measured over every row).
  func render(_ format: OutputFormat) throws -> String {
    var writer = try ResultWriter(
      columns: columns, format: format, collectionProperties: collectionProperties, tableBatchSize: rows.count,
      booleans: Set(columns.indices.filter { booleanColumns.contains(columns[$0]) }))
    var text = ""
    for row in rows { text += writer.add(row) }
    return text + writer.finish()
  }
}
