import CSV
import CZlib

/// Reads the data inside a gzip file through zlib, one chunk at a time, and checks each member's
/// CRC-32 and length as `gzip -t` does: a flipped bit anywhere in the compressed data or a trailer
/// is an error, not a changed digit.
///
/// ```swift
/// let reader = CSVReader(source: try GzipSource(file: file, head: head))
/// ```
///
/// A gzip file is one or more members: files compressed one by one and joined with `cat` are one
/// file, whose data is theirs joined (as `gzip -d` gives it). zlib inflates a member, checks its
/// trailer and stops at its end; the next member starts there. After the last member only zero
/// bytes may follow, up to the end of the file, which `gzip -t` accepts too (tape blocks and
/// `dd conv=sync` pad with them): a member starts with 0x1F, so no member hides in zeros. Any other
/// byte there is an error (gzip warns of "trailing garbage" and exits with 2): it may be the
/// damaged header of a next member, whose rows would otherwise be left out without a word.
///
/// The file is read in order, once, so a pipe is read as a plain file is, and `shouldStop` still
/// stops a stalled one.
final class GzipSource: ByteSource {
  private let file: FileSource
  /// zlib's state, which must not move: zlib keeps its address and checks it on every call.
  private let stream: UnsafeMutablePointer<z_stream>
  /// The file's bytes not yet inflated are `stream.pointee.next_in` (in here) and `avail_in`.
  private let input: UnsafeMutableRawBufferPointer
  /// The offset in the file just past the bytes read from it, the head included.
  private var offset: Int64
  /// Where the member being read starts in the file, and its number, from 1.
  private var memberStart: Int64 = 0
  private var memberNumber = 1
  private var phase = Phase.inMember
  /// Whether the file has been read to its end.
  private var endOfFile = false

  private enum Phase {
    /// Inflating a member (or reading its header).
    case inMember
    /// Just after a member's trailer: another member, zeros or the end of the file follows.
    case afterMember
    /// Reading the zero bytes after the last member, up to the end of the file.
    case zeros
    case finished
  }

  /// Reads `file`, whose first bytes `head` (a gzip header's start) have already been read.
  init(file: FileSource, head: [UInt8]) throws(CSVError) {
    let input = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1 << 16, head.count), alignment: 16)
    head.withUnsafeBytes { input.copyMemory(from: $0) }
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)  // allocated above
    stream.pointee.avail_in = uInt(head.count)
    let started = zipgeo_inflate_init_gzip(stream)
    guard started == Z_OK else {
      stream.deallocate()
      input.deallocate()
      throw CSVError(line: nil, message: started == Z_MEM_ERROR ? "out of memory" : "zlib did not start (\(started))")
    }
    self.file = file
    self.input = input
    self.stream = stream
    offset = Int64(head.count)
  }

  deinit {
    inflateEnd(stream)
    stream.deallocate()
    input.deallocate()
  }

  var size: Int? { file.size }
  var inputBytesRead: Int? { Int(offset) }

  func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
    let capacity = 1 << 16
    var bytes = [UInt8](repeating: 0, count: capacity)
    var produced = 0
    // Whatever has been inflated is handed out before waiting on the file for more.
    reading: while produced < capacity {
      switch phase {
      case .finished:
        break reading
      case .inMember:
        if stream.pointee.avail_in == 0 && !endOfFile {
          if produced > 0 { break reading }
          try refill(stoppingWhen: shouldStop)
        }
        // Called at the end of the file too: inflate may hold the rest of a match it had no room
        // for, without needing another byte.
        let result = bytes.withUnsafeMutableBufferPointer { buffer in
          stream.pointee.next_out = buffer.baseAddress! + produced  // the array is not empty
          stream.pointee.avail_out = uInt(capacity - produced)
          defer { produced = capacity - Int(stream.pointee.avail_out) }
          return inflate(stream, Z_NO_FLUSH)
        }
        switch result {
        case Z_OK:
          continue
        case Z_BUF_ERROR:
          // No progress was possible: inflate needs more of the member than the file holds.
          if endOfFile { throw damaged(orIncomplete: true, "it ends in the middle of a member") }
        case Z_STREAM_END:
          phase = .afterMember
        case Z_MEM_ERROR:
          throw CSVError(line: nil, message: "out of memory")
        default:
          throw zlibProblem(result)
        }
      case .afterMember:
        if stream.pointee.avail_in == 0 {
          if !endOfFile {
            if produced > 0 { break reading }
            try refill(stoppingWhen: shouldStop)
          }
          if endOfFile {
            phase = .finished
            break reading
          }
        }
        switch stream.pointee.next_in[0] {
        case 0:
          phase = .zeros
        case 0x1F:
          // Another member; zlib checks the rest of its header.
          inflateReset(stream)
          memberStart = position
          memberNumber += 1
          phase = .inMember
        default:
          throw bytesAfterTheLastMember(at: position)
        }
      case .zeros:
        let waiting = UnsafeBufferPointer(start: stream.pointee.next_in, count: Int(stream.pointee.avail_in))
        if let nonzero = waiting.firstIndex(where: { $0 != 0 }) {
          throw bytesAfterTheLastMember(at: position + Int64(nonzero))
        }
        stream.pointee.next_in += waiting.count
        stream.pointee.avail_in = 0
        if produced > 0 { break reading }
        try refill(stoppingWhen: shouldStop)
        if endOfFile {
          phase = .finished
          break reading
        }
      }
    }
    bytes.removeLast(capacity - produced)
    return bytes
  }

  /// The offset in the file of the next byte zlib is to be handed.
  private var position: Int64 { offset - Int64(stream.pointee.avail_in) }

  /// Reads the file's next chunk for zlib, or notes the end of the file.
  private func refill(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) {
    // A long stretch of input that gives no data (zeros, empty blocks) is read here without a
    // return to the reader, which asks between chunks: ask here too.
    if let shouldStop, shouldStop() { throw CSVError(line: nil, message: "reading stopped") }
    let count = try file.read(into: input, stoppingWhen: shouldStop)
    offset += Int64(count)
    stream.pointee.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)  // allocated in init
    stream.pointee.avail_in = uInt(count)
    endOfFile = count == 0
  }

  // MARK: Errors

  /// Why inflate failed: a trailer that does not match the data, else zlib's reason.
  private func zlibProblem(_ result: Int32) -> CSVError {
    let reason = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(result)"
    switch reason {
    case "incorrect data check":
      // inflate has set `adler` to the CRC-32 of the member's data before comparing it.
      return damaged(
        orIncomplete: false,
        "its data has CRC-32 \(hex(UInt32(truncatingIfNeeded: stream.pointee.adler))), not the one its trailer gives")
    case "incorrect length check":
      return damaged(
        orIncomplete: false, "its data is \(stream.pointee.total_out) bytes long, not the length its trailer gives")
    default:
      return damaged(orIncomplete: true, reason)
    }
  }

  /// `the gzip file is damaged: <reason>`, naming the member from the second on.
  private func damaged(orIncomplete: Bool, _ reason: String) -> CSVError {
    let member = memberNumber > 1 ? " (in member \(memberNumber), which starts at offset \(memberStart))" : ""
    return CSVError(
      line: nil, message: "the gzip file is damaged\(orIncomplete ? " or incomplete" : ""): \(reason)\(member)")
  }

  private func bytesAfterTheLastMember(at offset: Int64) -> CSVError {
    CSVError(
      line: nil,
      message:
        "the gzip file is damaged: at offset \(offset), after member \(memberNumber), come bytes that are neither "
        + "a gzip member nor zeros")
  }

  private func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return "0x" + String(repeating: "0", count: 8 - digits.count) + digits
  }
}
