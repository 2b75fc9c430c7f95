import Geodesy

/// One zip code and where it is.
public struct ZipCode: Equatable, Sendable {
  /// The zip code as text: `01001` keeps its leading zero.
  public let zip: String
  public let place: String?
  /// The state or territory abbreviation, such as `TX`.
  public let state: String?
  public let county: String?
  public let coordinate: Coordinate

  public init(zip: String, place: String?, state: String?, county: String?, coordinate: Coordinate) {
    self.zip = zip
    self.place = place
    self.state = state
    self.county = county
    self.coordinate = coordinate
  }
}

/// A zip code at some distance from a centre.
///
/// ```swift
/// for hit in try db.near(zip: "75075", within: Length(10, .kilometres)) {
///   print(hit.zipCode.zip, hit.distance)   // 75023 3.349161775694397 km
/// }
/// ```
public struct NearbyZip: Equatable, Sendable {
  public let zipCode: ZipCode
  /// The great-circle distance from the centre.
  public let distance: Length

  public init(zipCode: ZipCode, distance: Length) {
    self.zipCode = zipCode
    self.distance = distance
  }
}
