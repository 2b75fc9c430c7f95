import Foundation
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

  @Test func angleDifferenceStaysWithinHalfATurn() {
    #expect(angleDifference(degrees: 179, -179) == 2)
    #expect(angleDifference(degrees: -179, 179) == -2)
    #expect(angleDifference(degrees: 0, 360) == 0)
    #expect(abs(angleDifference(degrees: 10, 200)) == 170)
  }
}
