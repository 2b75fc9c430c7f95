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
    guard Double.isDecimal(bytes), let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else {
      return nil
    }
    self = value
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
