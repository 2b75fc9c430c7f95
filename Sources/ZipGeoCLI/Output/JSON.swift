import SQLiteKit

/// The little JSON zipgeo writes.
enum JSON {
  static func object(_ members: [(String, String)]) -> String {
    "{" + self.members(members) + "}"
  }

  /// An object's members without its braces, for an object printed a piece at a time.
  static func members(_ members: [(String, String)]) -> String {
    members.map { "\(string($0)): \($1)" }.joined(separator: ", ")
  }

  static func value(_ value: DatabaseValue) -> String {
    switch value {
    case .null: "null"
    case .integer(let int): String(int)
    // JSON has no infinities; SQLite can hold them.
    case .real(let double): double.isFinite ? String(double) : "null"
    case .text(let text): string(text)
    case .blob: string(ResultWriter.plainText(value))
    }
  }

  static func string(_ text: String) -> String {
    // Most text needs no escape (UTF-8 bytes of other characters are all 0x80 or more).
    if !text.utf8.containsByte(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
      return "\"" + text + "\""
    }
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}

extension String {
  func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
