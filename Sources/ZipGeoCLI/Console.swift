import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Where a command writes: standard output for results, standard error for errors and warnings.
///
/// What goes to standard error has its control characters escaped (`escapingControls`), line
/// breaks aside: a value a message quotes from a file, a database or the command line
/// (`zipgeo info $'\e]0;title\a'`) cannot set the terminal's title or clear its screen.
public struct Console: Sendable {
  /// Writes results (standard output), as they are: tables escape their cells, and JSON, CSV and
  /// the other machine formats quote values their own way.
  public let out: @Sendable (String) -> Void
  /// Writes errors and warnings (standard error), control characters escaped.
  public let err: @Sendable (String) -> Void
  /// Writes what is only said by the way, such as which code a finer one became (standard
  /// error): an answer is never lost for it, so a closed or full standard error is no failure.
  /// Control characters are escaped.
  public let note: @Sendable (String) -> Void
  /// Writes to standard error as it is, for the progress line's own control sequences.
  private let rawErr: @Sendable (String) -> Void

  /// A console that writes elsewhere, as tests do: `Console(out: { log($0) }, err: { log($0) })`.
  /// Notes go to `err` unless `note` is given.
  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    note: (@Sendable (String) -> Void)? = nil
  ) {
    let note = note ?? err
    self.out = out
    self.err = { err($0.escapingControls(keepingLineBreaks: true)) }
    self.note = { note($0.escapingControls(keepingLineBreaks: true)) }
    rawErr = err
  }

  /// Draws `line` as the one line a terminal's standard error shows, over what it showed before
  /// (a carriage return, the line with its control characters escaped, `ESC [K` to clear the
  /// rest); an empty `line` clears it.
  func redrawStatus(_ line: String) {
    rawErr("\r" + line.escapingControls() + "\u{1B}[K")
  }

  /// Text for people on standard output (a summary, labelled fields), control characters escaped
  /// but for line breaks, as a table's cells are.
  func outText(_ text: String) {
    out(text.escapingControls(keepingLineBreaks: true))
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
        } else if written < 0 && errno == EPIPE && descriptor == 1 {
          // The reader has gone (`| head -1`), and SIGPIPE, which ends a Unix filter then, was
          // ignored or blocked by the parent: end as it would have.
          endByBrokenPipe()
        } else {
          // A full disk or a closed descriptor: the output is lost, so the command has failed.
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

/// Ends the process as SIGPIPE does by default, quietly: a command whose output is read no more
/// has nothing left to do.
private func endByBrokenPipe() -> Never {
  signal(SIGPIPE, SIG_DFL)
  var pipeSignal = sigset_t()
  sigemptyset(&pipeSignal)
  sigaddset(&pipeSignal, SIGPIPE)
  pthread_sigmask(SIG_UNBLOCK, &pipeSignal, nil)
  raise(SIGPIPE)
  // A signal raised and unblocked is delivered before `raise` returns.
  exit(128 + SIGPIPE)
}

#if canImport(Glibc)
  private let systemWrite = Glibc.write
#else
  private let systemWrite = Darwin.write
#endif
