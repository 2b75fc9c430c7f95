import CSV
import Foundation
import TestSupport
import Testing

@testable import ArchiveInput

/// gzip files of one member or several, damaged, cut short or padded, made here by zlib (Python's
/// gzip module) and /bin/gzip and read through `CSVReader(unpacking:)`.
@Suite struct GzipSourceTests {
  let files: ArchiveSourceTests
  var folder: TemporaryFolder { files.folder }

  /// Two members' worth of a small CSV file: the header and Munich (the latitude the outside
  /// attack changed, 48.1385), then the rest.
  static let firstPart = "zip,place,lat,lon\n80331,München,48.1385,11.5733\n10115,Berlin,52.5323,13.3846\n"
  static let secondPart = "01945,Guteborn,51.4167,13.9333\n20095,Hamburg,53.5507,10.0014\n"

  init() throws {
    files = try ArchiveSourceTests()
  }

  /// `text` as one gzip member made by zlib at compression `level` (0 stores it: a flipped bit in
  /// the data still inflates, and only the trailer tells).
  func member(_ text: String, level: Int) throws -> [UInt8] {
    let source = try folder.write("member-\(UUID().uuidString)", text)
    let target = folder.path("member-\(UUID().uuidString).gz")
    try files.python(
      """
      import gzip, sys
      data = open(sys.argv[1], 'rb').read()
      open(sys.argv[2], 'wb').write(gzip.compress(data, compresslevel=int(sys.argv[3]), mtime=0))
      """, [source, target, "\(level)"])
    return try Array(Data(contentsOf: URL(fileURLWithPath: target)))
  }

  /// The records of `bytes` read as a file, or the error they end with.
  func read(_ bytes: [UInt8]) throws -> Result<[[String]], CSVError> {
    let reader = try CSVReader(unpacking: try folder.write("read.gz", bytes: bytes))
    var all: [[String]] = []
    do {
      while let record = try reader.next() { all.append(record.fields) }
      return .success(all)
    } catch {
      return .failure(error)
    }
  }

  func fields(_ text: String) -> [[String]] {
    text.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
  }

  // MARK: Several members

  @Test func gzipFilesJoinedWithCatAreReadWhole() throws {
    let path = folder.path("joined.gz")
    try files.python(
      """
      import gzip, sys
      data = open(sys.argv[1], 'rb').read()
      middle = len(data) // 2
      open(sys.argv[2], 'wb').write(gzip.compress(data[:middle]) + gzip.compress(data[middle:]))
      """, [files.plainPath, path])
    #expect(try files.records(at: path) == files.records(at: files.plainPath))
  }

  @Test func membersMadeByGzipAndJoinedWithCatAreReadWholeAnEmptyOneAmongThem() throws {
    // /bin/gzip keeps each file's name in its member's header; an empty file gives a member with
    // no data, which `gzip -d` passes over.
    var joined: [UInt8] = []
    for (name, text) in [("first.csv", Self.firstPart), ("empty.csv", ""), ("second.csv", Self.secondPart)] {
      let path = try folder.write(name, text)
      let result = try runCommand(URL(fileURLWithPath: "/bin/gzip"), ["-9", path])
      try #require(result.status == 0, "\(result.err)")
      joined += try Array(Data(contentsOf: URL(fileURLWithPath: path + ".gz")))
    }
    #expect(try read(joined).get() == fields(Self.firstPart + Self.secondPart))
  }

  @Test func aJoinedGzipFileIsReadWholeFromAPipe() throws {
    let joined = try member(Self.firstPart, level: 6) + member(Self.secondPart, level: 6)
    let input = files.pipe(writing: joined)
    defer { input.close() }
    #expect(try files.records(at: input.path).map(\.fields) == fields(Self.firstPart + Self.secondPart))
  }

  /// Two members, the first stored and the second compressed, then `padding`.
  func joinedFile(padding: [UInt8]) throws -> (bytes: [UInt8], first: Range<Int>, second: Range<Int>) {
    let first = try member(Self.firstPart, level: 0)
    let second = try member(Self.secondPart, level: 9)
    return (first + second + padding, 0..<first.count, first.count..<first.count + second.count)
  }

  @Test(arguments: [0, 16])
  func aFlippedBitInAnyMemberOfAJoinedGzipFileIsAnErrorOrChangesNothing(zeros: Int) throws {
    let (whole, first, second) = try joinedFile(padding: Array(repeating: 0, count: zeros))
    let expected = fields(Self.firstPart + Self.secondPart)
    // Where every bit counts: the stored data of the first member, each member's trailer (CRC-32
    // and length) and the zeros after them.
    let data = try #require(whole[first].firstRange(of: Array(Self.firstPart.utf8)))
    var mustRefuse = Set(data)
    mustRefuse.formUnion(first.upperBound - 8..<first.upperBound)
    mustRefuse.formUnion(second.upperBound - 8..<second.upperBound)
    mustRefuse.formUnion(whole.count - zeros..<whole.count)
    var refused = 0
    // Not the first two bytes, the magic number: changed, the file is no gzip file and is read as
    // plain text.
    for index in 2..<whole.count {
      for bit in 0..<8 {
        var bytes = whole
        bytes[index] ^= 1 << bit
        switch try read(bytes) {
        case .failure(let error):
          refused += 1
          #expect(error.message.hasPrefix("the gzip file is damaged"), "byte \(index) bit \(bit): \(error)")
        case .success(let records):
          // Some bits change nothing: a header's time and flag for text, the padding of a
          // block's last byte.
          #expect(!mustRefuse.contains(index), "byte \(index) bit \(bit) was read as \(records)")
          #expect(records == expected, "byte \(index) bit \(bit)")
        }
      }
    }
    #expect(refused >= mustRefuse.count * 8)
  }

  @Test func aDamagedSecondMemberIsNamedWithItsOffset() throws {
    let (whole, _, second) = try joinedFile(padding: [])
    var crc = whole
    crc[second.upperBound - 8] ^= 0x10
    let crcProblem = try #require(read(crc).failure)
    #expect(crcProblem.line == nil)
    #expect(crcProblem.message.hasPrefix("the gzip file is damaged: its data has CRC-32 0x"), "\(crcProblem)")
    #expect(
      crcProblem.message.hasSuffix(
        ", not the one its trailer gives (in member 2, which starts at offset \(second.lowerBound))"), "\(crcProblem)")
    var length = whole
    length[second.upperBound - 4] ^= 0x01
    #expect(
      try read(length).failure?.message
        == "the gzip file is damaged: its data is \(Self.secondPart.utf8.count) bytes long, not the length its "
        + "trailer gives (in member 2, which starts at offset \(second.lowerBound))")
  }

  @Test func aFlippedBitInTheFirstMemberOfAJoinedGzipFileFromAPipeIsAnError() throws {
    let joined = try joinedFile(padding: [])
    var bytes = joined.bytes
    let at = try #require(bytes[joined.first].firstRange(of: Array("48.1385".utf8)))
    bytes[at.lowerBound + 4] ^= 0x02  // 48.1585, as in the attack
    let input = files.pipe(writing: bytes)
    defer { input.close() }
    let reader = try CSVReader(unpacking: input.path)
    #expect(throws: CSVError.self) {
      while try reader.next() != nil {}
    }
  }

  // MARK: Cut short

  @Test func aGzipFileCutInsideAMemberIsAnError() throws {
    let (whole, first, _) = try joinedFile(padding: [])
    for length in 2..<whole.count {
      let result = try read(Array(whole.prefix(length)))
      if length == first.upperBound {
        // Cut between the members it is a whole gzip file of one member: no reader can tell.
        #expect(try result.get() == fields(Self.firstPart))
      } else {
        #expect(
          result.failure?.message.hasPrefix("the gzip file is damaged or incomplete: ") == true,
          "cut at \(length): \(result)")
      }
    }
    #expect(
      try read(Array(whole.dropLast(3))).failure?.message
        == "the gzip file is damaged or incomplete: it ends in the middle of a member (in member 2, which "
        + "starts at offset \(first.upperBound))")
  }

  // MARK: After the last member

  @Test(arguments: [1, 100, 200_000])
  func zeroBytesAfterTheLastMemberArePassedOver(count: Int) throws {
    // 200,000 zeros span several of the reader's chunks.
    let bytes = try member(Self.firstPart, level: 6) + Array(repeating: 0, count: count)
    #expect(try read(bytes).get() == fields(Self.firstPart))
  }

  @Test func otherBytesAfterTheLastMemberAreAnErrorNamingTheirOffset() throws {
    let first = try member(Self.firstPart, level: 6)
    let second = try member(Self.secondPart, level: 6)
    let cases: [(bytes: [UInt8], offset: Int, after: Int)] = [
      (first + Array("garbage\n".utf8), first.count, 1),
      (first + [0x1E], first.count, 1),
      (first + Array(repeating: 0, count: 100) + [0x01], first.count + 100, 1),
      // Zeros are padding at the end of the file, never between members.
      (first + Array(repeating: 0, count: 4) + second, first.count + 4, 1),
      (first + second + Array(repeating: 0, count: 70_000) + [0xFF], first.count + second.count + 70_000, 2),
    ]
    for (bytes, offset, after) in cases {
      #expect(
        try read(bytes).failure?.message
          == "the gzip file is damaged: at offset \(offset), after member \(after), come bytes that are neither a "
          + "gzip member nor zeros")
    }
  }

  @Test func aSecondMemberWithADamagedHeaderIsAnError() throws {
    let first = try member(Self.firstPart, level: 6)
    let second = try member(Self.secondPart, level: 6)
    var bytes = first + second
    bytes[first.count + 1] = 0x8C  // its magic number's second byte
    #expect(
      try read(bytes).failure?.message
        == "the gzip file is damaged or incomplete: incorrect header check (in member 2, which starts at offset "
        + "\(first.count))")
  }

  // MARK: One member

  @Test func aCorruptGzipFileIsOneErrorWithZlibsReason() throws {
    var bytes = try Array(
      Data(contentsOf: URL(fileURLWithPath: try files.compress(files.plainPath, with: "gzip", as: "whole.gz"))))
    // Garbage in place of the deflate stream after its first few bytes.
    for i in 20..<min(bytes.count, 4_000) { bytes[i] = UInt8(truncatingIfNeeded: i &* 151 &+ 7) }
    let problem = try read(bytes).failure
    #expect(problem?.line == nil)
    #expect(
      problem?.message.hasPrefix("the gzip file is damaged or incomplete: ") == true, "\(String(describing: problem))")
  }

  @Test func aFlippedBitInAGzipFileIsFoundByItsChecksum() throws {
    var bytes = try member(Self.firstPart + Self.secondPart, level: 0)
    let at = try #require(bytes.firstRange(of: Array("48.1385".utf8)))
    bytes[at.lowerBound + 4] ^= 0x02
    #expect(
      try read(bytes).failure?.message.hasPrefix("the gzip file is damaged: its data has CRC-32 0x") == true)
  }

  @Test func aGzipMagicNumberWithoutAHeaderIsAnErrorNotData() throws {
    for bytes: [UInt8] in [[0x1F, 0x8B], [0x1F, 0x8B, 0x63] + Array("sv,text\n".utf8)] {
      let problem = try read(bytes).failure
      #expect(
        problem?.message.hasPrefix("the gzip file is damaged or incomplete: ") == true, "\(String(describing: problem))"
      )
    }
  }

  @Test func aReaderWaitingOnAStalledGzipPipeStopsWhenAsked() throws {
    let whole = try Array(
      Data(contentsOf: URL(fileURLWithPath: try files.compress(files.plainPath, with: "gzip", as: "zips.csv.gz"))))
    let input = files.pipe(writing: Array(whole.prefix(whole.count / 2)), thenStall: true)
    defer { input.close() }
    let reader = try CSVReader(unpacking: input.path)
    let stop = Flag()
    reader.shouldStop = { stop.isSet }
    var read = 0
    #expect(throws: CSVError(line: nil, message: "reading stopped")) {
      while try reader.next() != nil {
        read += 1
        if read == 100 { stop.set() }
      }
    }
    #expect(read >= 100)
  }
}

extension Result {
  /// The error, if it is one.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
