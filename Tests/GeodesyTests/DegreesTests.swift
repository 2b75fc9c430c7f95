import Foundation
import TestSupport
import Testing

@testable import Geodesy

@Suite struct DegreesTests {
  @Test func quarterTurnsAreExact() {
    #expect(sinCos(degrees: 0) == (0, 1))
    #expect(sinCos(degrees: 90) == (1, 0))
    #expect(sinCos(degrees: 180) == (0, -1))
    #expect(sinCos(degrees: -90) == (-1, 0))
    #expect(sinCos(degrees: 270) == (-1, 0))
    #expect(sinCos(degrees: 720) == (0, 1))
  }

  @Test func sinCosAgreesWithRadiansElsewhere() {
    for degrees in stride(from: -720.0, through: 720.0, by: 0.37) {
      let (s, c) = sinCos(degrees: degrees)
      let radians = degrees * Double.pi / 180
      #expect(abs(s - sin(radians)) < 1e-13)
      #expect(abs(c - cos(radians)) < 1e-13)
    }
  }

  @Test func theQuarterTurnKernelsAreWithinAnUlpOfLibm() {
    var rng = SeededGenerator(seed: 3)
    for _ in 0..<200_000 {
      let x = Double.random(in: -Double.pi / 4...Double.pi / 4, using: &rng)
      let (s, c) = sinCos(quarterTurnRadians: x)
      #expect(abs(s - sin(x)) <= sin(x).magnitude.ulp, "sin \(x)")
      #expect(abs(c - cos(x)) <= cos(x).ulp, "cos \(x)")
    }
    #expect(sinCos(quarterTurnRadians: 0) == (0, 1))
  }

  @Test func squaredSinesAndCosinesKeepFullRelativePrecision() {
    for degrees in stride(from: -90.0, through: 90.0, by: 0.01) {
      let (s2, c2) = sinCosSquared(halfTurnDegrees: degrees)
      let (s, c) = sinCos(degrees: degrees)
      #expect(abs(s2 - s * s) <= 4 * (s * s).ulp, "sin² \(degrees)")
      #expect(abs(c2 - c * c) <= 4 * (c * c).ulp, "cos² \(degrees)")
    }
    #expect(sinCosSquared(halfTurnDegrees: 90) == (1, 0))
    #expect(sinCosSquared(halfTurnDegrees: -90) == (1, 0))
    #expect(sinCosSquared(halfTurnDegrees: 0) == (0, 1))
    #expect(sinCosSquared(halfTurnDegrees: 1e-9).sin2 > 0)
  }

  @Test func angleDifferenceStaysWithinHalfATurn() {
    #expect(angleDifference(degrees: 179, -179) == 2)
    #expect(angleDifference(degrees: -179, 179) == -2)
    #expect(angleDifference(degrees: 0, 360) == 0)
    #expect(abs(angleDifference(degrees: 10, 200)) == 170)
  }

  /// 1e300 degrees is 280 of them: a huge angle may neither swallow the other (`1e300 - 45` is
  /// `1e300` in doubles) nor overflow the difference (`1e308 - -1e308`).
  @Test func hugeAnglesAreReducedBeforeTheyAreCombined() {
    for huge in [1e300, -1e300, 1e308, -1e308, 1e15, -1e15, 1e15 + 0.5, 9_007_199_254_740_994, 1e20, 720.25] {
      let reduced = remainder(huge, 360)
      for other in [0.0, -0.0, 45, -179.9, 180, 1e-300, 1e300, -1e308] {
        let expected = remainder(remainder(other, 360) - reduced, 360)
        #expect(angleDifference(degrees: huge, other) == expected, "\(huge) \(other)")
        #expect(angleDifference(degrees: other, huge) == -expected || abs(expected) == 180, "\(other) \(huge)")
        #expect(angleSum(degrees: huge, other) == remainder(reduced + remainder(other, 360), 360), "\(huge) \(other)")
      }
    }
    #expect(angleDifference(degrees: 1e300, 45) == 45)
    #expect(angleDifference(degrees: -1e308, 1e308).isFinite)
    #expect(angleSum(degrees: 1e15, 0.3) == remainder(remainder(1e15, 360) + 0.3, 360))
  }

  @Test func nanAndInfinityGiveNaNNeverATrap() {
    #expect(sinCos(degrees: .nan).sin.isNaN)
    #expect(sinCos(degrees: .infinity).cos.isNaN)
    #expect(sinCos(degrees: -.infinity).sin.isNaN)
    #expect(angleDifference(degrees: .infinity, 0).isNaN)
  }
}
