/// A length with its unit.
///
/// ```swift
/// let radius = Length(10, .kilometres)
/// radius.converted(to: .miles)   // 6.2137... mi
/// Length(1, .miles) > Length(1, .kilometres)   // true
/// ```
public struct Length: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The number of `unit`s.
  public let value: Double
  /// The unit `value` counts.
  public let unit: LengthUnit

  /// `Length(10, .kilometres)`.
  public init(_ value: Double, _ unit: LengthUnit) {
    self.value = value
    self.unit = unit
  }

  /// The length in metres.
  public var metres: Double { unit.toMetres(value) }

  /// The same length in another unit.
  public func converted(to other: LengthUnit) -> Length {
    other == unit ? self : Length(other.fromMetres(metres), other)
  }

  /// Lengths compare by what they measure, whatever their units.
  public static func < (a: Length, b: Length) -> Bool { a.metres < b.metres }

  /// `3.35 km`.
  public var description: String { "\(value) \(unit.symbol)" }
}
