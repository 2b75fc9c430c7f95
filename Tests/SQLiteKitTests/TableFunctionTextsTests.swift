import Testing

@testable import SQLiteKit

@Suite struct TableFunctionTextsTests {
  @Test func eachTextIsKeptOnceWithANulAfterIt() {
    let texts = TableFunctionTexts()
    let texas = texts.bytes(of: "Texas")
    #expect(Array(texas) == Array("Texas".utf8))
    #expect(texas.baseAddress![texas.count] == 0)
    #expect(texts.bytes(of: "Texas").baseAddress == texas.baseAddress)
    #expect(texts.count == 1)
    let empty = texts.bytes(of: "")
    #expect(empty.isEmpty && empty.baseAddress![0] == 0)
    // A NUL inside a text is part of it: the length, not the NUL, ends it.
    let inner = texts.bytes(of: "a\u{0}b")
    #expect(Array(inner) == [0x61, 0, 0x62] && inner.baseAddress![3] == 0)
    let long = String(repeating: "é", count: 100_000)
    #expect(texts.bytes(of: long).count == 200_000)
    #expect(texts.count == 4)
  }

  /// The cells point at the kept bytes, which a table function's SQL reads back as they were.
  @Test func cellsReadTheKeptTextsBack() {
    let texts = TableFunctionTexts()
    let cells = TableFunctionCells(rows: 2, columns: 1, owners: [texts])
    cells.set(terminatedText: texts.bytes(of: "Île-de-France"), row: 0, column: 0)
    cells.set(terminatedText: texts.bytes(of: "Île-de-France"), row: 1, column: 0)
    #expect(cells.storage[0].value.text == cells.storage[1].value.text)
    #expect(String(cString: cells.storage[0].value.text!) == "Île-de-France")
    #expect(cells.storage[0].bytes == Int32("Île-de-France".utf8.count))
  }
}
