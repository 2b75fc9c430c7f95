#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Sine and cosine of an angle in degrees, exact at multiples of 90 degrees.
///
/// ```swift
/// sinCos(degrees: 90)  // (sin: 1.0, cos: 0.0), where cos(.pi / 2) is 6.1e-17
/// ```
///
/// The angle is first reduced exactly to [-45, 45] degrees and a quadrant, so poles, the
/// antimeridian and antipodes get exact zeros and no precision is lost for large angles.
@inlinable
public func sinCos(degrees x: Double) -> (sin: Double, cos: Double) {
  // Both steps are exact: `truncatingRemainder` always is, and the subtraction is of numbers
  // within a factor of two of each other (Sterbenz).
  // NaN and infinities have no quadrant: without this, `Int(quadrant)` below would trap.
  guard x.isFinite else { return (.nan, .nan) }
  var reduced = x.truncatingRemainder(dividingBy: 360)
  let quadrant = (reduced / 90).rounded()
  reduced -= 90 * quadrant
  let (s, c) = sinCos(quarterTurnRadians: reduced * (Double.pi / 180))
  switch Int(quadrant) & 3 {
  case 0: return (s, c)
  case 1: return (c, -s)
  case 2: return (-s, -c)
  default: return (-c, s)
  }
}

/// Sine and cosine of `x` radians, |x| <= pi/4, within one unit in the last place.
///
/// Every caller has already reduced its angle to this range, so no argument reduction is needed:
/// two short polynomials (the minimax coefficients of fdlibm's sine and cosine kernels) cost far
/// less than a call to libm's `sincos`, which matters because distance() runs once per row
/// (`swift run -c release geodesy-bench` times a distance call).
/// The cosine adds its small terms to `1 - x²/2` in an order that keeps the rounding error of
/// that subtraction, as fdlibm does.
@inlinable @inline(__always)
public func sinCos(quarterTurnRadians x: Double) -> (sin: Double, cos: Double) {
  let z = x * x
  let cosTail =
    z
    * (4.166_666_666_666_660_190_37e-02 + z
      * (-1.388_888_888_887_410_957_49e-03 + z
        * (2.480_158_728_947_672_941_78e-05 + z
          * (-2.755_731_435_139_066_330_35e-07 + z
            * (2.087_572_321_298_174_827_90e-09 + z * -1.135_964_755_778_819_482_65e-11)))))
  let half = 0.5 * z
  let w = 1 - half
  return (sin(quarterTurnRadians: x), w + (((1 - w) - half) + z * cosTail))
}

/// The squares of the sine and cosine of an angle within [-90, 90] degrees (or any angle, more
/// slowly), each with full relative precision, for one polynomial instead of two.
///
/// After reduction to |r| <= 45°, sin²r <= 1/2, so cos²r = 1 - sin²r >= 1/2 loses nothing; past
/// 45° the roles swap.
@inlinable @inline(__always)
public func sinCosSquared(halfTurnDegrees x: Double) -> (sin2: Double, cos2: Double) {
  let scale = Double.pi / 180
  if abs(x) <= 45 {
    let s = sin(quarterTurnRadians: x * scale)
    let s2 = s * s
    return (s2, 1 - s2)
  }
  if abs(x) <= 90 {
    let s = sin(quarterTurnRadians: (x > 0 ? x - 90 : x + 90) * scale)
    let s2 = s * s
    return (1 - s2, s2)
  }
  let (s, c) = sinCos(degrees: x)
  return (s * s, c * c)
}

/// The sine of `x` radians, |x| <= pi/4, within one unit in the last place: the sine half of
/// `sinCos(quarterTurnRadians:)`.
@inlinable @inline(__always)
public func sin(quarterTurnRadians x: Double) -> Double {
  let z = x * x
  let tail =
    -1.666_666_666_666_663_243_48e-01 + z
    * (8.333_333_333_322_489_461_24e-03 + z
      * (-1.984_126_982_985_794_931_34e-04 + z
        * (2.755_731_370_707_006_767_89e-06 + z
          * (-2.505_076_025_340_686_341_95e-08 + z * 1.589_690_995_211_550_102_21e-10))))
  return x + x * z * tail
}

/// `b - a` in degrees, reduced to [-180, 180], for any finite `a` and `b`.
///
/// Each angle is reduced to [-180, 180] first, exactly (`remainder` is exact), so a huge angle
/// neither swallows the other (`1e300 - 45` is `1e300` in doubles, yet 1e300 degrees is 280 of
/// them) nor overflows the difference (`1e308 - -1e308`).
@inlinable
public func angleDifference(degrees a: Double, _ b: Double) -> Double {
  remainder(remainder(b, 360) - remainder(a, 360), 360)
}

/// `a + b` in degrees, reduced to [-180, 180], for any finite `a` and `b`: each reduced first,
/// as in `angleDifference(degrees:_:)`.
@inlinable
public func angleSum(degrees a: Double, _ b: Double) -> Double {
  remainder(remainder(a, 360) + remainder(b, 360), 360)
}
