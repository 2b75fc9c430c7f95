import Foundation

/// `environment` with `HOME` and `XDG_DATA_HOME` under `/dev/null`, where nothing can be made,
/// even by root: a `zipgeo` query a test runs with no database of its own fails there instead of
/// making a per-user database in the real `~/.local/share`. Tests of the per-user database give
/// both as temporary folders.
///
/// The locale and `ZIPGEO_COUNTRY`, which give zipgeo a home country, are left out too, so that
/// an answer does not depend on the machine's `LANG`: tests of the home country give their own.
public func withoutUserFolders(_ environment: [String: String]) -> [String: String] {
  environment.filter { !homeVariables.contains($0.key) }
    .merging(["HOME": "/dev/null/no-home", "XDG_DATA_HOME": "/dev/null/no-data-home"]) { $1 }
}

/// The variables a home country comes from.
public let homeVariables: Set<String> = ["ZIPGEO_COUNTRY", "LC_ALL", "LC_MESSAGES", "LANG"]

/// What a finished process printed and how it ended.
public struct CommandResult: Sendable {
  public let status: Int32
  public let out: String
  public let err: String
  /// Whether a signal ended it (status is then the signal's number).
  public let wasSignalled: Bool
  /// Whether it ran past its time limit and was killed.
  public let timedOut: Bool
}

/// Runs a program to completion, as a user's shell would.
///
/// - Parameters:
///   - executable: The program.
///   - arguments: Its arguments.
///   - folder: The working folder.
///   - input: Text for its standard input.
///   - environment: The whole environment; `nil` inherits this process's, but for `HOME` and
///     `XDG_DATA_HOME` (`withoutUserFolders`).
///   - timeLimit: Seconds after which the process is killed and `timedOut` is set: a hang fails
///     the test instead of stalling the suite.
public func runCommand(
  _ executable: URL, _ arguments: [String], in folder: URL? = nil, input: String? = nil,
  environment: [String: String]? = nil, timeLimit: Double = 120
) throws -> CommandResult {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let folder { process.currentDirectoryURL = folder }
  process.environment = environment ?? withoutUserFolders(ProcessInfo.processInfo.environment)
  let out = Pipe()
  let err = Pipe()
  let stdin = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = stdin
  try process.run()
  let watchdog = TimeoutFlag()
  let pid = process.processIdentifier
  // Weakly: held for the whole time limit, the process kept its pipes' descriptors open, and a
  // suite that starts thousands of programs ran Foundation's Process.run out of room for them
  // (a segfault in its memcpy, past about 1,300 open descriptors).
  DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit) { [weak process] in
    if let process, process.isRunning {
      watchdog.fired = true
      kill(pid, SIGKILL)
    }
  }
  // Feed stdin and drain stderr on other threads, so that no pipe can fill up and stall the child.
  let errors = DataBox()
  let group = DispatchGroup()
  DispatchQueue.global().async(group: group) {
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try? stdin.fileHandleForWriting.close()
  }
  DispatchQueue.global().async(group: group) { errors.data = err.fileHandleForReading.readDataToEndOfFile() }
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  group.wait()
  try? out.fileHandleForReading.close()
  try? err.fileHandleForReading.close()
  let errData = errors.data
  return CommandResult(
    status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
    err: String(decoding: errData, as: UTF8.self), wasSignalled: process.terminationReason == .uncaughtSignal,
    timedOut: watchdog.fired)
}

/// Set by the watchdog when it kills a process that ran too long.
private final class TimeoutFlag: @unchecked Sendable {
  var fired = false
}

/// Bytes handed from a reader thread to the waiting one (the group's wait orders the accesses).
final class DataBox: @unchecked Sendable {
  var data = Data()
}

/// The folder that holds the test bundle, where SwiftPM also puts the products it built.
public let buildProductsFolder: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  .deletingLastPathComponent()

/// The repository's data/zips.csv, the real data set the tests import.
public let zipsCSVPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("../../data/zips.csv").standardized.path

/// Runs a program as a user for whom file permissions apply: as root, who ignores them, the
/// program runs as nobody (uid and gid 65534) through `setpriv`, else `runuser`; otherwise as this
/// user. Nobody must be able to reach `executable` (a copy in a temporary folder can).
public func runCommandAsUnprivilegedUser(
  _ executable: URL, _ arguments: [String], in folder: URL? = nil
) throws -> CommandResult {
  guard getuid() == 0 else { return try runCommand(executable, arguments, in: folder) }
  // A binary a test has just copied (`copyExecutable`, whose descriptors close on exec) may
  // still be open for writing in a child another test forked meanwhile, until that child runs
  // its own program: the kernel refuses to run it ("Text file busy", setpriv's 126) for that
  // moment, which a few more tries outlast.
  for _ in 0..<50 {
    let result = try runCommandAsNobody(executable, arguments, in: folder)
    guard result.status == 126, result.err.contains("Text file busy") else { return result }
  }
  return try runCommandAsNobody(executable, arguments, in: folder)
}

private func runCommandAsNobody(_ executable: URL, _ arguments: [String], in folder: URL?) throws -> CommandResult {
  let files = FileManager.default
  if files.isExecutableFile(atPath: "/usr/bin/setpriv") {
    return try runCommand(
      URL(fileURLWithPath: "/usr/bin/setpriv"),
      ["--reuid=65534", "--regid=65534", "--clear-groups", executable.path] + arguments, in: folder)
  }
  for runuser in ["/usr/sbin/runuser", "/sbin/runuser"] where files.isExecutableFile(atPath: runuser) {
    return try runCommand(
      URL(fileURLWithPath: runuser), ["-u", "nobody", "--", executable.path] + arguments, in: folder)
  }
  throw CocoaError(.executableNotLoadable, userInfo: [NSLocalizedDescriptionKey: "neither setpriv nor runuser"])
}

/// A command a test needed failed, with what it said.
public struct CommandFailure: Error, CustomStringConvertible {
  public let description: String
  public init(_ description: String) { self.description = description }
}
