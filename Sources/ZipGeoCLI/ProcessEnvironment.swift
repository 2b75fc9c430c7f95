#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The process environment, read from `environ`.
public func processEnvironment() -> [String: String] {
  var result: [String: String] = [:]
  var entry = environ
  while let pointer = entry.pointee {
    let pair = String(cString: pointer)
    if let equals = pair.firstIndex(of: "=") {
      result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
    }
    entry += 1
  }
  return result
}
