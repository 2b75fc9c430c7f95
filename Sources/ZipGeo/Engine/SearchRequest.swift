import Geodesy

/// The rules of what a search may be asked, in one place: its centre, its radius and how many
/// codes it may list. The command line, the SQL functions and the Swift API each check their
/// input here and only phrase the answer, naming their own option or argument, so that the same
/// input is judged alike by all three.
///
/// ```swift
/// let center = try SearchRequest.center(latitude: 33.025, longitude: -96.7397)
/// let k = try SearchRequest.count(5)
/// ```
public enum SearchRequest {
  /// The most codes a search by count (`nearest`) may list: more than any answer needs, and
  /// memory stays bounded.
  public static let mostCodes = 1_000_000

  /// A centre: a latitude within [-90, 90] and a longitude within [-180, 180], as every stored
  /// point has. A longitude outside is refused, not wrapped: 200 is more likely a typo than a
  /// way of writing -160.
  public static func center(latitude: Double, longitude: Double) throws(SearchRequestError) -> Coordinate {
    do {
      return try Coordinate(storedLatitude: latitude, longitude: longitude)
    } catch {
      throw .center(error)
    }
  }

  /// `center(latitude:longitude:)` of a coordinate made elsewhere (the Swift API's).
  public static func center(_ coordinate: Coordinate) throws(SearchRequestError) -> Coordinate {
    try center(latitude: coordinate.latitude, longitude: coordinate.longitude)
  }

  /// How many codes to list: a whole number from 1 to `mostCodes`.
  public static func count(_ value: Double) throws(SearchRequestError) -> Int {
    guard value >= 1, value <= Double(mostCodes), value == value.rounded() else { throw .count(value) }
    return Int(value)
  }

  /// `count(_:)` of an integer.
  public static func count(_ value: Int) throws(SearchRequestError) -> Int {
    guard (1...mostCodes).contains(value) else { throw .count(Double(value)) }
    return value
  }

  /// A radius: a positive number, finite in metres (`Length(radius:_:)`).
  public static func radius(_ value: Double, _ unit: LengthUnit) throws(SearchRequestError) -> Length {
    do {
      return try Length(radius: value, unit)
    } catch {
      throw .radius(error)
    }
  }

  /// `radius(_:_:)` of a length made elsewhere (the Swift API's).
  public static func radius(_ length: Length) throws(SearchRequestError) -> Length {
    try radius(length.value, length.unit)
  }
}
