import Foundation

/// A program started in the background, whose standard error a test can wait on line by line:
/// how a test knows that a process has reached a point (`zipgeo: paused at committed`) without
/// sleeping and hoping.
public final class RunningCommand: @unchecked Sendable {
  public let process: Process
  private let errors: FileHandle
  private var errorText = ""
  private let output = DataBox()
  private let outputDone = DispatchGroup()

  /// Starts `executable`.
  ///
  /// - Parameters:
  ///   - environment: Variables added to this process's environment (whose `HOME` and
  ///     `XDG_DATA_HOME` are replaced: `withoutUserFolders`).
  ///   - input: The child's standard input (a FIFO the test writes, say); `nil` for an empty one.
  ///   - timeLimit: Seconds after which the process is killed: a hang fails the test instead of
  ///     stalling the suite.
  public init(
    _ executable: URL, _ arguments: [String], in folder: URL? = nil, environment: [String: String] = [:],
    input: FileHandle? = nil, timeLimit: Double = 120
  ) throws {
    process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let folder { process.currentDirectoryURL = folder }
    process.environment = withoutUserFolders(ProcessInfo.processInfo.environment).merging(environment) { $1 }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input ?? FileHandle.nullDevice
    errors = err.fileHandleForReading
    try process.run()
    let pid = process.processIdentifier
    // Weakly, so that its pipes close when the test is done with it (see runCommand).
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [weak process] in
      if let process, process.isRunning { kill(pid, SIGKILL) }
    }
    let collector = output
    DispatchQueue.global().async(group: outputDone) {
      collector.data = out.fileHandleForReading.readDataToEndOfFile()
    }
  }

  /// The process's id.
  public var pid: pid_t { process.processIdentifier }

  /// Reads standard error until a line starting with `prefix` has arrived, and returns whether
  /// it did (`false`: the process closed standard error, usually by ending, first).
  public func waitForLine(startingWith prefix: String) -> Bool {
    while true {
      if errorText.split(separator: "\n", omittingEmptySubsequences: false).dropLast().contains(where: {
        $0.hasPrefix(prefix)
      }) {
        return true
      }
      let chunk = errors.availableData
      if chunk.isEmpty { return false }
      errorText += String(decoding: chunk, as: UTF8.self)
    }
  }

  /// Standard error so far.
  public var errorsSoFar: String { errorText }

  /// Waits for the process to end and returns what it printed.
  public func finish() -> CommandResult {
    let rest = errors.readDataToEndOfFile()
    errorText += String(decoding: rest, as: UTF8.self)
    process.waitUntilExit()
    outputDone.wait()
    return CommandResult(
      status: process.terminationStatus, out: String(decoding: output.data, as: UTF8.self), err: errorText,
      wasSignalled: process.terminationReason == .uncaughtSignal, timedOut: false)
  }
}
