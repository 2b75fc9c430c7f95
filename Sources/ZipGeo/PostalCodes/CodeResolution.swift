import Geodesy

/// A code written finer than the data holds it, and the code it became: `SW1A 1AA: the GB data
/// holds outward codes; using SW1A`.
public struct CodeResolution: Equatable, Sendable, CustomStringConvertible {
  /// The code as it was written.
  public let written: String
  /// The code of the data it became.
  public let code: String
  /// The code's country.
  public let country: String
  /// What the country's data holds.
  public let coarser: PostalCodeFormat.Coarser

  public var description: String { "\(written): the \(country) data holds \(coarser.holds); using \(code)" }
}
