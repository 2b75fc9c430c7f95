import Foundation

/// A program run to its end with its peak resident memory measured: the most memory it held at
/// once (`ru_maxrss`), its own and no other process's.
///
/// ```swift
/// let run = try MeasuredRun(zipgeo, ["sql", "SELECT * FROM zips"], standardOutput: "/dev/null")
/// #expect(run.exitCode == 0 && run.peakResidentBytes < 60 << 20)
/// ```
///
/// A child of the test process cannot be measured directly: at `exec`, Linux folds the peak of
/// the address space the child leaves into the `ru_maxrss` it reports, and `posix_spawn` (like
/// `Process`) runs the child in the parent's address space until then, so every child of a test
/// process holding 60 MB reports at least 60 MB. A small intermediary, `/usr/bin/python3`, forks
/// the program and waits for it: the program then starts from Python's few megabytes, and
/// `wait4` reports its peak alone.
public struct MeasuredRun: Sendable {
  /// The exit status, or minus the number of the signal that ended it.
  public let exitCode: Int32
  public let peakResidentBytes: Int

  /// Runs `executable` with `arguments`, standard output and standard error to files.
  ///
  /// - Parameter timeLimit: Seconds after which the program is killed (exit code -9).
  public init(
    _ executable: URL, _ arguments: [String], standardOutput: String, standardError: String = "/dev/null",
    timeLimit: Int = 300
  ) throws {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("zipgeo-rusage-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: report) }
    let program = """
      import os, signal, sys
      report, limit, argv = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
      pid = os.fork()
      if pid == 0:
          try:
              os.execv(argv[0], argv)
          finally:
              os._exit(127)
      signal.signal(signal.SIGALRM, lambda *_: os.kill(pid, signal.SIGKILL))
      signal.alarm(limit)
      _, status, usage = os.wait4(pid, 0)
      # ru_maxrss is in kilobytes on Linux, in bytes on macOS.
      peak = usage.ru_maxrss * (1 if sys.platform == "darwin" else 1024)
      with open(report, "w") as f:
          f.write(f"{os.waitstatus_to_exitcode(status)} {peak}\\n")
      """
    let python = try ChildProcess(
      URL(fileURLWithPath: "/usr/bin/python3"),
      ["-c", program, report.path, String(timeLimit), executable.path] + arguments, standardOutput: standardOutput,
      standardError: standardError, timeLimit: Double(timeLimit + 60))
    let exit = python.wait()
    let fields = (try? String(contentsOf: report, encoding: .utf8))?.split(separator: " ") ?? []
    guard exit.status == 0, !exit.wasSignalled, fields.count == 2, let code = Int32(fields[0]),
      let peak = Int(fields[1].trimmingCharacters(in: .whitespacesAndNewlines))
    else {
      throw CocoaError(
        .executableLoad, userInfo: [NSLocalizedDescriptionKey: "the measuring python3 failed: \(exit)"])
    }
    exitCode = code
    peakResidentBytes = peak
  }
}
