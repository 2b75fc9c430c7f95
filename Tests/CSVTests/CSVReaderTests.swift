import Foundation
import Testing

@testable import CSV

@Suite struct CSVReaderTests {
  func records(_ text: String) throws -> [CSVRecord] {
    try records(bytes: Array(text.utf8))
  }

  func records(bytes: [UInt8], maximumFieldBytes: Int = 1 << 20) throws -> [CSVRecord] {
    let reader = CSVReader(bytes: bytes, maximumFieldBytes: maximumFieldBytes)
    var all: [CSVRecord] = []
    while let record = try reader.next() { all.append(record) }
    return all
  }

  func error(_ text: String) -> CSVError? {
    error(bytes: Array(text.utf8))
  }

  func error(bytes: [UInt8]) -> CSVError? {
    do {
      _ = try records(bytes: bytes)
      return nil
    } catch {
      return error as? CSVError
    }
  }

  @Test func plainRecordsSplitOnCommasAndLineEnds() throws {
    #expect(
      try records("zip,lat,lon\n01001,42.07,-72.62\n")
        == [
          CSVRecord(line: 1, fields: ["zip", "lat", "lon"]), CSVRecord(line: 2, fields: ["01001", "42.07", "-72.62"]),
        ])
  }

  @Test func quotedFieldsMayHoldCommasQuotesAndLineBreaks() throws {
    let result = try records("a,b\n\"Washington, DC\",\"say \"\"hi\"\"\"\n\"two\nlines\",x\nlast,row\n")
    #expect(result[1].fields == ["Washington, DC", "say \"hi\""])
    #expect(result[2].fields == ["two\nlines", "x"])
    #expect(result[2].line == 3)
    #expect(result[3].line == 5, "the line after a two-line record")
  }

  @Test func aByteOrderMarkIsSkipped() throws {
    let result = try records(bytes: [0xEF, 0xBB, 0xBF] + Array("zip,lat\n1,2\n".utf8))
    #expect(result[0].fields == ["zip", "lat"])
  }

  @Test func crlfAndLoneCRLineEndsAreLineEnds() throws {
    let result = try records("a,b\r\n1,2\r\n3,4\r5,6")
    #expect(result.map(\.fields) == [["a", "b"], ["1", "2"], ["3", "4"], ["5", "6"]])
    #expect(result.map(\.line) == [1, 2, 3, 4])
  }

  @Test func aFinalRecordWithoutALineEndIsRead() throws {
    #expect(try records("a,b\n1,2").last?.fields == ["1", "2"])
    #expect(try records("a,b\n\"1\",\"2\"").last?.fields == ["1", "2"])
  }

  @Test func emptyFieldsAndBlankLinesAreKept() throws {
    let result = try records("a,,c\n\n,\n")
    #expect(result.map(\.fields) == [["a", "", "c"], [""], ["", ""]])
    #expect(result[1].isBlank)
    #expect(try records("").isEmpty)
  }

  @Test func anUnterminatedQuoteIsAnErrorNamingItsLine() {
    let problem = error("a,b\n1,\"open\n2,3\n")
    #expect(problem == CSVError(line: 2, message: "a quoted field starting here is never closed"))
  }

  @Test func textAfterAClosingQuoteIsAnError() {
    let problem = error("a,b\n\"x\"y,2\n")
    #expect(problem?.line == 2)
    #expect(problem?.message.contains("'y' after a closing quote") == true)
  }

  @Test func invalidUTF8IsAnError() {
    #expect(
      error(bytes: Array("a\n".utf8) + [0xC3, 0x28, 0x0A]) == CSVError(line: 2, message: "the text is not valid UTF-8"))
  }

  @Test func nulBytesMarkABinaryFile() {
    #expect(error(bytes: [0x61, 0x0A, 0x00, 0x01])?.line == 2)
  }

  @Test func utf16FilesAreRefusedWithAHint() {
    #expect(
      error(bytes: [0xFF, 0xFE, 0x61, 0x00])
        == CSVError(line: nil, message: "the file is UTF-16 text; save it as UTF-8"))
  }

  @Test func overlongFieldsAreRefused() {
    let text = Array("a,".utf8) + [UInt8](repeating: 0x78, count: 100)
    #expect(throws: CSVError.self) { try records(bytes: text, maximumFieldBytes: 50) }
  }

  @Test func unicodeTextIsKept() throws {
    #expect(try records("Mayagüez,Añasco\n")[0].fields == ["Mayagüez", "Añasco"])
  }

  @Test func filesAreReadAcrossChunkBoundaries() throws {
    // More than one 64 KiB chunk, with a CRLF and a quoted field straddling chunk edges.
    var text = "zip,place\r\n"
    for i in 0..<20_000 { text += "\(String(format: "%05d", i)),\"Place, \(i)\"\r\n" }
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("csv-\(UUID().uuidString).csv").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reader = try CSVReader(path: path)
    var count = 0
    while let record = try reader.next() {
      if count > 0 {
        #expect(record.fields == [String(format: "%05d", count - 1), "Place, \(count - 1)"])
        #expect(record.line == count + 1)
      }
      count += 1
    }
    #expect(count == 20_001)
  }

  @Test func aMissingFileIsAnError() {
    #expect(throws: CSVError(line: nil, message: "No such file or directory")) {
      try CSVReader(path: "/nonexistent/zips.csv")
    }
  }

  /// Hands out an endless file one chunk at a time, counting the chunks.
  final class EndlessSource: ByteSource {
    var chunksRead = 0
    func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
      chunksRead += 1
      var chunk = chunksRead == 1 ? Array("zip,lat,lon\n".utf8) : []
      while chunk.count < 1 << 16 { chunk += Array("01001,42.0702,-72.6227\n".utf8) }
      return chunk
    }
  }

  @Test func recordsArriveWhileTheFileIsStillBeingReadNeverAllAtOnce() throws {
    let source = EndlessSource()
    let reader = CSVReader(
      source: source, separator: UInt8(ascii: ","), maximumFieldBytes: 1 << 20, maximumFields: 100_000,
      maximumRecordBytes: 1 << 26)
    for _ in 0..<100_000 { _ = try reader.next() }
    // 100,000 records of 23 bytes need about 36 chunks of 64 KiB: one at a time, never the file.
    #expect(source.chunksRead < 40)
  }

  @Test func aRecordWithMoreFieldsThanTheLimitIsRefusedAtItsLine() throws {
    let reader = CSVReader(
      bytes: Array("zip,lat,lon\n1,2,3\n\(String(repeating: ",", count: 10)),\n".utf8), maximumFields: 5)
    #expect(try reader.next()?.fields == ["zip", "lat", "lon"])
    #expect(try reader.next()?.fields == ["1", "2", "3"])
    #expect(throws: CSVError(line: 3, message: "the record has more than 5 fields (the most a record may have)")) {
      try reader.next()
    }
  }

  @Test func aRecordWithExactlyTheMostFieldsIsRead() throws {
    let reader = CSVReader(bytes: Array("a,b,c,d,e\n".utf8), maximumFields: 5)
    #expect(try reader.next()?.fields.count == 5)
  }

  @Test func tenMillionEmptyFieldsAreRefusedAfterTheFirstHundredThousand() throws {
    // Ten million commas: the reader stops at field 100,000 instead of building ten million strings.
    let reader = CSVReader(bytes: [UInt8](repeating: UInt8(ascii: ","), count: 10_000_000) + [UInt8(ascii: "\n")])
    #expect(throws: CSVError(line: 1, message: "the record has more than 100000 fields (the most a record may have)")) {
      try reader.next()
    }
  }

  @Test func aRecordLargerThanTheLimitIsRefusedEvenWhenEachFieldIsSmall() throws {
    let line = Array(repeating: "abcdefghi", count: 10).joined(separator: ",")
    let reader = CSVReader(bytes: Array((line + "\n").utf8), maximumRecordBytes: 50)
    #expect(throws: CSVError(line: 1, message: "a record is longer than 50 bytes")) { try reader.next() }
  }

  /// Hands out its chunks one at a time, as a decompressor does, and says where they come from.
  struct Chunks: ByteSource {
    var rest: [[UInt8]]
    var inputBytesRead: Int? { 7 }
    var member: String? { "zips.csv" }
    mutating func read(stoppingWhen shouldStop: (() -> Bool)?) -> [UInt8] { rest.isEmpty ? [] : rest.removeFirst() }
  }

  @Test func aSourceMadeByTheCallerIsReadAcrossItsChunksAndReportsItsOwnProgressAndMember() throws {
    let chunks = ["zip,la", "t\n\"0", "1001\",42\n"].map { Array($0.utf8) }
    let reader = CSVReader(source: Chunks(rest: chunks))
    var all: [CSVRecord] = []
    while let record = try reader.next() { all.append(record) }
    #expect(all == [CSVRecord(line: 1, fields: ["zip", "lat"]), CSVRecord(line: 2, fields: ["01001", "42"])])
    #expect(reader.member == "zips.csv")
    #expect(reader.bytesRead == 7)
    #expect(reader.totalBytes == nil)
  }

  @Test func aReaderWaitingOnASilentPipeStopsWhenAsked() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { close(ends[1]) }
    let reader = try CSVReader(path: "/dev/fd/\(ends[0])")
    close(ends[0])
    // Nothing is ever written: without the question the read would wait forever.
    let asked = Counter()
    reader.shouldStop = { asked.increment() >= 2 }
    #expect(throws: CSVError(line: nil, message: "reading stopped")) { try reader.next() }
  }
}

extension CSVReaderTests {
  @Test func aFieldTooLongIsReportedAtTheLineItsRecordStartsOn() throws {
    // A quoted field with line breaks passes the limit four lines after its record starts.
    let reader = CSVReader(
      bytes: Array("zip,place\n1,\"a\nb\nc\nd\ne\nfffffffffffffffffff\"\n".utf8), maximumFieldBytes: 16)
    _ = try reader.next()
    #expect(throws: CSVError(line: 2, message: "a field is longer than 16 bytes")) { try reader.next() }
  }
}

/// A count shared with a `@Sendable` closure.
final class Counter: @unchecked Sendable {
  private var value = 0
  /// Adds one and returns the new count.
  func increment() -> Int {
    value += 1
    return value
  }
}

extension CSVReaderTests {
  /// Hands out its bytes a few at a time, as a pipe does.
  struct Trickle: ByteSource {
    var rest: [UInt8]
    mutating func read(stoppingWhen shouldStop: (() -> Bool)?) -> [UInt8] {
      let chunk = Array(rest.prefix(3))
      rest.removeFirst(chunk.count)
      return chunk
    }
  }

  @Test func theFirstLineCanBeLookedAtWithoutBeingConsumed() throws {
    let reader = CSVReader(source: Trickle(rest: Array("\u{FEFF}DE\t1\t\"x\r\nCH\t2\ty\n".utf8)))
    #expect(try reader.peekFirstLine() == "DE\t1\t\"x")
    #expect(try reader.peekFirstLine() == "DE\t1\t\"x")
    reader.separator = UInt8(ascii: "\t")
    reader.quoting = false
    #expect(try reader.next() == CSVRecord(line: 1, fields: ["DE", "1", "\"x"]))
    #expect(try reader.next() == CSVRecord(line: 2, fields: ["CH", "2", "y"]))
    #expect(try reader.next() == nil)
  }

  @Test func theFirstLineOfAFileWithoutLineEndIsTheWholeFile() throws {
    #expect(try CSVReader(source: Trickle(rest: Array("zip,lat".utf8))).peekFirstLine() == "zip,lat")
    #expect(try CSVReader(source: Trickle(rest: [])).peekFirstLine() == nil)
  }

  @Test func withoutQuotingAQuoteIsAnOrdinaryCharacter() throws {
    let reader = CSVReader(string: "a\t\"b\t\"c\"\"\n\"\t\"\n")
    reader.separator = UInt8(ascii: "\t")
    reader.quoting = false
    #expect(try reader.next()?.fields == ["a", "\"b", "\"c\"\""])
    #expect(try reader.next()?.fields == ["\"", "\""])
  }
}

extension CSVReaderTests {
  /// Hands out its bytes `size` at a time.
  struct Pieces: ByteSource {
    var rest: [UInt8]
    let size: Int
    mutating func read(stoppingWhen shouldStop: (() -> Bool)?) -> [UInt8] {
      let chunk = Array(rest.prefix(size))
      rest.removeFirst(chunk.count)
      return chunk
    }
  }

  @Test(arguments: [1, 2, 3, 5, 7, 64])
  func aRecordKeepsItsTextAsWrittenAcrossChunksWithoutItsLineEnd(size: Int) throws {
    let input = "\u{FEFF}id,\"name\"\r\n1,\"Washington, DC\"\r\n\r\n2,\"say \"\"hi\"\"\",\"two\nlines\"\rlast,Zürich"
    let reader = CSVReader(source: Pieces(rest: Array(input.utf8), size: size))
    reader.keepsText = true
    var all: [CSVRecord] = []
    while let record = try reader.next() { all.append(record) }
    #expect(
      all.map(\.text) == [
        "id,\"name\"", "1,\"Washington, DC\"", "", "2,\"say \"\"hi\"\"\",\"two\nlines\"", "last,Zürich",
      ])
    #expect(
      all.map(\.fields) == [
        ["id", "name"], ["1", "Washington, DC"], [""], ["2", "say \"hi\"", "two\nlines"], ["last", "Zürich"],
      ])
    #expect(all.map(\.line) == [1, 2, 3, 4, 6])
  }

  @Test func aRecordHasNoTextUnlessTheReaderKeepsIt() throws {
    #expect(try records("a,\"b\"\n").map(\.text) == [nil])
  }
}
