/// Calls `body` with a pointer to the UTF-8 bytes of `string` and their count.
///
/// Native strings lend their storage without a copy; the explicit count keeps text with
/// embedded NUL characters whole. The pointer is never NULL, so SQLite never mistakes an empty
/// string for NULL.
func withUTF8<Result>(_ string: String, _ body: (UnsafePointer<CChar>, Int32) -> Result) -> Result {
  var string = string
  return string.withUTF8 { bytes in
    bytes.withMemoryRebound(to: CChar.self) { chars in
      guard let base = chars.baseAddress else { return "".withCString { body($0, 0) } }
      return body(base, Int32(chars.count))
    }
  }
}
