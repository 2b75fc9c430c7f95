import CSV
import Foundation
import TestSupport
import Testing

@testable import ArchiveInput

/// Compressed files and zip archives, made here by Python's gzip, lzma, bz2 and zipfile modules,
/// read through `CSVReader(unpacking:)`. (GzipSourceTests has the gzip files of several members,
/// damaged and padded.)
@Suite struct ArchiveSourceTests {
  let folder: TemporaryFolder
  /// A CSV file of a few hundred kilobytes (several of the reader's 64 KiB chunks once
  /// decompressed), with quoted fields, CRLF line ends and UTF-8.
  let plainPath: String

  init() throws {
    folder = try TemporaryFolder()
    var text = "zip,place,lat,lon\r\n"
    for i in 0..<8_000 { text += "\(String(format: "%05d", i)),\"Añasco, \(i)\",\(Double(i) / 100),-66.9\r\n" }
    plainPath = try folder.write("zips.csv", text)
  }

  /// Compresses `path` with Python's `module` (gzip, lzma or bz2) into `name` in the folder.
  func compress(_ path: String, with module: String, as name: String) throws -> String {
    let target = folder.path(name)
    try python(
      "import \(module), sys; open(sys.argv[2], 'wb').write(\(module).compress(open(sys.argv[1], 'rb').read()))",
      [path, target])
    return target
  }

  /// A zip archive `name` holding `members` (name, text) in order, deflated as GeoNames does.
  func zip(_ name: String, _ members: [(String, String)]) throws -> String {
    let target = folder.path(name)
    var arguments = [target]
    for (member, text) in members { arguments += [member, try folder.write("member-\(UUID().uuidString)", text)] }
    try python(
      """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as archive:
          for name, path in zip(sys.argv[2::2], sys.argv[3::2]):
              archive.write(path, name)
      """, arguments)
    return target
  }

  /// Runs `script` in /usr/bin/python3 with `arguments` as `sys.argv[1:]`.
  func python(_ script: String, _ arguments: [String]) throws {
    let result = try runCommand(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script] + arguments)
    try #require(result.status == 0, "\(result.err)")
  }

  func records(_ reader: CSVReader) throws -> [CSVRecord] {
    var all: [CSVRecord] = []
    while let record = try reader.next() { all.append(record) }
    return all
  }

  func records(at path: String) throws -> [CSVRecord] { try records(try CSVReader(unpacking: path)) }

  /// The error reading all of `path` ends with, after the records before it.
  func error(at path: String) throws -> CSVError? {
    let reader = try CSVReader(unpacking: path)
    do {
      while try reader.next() != nil {}
      return nil
    } catch {
      return error
    }
  }

  var plainText: String { (try? String(contentsOfFile: plainPath, encoding: .utf8)) ?? "" }

  @Test func gzipXzAndBzip2FilesGiveTheSameRecordsAsThePlainFile() throws {
    let expected = try records(at: plainPath)
    #expect(expected.count == 8_001)
    for (module, name) in [("gzip", "zips.csv.gz"), ("lzma", "zips.csv.xz"), ("bz2", "zips.csv.bz2")] {
      let reader = try CSVReader(unpacking: try compress(plainPath, with: module, as: name))
      #expect(try records(reader) == expected, "\(name)")
      #expect(reader.member == nil, "a compressed file has no members")
    }
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zstd")))
  func zstdFilesGiveTheSameRecordsAsThePlainFile() throws {
    let target = folder.path("zips.csv.zst")
    let result = try runCommand(URL(fileURLWithPath: "/usr/bin/zstd"), ["-q", plainPath, "-o", target])
    #expect(result.status == 0, "\(result.err)")
    #expect(try records(at: target) == records(at: plainPath))
  }

  @Test func aZipArchiveGivesTheSameRecordsAsThePlainFileAndNamesItsMember() throws {
    let reader = try CSVReader(unpacking: try zip("zips.zip", [("zips.csv", plainText)]))
    #expect(reader.member == nil, "not known before the first record")
    #expect(try records(reader) == records(at: plainPath))
    #expect(reader.member == "zips.csv")
  }

  @Test func aGeoNamesZipIsReadFromItsDataFileNotItsReadme() throws {
    let data = "DE\t01945\tGuteborn\nDE\t01945\tHermsdorf\n"
    let readme = "Readme for GeoNames Postal Code files :\n\nThis work is licensed under CC BY 4.0\n"
    for members in [[("DE.txt", data), ("readme.txt", readme)], [("readme.txt", readme), ("DE.txt", data)]] {
      let reader = try CSVReader(unpacking: try zip("DE.zip", members), separator: UInt8(ascii: "\t"))
      #expect(try records(reader).map(\.fields) == [["DE", "01945", "Guteborn"], ["DE", "01945", "Hermsdorf"]])
      #expect(reader.member == "DE.txt")
    }
  }

  @Test func aDataFileInAFolderOfTheZipIsFound() throws {
    let path = try zip("DE.zip", [("DE/README", "about"), ("DE/DE.txt", "a,b\n")])
    let reader = try CSVReader(unpacking: path)
    #expect(try records(reader).map(\.fields) == [["a", "b"]])
    #expect(reader.member == "DE/DE.txt")
  }

  @Test func aZipWithTwoDataFilesIsAnErrorNamingBoth() throws {
    let path = try zip("two.zip", [("DE.txt", "a\n"), ("readme.txt", "x"), ("AT.txt", "b\n")])
    #expect(
      try error(at: path)
        == CSVError(line: nil, message: "the zip archive holds 2 data files (DE.txt, AT.txt); it should hold one"))
  }

  /// A zip archive of 1,000 members (`f0000.txt`... or, with `folders`, `d0000/`...), as bytes.
  func manyMembers(folders: Bool) throws -> [UInt8] {
    let path = folder.path("many.zip")
    try python(
      """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], 'w') as archive:
          for i in range(1000):
              archive.writestr(('d%04d/' if sys.argv[2] == 'folders' else 'f%04d.txt') % i, 'a\\n')
      """, [path, folders ? "folders" : "files"])
    return try Array(Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func aZipOfThousandsOfDataFilesNamesTheFirstFiveAndCountsTheRest() throws {
    let bytes = try manyMembers(folders: false)
    let expected = CSVError(
      line: nil,
      message:
        "the zip archive holds 1000 data files (f0000.txt, f0001.txt, f0002.txt, f0003.txt, f0004.txt and 995 more); "
        + "it should hold one")
    #expect(try error(at: try folder.write("many.zip", bytes: bytes)) == expected)
    // From a pipe, after the first one's records.
    let input = pipe(writing: bytes)
    defer { input.close() }
    #expect(try error(at: input.path) == expected)
  }

  @Test func aZipOfThousandsOfFoldersNamesTheFirstFiveAndCountsTheRest() throws {
    let bytes = try manyMembers(folders: true)
    let expected = CSVError(
      line: nil,
      message: "the zip archive holds no data file, only d0000/, d0001/, d0002/, d0003/, d0004/ and 995 more")
    #expect(try error(at: try folder.write("many.zip", bytes: bytes)) == expected)
    let input = pipe(writing: bytes)
    defer { input.close() }
    #expect(try error(at: input.path) == expected)
  }

  @Test func anEmptyZipIsAnError() throws {
    let problem = try error(at: try zip("empty.zip", []))
    #expect(problem == CSVError(line: nil, message: "the zip archive is empty"), "\(String(describing: problem))")
  }

  @Test func aZipHoldingOnlyAReadmeIsAnErrorNamingIt() throws {
    #expect(
      try error(at: try zip("readme.zip", [("readme.txt", "x")]))
        == CSVError(line: nil, message: "the zip archive holds no data file, only readme.txt"))
  }

  @Test func aTruncatedXzFileIsOneErrorWithLibarchivesReason() throws {
    let whole = try Array(Data(contentsOf: URL(fileURLWithPath: try compress(plainPath, with: "lzma", as: "whole.xz"))))
    let path = try folder.write("cut.xz", bytes: Array(whole.prefix(whole.count / 2)))
    let problem = try error(at: path)
    #expect(problem?.line == nil)
    #expect(
      problem?.message.hasPrefix("the xz file is damaged or incomplete: ") == true, "\(String(describing: problem))")
  }

  /// Comments for a zip archive: long ones, where libarchive's seekable reader looked for the end
  /// record in the last 16 KiB only, and ones that hold the record's signature.
  static let comments: [(name: String, bytes: [UInt8])] = [
    ("short", Array("GeoNames".utf8)),
    ("16,500 bytes", Array(repeating: UInt8(ascii: "x"), count: 16_500)),
    ("the longest", Array(repeating: UInt8(ascii: "x"), count: 65_535)),
    ("a signature and 20,000 bytes", Array("PK\u{5}\u{6}".utf8) + Array(repeating: UInt8(ascii: "x"), count: 20_000)),
    (
      "a signature 100 bytes before its end",
      Array("xPK\u{5}\u{6}".utf8) + Array(repeating: UInt8(ascii: "y"), count: 96)
    ),
  ]

  @Test(arguments: Self.comments.map(\.name))
  func aZipWithACommentIsReadFromAFileAsFromAPipe(comment: String) throws {
    let bytes = try #require(Self.comments.first { $0.name == comment }?.bytes)
    let path = try zip("commented.zip", [("readme.txt", "x"), ("zips.csv", plainText)])
    try python(
      """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], 'a') as archive:
          archive.comment = open(sys.argv[2], 'rb').read()
      """, [path, try folder.write("comment", bytes: bytes)])
    let expected = try records(at: plainPath)
    let reader = try CSVReader(unpacking: path)
    #expect(try records(reader) == expected)
    #expect(reader.member == "zips.csv")
    let input = pipe(writing: try Array(Data(contentsOf: URL(fileURLWithPath: path))))
    defer { input.close() }
    #expect(try records(at: input.path) == expected)
  }

  @Test func aTruncatedZipIsOneErrorWithLibarchivesReason() throws {
    let whole = try Array(Data(contentsOf: URL(fileURLWithPath: try zip("whole.zip", [("zips.csv", plainText)]))))
    let path = try folder.write("cut.zip", bytes: Array(whole.prefix(whole.count / 2)))
    let problem = try error(at: path)
    #expect(
      problem?.message.hasPrefix("the zip archive is damaged or incomplete: ") == true, "\(String(describing: problem))"
    )
  }

  @Test func aFileOfOneByteIsReadAsPlainText() throws {
    #expect(try records(at: try folder.write("one.csv", "a")).map(\.fields) == [["a"]])
    // The first byte of gzip's magic number alone is not gzip.
    #expect(try records(at: try folder.write("one.gz", bytes: [0x1F])).map(\.fields) == [["\u{1F}"]])
  }

  @Test func anEmptyCompressedFileHasNoRecords() throws {
    let empty = try folder.write("empty.csv", "")
    #expect(try records(at: empty).isEmpty)
    #expect(try records(at: try compress(empty, with: "gzip", as: "empty.csv.gz")).isEmpty)
    #expect(try records(at: try compress(empty, with: "lzma", as: "empty.csv.xz")).isEmpty)
  }

  @Test func aFileNamedGzThatHoldsPlainTextIsReadAsPlain() throws {
    let path = try folder.write("zips.csv.gz", plainText)
    #expect(try records(at: path) == records(at: plainPath))
  }

  @Test func progressIsMeasuredInCompressedBytes() throws {
    // Numbers that compress less than repeated text, so that the file spans several chunks.
    var text = "zip,lat,lon\n"
    var generator = SeededGenerator(seed: 13)
    for i in 0..<50_000 { text += "\(i),\(Double.random(in: -90...90, using: &generator)),\(i % 7)\n" }
    let path = try compress(try folder.write("random.csv", text), with: "gzip", as: "random.csv.gz")
    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
    let reader = try CSVReader(unpacking: path)
    #expect(reader.totalBytes == size)
    _ = try reader.next()
    let early = reader.bytesRead
    #expect(early > 0 && early < size ?? 0, "read a chunk at a time")
    while try reader.next() != nil {}
    #expect(reader.bytesRead == size)
  }

  /// Writes `bytes` into a new pipe from another thread, and returns the path of its read end,
  /// which stays open (never written again) when `thenStall` is set.
  func pipe(writing bytes: [UInt8], thenStall: Bool = false) -> (path: String, close: () -> Void) {
    var ends: [Int32] = [0, 0]
    #expect(Foundation.pipe(&ends) == 0)
    let (readEnd, writeEnd) = (ends[0], ends[1])
    let writer = Thread {
      // Should the test stop reading early and close the read end, a write fails with EPIPE
      // instead of a SIGPIPE that would end the test process.
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      bytes.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
          let count = write(writeEnd, buffer.baseAddress! + written, buffer.count - written)  // non-empty
          if count <= 0 { break }
          written += count
        }
      }
      if !thenStall { close(writeEnd) }
    }
    writer.start()
    return (
      "/dev/fd/\(readEnd)",
      {
        close(readEnd)
        if thenStall { close(writeEnd) }
      }
    )
  }

  @Test func aZipArchiveIsReadFromAPipe() throws {
    let bytes = try Array(
      Data(contentsOf: URL(fileURLWithPath: try zip("zips.zip", [("readme.txt", "x"), ("zips.csv", plainText)]))))
    let input = pipe(writing: bytes)
    defer { input.close() }
    let reader = try CSVReader(unpacking: input.path)
    #expect(reader.totalBytes == nil)
    #expect(try records(reader) == records(at: plainPath))
    #expect(reader.member == "zips.csv")
  }

  @Test func aSecondDataFileInAZipFromAPipeIsAnErrorAfterTheFirst() throws {
    let bytes = try Array(
      Data(contentsOf: URL(fileURLWithPath: try zip("two.zip", [("DE.txt", "a\n"), ("AT.txt", "b\n")]))))
    let input = pipe(writing: bytes)
    defer { input.close() }
    let reader = try CSVReader(unpacking: input.path)
    #expect(try reader.next()?.fields == ["a"])
    #expect(
      throws: CSVError(line: nil, message: "the zip archive holds 2 data files (DE.txt, AT.txt); it should hold one")
    ) {
      try reader.next()
    }
  }

  @Test func aReaderWaitingOnAStalledCompressedPipeStopsWhenAsked() throws {
    // The first half of an xz file, then nothing: libarchive waits inside its read callback.
    let whole = try Array(
      Data(contentsOf: URL(fileURLWithPath: try compress(plainPath, with: "lzma", as: "zips.csv.xz"))))
    let input = pipe(writing: Array(whole.prefix(whole.count / 2)), thenStall: true)
    defer { input.close() }
    let reader = try CSVReader(unpacking: input.path)
    let stop = Flag()
    reader.shouldStop = { stop.isSet }
    var read = 0
    #expect(throws: CSVError(line: nil, message: "reading stopped")) {
      while try reader.next() != nil {
        read += 1
        if read == 100 { stop.set() }  // records are flowing: now ask to stop while it waits
      }
    }
    #expect(read >= 100)
  }
}

/// A flag set on one thread and read on another.
final class Flag: @unchecked Sendable {
  private let lock = NSLock()
  private var value = false
  var isSet: Bool { lock.withLock { value } }
  func set() { lock.withLock { value = true } }
}
