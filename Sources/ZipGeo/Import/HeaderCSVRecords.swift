import CSV

/// The records of a comma-separated file whose header names its columns (`zip,lat,lon,...`):
/// the format of every file that no other format recognises.
final class HeaderCSVRecords: ColumnRecordSource {
  let reader: CSVReader
  let file: String
  var columns: ColumnMap

  private init(reader: CSVReader, file: String, columns: ColumnMap) {
    self.reader = reader
    self.file = file
    self.columns = columns
  }

  /// Reads the header; fails when the file is empty or its header lacks a required column.
  static func open(_ reader: CSVReader, firstLine: String?, file: String) throws(ImportError) -> HeaderCSVRecords? {
    guard let header = try reader.nextNonBlank(file: file) else {
      throw ImportError(
        file: file, line: nil,
        message: "the file is empty; expected a header naming zip, latitude and longitude columns")
    }
    do {
      return HeaderCSVRecords(reader: reader, file: file, columns: try ColumnMap(header: header.fields))
    } catch {
      throw ImportError(file: file, line: header.line, message: error.message)
    }
  }

  var countryColumnNote: String? {
    columns.countryName.map { "this file has one ('\($0.shortened)')" }
  }
}
