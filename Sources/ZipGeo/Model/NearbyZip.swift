import Geodesy

/// A zip code at some distance from a centre.
///
/// ```swift
/// for hit in try db.near(zip: "75075", within: Length(10, .kilometres)) {
///   print(hit.zipCode.zip, hit.distance)   // 75023 3.349161775694397 km
/// }
/// ```
public struct NearbyZip: Equatable, Sendable {
  /// The zip code found.
  public let zipCode: ZipCode
  /// The great-circle distance from the centre.
  public let distance: Length

  /// `NearbyZip(zipCode: plano, distance: Length(0, .kilometres))`.
  public init(zipCode: ZipCode, distance: Length) {
    self.zipCode = zipCode
    self.distance = distance
  }
}
