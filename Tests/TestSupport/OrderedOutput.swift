import Foundation

/// A command's output of millions of rows, checked in this module, which the test command
/// builds optimised: how many lines it has, and whether the number that ends each line after the
/// header (a distance) never decreases.
///
/// ```swift
/// let (lines, ascending) = try OrderedOutput.check(path: output, separator: UInt8(ascii: ","))
/// ```
public enum OrderedOutput {
  /// The lines of the file at `path` (a last line without its end counts), and whether the
  /// field after the last `separator` of each line but the first is a number no less than the
  /// one before it; a field that is not a number counts as -1.
  public static func check(path: String, separator: UInt8) throws -> (lines: Int, ascending: Bool) {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var lines = 0
    var ascending = true
    var last = -Double.infinity
    data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      var start = 0
      while start < bytes.count {
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        lines += 1
        if lines > 1 {
          var fieldStart = end
          while fieldStart > start && bytes[fieldStart - 1] != separator { fieldStart -= 1 }
          let field = String(decoding: bytes[fieldStart..<end], as: UTF8.self)
          let number = Double(field.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
          if number < last { ascending = false }
          last = number
        }
        start = end + 1
      }
    }
    return (lines, ascending)
  }
}
