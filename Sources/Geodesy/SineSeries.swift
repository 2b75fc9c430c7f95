#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Six coefficients of a series Σ c[l] sin 2lσ, l = 1...6.
struct SineSeries {
  let c1, c2, c3, c4, c5, c6: Double

  @inline(__always)
  init(_ c1: Double, _ c2: Double, _ c3: Double, _ c4: Double, _ c5: Double, _ c6: Double) {
    (self.c1, self.c2, self.c3, self.c4, self.c5, self.c6) = (c1, c2, c3, c4, c5, c6)
  }

  /// Σ c[l] sin 2lσ for sin σ and cos σ (normalized), by Clenshaw summation.
  @inline(__always)
  func sum(sin s: Double, cos c: Double) -> Double {
    let x = 2 * (c - s) * (c + s)  // 2 cos 2σ
    var b1 = c6
    var b2 = 0.0
    (b1, b2) = (c5 + x * b1 - b2, b1)
    (b1, b2) = (c4 + x * b1 - b2, b1)
    (b1, b2) = (c3 + x * b1 - b2, b1)
    (b1, b2) = (c2 + x * b1 - b2, b1)
    (b1, b2) = (c1 + x * b1 - b2, b1)
    return b1 * (2 * s * c)  // b1 sin 2σ
  }
}
