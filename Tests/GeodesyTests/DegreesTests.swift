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
}
