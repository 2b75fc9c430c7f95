import CSV

/// A source whose records are fields that a `ColumnMap` reads (`HeaderCSVRecords`,
/// `GeoNamesRecords`): it gives the map's rows.
protocol ColumnRecordSource: RecordSource {
  /// Which field holds what.
  var columns: ColumnMap { get set }
}

extension ColumnRecordSource {
  var defaultCountry: String {
    get { columns.defaultCountry }
    set { columns.defaultCountry = newValue }
  }

  func next() throws(ImportError) -> ParsedLine? {
    guard let record = try reader.nextNonBlank(file: file) else { return nil }
    do {
      return .row(
        line: record.line, zipCode: try columns.zipCode(from: record), stateName: try columns.stateName(in: record),
        stateIsName: columns.stateIsItsName(in: record))
    } catch {
      return .invalid(ImportError(file: file, line: record.line, message: error.message))
    }
  }
}
