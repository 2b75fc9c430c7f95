/// Why a number is not a radius.
public enum LengthError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Zero, negative, infinite or NaN.
  case notPositive(Double, LengthUnit)
  /// Finite in its unit, infinite in metres.
  case tooLarge(Double, LengthUnit)

  /// `1e+306 km is too large: at most 1.7976931348623156e+305 km (the largest length in metres)`.
  public var description: String {
    switch self {
    case .notPositive(let value, let unit):
      "\(value) \(unit.symbol) is not a positive finite length"
    case .tooLarge(let value, let unit):
      "\(value) \(unit.symbol) is too large: at most \(unit.fromMetres(.greatestFiniteMagnitude)) \(unit.symbol)"
        + " (the largest length in metres)"
    }
  }
}
