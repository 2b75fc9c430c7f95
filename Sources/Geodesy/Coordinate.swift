/// A point on the Earth, in degrees: latitude north of the equator, longitude east of Greenwich.
///
/// ```swift
/// let plano = try Coordinate(latitude: 33.025, longitude: -96.7397)
/// ```
public struct Coordinate: Hashable, Sendable, CustomStringConvertible {
  /// Degrees north of the equator, in [-90, 90].
  public let latitude: Double
  /// Degrees east of Greenwich.
  public let longitude: Double

  /// A coordinate with a finite latitude in [-90, 90] and a finite longitude.
  ///
  /// - Throws: `CoordinateError` naming the value that is out of range.
  public init(latitude: Double, longitude: Double) throws(CoordinateError) {
    guard Coordinate.latitudes.contains(latitude) else {
      throw .latitudeOutOfRange(latitude)
    }
    guard longitude.isFinite else { throw .longitudeNotFinite(longitude) }
    self.latitude = latitude
    self.longitude = longitude
  }

  /// A coordinate as zipgeo stores it (an imported row, a row read back, a centre typed as
  /// `LAT,LON`): as above, and with a longitude within [-180, 180], which the grid index needs.
  ///
  /// - Throws: `CoordinateError` naming the value that is out of range.
  public init(storedLatitude latitude: Double, longitude: Double) throws(CoordinateError) {
    try self.init(latitude: latitude, longitude: longitude)
    guard Coordinate.storedLongitudes.contains(longitude) else { throw .longitudeOutOfRange(longitude) }
  }

  /// Every latitude, in degrees.
  public static let latitudes: ClosedRange<Double> = -90...90
  /// The longitudes of stored points, in degrees.
  public static let storedLongitudes: ClosedRange<Double> = -180...180

  /// A coordinate the caller has already checked.
  public init(uncheckedLatitude latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// `33.025,-96.7397`, as `zipgeo` reads a coordinate.
  public var description: String { "\(latitude),\(longitude)" }
}
