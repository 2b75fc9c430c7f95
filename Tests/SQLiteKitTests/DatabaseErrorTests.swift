import SQLiteKit
import Testing

@Suite struct DatabaseErrorTests {
  /// A many-row INSERT is kilobytes of `(?, ?, ...)`: its error names the statement, on one line,
  /// and does not reprint it.
  @Test func anErrorShowsTheStartOfALongStatementOnly() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE zips(zip TEXT PRIMARY KEY, lat, lon)")
    let rows = Array(repeating: "(?, ?, ?)", count: 300).joined(separator: ",\n")
    let sql = "INSERT INTO zips (zip, lat, lon) VALUES\n" + rows
    let values: [any DatabaseValueConvertible] = Array(repeating: "01001", count: 900)
    let error = #expect(throws: DatabaseError.self) { try db.execute(sql, values) }
    #expect(error?.sql == sql)
    let description = try #require(error?.description)
    #expect(
      description
        == "SQLite error 19: UNIQUE constraint failed: zips.zip - while executing `INSERT INTO zips (zip, lat, lon)"
        + " VALUES (?, ?, ?), (?, ?, ?), (?, ?, ?), (?, ?, ?), (?, ?, ?), (?, ?...`", "\(description)")
    #expect(description.count < 200)
  }
}
