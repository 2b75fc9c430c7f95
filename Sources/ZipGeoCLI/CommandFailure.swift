import CInterrupt
import SQLiteKit
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A runtime failure with its message: `Error: <message>`, exit code 1.
struct CommandFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
