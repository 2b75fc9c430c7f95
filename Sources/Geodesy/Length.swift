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

extension Length {
  /// A search radius: a positive number of `unit`s that stays finite in metres, the unit every
  /// search measures in. The one check of radii for the command line, the SQL functions and the
  /// Swift API.
  ///
  /// ```swift
  /// try Length(radius: 10, .kilometres)     // 10.0 km
  /// try Length(radius: 1e306, .kilometres)  // throws: 1e306 km is 1e309 m, past the largest Double
  /// ```
  ///
  /// - Throws: `LengthError` naming the value.
  public init(radius value: Double, _ unit: LengthUnit) throws(LengthError) {
    guard value > 0, value.isFinite else { throw .notPositive(value, unit) }
    guard unit.toMetres(value).isFinite else { throw .tooLarge(value, unit) }
    self.init(value, unit)
  }
}
