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
  func failure() -> Error {
    POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, userInfo: [NSLocalizedDescriptionKey: destination])
  }
  let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
  let output = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
  guard output >= 0 else { throw failure() }
  // Closed when it goes, should a step below fail.
  let file = FileHandle(fileDescriptor: output, closeOnDealloc: true)
  try file.write(contentsOf: bytes)
  // Whatever the umask: another user runs the copy.
  guard fchmod(output, 0o755) == 0 else { throw failure() }
  try file.close()
}
