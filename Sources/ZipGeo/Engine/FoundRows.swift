import Geodesy
import SQLiteKit

/// The rows one read of a search found (one square of the grid), kept as SQLite gave them: texts
/// as bytes in one buffer, each followed by a NUL as SQLite keeps them, so that a table function
/// hands them back to SQLite without making a `String` of any, and the Swift API makes a
/// `ZipCode` only of the rows it gives. Sorted nearest first once read; a search then takes its
/// rows from the front.
final class FoundRows: TextRows {
  /// The text columns kept, in the order of their spans: zip, place, state, county, country.
  static let textColumns = 5
  // Constants, made by a `Builder`: a class's variables are checked for exclusive access at
  // every read, on the path of every row.
  /// The texts' bytes, in memory of this object's own that never moves: table functions hand
  /// SQLite pointers into it (`TableFunctionCells`) while this object lives.
  private let text: UnsafeMutableBufferPointer<UInt8>
  /// Each row's numbers: where its texts are, its coordinates, accuracy and order.
  private let numbers: [Numbers]
  /// Whether the rows hold their columns; without, only their distance (a caller that reads
  /// no column of a zip code: rows as near are then told apart by nothing).
  let hasColumns: Bool
  /// The rows nearest first (nearer, or as near and of a zip before in SQLite's order, bytes as
  /// ORDER BY zip sorts them, then of a country before, then earlier in the file), with their
  /// distance and the first bytes of their zip as a number, for fast ties.
  let entries: [Entry]
  typealias Entry = (distance: Double, key: UInt64, row: Int32)

  /// The rows of `builder`, sorted nearest first.
  init(_ builder: consuming Builder) {
    builder.sortEntries()
    text = builder.text.takeBytes()
    (numbers, entries, hasColumns) = (builder.numbers, builder.entries, builder.hasColumns)
  }

  /// A row's numbers, appended to a read's rows in one piece (an array each took fourteen appends
  /// a row): for each text column (`textColumns`) where its bytes start in `text` and how many
  /// there are (-1: NULL), its coordinates, its accuracy (Int64.min: NULL) and its order in its
  /// file, the last of ties.
  fileprivate struct Numbers {
    var starts: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
    var counts: (Int, Int, Int, Int, Int) = (-1, -1, -1, -1, -1)
    var latitude = 0.0
    var longitude = 0.0
    var accuracy = Int64.min
    var order: Int64 = 0

    /// Where text column `column` is in `text`, or `nil` when it is NULL.
    func span(_ column: Int) -> Range<Int>? {
      let (start, count): (Int, Int)
      switch column {
      case 0: (start, count) = (starts.0, counts.0)
      case 1: (start, count) = (starts.1, counts.1)
      case 2: (start, count) = (starts.2, counts.2)
      case 3: (start, count) = (starts.3, counts.3)
      default: (start, count) = (starts.4, counts.4)
      }
      return count >= 0 ? start..<(start + count) : nil
    }
  }

  deinit { text.deallocate() }

  /// The rows of one read as it goes.
  struct Builder: TextRows {
    /// Whether rows are read with their columns (`append(from:distance:details:)`), or for
    /// their distance only (`append(distance:)`).
    let hasColumns: Bool
    fileprivate let text = TextBytes()
    fileprivate var numbers: [Numbers] = []
    fileprivate var entries: [Entry] = []

    var count: Int { entries.count }

    init(hasColumns: Bool = true) { self.hasColumns = hasColumns }

    /// Appends a row read for its distance only.
    mutating func append(distance: Double) { entries.append((distance, 0, Int32(truncatingIfNeeded: entries.count))) }

    /// Appends `row` (a statement's current row, or a function's arguments: values as
    /// `StoredCodes.zipCode(from:)` reads them; its order in its file at 9) found at `distance`;
    /// of place, state, county and accuracy only `details` are read, the others left NULL (each
    /// read of a statement's column is a call into SQLite, under its mutex in a serialized host
    /// such as Python).
    mutating func append<Row: RowValues & ~Copyable>(from row: borrowing Row, distance: Double, details: Details) {
      let index = Int32(numbers.count)
      if index == 0 { reserve(Self.firstRows) }
      var added = Numbers()
      let zip = row.textBytes(at: 0)
      (added.starts.0, added.counts.0) = appendText(zip)
      if details.contains(.place) { (added.starts.1, added.counts.1) = appendText(row.textBytes(at: 1)) }
      if details.contains(.state) { (added.starts.2, added.counts.2) = appendText(row.textBytes(at: 2)) }
      if details.contains(.county) { (added.starts.3, added.counts.3) = appendText(row.textBytes(at: 3)) }
      (added.starts.4, added.counts.4) = appendText(row.textBytes(at: 6))
      added.latitude = row.real(at: 4)
      added.longitude = row.real(at: 5)
      if details.contains(.accuracy) { added.accuracy = row.int64(at: 7, orIfNull: .min) }
      added.order = row.int64(at: 9, orIfNull: 0)
      numbers.append(added)
      var key: UInt64 = 0
      if let zip {
        for index in 0..<8 { key = key << 8 | UInt64(index < zip.count ? zip[index] : 0) }
      }
      entries.append((distance, key, index))
    }

    /// The rows a read first makes room for: arrays that grow from nothing to a few dozen rows
    /// would be made again five times each.
    static let firstRows = 32

    private mutating func reserve(_ rows: Int) {
      numbers.reserveCapacity(rows)
      entries.reserveCapacity(rows)
    }

    /// Appends `bytes`' texts; where they start and how many there are (-1: NULL). Ints: the texts
    /// of one read may pass what an Int32 holds (one text alone may be as long as SQLite allows),
    /// where a narrower number
    /// would trap inside the host.
    private func appendText(_ bytes: UnsafeBufferPointer<UInt8>?) -> (Int, Int) {
      guard let bytes else { return (0, -1) }
      return (text.append(bytes), bytes.count)
    }

    func withText<T>(row: Int32, column: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
      guard let span = numbers[Int(row)].span(column) else { return body(nil) }
      return text.withBytes { body(UnsafeBufferPointer(rebasing: $0[span])) }
    }

    func order(row: Int32) -> Int64 { numbers[Int(row)].order }

    /// Sorts the entries nearest first; only ties of distance and first bytes of zip read texts.
    mutating func sortEntries() {
      var entries = self.entries
      self.entries = []
      entries.sort { FoundRows.precedes($0, of: self, $1, of: self) }
      self.entries = entries
    }
  }

  /// Whether entry `a` of `x` comes before entry `b` of `y`: nearer, or as near and of a zip
  /// before in SQLite's order, then of a country before, then earlier in the file (only ties of
  /// distance and of the first bytes of zip read texts).
  static func precedes<X: TextRows, Y: TextRows>(_ a: Entry, of x: X, _ b: Entry, of y: Y) -> Bool {
    guard a.distance == b.distance else { return a.distance < b.distance }
    guard a.key == b.key else { return a.key < b.key }
    // Rows read for their distance only: any order is as good (`hasColumns`).
    guard x.hasColumns && y.hasColumns else { return a.row < b.row }
    return tieOrder(x, a.row, y, b.row)
  }

  /// Whether row `a` of `x` comes before row `b` of `y`, both as near and with the same first
  /// bytes of zip: by the rest of the zip, then the country, then the order in the file.
  private static func tieOrder<X: TextRows, Y: TextRows>(_ x: X, _ a: Int32, _ y: Y, _ b: Int32) -> Bool {
    for column in [0, 4] {
      let order = x.withText(row: a, column: column) { p in
        y.withText(row: b, column: column) { q -> Bool? in
          let (p, q) = (p ?? UnsafeBufferPointer(start: nil, count: 0), q ?? UnsafeBufferPointer(start: nil, count: 0))
          return p.elementsEqual(q) ? nil : p.lexicographicallyPrecedes(q)
        }
      }
      if let order { return order }
    }
    return x.order(row: a) < y.order(row: b)
  }

  /// Runs `body` with the bytes of text column `column` (0 zip, 1 place, 2 state, 3 county,
  /// 4 country) of `row`, a NUL after them, or `nil` when it is NULL.
  func withText<T>(row: Int32, column: Int, _ body: (UnsafeBufferPointer<UInt8>?) -> T) -> T {
    body(textBytes(row: row, column: column))
  }

  func order(row: Int32) -> Int64 { numbers[Int(row)].order }

  /// The bytes of text column `column` (0 zip, 1 place, 2 state, 3 county, 4 country) of `row`,
  /// in this object's memory, or `nil` when it is NULL (or the rows hold no columns).
  func textBytes(row: Int32, column: Int) -> UnsafeBufferPointer<UInt8>? {
    guard hasColumns, let span = numbers[Int(row)].span(column) else { return nil }
    return UnsafeBufferPointer(rebasing: text[span])
  }

  func string(row: Int32, column: Int) -> String? {
    withText(row: row, column: column) { $0.map { String(decoding: $0, as: UTF8.self) } }
  }

  func latitude(row: Int32) -> Double { numbers[Int(row)].latitude }
  func longitude(row: Int32) -> Double { numbers[Int(row)].longitude }
  func accuracy(row: Int32) -> Int64? {
    let accuracy = numbers[Int(row)].accuracy
    return accuracy == .min ? nil : accuracy
  }

  /// The zip code of `row`, made for the Swift API.
  func zipCode(row: Int32) -> ZipCode {
    ZipCode(
      zip: string(row: row, column: 0) ?? "", place: string(row: row, column: 1), state: string(row: row, column: 2),
      county: string(row: row, column: 3),
      coordinate: Coordinate(uncheckedLatitude: latitude(row: row), longitude: longitude(row: row)),
      country: string(row: row, column: 4) ?? "US", accuracy: accuracy(row: row).map { Int($0) })
  }

}

extension FoundRows {
  /// Puts columns `columns` (of `ZipCode.columns`) of `row` in row `index` of `cells`, the texts
  /// as pointers into this object's memory (the cells must hold it).
  func fill(_ cells: TableFunctionCells, at index: Int, row: Int32, columns: [Int]) {
    guard hasColumns else { return }
    for column in columns {
      switch column {
      case 0, 1, 2, 3: cells.set(terminatedText: textBytes(row: row, column: column), row: index, column: column)
      case 6: cells.set(terminatedText: textBytes(row: row, column: 4), row: index, column: column)
      case 4: cells.set(latitude(row: row), row: index, column: column)
      case 5: cells.set(longitude(row: row), row: index, column: column)
      case 7: if let accuracy = accuracy(row: row) { cells.set(accuracy, row: index, column: column) }
      default: break
      }
    }
  }

  /// The columns of a row besides zip, coordinates and country, which a search reads only when
  /// its caller uses them.
  struct Details: OptionSet {
    let rawValue: UInt8
    static let place = Details(rawValue: 1)
    static let state = Details(rawValue: 2)
    static let county = Details(rawValue: 4)
    static let accuracy = Details(rawValue: 8)
    static let all: Details = [.place, .state, .county, .accuracy]
  }
}
