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
  var reduced = x.truncatingRemainder(dividingBy: 360)
  let quadrant = (reduced / 90).rounded()
  reduced -= 90 * quadrant
  let radians = reduced * (Double.pi / 180)
  let s = sin(radians)
  let c = cos(radians)
  switch Int(quadrant) & 3 {
  case 0: return (s, c)
  case 1: return (c, -s)
  case 2: return (-s, -c)
  default: return (-c, s)
  }
}

/// `b - a` in degrees, reduced to [-180, 180].
@inlinable
public func angleDifference(degrees a: Double, _ b: Double) -> Double {
  remainder(b - a, 360)
}
