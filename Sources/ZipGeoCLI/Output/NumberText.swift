#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// `value` with a fixed number of decimals, rounded as printf's `%.Nf` rounds:
/// `fixed(2207.431, decimals: 2)` is `2207.43`.
func fixed(_ value: Double, decimals: Int) -> String {
  var buffer = [CChar](repeating: 0, count: 512)
  let count = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.\(decimals)f", $0) }
  return String(
    decoding: buffer.prefix(Int(max(0, min(count, Int32(buffer.count - 1))))).map { UInt8(bitPattern: $0) },
    as: UTF8.self)
}

/// `1234567` as `1,234,567`.
func grouped(_ number: Int) -> String {
  let digits = String(number.magnitude)
  var result = ""
  for (index, digit) in digits.enumerated() {
    if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
    result.append(digit)
  }
  return number < 0 ? "-" + result : result
}
