/// Why a pair of numbers is not a coordinate.
public enum CoordinateError: Error, Equatable, Sendable, CustomStringConvertible {
  case latitudeOutOfRange(Double)
  case longitudeNotFinite(Double)
  case longitudeOutOfRange(Double)

  /// `latitude 91.5 is outside [-90, 90]`.
  public var description: String {
    switch self {
    case .latitudeOutOfRange(let value): "latitude \(value) is outside [-90, 90]"
    case .longitudeNotFinite(let value): "longitude \(value) is not a finite number"
    case .longitudeOutOfRange(let value): "longitude \(value) is outside [-180, 180]"
    }
  }
}
