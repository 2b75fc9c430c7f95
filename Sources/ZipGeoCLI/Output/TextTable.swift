import SQLiteKit

/// A plain-text table with a header row and aligned columns.
///
/// ```
/// zip    place  state    km
/// 75075  Plano  TX     0.00
/// ```
struct TextTable {
  let headers: [String]
  /// Columns aligned to the right (numbers).
  let rightAligned: Set<Int>
  var rows: [[String]] = []

  /// The header and the rows, each column as wide as its widest cell.
  func render() -> String {
    render(widths: columnWidths())
  }

  /// The width of each column: its widest cell, header included.
  func columnWidths() -> [Int] {
    var widths = headers.map { Self.singleLine($0).count }
    for row in rows {
      for column in row.indices { widths[column] = max(widths[column], Self.singleLine(row[column]).count) }
    }
    return widths
  }

  /// The header and the rows with columns of the given widths.
  func render(widths: [Int]) -> String {
    ([headers] + rows).map { line($0, widths: widths) }.joined()
  }

  /// One row as a line, each cell padded to its column's width. A cell wider than its column is
  /// printed whole and pushes the rest of the line to the right: a table printed as its rows
  /// arrive takes its widths from the first rows, and a later, longer value is never cut.
  func line(_ row: [String], widths: [Int]) -> String {
    var line = ""
    for column in row.indices {
      let cell = Self.singleLine(row[column])
      let padding = String(repeating: " ", count: max(0, widths[column] - cell.count))
      if column > 0 { line += "  " }
      line += rightAligned.contains(column) ? padding + cell : cell + padding
    }
    while line.last == " " { line.removeLast() }
    return line + "\n"
  }

  /// The text with line breaks, tabs and other control characters escaped, as every message
  /// shows them (`escapingControls()`: `\n`, `\t`, `\u{1B}`), so that one row stays on one line
  /// however odd the data, and a value cannot drive the terminal.
  static func singleLine(_ text: String) -> String {
    text.escapingControls()
  }
}
