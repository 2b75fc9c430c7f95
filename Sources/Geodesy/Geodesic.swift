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
    let solution = solveInverse(a, b, azimuths: true)
    return Geodesic(
      distance: solution.distance, initialAzimuth: degrees(solution.sinAlpha1, solution.cosAlpha1),
      finalAzimuth: degrees(solution.sinAlpha2, solution.cosAlpha2))
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
    // As in `solveInverse`: squares of the smallest latitudes (1e-300) would underflow, so
    // that sin and cos of σ1 could not be normalized.
    let (sinAlpha1, cosAlpha1) = sinCos(degrees: Ellipsoid.roundedNearZero(degrees: azimuth))
    let (sinPhi1, cosPhi1) = sinCos(degrees: Ellipsoid.roundedNearZero(degrees: start.latitude))
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
    let longitude = angleSum(degrees: start.longitude, lambda12 * (180 / Double.pi))
    return (
      Coordinate(uncheckedLatitude: latitude, longitude: longitude),
      degrees(sinAlpha0, cosAlpha0 * cosSigma2)
    )
  }

  /// Keeps cos β away from 0 at the poles, so that azimuths there stay defined.
  static let tiny = Double.leastNormalMagnitude.squareRoot()

  /// An angle in degrees with its smallest values rounded to multiples of 2⁻⁵⁷ degrees (0.7 pm
  /// on the ground), so that a latitude such as 1e-200 is exactly the equator rather than a
  /// near-singular case for the solver; larger angles come back unchanged. (GeographicLib's
  /// AngRound.)
  @inline(__always)
  static func roundedNearZero(degrees x: Double) -> Double {
    let z = 1.0 / 16
    let y = abs(x)
    // z - (z - y) rounds y to the spacing of doubles just below 1/16.
    return y < z ? Double(signOf: x, magnitudeOf: z - (z - y)) : x
  }

  /// The inverse problem's answer, and how it was reached.
  struct InverseSolution {
    /// The length in metres.
    var distance: Double
    /// The azimuths at both ends, as sines and cosines (all 0 when only the distance was asked
    /// for and a first-order correction gave it).
    var sinAlpha1, cosAlpha1, sinAlpha2, cosAlpha2: Double
    /// Newton or bisection steps taken for the starting azimuth: 0 where a closed form applies.
    var iterations = 0
    /// False only if the iteration limit ran out before λ12 was matched (or the arithmetic gave
    /// NaN): a bug in the solver, which the tests assert never happens.
    var converged = true
  }

  /// The inverse problem: distance and the sines and cosines of both azimuths (accurate only
  /// when `azimuths` is true; without, the last Newton step may be replaced by a first-order
  /// correction of the distance).
  func solveInverse(_ a: Coordinate, _ b: Coordinate, azimuths: Bool) -> InverseSolution {
    // Reduce to a canonical problem: the first point the farther from the equator and in the
    // southern hemisphere, the second point east of it by lon12 within [0, 180].
    let difference = Sphere.longitudeDifference(a.longitude, b.longitude)
    var lat1 = Ellipsoid.roundedNearZero(degrees: a.latitude)
    var lat2 = Ellipsoid.roundedNearZero(degrees: b.latitude)
    let swapped = abs(lat1) < abs(lat2)
    if swapped { swap(&lat1, &lat2) }
    let latitudeSign: Double = lat1 > 0 ? -1 : 1
    lat1 *= latitudeSign
    lat2 *= latitudeSign
    // Swapping the points reverses the longitude difference; mirror when it is westward.
    let mirrored = (swapped ? -difference : difference) < 0
    let lon12 = Ellipsoid.roundedNearZero(degrees: abs(difference))

    var solution = solveCanonical(lat1, lat2, lon12, azimuths: azimuths)
    var (s1, c1, s2, c2) = (solution.sinAlpha1, solution.cosAlpha1, solution.sinAlpha2, solution.cosAlpha2)
    if latitudeSign < 0 { (c1, c2) = (-c1, -c2) }
    if mirrored { (s1, s2) = (-s1, -s2) }
    if swapped {
      // From b to a, reversed: each end's azimuth turns by 180 degrees.
      (s1, c1, s2, c2) = (-s2, -c2, -s1, -c1)
    }
    (solution.sinAlpha1, solution.cosAlpha1, solution.sinAlpha2, solution.cosAlpha2) = (s1, c1, s2, c2)
    return solution
  }

  /// The inverse problem for lat1 <= 0, |lat2| <= |lat1|, 0 <= lon12 <= 180 (degrees).
  ///
  /// Special cases first, each in closed form: meridians (and a pole), the equator, and lines
  /// so short that the ellipsoid is a sphere of the local radius. The rest solves λ12(α1) = lon12
  /// for the starting azimuth α1 by Newton's method inside a bracket, as GeographicLib does.
  private func solveCanonical(_ lat1: Double, _ lat2: Double, _ lon12: Double, azimuths: Bool) -> InverseSolution {
    let f = flattening
    var (sinBeta1, cosBeta1) = sinCos(degrees: lat1)
    (sinBeta1, cosBeta1) = normalized(sinBeta1 * (1 - f), cosBeta1)
    cosBeta1 = max(cosBeta1, Ellipsoid.tiny)
    var (sinBeta2, cosBeta2) = sinCos(degrees: lat2)
    (sinBeta2, cosBeta2) = normalized(sinBeta2 * (1 - f), cosBeta2)
    cosBeta2 = max(cosBeta2, Ellipsoid.tiny)
    // Equal |β| must give identical numbers, so that cos α2 in `evaluate` comes out exact; the
    // finer of the two measures of |β1| - |β2| decides.
    if cosBeta1 < -sinBeta1 {
      if cosBeta2 == cosBeta1 { sinBeta2 = Double(signOf: sinBeta2, magnitudeOf: sinBeta1) }
    } else if abs(sinBeta2) == -sinBeta1 {
      cosBeta2 = cosBeta1
    }
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
      if sigma12 < Ellipsoid.sqrtEpsilon || lengths.reducedLength >= 0 {
        // Zero-length lines may round to a hair below zero.
        let zero =
          sigma12 < 3 * Ellipsoid.tiny
          || (sigma12 < Double.ulpOfOne && (lengths.distance < 0 || lengths.reducedLength < 0))
        return InverseSolution(
          distance: zero ? 0 : lengths.distance * polarRadius, sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1,
          sinAlpha2: 0, cosAlpha2: 1)
      }
    }

    // Along the equator, up to the point where the path over a pole becomes shorter: the
    // equator's conjugate point, at lon12 = 180 (1 - f). 180 - lon12 is exact (Sterbenz).
    if sinBeta1 == 0, f <= 0 || 180 - lon12 >= f * 180 {
      return InverseSolution(
        distance: equatorialRadius * lambda12, sinAlpha1: 1, cosAlpha1: 0, sinAlpha2: 1, cosAlpha2: 0)
    }

    let start = startingAzimuth(
      ends, lon12: lon12, lambda12: lambda12, sinLambda12: sinLambda12, cosLambda12: cosLambda12)
    if let shortLine = start.shortLine { return shortLine }

    // Newton's method on λ12(α1) - lon12, which has exactly one root for α1 in (0, pi) and a
    // positive slope there. The root stays bracketed between a low and a high azimuth, kept as
    // (sin α1, cos α1) because a double cannot tell α1 in radians apart near pi/2 on the
    // equator; a Newton step that fails is replaced by the bracket's midpoint.
    var (sinAlpha1, cosAlpha1) = (start.sinAlpha1, start.cosAlpha1)
    var (sinLow, cosLow) = (Ellipsoid.tiny, 1.0)
    var (sinHigh, cosHigh) = (Ellipsoid.tiny, -1.0)
    var iterations = 0
    var converged = true
    // Newton is near its root: quadratic convergence may be lost where the slope vanishes,
    // so the tolerance loosens from 1 to 8 ulp.
    var newtonIsClose = false
    // The bracket has shrunk to rounding error: its midpoint is the answer.
    var bracketIsExhausted = false
    var point: Trial
    while true {
      point = evaluate(
        ends, sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1, sinLambda12: sinLambda12, cosLambda12: cosLambda12)
      let error = point.lambdaError
      if bracketIsExhausted || !(abs(error) >= (newtonIsClose ? 8 : 1) * Double.ulpOfOne) {
        converged = !error.isNaN
        break
      }
      if iterations == Ellipsoid.maximumIterations {
        converged = false
        break
      }
      if !azimuths {
        // The end reached lies on the right parallel, `error` radians of longitude off; moving
        // it there changes the distance by sin α2 times the shift, to first order. The second
        // order, shift² cos² α2 / (2 m12), must stay under a nanometre.
        let shift = equatorialRadius * ends.cosBeta2 * error
        let m12 = point.reducedLength * polarRadius
        if shift * shift < 2e-9 * m12 {
          return InverseSolution(
            distance: point.distance * polarRadius - shift * point.sinAlpha2, sinAlpha1: 0, cosAlpha1: 0,
            sinAlpha2: 0, cosAlpha2: 0, iterations: iterations)
        }
      }
      // Shrink the bracket; cot α1 falls as α1 grows. Past the Newton phase every trial is a
      // midpoint, inside the bracket by construction.
      let bisecting = iterations > Ellipsoid.newtonIterations
      if error > 0 && (bisecting || cosAlpha1 / sinAlpha1 > cosHigh / sinHigh) {
        (sinHigh, cosHigh) = (sinAlpha1, cosAlpha1)
      } else if error < 0 && (bisecting || cosAlpha1 / sinAlpha1 < cosLow / sinLow) {
        (sinLow, cosLow) = (sinAlpha1, cosAlpha1)
      }
      iterations += 1
      if iterations < Ellipsoid.newtonIterations && point.derivative > 0 {
        let step = -error / point.derivative
        if abs(step) < Double.pi {
          // Turn (sin α1, cos α1) by the step; small steps need no sine or cosine calls.
          let (sinStep, cosStep) =
            abs(step) < 1e-3
            ? (step * (1 - step * step / 6), 1 - step * step / 2 * (1 - step * step / 12)) : (sin(step), cos(step))
          let sinNext = sinAlpha1 * cosStep + cosAlpha1 * sinStep
          if sinNext > 0 {
            (sinAlpha1, cosAlpha1) = normalized(sinNext, cosAlpha1 * cosStep - sinAlpha1 * sinStep)
            newtonIsClose = abs(error) <= 16 * Double.ulpOfOne
            continue
          }
        }
      }
      // The mean of the bracket's ends, as vectors: it lies between them for any bracket
      // narrower than pi.
      (sinAlpha1, cosAlpha1) = normalized((sinLow + sinHigh) / 2, (cosLow + cosHigh) / 2)
      newtonIsClose = false
      bracketIsExhausted =
        abs(sinLow - sinAlpha1) + (cosLow - cosAlpha1) < Double.ulpOfOne
        || abs(sinAlpha1 - sinHigh) + (cosAlpha1 - cosHigh) < Double.ulpOfOne
    }
    return InverseSolution(
      distance: point.distance * polarRadius, sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1,
      sinAlpha2: point.sinAlpha2, cosAlpha2: point.cosAlpha2, iterations: iterations, converged: converged)
  }

  /// Newton's steps are tried for this many iterations; bisection alone follows.
  static let newtonIterations = 20
  /// The iteration limit: Newton's steps, then enough bisections to halve the bracket down to
  /// the last bit of a double, and a margin. Never reached in the tests.
  static let maximumIterations = newtonIterations + Double.significandBitCount + 1 + 10
  /// √ε: the smallest arc whose sine still differs from it in the last place, roughly.
  static let sqrtEpsilon = Double.ulpOfOne.squareRoot()

  /// The reduced latitudes of the two ends and √(1 + e'² sin²β) at each.
  struct Ends {
    let sinBeta1, cosBeta1, sinBeta2, cosBeta2, dn1, dn2: Double
  }

  /// The geodesic leaving the first end at azimuth α1, followed to the second end's latitude.
  struct Trial {
    var sinAlpha2, cosAlpha2: Double
    /// The longitude reached minus the longitude wanted, in radians.
    var lambdaError: Double
    /// dλ12/dα1.
    var derivative: Double
    /// The distance and the reduced length m12, in units of b.
    var distance, reducedLength: Double
  }

  /// Follows the geodesic that leaves the first end at α1 to the second end's latitude
  /// (GeographicLib's Lambda12).
  private func evaluate(
    _ e: Ends, sinAlpha1: Double, cosAlpha1: Double, sinLambda12: Double, cosLambda12: Double
  ) -> Trial {
    let f = flattening
    var cosAlpha1 = cosAlpha1
    // On the equator heading due east, σ1 and ω1 would be 0/0: tilt the start a hair south.
    if e.sinBeta1 == 0 && cosAlpha1 == 0 { cosAlpha1 = -Ellipsoid.tiny }
    let sinAlpha0 = sinAlpha1 * e.cosBeta1
    let cosAlpha0 = length(cosAlpha1, sinAlpha1 * e.sinBeta1)
    // ω1 needs no normalizing: only the angle between ω1 and ω2 is used, through atan2.
    let (sinSigma1, cosSigma1) = normalized(e.sinBeta1, cosAlpha1 * e.cosBeta1)
    let (sinOmega1, cosOmega1) = (sinAlpha0 * e.sinBeta1, cosAlpha1 * e.cosBeta1)
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
    let (sinOmega2, cosOmega2) = (sinAlpha0 * e.sinBeta2, cosAlpha2 * e.cosBeta2)
    let sigma12 = arc(sinSigma1, cosSigma1, sinSigma2, cosSigma2)
    // ω12 within [0, pi], then η = ω12 - λ12 wanted, from sines and cosines: no cancellation
    // of two angles near pi.
    let sinOmega12 = max(0, cosOmega1 * sinOmega2 - sinOmega1 * cosOmega2) + 0
    let cosOmega12 = cosOmega1 * cosOmega2 + sinOmega1 * sinOmega2
    let eta = atan2(
      sinOmega12 * cosLambda12 - cosOmega12 * sinLambda12, cosOmega12 * cosLambda12 + sinOmega12 * sinLambda12)
    let eps = Ellipsoid.epsilon(kSquared: secondEccentricitySquared * cosAlpha0 * cosAlpha0)
    let c3 = c3(eps)
    let i3 = sigma12 + c3.sum(sin: sinSigma2, cos: cosSigma2) - c3.sum(sin: sinSigma1, cos: cosSigma1)
    let lambdaError = eta - f * sinAlpha0 * a3(eps) * i3
    let lengths = self.lengths(
      eps: eps, sigma12: sigma12, sinSigma1, cosSigma1, e.dn1, sinSigma2, cosSigma2, e.dn2)
    let derivative =
      cosAlpha2 == 0
      ? -2 * (1 - f) * e.dn1 / e.sinBeta1 : (1 - f) * lengths.reducedLength / (cosAlpha2 * e.cosBeta2)
    return Trial(
      sinAlpha2: sinAlpha2, cosAlpha2: cosAlpha2, lambdaError: lambdaError, derivative: derivative,
      distance: lengths.distance, reducedLength: lengths.reducedLength)
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

  /// A first α1 for Newton's method, or the whole answer for a line so short that the ellipsoid
  /// is a sphere of the local radius there.
  struct Start {
    var sinAlpha1, cosAlpha1: Double
    var shortLine: InverseSolution?
  }

  /// A first α1 (Karney 2013, sections 4 and 5; GeographicLib's InverseStart): the great circle
  /// of the auxiliary sphere, with longitudes scaled to a sphere of the local radius for short
  /// lines; near the antipode, where every geodesic from the first point comes close, the
  /// astroid that their envelope traces; near the equator, the linearized equatorial geodesic.
  private func startingAzimuth(
    _ e: Ends, lon12: Double, lambda12: Double, sinLambda12: Double, cosLambda12: Double
  ) -> Start {
    let f = flattening
    let sinBeta12 = e.sinBeta2 * e.cosBeta1 - e.cosBeta2 * e.sinBeta1  // sin(β2 - β1)
    let cosBeta12 = e.cosBeta2 * e.cosBeta1 + e.sinBeta2 * e.sinBeta1
    let sinBeta12a = e.sinBeta2 * e.cosBeta1 + e.cosBeta2 * e.sinBeta1  // sin(β2 + β1)
    let isShort = cosBeta12 >= 0 && sinBeta12 < 0.5 && e.cosBeta2 * lambda12 < 0.5
    var (sinOmega12, cosOmega12) = (sinLambda12, cosLambda12)
    var dnm = 1.0
    if isShort {
      // √(1 + e'² sin² βm) at the mean reduced latitude βm: ω12 = λ12 / ((1 - f) dnm) there.
      var sinBetaM2 = (e.sinBeta1 + e.sinBeta2) * (e.sinBeta1 + e.sinBeta2)
      sinBetaM2 /= sinBetaM2 + (e.cosBeta1 + e.cosBeta2) * (e.cosBeta1 + e.cosBeta2)
      dnm = (1 + secondEccentricitySquared * sinBetaM2).squareRoot()
      let omega12 = lambda12 / ((1 - f) * dnm)
      (sinOmega12, cosOmega12) = (sin(omega12), cos(omega12))
    }
    // The great circle's azimuth, written without cancellation on either side of ω12 = pi/2.
    var sinAlpha1 = e.cosBeta2 * sinOmega12
    var cosAlpha1 =
      cosOmega12 >= 0
      ? sinBeta12 + e.cosBeta2 * e.sinBeta1 * sinOmega12 * sinOmega12 / (1 + cosOmega12)
      : sinBeta12a - e.cosBeta2 * e.sinBeta1 * sinOmega12 * sinOmega12 / (1 - cosOmega12)
    let sinSigma12 = length(sinAlpha1, cosAlpha1)
    let cosSigma12 = e.sinBeta1 * e.sinBeta2 + e.cosBeta1 * e.cosBeta2 * cosOmega12

    if isShort && sinSigma12 < shortLineArc {
      // Short enough that the sphere's error, of order f σ12², stays below rounding.
      let (sinAlpha2, cosAlpha2) = normalized(
        e.cosBeta1 * sinOmega12,
        sinBeta12 - e.cosBeta1 * e.sinBeta2
          * (cosOmega12 >= 0 ? sinOmega12 * sinOmega12 / (1 + cosOmega12) : 1 - cosOmega12))
      (sinAlpha1, cosAlpha1) = normalized(sinAlpha1, cosAlpha1)
      let sigma12 = atan2(sinSigma12, cosSigma12)
      return Start(
        sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1,
        shortLine: InverseSolution(
          distance: sigma12 * polarRadius * dnm, sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1, sinAlpha2: sinAlpha2,
          cosAlpha2: cosAlpha2))
    }
    if !isShort && -e.sinBeta1 < 0.01 && f > 0 {
      // Near the equator, short of its conjugate point, the geodesic hugs the equator, where
      // σ12 = λ12 / (1 - f), and on the auxiliary sphere sin β2 = sin β1 cos σ12 + cos β1 sin σ12
      // cos α1. That gives cos α1 to within its square; the other starts get only its order of
      // magnitude, from which Newton's method on this 1/x-shaped λ12(α1) merely doubles cos α1
      // per step. 180° - σ12 is written so as to keep its digits near the conjugate point.
      let (sinSigma12, minusCosSigma12) = sinCos(degrees: ((180 - lon12) - 180 * f) / (1 - f))
      if sinSigma12 > 0 {
        let c = (e.sinBeta2 + e.sinBeta1 * minusCosSigma12) / (e.cosBeta1 * sinSigma12)
        if abs(c) < 0.1 {
          return Start(sinAlpha1: (1 - c * c).squareRoot(), cosAlpha1: c, shortLine: nil)
        }
      }
    }
    let n = thirdFlattening
    // Near the antipode of an oblate ellipsoid. (A prolate one keeps the great circle: the
    // bracket still converges, in more steps.)
    if f > 0 && cosSigma12 < 0 && sinSigma12 < 6 * n * Double.pi * e.cosBeta1 * e.cosBeta1 {
      // Coordinates in which the antipode is the origin and the envelope's cusp is at x = -1,
      // y = 0: x in longitude, y in latitude, in units of its size f π cos β1 (times A3).
      let lambda12x = atan2(-sinLambda12, -cosLambda12)  // λ12 - pi
      let eps = Ellipsoid.epsilon(kSquared: e.sinBeta1 * e.sinBeta1 * secondEccentricitySquared)
      let lambdaScale = f * e.cosBeta1 * a3(eps) * Double.pi
      let betaScale = lambdaScale * e.cosBeta1
      let x = lambda12x / lambdaScale
      let y = sinBeta12a / betaScale
      if y > -Ellipsoid.astroidYTolerance && x > -1 - Ellipsoid.astroidXThreshold {
        // On the segment between the cusps, where the geodesics from the first point cross.
        sinAlpha1 = min(1, -x)
        cosAlpha1 = -(1 - sinAlpha1 * sinAlpha1).squareRoot()
      } else {
        // ω12 from the astroid, then the great circle's azimuth for it: closer than the
        // astroid's own azimuth, and near pi, so written as pi - ω12.
        let k = Ellipsoid.astroid(x, y)
        let omega12a = lambdaScale * (-x * k / (1 + k))
        (sinOmega12, cosOmega12) = (sin(omega12a), -cos(omega12a))
        sinAlpha1 = e.cosBeta2 * sinOmega12
        cosAlpha1 = sinBeta12a - e.cosBeta2 * e.sinBeta1 * sinOmega12 * sinOmega12 / (1 - cosOmega12)
      }
    }
    // A start outside (0, pi), or NaN, is replaced by due east.
    if sinAlpha1 > 0 {
      (sinAlpha1, cosAlpha1) = normalized(sinAlpha1, cosAlpha1)
    } else {
      (sinAlpha1, cosAlpha1) = (1, 0)
    }
    return Start(sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1, shortLine: nil)
  }

  /// The arc (radians) below which `startingAzimuth`'s sphere of the local radius is exact to
  /// rounding: its error grows as f σ12², so the limit is about √(ε / f) / 10 (0.23 m on WGS84).
  private var shortLineArc: Double {
    0.1 * Ellipsoid.sqrtEpsilon
      / (max(0.001, abs(flattening)) * min(1, 1 - flattening / 2) / 2).squareRoot()
  }

  /// How far below y = 0 the astroid's segment between the cusps still counts as on it.
  static let astroidYTolerance = 200 * Double.ulpOfOne
  /// How far beyond the cusp at x = -1 it still counts.
  static let astroidXThreshold = 1000 * sqrtEpsilon

  /// The positive root k of k⁴ + 2k³ - (x² + y² - 1) k² - 2y² k - y² = 0: where the geodesic
  /// through (x, y) touches the envelope, in the astroid's coordinates (Karney 2013, eq. 55).
  static func astroid(_ x: Double, _ y: Double) -> Double {
    let p = x * x
    let q = y * y
    let r = (p + q - 1) / 6
    // y = 0 with |x| <= 1: the root is 0.
    if q == 0 && r <= 0 { return 0 }
    // Multiplied through by powers of r, so that r = 0 divides nothing.
    let s = p * q / 4  // r³ times Cardano's s
    let r2 = r * r
    let r3 = r * r2
    // Zero on the astroid itself, p^(1/3) + q^(1/3) = 1.
    let discriminant = s * (s + 2 * r3)
    var u = r
    if discriminant >= 0 {
      // The root of the larger magnitude, to avoid cancellation; either gives the same u.
      var t3 = s + r3
      t3 += t3 < 0 ? -discriminant.squareRoot() : discriminant.squareRoot()
      let t = cbrt(t3)  // r times Cardano's t
      u += t + (t != 0 ? r2 / t : 0)
    } else {
      // A complex t, but a real u: the cube root that avoids cancellation.
      let angle = atan2((-discriminant).squareRoot(), -(s + r3))
      u += 2 * r * cos(angle / 3)
    }
    let v = (u * u + q).squareRoot()
    let uv = u < 0 ? q / (v - u) : u + v  // u + v > 0, without cancellation
    let w = (uv - q) / (2 * v)
    return uv / ((uv + w * w).squareRoot() + w)
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
