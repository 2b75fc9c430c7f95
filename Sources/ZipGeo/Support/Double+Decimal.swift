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
    if let value = Double.plainDecimal(bytes) {
      self = value
      return
    }
    guard Double.isDecimal(bytes) else { return nil }
    if let value = Double.exactlyRounded(bytes) {
      self = value
      return
    }
    guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
    self = value
  }

  /// The number of decimal `bytes` (already checked by `isDecimal`), when it has at most 15
  /// significant digits and a power of ten within 10^±22: the digits and the power are then both
  /// doubles exactly, and one multiplication or division rounds their product as the standard
  /// library's reading does (Clinger's fast path). `nil` for any other number, which the standard
  /// library reads. Coordinates, `33.025` or `-96.7397`, always take this path.
  static func exactlyRounded(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    var negative = false
    if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
      negative = bytes[0] == UInt8(ascii: "-")
      index = 1
    }
    var digits: UInt64 = 0
    var significant = 0
    var power = 0
    var afterPoint = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        afterPoint = true
      } else if byte &- UInt8(ascii: "0") < 10 {
        if digits != 0 || byte != UInt8(ascii: "0") {
          significant += 1
          guard significant <= 15 else { return nil }
          digits = digits * 10 + UInt64(byte &- UInt8(ascii: "0"))
        }
        if afterPoint { power -= 1 }
      } else {
        break
      }
      index += 1
    }
    if index < bytes.count {
      // The exponent: `e`, a sign, at most four digits (more is no coordinate).
      index += 1
      var exponentNegative = false
      if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      guard bytes.count - index <= 4 else { return nil }
      var exponent = 0
      while index < bytes.count {
        exponent = exponent * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
        index += 1
      }
      power += exponentNegative ? -exponent : exponent
    }
    let value: Double
    if digits == 0 {
      value = 0
    } else if (0...22).contains(power) {
      value = Double(digits) * exactPowersOfTen[power]
    } else if (-22..<0).contains(power) {
      value = Double(digits) / exactPowersOfTen[-power]
    } else {
      return nil
    }
    return negative ? -value : value
  }

  /// The number of `bytes` written as files write coordinates, `[+-]digits[.digits]` (a digit at
  /// least) with at most 15 significant digits and 22 after the point, checked and read in one
  /// pass, as `exactlyRounded` reads it; `nil` for anything else, which `isDecimal` then checks
  /// and the general reading reads. Checking first and reading after took two passes over the
  /// two numbers of every row an import reads.
  static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let first = bytes.first else { return nil }
    var index = 0
    let negative = first == UInt8(ascii: "-")
    if negative || first == UInt8(ascii: "+") { index = 1 }
    var digits: UInt64 = 0
    var significant = 0
    var anyDigit = false
    var afterPoint = false
    var fractionDigits = 0
    while index < bytes.count {
      let byte = bytes[index]
      let digit = byte &- UInt8(ascii: "0")
      if digit < 10 {
        anyDigit = true
        if digits != 0 || digit != 0 {
          significant += 1
          guard significant <= 15 else { return nil }
          digits = digits &* 10 &+ UInt64(digit)
        }
        if afterPoint { fractionDigits += 1 }
      } else if byte == UInt8(ascii: "."), !afterPoint {
        afterPoint = true
      } else {
        return nil
      }
      index += 1
    }
    guard anyDigit, fractionDigits <= 22 else { return nil }
    let value = digits == 0 ? 0 : Double(digits) / exactPowersOfTen[fractionDigits]
    return negative ? -value : value
  }

  /// 10^0 to 10^22, each a double exactly.
  private static let exactPowersOfTen: [Double] = (0...22).reduce(into: []) { powers, power in
    powers.append(power == 0 ? 1 : powers[power - 1] * 10)
  }

  /// Whether `bytes` are `[+-]digits[.digits][(e|E)[+-]digits]` with at least one digit before
  /// the exponent.
  static func isDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    // One pass over the bytes in place: this runs twice per imported row.
    var index = 0
    func skipSign() {
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
    }
    func digits() -> Int {
      let start = index
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
      return index - start
    }
    skipSign()
    var mantissaDigits = digits()
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      mantissaDigits += digits()
    }
    guard mantissaDigits > 0 else { return false }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      skipSign()
      guard digits() > 0 else { return false }
    }
    return index == bytes.count
  }
}
