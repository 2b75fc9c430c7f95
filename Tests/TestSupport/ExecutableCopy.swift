import Foundation

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Copies the program at `source` to `destination` (which must not exist), executable, through
/// descriptors that are closed when a program starts.
///
/// `FileManager.copyItem` writes through a descriptor that a program another test starts
/// meanwhile inherits, and holds open for writing for as long as it runs: the kernel then refuses
/// to run the copy ("Text file busy", exit status 126 from `setpriv`), for as long as that
/// program runs, which no number of quick retries outlasts.
public func copyExecutable(atPath source: String, toPath destination: String) throws {
  func failure(_ what: String, _ path: String) -> Error {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, userInfo: [NSLocalizedDescriptionKey: "\(what) \(path)"])
  }
  let input = open(source, O_RDONLY | O_CLOEXEC)
  guard input >= 0 else { throw failure("cannot read", source) }
  defer { close(input) }
  let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
  guard output >= 0 else { throw failure("cannot create", destination) }
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
    guard count >= 0 else {
      close(output)
      throw failure("cannot read", source)
    }
    if count == 0 { break }
    var written = 0
    while written < count {
      let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
      guard step > 0 else {
        close(output)
        throw failure("cannot write", destination)
      }
      written += step
    }
  }
  guard fchmod(output, 0o755) == 0, close(output) == 0 else { throw failure("cannot finish", destination) }
}
