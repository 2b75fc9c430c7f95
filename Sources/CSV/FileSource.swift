#if canImport(Glibc)
  import Glibc
  private let systemRead = Glibc.read
#elseif canImport(Darwin)
  import Darwin
  private let systemRead = Darwin.read
#endif

/// Reads a file or a pipe in 64 KiB chunks, as it is.
///
/// ```swift
/// let reader = CSVReader(source: try FileSource(path: "data/zips.csv"))
/// ```
///
/// Besides chunks, it hands out what a decompressor reading through it needs: a head of at least
/// a few bytes, reads into a caller's buffer, and seeks.
public final class FileSource: ByteSource {
  private let descriptor: Int32
  /// The file's size in bytes; `nil` for a pipe or a device.
  public let size: Int?

  /// Opens `path` for reading; the error's message is the system's reason.
  public init(path: String) throws(CSVError) {
    descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw CSVError(line: nil, message: String(cString: strerror(errno))) }
    var info = stat()
    if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
      close(descriptor)
      throw CSVError(line: nil, message: "it is a directory, not a file")
    }
    // A pipe or a device has no size to measure progress against.
    size = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
  }

  deinit { close(descriptor) }

  /// Whether the file can be read out of order (a regular file, not a pipe).
  public var isSeekable: Bool { size != nil }

  public func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
    let capacity = 1 << 16
    var bytes = [UInt8](repeating: 0, count: capacity)
    // withUnsafeMutableBytes rethrows untyped errors: carry the CSVError out in a Result.
    let count = try bytes.withUnsafeMutableBytes { buffer in
      Result { () throws(CSVError) in try read(into: buffer, stoppingWhen: shouldStop) }
    }.get()
    bytes.removeLast(capacity - count)
    return bytes
  }

  /// Reads up to `buffer.count` bytes into `buffer` and returns how many; 0 at the end. While it
  /// waits for input it asks `shouldStop` every 100 ms, and throws when that says to stop.
  public func read(into buffer: UnsafeMutableRawBufferPointer, stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError)
    -> Int
  {
    while true {
      if let shouldStop {
        // A pipe or a terminal may have nothing to read for a long time: wait in steps, asking
        // between them. (poll says a regular file is always ready.)
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let waiting = poll(&ready, 1, 100)
        if waiting == 0 || (waiting < 0 && errno == EINTR) {
          if shouldStop() { throw CSVError(line: nil, message: "reading stopped") }
          continue
        }
      }
      let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno != EINTR { throw CSVError(line: nil, message: String(cString: strerror(errno))) }
    }
  }

  /// The first chunks of the file, at least `count` bytes unless the file is shorter: a pipe
  /// may hand out its first bytes a few at a time.
  public func readHead(atLeast count: Int, stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
    var head = try read(stoppingWhen: shouldStop)
    while head.count < count {
      let more = try read(stoppingWhen: shouldStop)
      if more.isEmpty { break }
      head += more
    }
    return head
  }

  /// Moves the reading position as `lseek` does and returns the new offset from the start, or
  /// `nil` when it cannot (a pipe).
  public func seek(to offset: Int64, from whence: Int32) -> Int64? {
    let position = lseek(descriptor, off_t(offset), whence)
    return position < 0 ? nil : Int64(position)
  }
}
