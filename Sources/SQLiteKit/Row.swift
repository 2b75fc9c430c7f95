/// One result row: values with the column names of their statement.
///
/// ```swift
/// let row = try db.rows("SELECT zip, lat FROM zips LIMIT 1")[0]
/// row["zip"]  // .text("00501")
/// ```
public struct Row: Equatable, Sendable {
  /// The names of the columns, in order.
  public let columnNames: [String]
  /// The values, in column order.
  public let values: [DatabaseValue]

  /// `Row(columnNames: ["zip"], values: [.text("01001")])`.
  public init(columnNames: [String], values: [DatabaseValue]) {
    self.columnNames = columnNames
    self.values = values
  }

  /// The value at a 0-based column index.
  public subscript(index: Int) -> DatabaseValue { values[index] }

  /// The value of the first column with this name (case-insensitive), or `nil` without one.
  public subscript(name: String) -> DatabaseValue? {
    let lowered = name.lowercased()
    return columnNames.firstIndex { $0.lowercased() == lowered }.map { values[$0] }
  }
}
