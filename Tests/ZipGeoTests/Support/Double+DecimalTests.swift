import TestSupport
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
      // Each a path of the one-pass reading of plain numbers.
      "1.2.3", "..5", "1..", "+-1", "-+1", "1-", "12a", "0.5.", "-.", "+.", "1.-2",
    ] {
      #expect(Double(decimal: text) == nil, "\(text)")
    }
  }

  /// Numbers of at most 15 digits within 10^±22 are read without the standard library: every
  /// one must come out as the standard library reads it, bit for bit, and the sign of zero too.
  @Test func theFastReadingOfShortNumbersIsTheStandardLibrarysToTheBit() {
    var rng = SeededGenerator(seed: 9)
    var texts = [
      "0", "-0", "0.0", "-0.000", "1", "9", "0.1", "0.3", "1e22", "1e23", "1e-22", "1e-23",
      "999999999999999", "9999999999999999", "123456789012345e-22", "0.000000000000000000000001", "89.99999999999999",
      "-179.999999999999", "180", "-90.0", "1.5e+3", "2.5E-3", "00000.5", "+.5", "5.", "4.9e-324", "1e0000", "1e-0",
    ]
    for _ in 0..<300_000 {
      var text = ["", "-", "+"][Int.random(in: 0...2, using: &rng)]
      let whole = Int.random(in: 0...17, using: &rng)
      let fraction = Int.random(in: 0...17, using: &rng)
      for _ in 0..<whole { text += String(Int.random(in: 0...9, using: &rng)) }
      if fraction > 0 || whole == 0 { text += "." }
      for _ in 0..<max(fraction, whole == 0 ? 1 : 0) { text += String(Int.random(in: 0...9, using: &rng)) }
      if Int.random(in: 0...3, using: &rng) == 0 { text += "e\(Int.random(in: -30...30, using: &rng))" }
      texts.append(text)
    }
    for text in texts {
      let fast = Double(decimal: text)
      let standard = Double(text)
      #expect(
        fast?.bitPattern == standard?.bitPattern,
        "\(text): \(String(describing: fast)) against \(String(describing: standard))")
    }
  }
}
