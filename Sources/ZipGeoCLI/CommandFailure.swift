import CInterrupt
import SQLiteKit
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A runtime failure with its message: `Error: <message>`, exit code 1, or the code a signal
/// gives the command it stopped (`ZipGeoCommand.interruptedExitCode`).
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  let exitCode: Int32
  init(_ description: String, exitCode: Int32 = ZipGeoCommand.ExitCode.failure) {
    self.description = description
    self.exitCode = exitCode
  }
}
