/// One data line of an import file, read and checked (`RecordSource.next()`).
enum ParsedLine: Sendable {
  /// A valid row and the line it came from, with the name of its state when the file gives one
  /// beside its code (GeoNames' admin_name1; a CSV's `state` beside `state_abbr`), and whether
  /// its state is a name for want of its code (`ColumnMap.stateIsItsName(in:)`).
  case row(line: Int, zipCode: ZipCode, stateName: String?, stateIsName: Bool)
  /// An invalid line, to skip (the producer stops at the first one unless told to skip them).
  case invalid(ImportError)
}
