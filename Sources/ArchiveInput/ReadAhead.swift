import CSV
import Threads

/// Reads a source on a thread of its own, a few chunks ahead of its reader: a decompressor
/// (`GzipSource`, `ArchiveSource`) then works while the records of its last chunks are parsed,
/// as `xz -dc file | ...` would, instead of in turn with them.
///
/// The source is the thread's alone from `init` on; what it says of itself (`inputBytesRead`,
/// `member`) is read on that thread with each chunk and handed over with it. An error of the
/// source comes after the chunks read before it. The thread stops, and is waited for, when the
/// reader goes away: within about 100 ms even when the source waits on a silent pipe, since
/// its own `shouldStop` then says to stop. When no thread can be made, the source is read on the
/// caller's thread.
final class ReadAhead: ByteSource {
  /// Chunks read ahead at most: enough to keep both threads busy, little enough to keep memory
  /// flat (64 KiB a chunk).
  static let capacity = 4

  let size: Int?
  private(set) var inputBytesRead: Int?
  private(set) var member: String?

  /// The chunks between the two threads, in order, and whether the reader has gone away.
  private let channel = HandOff<Chunk>(capacity: ReadAhead.capacity)
  private var thread: WorkThread?
  /// The source, when no thread could be made to read it.
  private var unthreaded: (any ByteSource)?
  private var finished = false

  /// Starts reading `source` on a thread of its own.
  init(_ source: any ByteSource) {
    size = source.size
    inputBytesRead = source.inputBytesRead
    member = source.member
    let handed = Handed(source)
    // The thread holds the channel and the source, not the reader, so that the reader can go away.
    thread = WorkThread(WorkThread.State { [channel] _ in Self.produce(handed, into: channel) })
    if thread == nil { unthreaded = handed.source }
  }

  deinit {
    channel.stop()
    thread?.join()
  }

  func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
    if finished { return [] }
    if var source = unthreaded {
      defer { unthreaded = source }
      let bytes = try source.read(stoppingWhen: shouldStop)
      (inputBytesRead, member) = (source.inputBytesRead, source.member)
      return bytes
    }
    guard let chunk = channel.pop(unless: shouldStop) else {
      throw CSVError(line: nil, message: "reading stopped")
    }
    (inputBytesRead, member) = (chunk.inputBytesRead, chunk.member)
    if let error = chunk.error {
      finished = true
      throw error
    }
    if chunk.bytes.isEmpty { finished = true }
    return chunk.bytes
  }

  /// The reading thread: chunks out until the source ends or fails, or the reader goes away.
  private static func produce(_ handed: Handed, into channel: HandOff<Chunk>) {
    while true {
      var chunk = Chunk(bytes: [])
      do {
        chunk.bytes = try handed.source.read(stoppingWhen: { channel.isStopped })
      } catch {
        chunk.error = error
      }
      (chunk.inputBytesRead, chunk.member) = (handed.source.inputBytesRead, handed.source.member)
      guard channel.push(chunk), !chunk.bytes.isEmpty, chunk.error == nil else { return }
    }
  }

  /// A chunk of the source, and what the source said of itself once it had read it.
  private struct Chunk: @unchecked Sendable {
    var bytes: [UInt8]
    var inputBytesRead: Int?
    var member: String?
    var error: CSVError?
  }

  /// The source, moved to the thread that reads it.
  private final class Handed: @unchecked Sendable {
    var source: any ByteSource
    init(_ source: any ByteSource) { self.source = source }
  }
}
