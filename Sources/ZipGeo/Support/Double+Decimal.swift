extension Double {
  /// A finite number written in plain decimal notation, `[+-]digits[.digits][(e|E)[+-]digits]`
  /// (`33.025`, `-96.7397`, `1e-3`), or `nil`: not `NaN`, `inf`, `0x1p3`, `33,025` or text
  /// around it. The one reading of numbers that people type or files hold, for the importer and
  /// the command line alike.
  ///
  /// ```swift
  /// Double(decimal: "1e-3")   // 0.001
  /// Double(decimal: "0x10")   // nil, where Double("0x10") is 16
  /// ```
  public init?(decimal text: String) {
    var text = text
    guard let value = text.withUTF8(Double.init(decimalBytes:)) else { return nil }
    self = value
  }

  /// The number `Double(decimal:)` reads in UTF-8 `bytes`: an import reads its fields so, without
  /// a string of each.
  init?(decimalBytes bytes: UnsafeBufferPointer<UInt8>) {
    switch Double.scanDecimal(bytes) {
    case .notDecimal:
      return nil
    case .exactly(let value):
      self = value
    case .decimal:
      guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
      self = value
    }
  }

  /// What `scanDecimal` finds in a field's bytes.
  enum DecimalScan {
    /// Not `[+-]digits[.digits][(e|E)[+-]digits]` with a digit at least before the exponent.
    case notDecimal
    /// A decimal number, read: at most 15 significant digits and a power of ten within 10^±22,
    /// so that the digits and the power are both doubles exactly, and one multiplication or
    /// division rounds their product as the standard library's reading does (Clinger's fast
    /// path). Coordinates, `33.025` or `-96.7397`, always are.
    case exactly(Double)
    /// Any other decimal number, for the standard library to read.
    case decimal
  }

  /// `bytes` checked and, where it can be done exactly, read, in one pass: this runs for the two
  /// numbers of every row an import reads, where checking them first and reading them after took
  /// two.
  static func scanDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> DecimalScan {
    let zero = UInt8(ascii: "0")
    func isSign(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") }
    var index = 0
    let negative = bytes.first == UInt8(ascii: "-")
    if let first = bytes.first, isSign(first) { index = 1 }
    var digits: UInt64 = 0
    var mantissaDigits = 0
    var significant = 0
    var power = 0
    var afterPoint = false
    while index < bytes.count {
      let byte = bytes[index]
      // Counted without overflow checks: no field has Int.max bytes.
      if byte &- zero < 10 {
        mantissaDigits &+= 1
        if digits != 0 || byte != zero {
          significant &+= 1
          if significant <= 15 { digits = digits &* 10 &+ UInt64(byte &- zero) }
        }
        if afterPoint { power &-= 1 }
      } else if byte == UInt8(ascii: "."), !afterPoint {
        afterPoint = true
      } else {
        break
      }
      index += 1
    }
    guard mantissaDigits > 0 else { return .notDecimal }
    // The exponent: `e` or `E`, a sign, digits; at most four of them for the exact reading (more
    // is no coordinate).
    var exponentDigits = 0
    if index < bytes.count {
      guard bytes[index] | 0x20 == UInt8(ascii: "e") else { return .notDecimal }
      index += 1
      let exponentNegative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
      if index < bytes.count, isSign(bytes[index]) { index += 1 }
      var exponent = 0
      while index < bytes.count, bytes[index] &- zero < 10 {
        exponentDigits += 1
        if exponentDigits <= 4 { exponent = exponent * 10 + Int(bytes[index] &- zero) }
        index += 1
      }
      guard exponentDigits > 0, index == bytes.count else { return .notDecimal }
      power += exponentNegative ? -exponent : exponent
    }
    guard significant <= 15, exponentDigits <= 4 else { return .decimal }
    let value: Double
    if digits == 0 {
      value = 0
    } else if (0...22).contains(power) {
      value = Double(digits) * exactPowersOfTen[power]
    } else if (-22..<0).contains(power) {
      value = Double(digits) / exactPowersOfTen[-power]
    } else {
      return .decimal
    }
    return .exactly(negative ? -value : value)
  }

  /// 10^0 to 10^22, each a double exactly.
  private static let exactPowersOfTen: [Double] = (0...22).reduce(into: []) { powers, power in
    powers.append(power == 0 ? 1 : powers[power - 1] * 10)
  }
}
