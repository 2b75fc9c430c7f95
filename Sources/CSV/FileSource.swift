#if canImport(Glibc)
  import Glibc
  private let systemRead = Glibc.read
#elseif canImport(Darwin)
  import Darwin
  private let systemRead = Darwin.read
#endif

/// Reads a file in 64 KiB chunks.
final class FileSource: ByteSource {
  private let descriptor: Int32
  let size: Int?

  init(path: String) throws(CSVError) {
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

  func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
    let capacity = 1 << 16
    var bytes = [UInt8](repeating: 0, count: capacity)
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
      let count = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, capacity) }
      if count >= 0 {
        bytes.removeLast(capacity - count)
        return bytes
      }
      if errno != EINTR { throw CSVError(line: nil, message: String(cString: strerror(errno))) }
    }
  }
}
