import CSV

/// The records of a GeoNames postal code file as published (`allCountries.txt`, `DE.txt`): no
/// header, 12 tab-separated fields without quotes, in the order of `ColumnMap.geoNames`.
final class GeoNamesRecords: ColumnRecordSource {
  let reader: CSVReader
  let file: String
  var columns = ColumnMap.geoNames

  private init(reader: CSVReader, file: String) {
    self.reader = reader
    self.file = file
  }

  /// A source when the first line is a GeoNames record (`isRecord(_:)`); its rows are read
  /// tab-separated and without quotes.
  static func open(_ reader: CSVReader, firstLine: String?, file: String) throws(ImportError) -> GeoNamesRecords? {
    guard let firstLine, isRecord(firstLine) else { return nil }
    reader.separator = UInt8(ascii: "\t")
    reader.quoting = false
    return GeoNamesRecords(reader: reader, file: file)
  }

  var countryColumnNote: String? { "this GeoNames file has one (its first column)" }

  /// Whether `line`, a file's first line, is a GeoNames record: 12 tab-separated fields or more,
  /// the first a country code (in either case, as `CountryCode` reads it), the 10th and 11th
  /// decimal numbers.
  ///
  /// A file that is GeoNames in all but details (a lower-case country, a tab at the end of each
  /// line, a 13th column) is so recognised, and each row is then checked as a GeoNames record,
  /// which names the line and value of what is wrong (`ColumnMap.zipCode(from:)`).
  ///
  /// ```swift
  /// GeoNamesRecords.isRecord("DE\t01945\tGrünewald\tBrandenburg\tBB\t\t00\t...\t51.4\t14.1\t4")  // true
  /// ```
  static func isRecord(_ line: String) -> Bool {
    let layout = ColumnMap.geoNames
    let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
    guard fields.count >= layout.fieldCount, CountryCode(String(fields[0])) != nil else { return false }
    return Double(decimal: String(fields[layout.latitude]).trimmingSpaces) != nil
      && Double(decimal: String(fields[layout.longitude]).trimmingSpaces) != nil
  }
}
