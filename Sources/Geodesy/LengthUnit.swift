/// The units zipgeo measures distances in.
///
/// ```swift
/// LengthUnit.miles.fromMetres(1609.344)  // 1.0
/// LengthUnit(symbol: "nmi")              // .nauticalMiles
/// ```
public enum LengthUnit: String, CaseIterable, Sendable {
  case kilometres = "km"
  case metres = "m"
  case miles = "mi"
  case nauticalMiles = "nmi"
  case feet = "ft"

  /// The unit with this symbol (`km`, `m`, `mi`, `nmi`, `ft`), case-insensitive.
  public init?(symbol: String) {
    self.init(rawValue: symbol.lowercased())
  }

  /// The short symbol, as in `km`.
  public var symbol: String { rawValue }

  /// The length of one unit in metres (the international mile and foot, the international
  /// nautical mile).
  @inlinable
  public var metres: Double {
    switch self {
    case .kilometres: 1000
    case .metres: 1
    case .miles: 1609.344
    case .nauticalMiles: 1852
    case .feet: 0.3048
    }
  }

  /// Converts a length in metres to this unit.
  public func fromMetres(_ length: Double) -> Double { length / metres }

  /// Converts a length in this unit to metres.
  public func toMetres(_ length: Double) -> Double { length * metres }
}
