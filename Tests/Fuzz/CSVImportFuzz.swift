// libFuzzer target for the CSV reader and the row validator: any bytes must give records or a
// CSVError, and any record a zip code or an ImportError.Problem; never a crash, a hang or a leak.
// Built and run by scripts/fuzz.sh, with the reader and validator sources, outside the package.
import CSV
import ZipGeo

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  // A small field limit, so that the limit's error path is reached too.
  let reader = CSVReader(bytes: bytes, maximumFieldBytes: 256)
  var columns: ColumnMap?
  var records = 0
  do {
    while let record = try reader.next() {
      records += 1
      precondition(record.line >= records, "a record's line cannot be before its position")
      if columns == nil {
        columns = try? ColumnMap(header: record.fields)
      } else if let columns {
        if let zip = try? columns.zipCode(from: record) {
          precondition(!zip.zip.isEmpty, "a valid zip is never empty")
          precondition((-90...90).contains(zip.coordinate.latitude), "latitude checked")
          precondition((-180...180).contains(zip.coordinate.longitude), "longitude checked")
        }
      }
    }
  } catch {
    precondition(error.line.map { $0 >= 1 } ?? true, "error lines are 1-based")
  }
  return 0
}
