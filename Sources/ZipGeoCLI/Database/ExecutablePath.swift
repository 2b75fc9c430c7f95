#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the running `zipgeo` binary is, with symbolic links resolved: the one place that asks the
/// operating system, so that `DataFiles` can find the files installed beside it.
///
/// ```swift
/// ExecutablePath.current  // "/usr/local/bin/zipgeo"
/// ```
enum ExecutablePath {
  /// The running binary's absolute path, or `nil` when the system does not say.
  static var current: String? {
    #if canImport(Glibc)
      // The kernel's own answer, links already resolved (also for a binary started through one).
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    #elseif canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    #else
      return nil
    #endif
  }
}
