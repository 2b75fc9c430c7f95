/// How the rows of an import are numbered: each new row's rowid is its line in its file plus its
/// file's offset, and each file's offset is at least the largest rowid before it, so that the
/// rows of different files (and the rows kept from earlier imports) never meet, and a rowid
/// names its file and line.
///
/// ```swift
/// var numbering = RowNumbering()
/// numbering.files = [("a.txt", 0), ("b.txt", 120)]
/// numbering.place(of: 125)  // (1, "b.txt", 5)
/// ```
struct RowNumbering {
  /// Each file as messages name it, with its offset, in the order they were read.
  var files: [(name: String, offset: Int64)] = []

  /// The file (its place in `files` and its name) and line of the row numbered `rowid`: the
  /// last file whose offset is below it.
  func place(of rowid: Int64) -> (index: Int, file: String, line: Int) {
    guard let index = files.lastIndex(where: { $0.offset < rowid }) ?? (files.isEmpty ? nil : 0) else {
      return (0, "", Int(rowid))
    }
    return (index, files[index].name, Int(rowid - files[index].offset))
  }
}
