import Testing

@testable import ArchiveInput

@Suite struct ZipEndRecordTests {
  /// An end record whose comment is `commentLength` bytes long, without the comment.
  func record(commentLength: Int) -> [UInt8] {
    let length = [UInt8(commentLength & 0xFF), UInt8(commentLength >> 8)]
    return [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 16) + length
  }

  /// The record found in the last bytes of `file`, as `ArchiveSource` reads them.
  func endRecord(in file: [UInt8]) -> ZipEndRecord? {
    ZipEndRecord(tail: Array(file.suffix(ZipEndRecord.searchLength)), endingAt: Int64(file.count))
  }

  @Test(arguments: [0, 1, 16_000, 20_000, 65_535])
  func theRecordIsFoundBeforeACommentOfAnyLength(commentLength: Int) {
    let members = Array(repeating: UInt8(ascii: "m"), count: 70_000)
    let comment = Array(repeating: UInt8(ascii: "c"), count: commentLength)
    let found = endRecord(in: members + record(commentLength: commentLength) + comment)
    #expect(found?.offset == 70_000)
    #expect(found?.end == 70_022)
  }

  @Test func aSignatureInsideTheCommentIsPassedOver() {
    // Its comment length (the bytes "cc") does not reach the end of the file.
    let comment = Array("PK\u{5}\u{6}".utf8) + Array(repeating: UInt8(ascii: "c"), count: 30_000)
    let file = Array(repeating: UInt8(ascii: "m"), count: 100) + record(commentLength: comment.count) + comment
    #expect(endRecord(in: file)?.offset == 100)
  }

  @Test func bytesWithoutARecordWhoseCommentEndsTheFileHaveNone() {
    #expect(endRecord(in: record(commentLength: 10) + Array(repeating: 0, count: 11)) == nil)
    #expect(endRecord(in: record(commentLength: 10) + Array(repeating: 0, count: 9)) == nil)
    #expect(endRecord(in: Array(record(commentLength: 0).dropFirst())) == nil)
    #expect(endRecord(in: []) == nil)
    // More bytes after the record than a comment can have, and than are searched.
    #expect(endRecord(in: record(commentLength: 0) + Array(repeating: 0, count: 70_000)) == nil)
  }
}
