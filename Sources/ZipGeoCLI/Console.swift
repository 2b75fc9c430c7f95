#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Where a command writes: standard output for results, standard error for errors and warnings.
public struct Console: Sendable {
  /// Writes results (standard output).
  public let out: @Sendable (String) -> Void
  /// Writes errors and warnings (standard error).
  public let err: @Sendable (String) -> Void
  /// Writes what is only said by the way, such as which code a finer one became (standard
  /// error): an answer is never lost for it, so a closed or full standard error is no failure.
  public let note: @Sendable (String) -> Void

  /// A console that writes elsewhere, as tests do: `Console(out: { log($0) }, err: { log($0) })`.
  /// Notes go to `err` unless `note` is given.
  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    note: (@Sendable (String) -> Void)? = nil
  ) {
    self.out = out
    self.err = err
    self.note = note ?? err
  }

  /// The process's standard output and standard error.
  public static let standard = Console(
    out: { write($0, to: 1) }, err: { write($0, to: 2) }, note: { write($0, to: 2, failing: false) })

  /// Writes all of `text` to a file descriptor, resuming after partial writes and interrupts;
  /// when it cannot (and `failing`), the command fails.
  private static func write(_ text: String, to descriptor: Int32, failing: Bool = true) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        // offset < count, so the buffer is not empty and has a base address.
        let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else if !failing {
          return
        } else {
          // A full disk or a closed descriptor: the output is lost, so the command has failed.
          // (A closed pipe never gets here: SIGPIPE ends the process, as for any Unix filter.)
          if descriptor != 2 {
            let message = "Error: cannot write the output: \(String(cString: strerror(errno)))\n"
            _ = message.withCString { systemWrite(2, $0, strlen($0)) }
          }
          exit(1)
        }
      }
    }
  }
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#else
  private let systemWrite = Darwin.write
#endif
