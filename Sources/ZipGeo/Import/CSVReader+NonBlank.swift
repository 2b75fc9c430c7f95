import CSV

extension CSVReader {
  /// The next record that is not a blank line, or `nil` at the end; a problem with the file is
  /// an `ImportError` naming `file` and the line.
  func nextNonBlank(file: String) throws(ImportError) -> CSVRecord? {
    do {
      while let record = try next() {
        if !record.isBlank { return record }
      }
      return nil
    } catch {
      throw ImportError(file: file, line: error.line, message: error.message)
    }
  }
}
