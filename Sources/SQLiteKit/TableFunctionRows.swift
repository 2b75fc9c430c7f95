import CSQLiteAPI

/// The rows a table function returns, read by SQLite one value at a time, and only those of the
/// columns the query uses: an array of rows, or a type that makes each value when it is asked
/// for (a search's results, without an array of values for every row).
public protocol TableFunctionRows {
  /// How many rows there are (in the current part, for rows that come in parts).
  var rowCount: Int { get }
  /// The value of `column` (a column of the function's, not an argument) in `row`.
  func value(row: Int, column: Int) -> DatabaseValue
  /// Gives SQLite the value of `column` in `row` through `result`: by default `value(row:column:)`;
  /// rows that hold their values as bytes give them without making a `DatabaseValue`.
  func write(row: Int, column: Int, to result: ResultSlot)
  /// The values of the rows (of the current part), laid out for SQLite to read without a call of
  /// `write` for each: by default `nil`, and `write` gives them. Cells must have a row for every
  /// row and a column for every column of the function, and stay as they are until `advance`.
  var cells: TableFunctionCells? { get }
  /// Replaces the rows with the next part of the answer, made when SQLite has read the current
  /// one (a query with a LIMIT may never ask): `false` after the last part. By default there is
  /// one part. Rows that come in parts are a class, which changes its own state here.
  func advance() throws -> Bool
}

extension TableFunctionRows {
  public func advance() throws -> Bool { false }
  public var cells: TableFunctionCells? { nil }
  public func write(row: Int, column: Int, to result: ResultSlot) { result.set(value(row: row, column: column)) }
}

extension Array: TableFunctionRows where Element == [DatabaseValue] {
  public var rowCount: Int { count }
  public func value(row: Int, column: Int) -> DatabaseValue { self[row][column] }
}
