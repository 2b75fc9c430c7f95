import CSQLiteAPI

/// The values of one part of a table function's rows, laid out so that SQLite's cursor hands
/// them over without calling back into Swift: SQLite asks for every column of every row it reads,
/// and a call back for each costs as much as the value.
///
/// Every cell starts NULL. A text cell points at bytes it does not copy, which a NUL follows (as
/// in SQLite's own copies, so that SQLite's copy of the value is terminated too): they must stay
/// where they are as long as the cells live, which `owners` (the objects whose memory holds them)
/// see to. Values outside the cells' rows and columns are ignored.
public final class TableFunctionCells {
  public let rows: Int
  public let columns: Int
  let storage: UnsafeMutablePointer<csqlite_tvf_cell>
  /// What holds the bytes of the text cells.
  private let owners: [AnyObject]

  /// `rows` rows of `columns` NULL cells; `owners` hold the bytes the text cells will point at.
  public init(rows: Int, columns: Int, owners: [AnyObject]) {
    let (rows, columns) = (max(0, rows), max(0, columns))
    let (count, overflow) = rows.multipliedReportingOverflow(by: columns)
    (self.rows, self.columns) = (overflow ? 0 : rows, columns)
    self.owners = owners
    storage = .allocate(capacity: overflow ? 1 : max(1, count))
    storage.initialize(repeating: csqlite_tvf_cell(), count: overflow ? 1 : max(1, count))
  }

  deinit { storage.deallocate() }

  @inline(__always)
  private func cell(row: Int, column: Int) -> UnsafeMutablePointer<csqlite_tvf_cell>? {
    guard row >= 0, row < rows, column >= 0, column < columns else { return nil }
    return storage + (row * columns + column)
  }

  public func set(_ real: Double, row: Int, column: Int) {
    guard let cell = cell(row: row, column: column) else { return }
    cell.pointee.type = SQLITE_FLOAT
    cell.pointee.value.real = real
  }

  public func set(_ integer: Int64, row: Int, column: Int) {
    guard let cell = cell(row: row, column: column) else { return }
    cell.pointee.type = SQLITE_INTEGER
    cell.pointee.value.integer = integer
  }

  /// A text: its UTF-8 `bytes`, which a NUL must follow, and which must stay in place while the
  /// cells live (in memory of one of `owners`); `nil` leaves the cell NULL.
  public func set(terminatedText bytes: UnsafeBufferPointer<UInt8>?, row: Int, column: Int) {
    guard let bytes, let cell = cell(row: row, column: column) else { return }
    // SQLite's texts are at most a billion bytes (SQLITE_MAX_LENGTH): longer is no text of its.
    guard bytes.count <= Int(Int32.max) else { return }
    cell.pointee.type = SQLITE_TEXT
    cell.pointee.bytes = Int32(bytes.count)
    // No address (an empty text): the cursor gives "".
    cell.pointee.value.text = UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
  }
}
