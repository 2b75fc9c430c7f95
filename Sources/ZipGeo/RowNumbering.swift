/// How the rows of an import are numbered: each new row's rowid is its line in its file plus its
/// file's offset, and each file's offset is at least the largest rowid before it, so that the
/// rows of different files (and the rows kept from earlier imports) never meet, and a rowid
/// names its file and line.
///
/// ```swift
/// var numbering = RowNumbering()
/// numbering.files = [("a.txt", 0), ("b.txt", 120)]
/// numbering.place(of: 125)  // ("b.txt", 5)
/// ```
struct RowNumbering {
  /// Each file as messages name it, with its offset, in the order they were read.
  var files: [(name: String, offset: Int64)] = []

  /// The file and line of the row numbered `rowid`: the file with the largest offset below it.
  func place(of rowid: Int64) -> (file: String, line: Int) {
    guard let file = files.last(where: { $0.offset < rowid }) ?? files.first else { return ("", Int(rowid)) }
    return (file.name, Int(rowid - file.offset))
  }

  /// Moves every file's rows by `delta`, as `UPDATE zips SET rowid = rowid + delta` does.
  mutating func shift(by delta: Int64) {
    files = files.map { ($0.name, $0.offset + delta) }
  }
}
