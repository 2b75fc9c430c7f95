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
    do {
      // Each record is read from the reader's bytes, without a string of each field; blank
      // lines are passed over.
      while let parsed = try reader.nextFields({ $0.isBlank ? nil : parse($0) }) {
        if let parsed { return parsed }
      }
      return nil
    } catch {
      throw ImportError(file: file, line: error.line, message: error.message)
    }
  }

  private func parse(_ fields: CSVFields) -> ParsedLine {
    // Taken once: each use of the protocol's property copied the map (and retained its strings).
    let columns = self.columns
    do {
      return .row(
        line: fields.line, zipCode: try columns.zipCode(from: fields), stateName: try columns.stateName(in: fields),
        stateIsName: columns.stateIsItsName(in: fields))
    } catch {
      return .invalid(ImportError(file: file, line: fields.line, message: error.message))
    }
  }
}
