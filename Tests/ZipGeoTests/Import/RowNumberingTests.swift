import Testing

@testable import ZipGeo

@Suite struct RowNumberingTests {
  @Test func aRowidNamesTheFileWhoseRowsItFollowsAndItsLine() {
    var numbering = RowNumbering()
    numbering.files = [("a.txt", 100), ("b.txt", 250), ("a.txt", 260)]
    #expect(numbering.place(of: 101) == (0, "a.txt", 1))
    #expect(numbering.place(of: 250) == (0, "a.txt", 150))
    #expect(numbering.place(of: 251) == (1, "b.txt", 1))
    // The same file given twice is told apart by its place.
    #expect(numbering.place(of: 265) == (2, "a.txt", 5))
  }
}
