import Foundation

/// A CSV of generated zip codes for tests that need a million rows, written in this module,
/// which the test command builds optimised, for `zipgeo import` to load: importing it takes a
/// fifth of the time the same rows take through `INSERT` and the table's triggers.
///
/// ```swift
/// try GeneratedZips.write(count: 1_000_000, to: csv)   // 0000001,Place 1,TX,County 1,-89.85,-179.85
/// ```
public enum GeneratedZips {
  /// Writes the header `zip,place,state,county,lat,lon` and `count` rows: for each `i` from 1,
  /// zip `i` in seven digits, place `Place i`, state `TX`, county `County (i % 3000)`, latitude
  /// `(i % 1800) / 10 - 89.95` and longitude `(i % 3600) / 10 - 179.95`, spread over the grid.
  public static func write(count: Int, to path: String) throws {
    var text = "zip,place,state,county,lat,lon\n"
    text.reserveCapacity(count * 48)
    for i in stride(from: 1, through: count, by: 1) {
      let zip = String(i)
      text += String(repeating: "0", count: max(0, 7 - zip.utf8.count)) + zip
      text += ",Place \(i),TX,County \(i % 3000),"
      text += "\(Double(i % 1800) / 10 - 89.95),\(Double(i % 3600) / 10 - 179.95)\n"
    }
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }
}
