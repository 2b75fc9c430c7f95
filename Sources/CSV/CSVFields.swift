/// The fields of one record as the input holds them (unquoted, valid UTF-8), lent by
/// `CSVReader.nextFields(_:)` for the length of its call: no string is made of a field until a
/// caller asks for one.
///
/// ```swift
/// try reader.nextFields { fields in fields.count == 3 ? fields.string(at: 0) : nil }
/// ```
public struct CSVFields {
  /// The 1-based physical line where the record starts (a quoted field may span several lines).
  public let line: Int
  /// Bytes that hold the fields, and where each field starts and ends in them (two numbers a
  /// field).
  private let bytes: UnsafeBufferPointer<UInt8>
  private let bounds: UnsafeBufferPointer<Int>

  init(line: Int, bytes: UnsafeBufferPointer<UInt8>, bounds: UnsafeBufferPointer<Int>) {
    self.line = line
    self.bytes = bytes
    self.bounds = bounds
  }

  /// The number of fields: at least one (an empty line has one empty field).
  public var count: Int { bounds.count / 2 }

  /// The bytes of the field at `index` (`0..<count`).
  public subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: bytes[bounds[2 * index]..<bounds[2 * index + 1]])
  }

  /// The field at `index` as a string.
  public func string(at index: Int) -> String { String(decoding: self[index], as: UTF8.self) }

  /// Whether the record came from an empty line.
  public var isBlank: Bool { bounds.count == 2 && bounds[0] == bounds[1] }

  /// Whether `bytes` are UTF-8: no stray continuation byte, no overlong form, no surrogate, nothing
  /// past U+10FFFF, no sequence cut short. ASCII, the usual case, takes one test a byte.
  static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The sequence's length, and the range its second byte must be in (RFC 3629's table).
      let length: Int
      var second: ClosedRange<UInt8> = 0x80...0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0: (length, second) = (3, 0xA0...0xBF)
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED: (length, second) = (3, 0x80...0x9F)
      case 0xF0: (length, second) = (4, 0x90...0xBF)
      case 0xF1...0xF3: length = 4
      case 0xF4: (length, second) = (4, 0x80...0x8F)
      default: return false
      }
      guard index + length <= count, second.contains(bytes[index + 1]) else { return false }
      for next in index + 2..<index + length where bytes[next] & 0xC0 != 0x80 { return false }
      index += length
    }
    return true
  }
}

extension CSVRecord {
  /// Calls `body` with the record's fields as `CSVFields`, as a reader would have lent them.
  public func withFields<T>(_ body: (CSVFields) -> T) -> T {
    var bytes: [UInt8] = []
    var bounds: [Int] = []
    bounds.reserveCapacity(2 * fields.count)
    for field in fields {
      bounds.append(bytes.count)
      bytes.append(contentsOf: field.utf8)
      bounds.append(bytes.count)
    }
    return bytes.withUnsafeBufferPointer { bytes in
      bounds.withUnsafeBufferPointer { bounds in body(CSVFields(line: line, bytes: bytes, bounds: bounds)) }
    }
  }
}
