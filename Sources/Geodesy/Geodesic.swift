#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The shortest path between two points: its length and its azimuths at both ends.
public struct Geodesic: Equatable, Sendable {
  /// The length in metres.
  public let distance: Double
  /// The azimuth at the start, in degrees clockwise from north, within [-180, 180].
  public let initialAzimuth: Double
  /// The azimuth at the end (the direction of travel on arrival), in degrees within [-180, 180].
  public let finalAzimuth: Double
}

extension Ellipsoid {
  /// The geodesic (shortest path) from `a` to `b`: the inverse problem, to round-off accuracy
  /// (nanometres) for every pair of points, including nearly antipodal ones.
  ///
  /// ```swift
  /// Ellipsoid.wgs84.inverse(from: plano, to: plano).distance   // exactly 0
  /// ```
  public func inverse(from a: Coordinate, to b: Coordinate) -> Geodesic {
    let (distance, s1, c1, s2, c2) = solveInverse(a, b, azimuths: true)
    return Geodesic(distance: distance, initialAzimuth: degrees(s1, c1), finalAzimuth: degrees(s2, c2))
  }

  /// The geodesic distance in metres.
  public func distance(from a: Coordinate, to b: Coordinate) -> Double {
    solveInverse(a, b, azimuths: false).distance
  }

  /// The point reached from `start` along the geodesic that leaves it at `azimuth` (degrees
  /// clockwise from north) after `distance` metres (negative: backwards), and the azimuth there.
  ///
  /// ```swift
  /// let north = Ellipsoid.wgs84.destination(from: plano, azimuth: 0, distance: 10_000).point
  /// ```
  public func destination(from start: Coordinate, azimuth: Double, distance: Double) -> (
    point: Coordinate, finalAzimuth: Double
  ) {
    let f = flattening
    let (sinAlpha1, cosAlpha1) = sinCos(degrees: azimuth)
    let (sinPhi1, cosPhi1) = sinCos(degrees: start.latitude)
    var (sinBeta1, cosBeta1) = normalized(sinPhi1 * (1 - f), cosPhi1)
    cosBeta1 = max(cosBeta1, Ellipsoid.tiny)
    // The geodesic's equator crossing (node) and its azimuth there, α0 (Clairaut).
    let sinAlpha0 = sinAlpha1 * cosBeta1
    let cosAlpha0 = length(cosAlpha1, sinAlpha1 * sinBeta1)
    // σ1, ω1: arc and longitude from the node to the start on the auxiliary sphere.
    let (sinSigma1, cosSigma1) = normalized(
      sinBeta1, sinBeta1 != 0 || cosAlpha1 != 0 ? cosAlpha1 * cosBeta1 : 1)
    let sinOmega1 = sinAlpha0 * sinSigma1
    let cosOmega1 = cosSigma1
    let eps = Ellipsoid.epsilon(kSquared: secondEccentricitySquared * cosAlpha0 * cosAlpha0)
    // Distance to arc: τ = I1(σ) / A1 is linear in distance; the inverse series gives σ back.
    let sigma1 = atan2(sinSigma1, cosSigma1)
    let tau1 = sigma1 + Ellipsoid.c1(eps).sum(sin: sinSigma1, cos: cosSigma1)
    let tau2 = tau1 + distance / (polarRadius * Ellipsoid.a1(eps))
    let (sinTau2, cosTau2) = (sin(tau2), cos(tau2))
    let sigma2 = tau2 + Ellipsoid.c1Inverse(eps).sum(sin: sinTau2, cos: cosTau2)
    let (sinSigma2, cosSigma2) = (sin(sigma2), cos(sigma2))
    // Back from the auxiliary sphere.
    let sinBeta2 = cosAlpha0 * sinSigma2
    let cosBeta2 = max(length(sinAlpha0, cosAlpha0 * cosSigma2), Ellipsoid.tiny)
    let sinOmega2 = sinAlpha0 * sinSigma2
    let cosOmega2 = cosSigma2
    let omega12 = atan2(sinOmega2 * cosOmega1 - cosOmega2 * sinOmega1, cosOmega2 * cosOmega1 + sinOmega2 * sinOmega1)
    let c3 = c3(eps)
    let i3 = (sigma2 - sigma1) + c3.sum(sin: sinSigma2, cos: cosSigma2) - c3.sum(sin: sinSigma1, cos: cosSigma1)
    let lambda12 = omega12 - f * sinAlpha0 * a3(eps) * i3
    let latitude = atan2(sinBeta2, (1 - f) * cosBeta2) * (180 / Double.pi)
    let longitude = angleDifference(degrees: 0, start.longitude + lambda12 * (180 / Double.pi))
    return (
      Coordinate(uncheckedLatitude: latitude, longitude: longitude),
      degrees(sinAlpha0, cosAlpha0 * cosSigma2)
    )
  }

  /// Keeps cos β away from 0 at the poles, so that azimuths there stay defined.
  static let tiny = Double.leastNormalMagnitude.squareRoot()

  /// The inverse problem: distance and the sines and cosines of both azimuths (accurate only
  /// when `azimuths` is true; without, the last Newton step may be replaced by a first-order
  /// correction of the distance).
  func solveInverse(_ a: Coordinate, _ b: Coordinate, azimuths: Bool) -> (
    distance: Double, sinAlpha1: Double, cosAlpha1: Double, sinAlpha2: Double, cosAlpha2: Double
  ) {
    // Reduce to a canonical problem: the first point the farther from the equator and in the
    // southern hemisphere, the second point east of it by lon12 within [0, 180].
    let difference = Sphere.longitudeDifference(a.longitude, b.longitude)
    var lat1 = a.latitude
    var lat2 = b.latitude
    let swapped = abs(lat1) < abs(lat2)
    if swapped { swap(&lat1, &lat2) }
    let latitudeSign: Double = lat1 > 0 ? -1 : 1
    lat1 *= latitudeSign
    lat2 *= latitudeSign
    // Swapping the points reverses the longitude difference; mirror when it is westward.
    let mirrored = (swapped ? -difference : difference) < 0
    let lon12 = abs(difference)

    let solution = solveCanonical(lat1, lat2, lon12, azimuths: azimuths)
    var (s1, c1, s2, c2) = (solution.sinAlpha1, solution.cosAlpha1, solution.sinAlpha2, solution.cosAlpha2)
    if latitudeSign < 0 { (c1, c2) = (-c1, -c2) }
    if mirrored { (s1, s2) = (-s1, -s2) }
    if swapped {
      // From b to a, reversed: each end's azimuth turns by 180 degrees.
      (s1, c1, s2, c2) = (-s2, -c2, -s1, -c1)
    }
    return (solution.distance, s1, c1, s2, c2)
  }

  /// The inverse problem for lat1 <= 0, |lat2| <= |lat1|, 0 <= lon12 <= 180 (degrees).
  private func solveCanonical(_ lat1: Double, _ lat2: Double, _ lon12: Double, azimuths: Bool) -> (
    distance: Double, sinAlpha1: Double, cosAlpha1: Double, sinAlpha2: Double, cosAlpha2: Double
  ) {
    let f = flattening
    var (sinBeta1, cosBeta1) = sinCos(degrees: lat1)
    (sinBeta1, cosBeta1) = normalized(sinBeta1 * (1 - f), cosBeta1)
    cosBeta1 = max(cosBeta1, Ellipsoid.tiny)
    var (sinBeta2, cosBeta2) = sinCos(degrees: lat2)
    (sinBeta2, cosBeta2) = normalized(sinBeta2 * (1 - f), cosBeta2)
    cosBeta2 = max(cosBeta2, Ellipsoid.tiny)
    // Equal |β| give identical cosines, so that cos α2 below is computed exactly.
    if cosBeta1 < -sinBeta1, cosBeta2 == cosBeta1 { sinBeta2 = sinBeta2 < 0 ? sinBeta1 : -sinBeta1 }
    let ep2 = secondEccentricitySquared
    let dn1 = (1 + ep2 * sinBeta1 * sinBeta1).squareRoot()
    let dn2 = (1 + ep2 * sinBeta2 * sinBeta2).squareRoot()
    let (sinLambda12, cosLambda12) = sinCos(degrees: lon12)
    let lambda12 = lon12 * (Double.pi / 180)
    let ends = Ends(sinBeta1: sinBeta1, cosBeta1: cosBeta1, sinBeta2: sinBeta2, cosBeta2: cosBeta2, dn1: dn1, dn2: dn2)

    // Along a meridian (or from a pole) the geodesic is the meridian itself, unless it runs past
    // the conjugate point (m12 < 0), beyond which it is no longer the shortest path.
    if lat1 == -90 || sinLambda12 == 0 {
      let (sinAlpha1, cosAlpha1) = (sinLambda12, cosLambda12)
      let (sinSigma1, cosSigma1) = normalized(sinBeta1, cosAlpha1 * cosBeta1)
      let (sinSigma2, cosSigma2) = normalized(sinBeta2, cosBeta2)
      let sigma12 = arc(sinSigma1, cosSigma1, sinSigma2, cosSigma2)
      let lengths = self.lengths(
        eps: Ellipsoid.epsilon(kSquared: ep2), sigma12: sigma12, sinSigma1, cosSigma1, dn1, sinSigma2, cosSigma2, dn2)
      if sigma12 < 1 || lengths.reducedLength >= 0 {
        let distance = sigma12 < 3 * Ellipsoid.tiny ? 0 : lengths.distance * polarRadius
        return (distance, sinAlpha1, cosAlpha1, 0, 1)
      }
    }

    // Along the equator, up to the point where the path over a pole becomes shorter.
    if sinBeta1 == 0, lon12 <= 180 * (1 - f) {
      return (equatorialRadius * lambda12, 1, 0, 1, 0)
    }

    // The general case: find α1 with λ12(α1) = lon12. λ12 grows with α1 from 0 (due north) to
    // pi (due south, over the pole), so [0, pi] brackets the answer; Newton's steps that leave
    // the shrinking bracket are replaced by bisection.
    let start = startingAzimuth(ends, lambda12: lambda12, sinLambda12: sinLambda12, cosLambda12: cosLambda12)
    var alpha1 = start.alpha1
    var low = 0.0
    var high = Double.pi
    var point = evaluate(ends, sinAlpha1: start.sinAlpha1, cosAlpha1: start.cosAlpha1)
    for iteration in 0..<Ellipsoid.maximumIterations {
      let error = point.lambda12 - lambda12
      if abs(error) <= Ellipsoid.tolerance { break }
      if !azimuths {
        // The end reached lies on the right parallel, `error` radians of longitude off; moving
        // it there changes the distance by sin α2 times the shift, to first order. The second
        // order, shift² cos² α2 / (2 m12), must stay under a nanometre.
        let shift = equatorialRadius * ends.cosBeta2 * error
        let m12 = point.reducedLength * polarRadius
        if shift * shift < 2e-9 * abs(m12) && m12 > 0 {
          return (point.distance * polarRadius - shift * point.sinAlpha2, 0, 0, 0, 0)
        }
      }
      if error > 0 { high = min(high, alpha1) } else { low = max(low, alpha1) }
      let step = -error / point.derivative
      let next = alpha1 + step
      if point.derivative > 0 && point.derivative.isFinite && next > low && next < high && next != alpha1
        && iteration < Ellipsoid.maximumIterations / 2
      {
        // Turn (sin α1, cos α1) by the step; small steps need no sine or cosine calls.
        let (sinStep, cosStep) =
          abs(step) < 1e-3
          ? (step * (1 - step * step / 6), 1 - step * step / 2 * (1 - step * step / 12)) : (sin(step), cos(step))
        let (sinNext, cosNext) = normalized(
          point.sinAlpha1 * cosStep + point.cosAlpha1 * sinStep, point.cosAlpha1 * cosStep - point.sinAlpha1 * sinStep)
        alpha1 = next
        point = evaluate(ends, sinAlpha1: sinNext, cosAlpha1: cosNext)
      } else {
        let middle = (low + high) / 2
        if middle == alpha1 { break }  // the bracket cannot shrink further
        alpha1 = middle
        point = evaluate(ends, sinAlpha1: sin(alpha1), cosAlpha1: cos(alpha1))
      }
    }
    return (point.distance * polarRadius, point.sinAlpha1, point.cosAlpha1, point.sinAlpha2, point.cosAlpha2)
  }

  /// Newton's method with bisection ends within this many steps: bisection alone halves [0, pi]
  /// to a rounding error in about 55.
  static let maximumIterations = 100
  /// λ12 is solved to within this many radians, about a nanometre on the ground.
  static let tolerance = 4 * Double.ulpOfOne

  /// The reduced latitudes of the two ends and √(1 + e'² sin²β) at each.
  struct Ends {
    let sinBeta1, cosBeta1, sinBeta2, cosBeta2, dn1, dn2: Double
  }

  /// The geodesic leaving the first end at azimuth α1, followed to the second end's latitude.
  struct Trial {
    var sinAlpha1, cosAlpha1, sinAlpha2, cosAlpha2: Double
    /// The longitude reached, in radians.
    var lambda12: Double
    /// dλ12/dα1.
    var derivative: Double
    /// The distance and the reduced length m12, in units of b.
    var distance, reducedLength: Double
  }

  private func evaluate(_ e: Ends, sinAlpha1: Double, cosAlpha1: Double) -> Trial {
    let f = flattening
    var cosAlpha1 = cosAlpha1
    // On the equator heading due east, σ1 and ω1 would be 0/0: tilt the start a hair south.
    if e.sinBeta1 == 0 && cosAlpha1 == 0 { cosAlpha1 = -Ellipsoid.tiny }
    let sinAlpha0 = sinAlpha1 * e.cosBeta1
    let cosAlpha0 = length(cosAlpha1, sinAlpha1 * e.sinBeta1)
    let (sinSigma1, cosSigma1) = normalized(e.sinBeta1, cosAlpha1 * e.cosBeta1)
    let (sinOmega1, cosOmega1) = normalized(sinAlpha0 * e.sinBeta1, cosAlpha1 * e.cosBeta1)
    // Clairaut: cos β sin α is constant; cos α2 from cos² α2 cos² β2 = cos² α1 cos² β1 + cos² β2 - cos² β1.
    let sinAlpha2 = e.cosBeta2 != e.cosBeta1 ? sinAlpha0 / e.cosBeta2 : sinAlpha1
    let cosAlpha2: Double
    if e.cosBeta2 != e.cosBeta1 || abs(e.sinBeta2) != -e.sinBeta1 {
      let change =
        e.cosBeta1 < -e.sinBeta1
        ? (e.cosBeta2 - e.cosBeta1) * (e.cosBeta1 + e.cosBeta2) : (e.sinBeta1 - e.sinBeta2) * (e.sinBeta1 + e.sinBeta2)
      cosAlpha2 = ((cosAlpha1 * e.cosBeta1) * (cosAlpha1 * e.cosBeta1) + change).squareRoot() / e.cosBeta2
    } else {
      cosAlpha2 = abs(cosAlpha1)
    }
    let (sinSigma2, cosSigma2) = normalized(e.sinBeta2, cosAlpha2 * e.cosBeta2)
    let (sinOmega2, cosOmega2) = normalized(sinAlpha0 * e.sinBeta2, cosAlpha2 * e.cosBeta2)
    let sigma12 = arc(sinSigma1, cosSigma1, sinSigma2, cosSigma2)
    let omega12 = arc(sinOmega1, cosOmega1, sinOmega2, cosOmega2)
    let eps = Ellipsoid.epsilon(kSquared: secondEccentricitySquared * cosAlpha0 * cosAlpha0)
    let c3 = c3(eps)
    let i3 = sigma12 + c3.sum(sin: sinSigma2, cos: cosSigma2) - c3.sum(sin: sinSigma1, cos: cosSigma1)
    let lambda12 = omega12 - f * sinAlpha0 * a3(eps) * i3
    let lengths = self.lengths(
      eps: eps, sigma12: sigma12, sinSigma1, cosSigma1, e.dn1, sinSigma2, cosSigma2, e.dn2)
    let derivative =
      cosAlpha2 == 0
      ? -2 * (1 - f) * e.dn1 / e.sinBeta1 : (1 - f) * lengths.reducedLength / (cosAlpha2 * e.cosBeta2)
    return Trial(
      sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1, sinAlpha2: sinAlpha2, cosAlpha2: cosAlpha2, lambda12: lambda12,
      derivative: derivative, distance: lengths.distance, reducedLength: lengths.reducedLength)
  }

  /// Distance and reduced length m12 of an arc σ1...σ2 of the auxiliary sphere, both in units of b.
  private func lengths(
    eps: Double, sigma12: Double, _ sinSigma1: Double, _ cosSigma1: Double, _ dn1: Double, _ sinSigma2: Double,
    _ cosSigma2: Double, _ dn2: Double
  ) -> (distance: Double, reducedLength: Double) {
    let a1 = Ellipsoid.a1(eps)
    let a2 = Ellipsoid.a2(eps)
    let c1 = Ellipsoid.c1(eps)
    let c2 = Ellipsoid.c2(eps)
    let b1 = c1.sum(sin: sinSigma2, cos: cosSigma2) - c1.sum(sin: sinSigma1, cos: cosSigma1)
    let b2 = c2.sum(sin: sinSigma2, cos: cosSigma2) - c2.sum(sin: sinSigma1, cos: cosSigma1)
    let distance = a1 * (sigma12 + b1)
    let j12 = (a1 - a2) * sigma12 + (a1 * b1 - a2 * b2)
    let reducedLength =
      dn2 * (cosSigma1 * sinSigma2) - dn1 * (sinSigma1 * cosSigma2) - cosSigma1 * cosSigma2 * j12
    return (distance, reducedLength)
  }

  /// A first α1: the great circle of the auxiliary sphere for most pairs; near the antipode,
  /// where every geodesic from the first point comes close, the astroid that their envelope
  /// traces (Karney 2013, section 5).
  private func startingAzimuth(_ e: Ends, lambda12: Double, sinLambda12: Double, cosLambda12: Double) -> (
    alpha1: Double, sinAlpha1: Double, cosAlpha1: Double
  ) {
    // Offsets from the antipode, in units of the envelope's size f π cos² β1.
    let scale = flattening * Double.pi * e.cosBeta1
    let x = (lambda12 - Double.pi) / scale
    let y = (e.sinBeta2 * e.cosBeta1 + e.cosBeta2 * e.sinBeta1) / (scale * e.cosBeta1)  // sin(β1 + β2)
    if x * x + y * y < 25 {
      // The geodesic through (x, y) leaves at sin α1 = -x / (1 + μ), cos α1 = y / μ, where μ > 0
      // solves x² / (1 + μ)² + y² / μ² = 1.
      if y == 0 {
        let s = min(1, -x)
        return (atan2(s, -(1 - s * s).squareRoot()), s, -(1 - s * s).squareRoot())
      }
      var low = max(abs(y), abs(x) - 1)
      var high = (x * x + y * y).squareRoot()
      for _ in 0..<60 {
        let mu = (low + high) / 2
        let value = x * x / ((1 + mu) * (1 + mu)) + y * y / (mu * mu) - 1  // decreasing in μ
        if value > 0 { low = mu } else { high = mu }
      }
      let mu = (low + high) / 2
      let (s, c) = normalized(-x / (1 + mu), y / mu)
      return (atan2(s, c), s, c)
    }
    // The great circle of the auxiliary sphere with ω12 = λ12 / ((1 - f) √(1 + e'² sin² β)), β
    // the mean of the two ends: the ratio of longitudes where the line is short, as they are on
    // a sphere of the local radius; ω12 = λ12 for long lines.
    var (sinOmega12, cosOmega12) = (sinLambda12, cosLambda12)
    if e.cosBeta2 * lambda12 < 0.5 && e.sinBeta2 * e.cosBeta1 - e.cosBeta2 * e.sinBeta1 < 0.5 {
      let omega12 = lambda12 / ((1 - flattening) * (e.dn1 + e.dn2) / 2)
      (sinOmega12, cosOmega12) = (sin(omega12), cos(omega12))
    }
    let sinAlpha = e.cosBeta2 * sinOmega12
    let cosAlpha = e.cosBeta1 * e.sinBeta2 - e.sinBeta1 * e.cosBeta2 * cosOmega12
    let (s, c) = normalized(sinAlpha, cosAlpha)
    let alpha = atan2(s, c)
    return alpha > 0 && alpha < Double.pi ? (alpha, s, c) : (Double.pi / 2, 1, 0)
  }
}

/// The angle from angle 1 to angle 2, both given by sine and cosine, within [0, pi]: a negative
/// difference, from rounding, counts as 0 (and -0 as +0, which Swift's `max` would keep).
@inline(__always)
func arc(_ sin1: Double, _ cos1: Double, _ sin2: Double, _ cos2: Double) -> Double {
  let sine = cos1 * sin2 - sin1 * cos2
  return atan2(sine > 0 ? sine : 0, cos1 * cos2 + sin1 * sin2)
}

/// √(x² + y²) for arguments far from overflow, without hypot's care (and cost).
@inline(__always)
func length(_ x: Double, _ y: Double) -> Double {
  (x * x + y * y).squareRoot()
}

/// The angle of (sin, cos) in degrees.
@inline(__always)
func degrees(_ s: Double, _ c: Double) -> Double {
  atan2(s, c) * (180 / Double.pi)
}
