#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The coefficients of I3's sine series as polynomials in ε, whose coefficients depend on n.
struct C3Coefficients: Hashable, Sendable {
  // c[l][j]: the coefficient of ε^j in C3[l], for l = 1...5 and j = l...5.
  let c11, c12, c13, c14, c15: Double
  let c22, c23, c24, c25: Double
  let c33, c34, c35: Double
  let c44, c45: Double
  let c55: Double

  init(n: Double) {
    let n2 = n * n
    c11 = 1.0 / 4 - n / 4
    c12 = 1.0 / 8 - n2 / 8
    c13 = 3.0 / 64 + 3 * n / 64 - n2 / 64
    c14 = 5.0 / 128 + n / 64
    c15 = 3.0 / 128
    c22 = 1.0 / 16 - 3 * n / 32 + n2 / 32
    c23 = 3.0 / 64 - n / 32 - 3 * n2 / 64
    c24 = 3.0 / 128 + n / 128
    c25 = 5.0 / 256
    c33 = 5.0 / 192 - 3 * n / 64 + 5 * n2 / 192
    c34 = 3.0 / 128 - 5 * n / 192
    c35 = 7.0 / 512
    c44 = 7.0 / 512 - 7 * n / 256
    c45 = 7.0 / 512
    c55 = 21.0 / 2560
  }

  /// The series for one ε: I3(σ) = A3 (σ + Σ C3[l] sin 2lσ).
  @inline(__always)
  func callAsFunction(_ eps: Double) -> SineSeries {
    let e2 = eps * eps
    let e3 = e2 * eps
    let e4 = e2 * e2
    return SineSeries(
      eps * (c11 + eps * (c12 + eps * (c13 + eps * (c14 + eps * c15)))),
      e2 * (c22 + eps * (c23 + eps * (c24 + eps * c25))),
      e3 * (c33 + eps * (c34 + eps * c35)),
      e4 * (c44 + eps * c45),
      e4 * eps * c55,
      0)
  }
}
