import Geodesy

/// Why a search cannot be asked as it was (`SearchRequest`): the value and the rule it breaks.
public enum SearchRequestError: Error, Equatable, Sendable, CustomStringConvertible {
  case center(CoordinateError)
  case count(Double)
  case radius(LengthError)

  /// The rule broken: what a value must be.
  public var rule: String {
    switch self {
    case .center: "a latitude within [-90, 90] and a longitude within [-180, 180]"
    case .count: "a whole number from 1 to \(SearchRequest.mostCodes)"
    case .radius: "a positive number, finite in metres"
    }
  }

  /// The value and the rule, as every surface's message gives them: `longitude 200.0 is outside
  /// [-180, 180]`, `0 is not a whole number from 1 to 1000000`, `-1.0 km is not a positive
  /// finite length`.
  public var description: String {
    switch self {
    case .center(let error): "\(error)"
    case .count(let value): "\(Self.shown(value)) is not \(rule)"
    case .radius(let error): "\(error)"
    }
  }

  /// `3` for 3.0, `2.5` as it is.
  private static func shown(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }
}
