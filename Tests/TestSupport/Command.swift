import Foundation

/// What a finished process printed and how it ended.
public struct CommandResult: Sendable {
  public let status: Int32
  public let out: String
  public let err: String
}

/// Runs a program to completion, as a user's shell would.
///
/// - Parameters:
///   - executable: The program.
///   - arguments: Its arguments.
///   - folder: The working folder.
///   - input: Text for its standard input.
///   - environment: The whole environment; `nil` inherits this process's.
public func runCommand(
  _ executable: URL, _ arguments: [String], in folder: URL? = nil, input: String? = nil,
  environment: [String: String]? = nil
) throws -> CommandResult {
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let folder { process.currentDirectoryURL = folder }
  if let environment { process.environment = environment }
  let out = Pipe()
  let err = Pipe()
  let stdin = Pipe()
  process.standardOutput = out
  process.standardError = err
  process.standardInput = stdin
  try process.run()
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
  let errData = errors.data
  return CommandResult(
    status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
    err: String(decoding: errData, as: UTF8.self))
}

/// Bytes handed from a reader thread to the waiting one (the group's wait orders the accesses).
private final class DataBox: @unchecked Sendable {
  var data = Data()
}

/// The folder that holds the test bundle, where SwiftPM also puts the products it built.
public let buildProductsFolder: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
  .deletingLastPathComponent()
