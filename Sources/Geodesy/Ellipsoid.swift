#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// An ellipsoid of revolution: the Earth as surveyors and GPS model it.
///
/// ```swift
/// let line = Ellipsoid.wgs84.inverse(from: plano, to: newYork)
/// line.distance          // 2,213,083.9... metres along the shortest path on WGS84
/// line.initialAzimuth    // degrees clockwise from north, at Plano
/// ```
///
/// Geodesics follow C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87 (2013): the
/// geodesic is mapped onto a great circle of an auxiliary sphere, where distance and longitude
/// become integrals expanded as series to sixth order in the small parameter ε. The inverse
/// problem (two points to distance and azimuths) solves for the starting azimuth by Newton's
/// method inside a bracket that only ever shrinks, so it always ends, also for nearly antipodal
/// points where Vincenty's iteration fails to converge.
///
/// The series are accurate for Earth-like flattenings (|f| ≤ 1/100), to round-off for WGS84.
public struct Ellipsoid: Hashable, Sendable {
  /// The equatorial radius a, in metres.
  public let equatorialRadius: Double
  /// The flattening f = (a - b) / a.
  public let flattening: Double

  /// The polar radius b = a (1 - f).
  public let polarRadius: Double
  /// The squared eccentricity e² = f (2 - f).
  let eccentricitySquared: Double
  /// The second eccentricity squared e'² = e² / (1 - e²).
  let secondEccentricitySquared: Double
  /// The third flattening n = f / (2 - f).
  let thirdFlattening: Double
  /// A3(ε) = 1 - Σ a3[j] ε^(j+1): its coefficients, which depend on n.
  let a3: (Double, Double, Double, Double, Double)
  /// C3 coefficients: c3[l] is the polynomial in ε of the l-th sine coefficient of I3.
  let c3: C3Coefficients

  /// WGS84, the ellipsoid of GPS: a = 6,378,137 m, f = 1/298.257223563.
  public static let wgs84 = Ellipsoid(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

  public static func == (x: Ellipsoid, y: Ellipsoid) -> Bool {
    x.equatorialRadius == y.equatorialRadius && x.flattening == y.flattening
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(equatorialRadius)
    hasher.combine(flattening)
  }

  /// `Ellipsoid(equatorialRadius: 6_378_137, flattening: 1 / 298.257222101)` (GRS80).
  public init(equatorialRadius: Double, flattening: Double) {
    precondition(equatorialRadius > 0 && equatorialRadius.isFinite, "an ellipsoid needs a positive finite radius")
    precondition(abs(flattening) <= 0.01, "the geodesic series hold for Earth-like flattenings, |f| <= 1/100")
    self.equatorialRadius = equatorialRadius
    self.flattening = flattening
    let f = flattening
    let n = f / (2 - f)
    polarRadius = equatorialRadius * (1 - f)
    eccentricitySquared = f * (2 - f)
    secondEccentricitySquared = eccentricitySquared / ((1 - f) * (1 - f))
    thirdFlattening = n
    a3 = (
      1.0 / 2 - n / 2, 1.0 / 4 + n / 8 - 3 * n * n / 8, 1.0 / 16 + 3 * n / 16 + n * n / 16, 3.0 / 64 + n / 32, 3.0 / 128
    )
    c3 = C3Coefficients(n: n)
  }

  /// The length of the meridian from the equator to latitude `latitude` (degrees), in metres.
  public func meridianDistance(toLatitude latitude: Double) -> Double {
    let (sinPhi, cosPhi) = sinCos(degrees: latitude)
    let (sinBeta, cosBeta) = normalized(sinPhi * (1 - flattening), cosPhi)
    // Along a meridian the geodesic's equator crossing is the meridian's, so σ = β, and k² = e'².
    let eps = Ellipsoid.epsilon(kSquared: secondEccentricitySquared)
    let beta = atan2(sinBeta, cosBeta)
    return polarRadius * Ellipsoid.a1(eps) * (beta + Ellipsoid.c1(eps).sum(sin: sinBeta, cos: cosBeta))
  }

  /// The length of the meridian from the equator to a pole, in metres: b A1 π/2 (the sine
  /// series vanishes at σ = π/2).
  public var quarterMeridian: Double {
    polarRadius * Ellipsoid.a1(Ellipsoid.epsilon(kSquared: secondEccentricitySquared)) * Double.pi / 2
  }

  /// ε = (√(1 + k²) - 1) / (√(1 + k²) + 1), written without cancellation.
  @inline(__always)
  static func epsilon(kSquared k2: Double) -> Double {
    k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
  }

  /// A1 = (1 + ε²/4 + ε⁴/64 + ε⁶/256) / (1 - ε): the mean rate of the distance integral I1.
  @inline(__always)
  static func a1(_ eps: Double) -> Double {
    let e2 = eps * eps
    return (1 + e2 * (1.0 / 4 + e2 * (1.0 / 64 + e2 / 256))) / (1 - eps)
  }

  /// A2 = (1 - ε) (1 + ε²/4 + 9ε⁴/64 + 25ε⁶/256): the mean rate of I2 (reduced length).
  @inline(__always)
  static func a2(_ eps: Double) -> Double {
    let e2 = eps * eps
    return (1 - eps) * (1 + e2 * (1.0 / 4 + e2 * (9.0 / 64 + e2 * 25 / 256)))
  }

  /// A3(ε), the mean rate of the longitude integral I3.
  @inline(__always)
  func a3(_ eps: Double) -> Double {
    1 - eps * (a3.0 + eps * (a3.1 + eps * (a3.2 + eps * (a3.3 + eps * a3.4))))
  }

  /// The sine coefficients of I1: I1(σ) = A1 (σ + Σ C1[l] sin 2lσ).
  @inline(__always)
  static func c1(_ eps: Double) -> SineSeries {
    let e2 = eps * eps
    return SineSeries(
      eps * (-1.0 / 2 + e2 * (3.0 / 16 - e2 / 32)),
      e2 * (-1.0 / 16 + e2 * (1.0 / 32 - e2 * 9 / 2048)),
      eps * e2 * (-1.0 / 48 + e2 * 3 / 256),
      e2 * e2 * (-5.0 / 512 + e2 * 3 / 512),
      eps * e2 * e2 * (-7.0 / 1280),
      e2 * e2 * e2 * (-7.0 / 2048))
  }

  /// The inverse series: σ = τ + Σ C1'[l] sin 2lτ, where τ = I1(σ) / A1.
  @inline(__always)
  static func c1Inverse(_ eps: Double) -> SineSeries {
    let e2 = eps * eps
    return SineSeries(
      eps * (1.0 / 2 + e2 * (-9.0 / 32 + e2 * 205 / 1536)),
      e2 * (5.0 / 16 + e2 * (-37.0 / 96 + e2 * 1335 / 4096)),
      eps * e2 * (29.0 / 96 - e2 * 75 / 128),
      e2 * e2 * (539.0 / 1536 - e2 * 2391 / 2560),
      eps * e2 * e2 * 3467 / 7680,
      e2 * e2 * e2 * 38081 / 61440)
  }

  /// The sine coefficients of I2: I2(σ) = A2 (σ + Σ C2[l] sin 2lσ).
  @inline(__always)
  static func c2(_ eps: Double) -> SineSeries {
    let e2 = eps * eps
    return SineSeries(
      eps * (1.0 / 2 + e2 * (1.0 / 16 + e2 / 32)),
      e2 * (3.0 / 16 + e2 * (1.0 / 32 + e2 * 35 / 2048)),
      eps * e2 * (5.0 / 48 + e2 * 5 / 256),
      e2 * e2 * (35.0 / 512 + e2 * 7 / 512),
      eps * e2 * e2 * 63 / 1280,
      e2 * e2 * e2 * 77 / 2048)
  }
}

/// (s, c) scaled to unit length.
@inline(__always)
func normalized(_ s: Double, _ c: Double) -> (Double, Double) {
  let r = length(s, c)
  return (s / r, c / r)
}
