import CSV
import Testing

@testable import ArchiveInput

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A decompressor read on a thread of its own (`ReadAhead`): its chunks and its error in order,
/// a reader that stops waiting when asked, and a thread that ends when its reader goes away.
@Suite struct ReadAheadTests {
  /// Whether the source is gone: set on the reading thread, read once that thread is joined.
  final class Gone: @unchecked Sendable {
    var isSet = false
  }

  /// Hands out its chunks, then its error (or the end), forever after; or, with `endless`, the
  /// same chunk again and again; or, with `stall`, waits until told to stop.
  final class Script: ByteSource {
    var chunks: [[UInt8]]
    let error: CSVError?
    let endless: Bool
    let stall: Bool
    let gone: Gone
    private(set) var reads = 0

    init(_ chunks: [[UInt8]], error: CSVError? = nil, endless: Bool = false, stall: Bool = false, gone: Gone = Gone()) {
      (self.chunks, self.error, self.endless, self.stall, self.gone) = (chunks, error, endless, stall, gone)
    }

    deinit { gone.isSet = true }

    var inputBytesRead: Int? { reads * 10 }
    var member: String? { reads > 0 ? "member.txt" : nil }

    func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
      if stall {
        while shouldStop?() != true { sched_yield() }
        throw CSVError(line: nil, message: "reading stopped")
      }
      reads += 1
      if endless { return chunks[0] }
      if !chunks.isEmpty { return chunks.removeFirst() }
      if let error { throw error }
      return []
    }
  }

  @Test func chunksComeInOrderThenTheErrorThenNothing() throws {
    let damaged = CSVError(line: nil, message: "damaged")
    let reader = ReadAhead(Script([[1, 2], [3], [4, 5, 6]], error: damaged))
    #expect(try reader.read(stoppingWhen: nil) == [1, 2])
    #expect(try reader.read(stoppingWhen: nil) == [3])
    #expect(try reader.read(stoppingWhen: nil) == [4, 5, 6])
    // What the source says of itself comes with each chunk, as it was when the chunk was read.
    #expect(reader.inputBytesRead == 30 && reader.member == "member.txt")
    #expect(throws: damaged) { try reader.read(stoppingWhen: nil) }
    #expect(try reader.read(stoppingWhen: nil) == [])
  }

  @Test func theEndOfTheSourceIsTheEndOfTheReader() throws {
    let reader = ReadAhead(Script([[7]]))
    #expect(try reader.read(stoppingWhen: nil) == [7])
    #expect(try reader.read(stoppingWhen: nil) == [])
    #expect(try reader.read(stoppingWhen: nil) == [])
  }

  @Test func aReaderThatGoesAwayEarlyEndsItsThreadAndLetsItsSourceGo() throws {
    let gone = Gone()
    do {
      let reader = ReadAhead(Script([Array(repeating: 9, count: 1 << 16)], endless: true, gone: gone))
      #expect(try reader.read(stoppingWhen: nil).count == 1 << 16)
    }
    // The reader's deinit stopped the thread, which was waiting for room, and joined it.
    #expect(gone.isSet)
  }

  @Test func aReaderWaitingOnAStalledSourceStopsWhenAskedAndItsThreadEnds() throws {
    let gone = Gone()
    do {
      let reader = ReadAhead(Script([], stall: true, gone: gone))
      #expect(throws: CSVError(line: nil, message: "reading stopped")) { try reader.read(stoppingWhen: { true }) }
    }
    #expect(gone.isSet)
  }
}
