import Foundation

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A program started in the background, whose standard output a test reads as it comes (a pipe)
/// or sends to a file, and which the test may kill before it ends.
///
/// ```swift
/// let child = try ChildProcess(zipgeo, ["sql", endlessQuery], standardOutput: nil)
/// let first = child.readLine()
/// child.kill()
/// #expect(child.wait().wasSignalled)
/// ```
public final class ChildProcess {
  public let pid: pid_t
  /// The read end of the pipe to the child's standard output, when it was asked for.
  public let output: FileHandle?
  /// Kills the child when its time is up.
  private let watchdog: DispatchWorkItem
  private var exit: Exit?

  /// How the child ended.
  public struct Exit: Sendable {
    /// The exit status, or the number of the signal that ended it.
    public let status: Int32
    public let wasSignalled: Bool
  }

  /// Starts `executable`.
  ///
  /// - Parameters:
  ///   - standardOutput: A file to write standard output to, created or truncated; `nil` for a
  ///     pipe, read through `output`.
  ///   - standardError: A file to write standard error to.
  ///   - timeLimit: Seconds after which the child is killed, so that a hang (or a read from a pipe
  ///     it never writes) fails the test instead of stalling the suite.
  public init(
    _ executable: URL, _ arguments: [String], standardOutput: String?, standardError: String = "/dev/null",
    timeLimit: Double = 300
  ) throws {
    #if canImport(Glibc)
      var actions = posix_spawn_file_actions_t()
    #else
      var actions: posix_spawn_file_actions_t?
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var pipe: (read: Int32, write: Int32)?
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    if let standardOutput {
      posix_spawn_file_actions_addopen(&actions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    } else {
      var ends: [Int32] = [0, 0]
      guard Foundation.pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
      pipe = (ends[0], ends[1])
      // Not inherited by the other programs tests start meanwhile, which would keep it open.
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
      posix_spawn_file_actions_addclose(&actions, ends[0])
      posix_spawn_file_actions_addclose(&actions, ends[1])
    }
    posix_spawn_file_actions_addopen(&actions, 2, standardError, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    // This process's environment, with HOME and XDG_DATA_HOME hidden as runCommand hides them.
    let envp = withoutUserFolders(ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for variable in envp { free(variable) } }
    var child: pid_t = 0
    let code = posix_spawn(&child, executable.path, &actions, nil, argv, envp)
    if let pipe { close(pipe.write) }
    guard code == 0 else {
      if let pipe { close(pipe.read) }
      throw POSIXError(.init(rawValue: code) ?? .EIO)
    }
    pid = child
    output = pipe.map { FileHandle(fileDescriptor: $0.read, closeOnDealloc: true) }
    watchdog = DispatchWorkItem { _ = Foundation.kill(child, SIGKILL) }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: watchdog)
  }

  /// Reads standard output (a pipe) up to and including the first line feed, or to its end.
  public func readLine() -> String {
    guard let output else { return "" }
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while read(output.fileDescriptor, &byte, 1) == 1 {
      bytes.append(byte)
      if byte == 0x0A { break }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Sends `signal` to the child.
  public func kill(_ signal: Int32 = SIGKILL) {
    _ = Foundation.kill(pid, signal)
  }

  /// A child not waited for (a test that failed early) is killed and reaped.
  deinit {
    if exit == nil {
      kill()
      _ = wait()
    }
  }

  /// Waits for the child to end.
  public func wait() -> Exit {
    if let exit { return exit }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    watchdog.cancel()
    let signal = status & 0x7F
    let exit =
      signal == 0
      ? Exit(status: (status >> 8) & 0xFF, wasSignalled: false) : Exit(status: signal, wasSignalled: true)
    self.exit = exit
    return exit
  }
}
