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

  func render() -> String {
    let all = ([headers] + rows).map { $0.map(Self.singleLine) }
    let widths = headers.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    var text = ""
    for row in all {
      let cells = row.indices.map { column -> String in
        let padding = String(repeating: " ", count: widths[column] - row[column].count)
        return rightAligned.contains(column) ? padding + row[column] : row[column] + padding
      }
      var line = cells.joined(separator: "  ")
      while line.last == " " { line.removeLast() }
      text += line + "\n"
    }
    return text
  }

  /// The text with line breaks, tabs and other control characters shown as spaces, so that one
  /// row stays on one line however odd the data.
  static func singleLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
    return String(
      String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
  }
}
