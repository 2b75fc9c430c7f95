import Testing

@testable import ZipGeo

@Suite struct DoubleDecimalTests {
  @Test func plainDecimalNumbersAreRead() {
    #expect(Double(decimal: "33.025") == 33.025)
    #expect(Double(decimal: "-96.7397") == -96.7397)
    #expect(Double(decimal: "+1e-3") == 0.001)
    #expect(Double(decimal: "1.") == 1)
    #expect(Double(decimal: ".5") == 0.5)
    #expect(Double(decimal: "-0")?.sign == .minus)
    #expect(Double(decimal: "4.9e-324") == .leastNonzeroMagnitude)
    #expect(Double(decimal: "1.7976931348623157e308") == .greatestFiniteMagnitude)
  }

  /// What Swift's `Double(_:)` accepts but a person or a file means otherwise, or not as a number.
  @Test func everythingElseIsNot() {
    for text in [
      "", " ", "0x10", "0x1p3", "inf", "-inf", "infinity", "nan", "NaN", "1e400", "-1e400", "33,025", "1e", "e5", "+",
      "-", ".", "1 ", " 1", "1\0", "١٢", "1_000", "--1", "1e+",
    ] {
      #expect(Double(decimal: text) == nil, "\(text)")
    }
  }
}
