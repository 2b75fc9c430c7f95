import CInterrupt
import SQLiteKit
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// What a subcommand runs with.
struct Context {
  let environment: [String: String]
  let console: Console
  /// The running binary, beside which `DataFiles` looks for the data it was installed with.
  var executable: String? = ExecutablePath.current
}
