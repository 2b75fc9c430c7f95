import Geodesy

/// A postal code of one country with every place it names: `DE:01945` names 9 places; most
/// codes name one.
///
/// ```swift
/// let code = try db.requirePostalCode(CodeReference(parsing: "DE:01945"))
/// code.places.count   // 9
/// code.center         // their mean position on the sphere
/// ```
public struct PostalCode: Equatable, Sendable, CustomStringConvertible {
  /// The code, as stored.
  public let code: String
  /// The country, as two upper-case letters.
  public let country: String
  /// Its places, in the order of the file they were imported from; never empty.
  public let places: [ZipCode]
  /// Where a search from this code is centred: the place's coordinates when it has one, else
  /// the places' mean position on the sphere (`Sphere.meanPosition(of:)`), or the first place's
  /// coordinates for places that have no mean (antipodes).
  public let center: Coordinate

  /// A code with `places`, the rows of one code in one country (the first gives both), or `nil`
  /// for no places.
  public init?(places: [ZipCode]) {
    guard !places.isEmpty else { return nil }
    code = places[0].zip
    country = places[0].country
    self.places = places
    center = Self.center(of: places)
  }

  /// Where a search from `places` (never empty) is centred: the one place's coordinates, else
  /// their mean position on the sphere, or the first place's when they have no mean.
  static func center(of places: [ZipCode]) -> Coordinate {
    places.count == 1
      ? places[0].coordinate : Sphere.meanPosition(of: places.map(\.coordinate)) ?? places[0].coordinate
  }

  /// How the code written became this one, when the data holds a coarser code than the one
  /// written (`SW1A 1AA` in GB is `SW1A`); `nil` when it is the code written, in any case or with
  /// any separators.
  public internal(set) var resolution: CodeResolution?

  /// Whether `center` is the places' mean position (or the one place): `false` for places whose
  /// mean is undefined (they cancel out, as two antipodes do), centred on the first.
  public var centerIsMean: Bool {
    places.count == 1 || Sphere.meanPosition(of: places.map(\.coordinate)) != nil
  }

  /// `DE:10115`.
  public var description: String { "\(country):\(code)" }

  /// The code as one row: the centre's coordinates, and each of place, state, county and
  /// accuracy where every place agrees on it, else `nil`.
  public var summary: ZipCode {
    func common<T: Equatable>(_ value: (ZipCode) -> T?) -> T? {
      let first = value(places[0])
      return places.allSatisfy { value($0) == first } ? first : nil
    }
    return ZipCode(
      zip: code, place: common(\.place), state: common(\.state), county: common(\.county), coordinate: center,
      country: country, accuracy: common(\.accuracy))
  }
}
