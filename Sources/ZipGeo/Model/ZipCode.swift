import Geodesy

/// One zip code and where it is.
public struct ZipCode: Equatable, Sendable {
  /// The most bytes of UTF-8 in a row's zip, place, state or county that an import writes:
  /// GeoNames' longest is a place of 161 bytes.
  public static let longestText = 1_000

  /// The zip code as text: `01001` keeps its leading zero.
  public let zip: String
  /// The place name, such as `Agawam`, or `nil` when the data set has none.
  public let place: String?
  /// The state or territory abbreviation, such as `TX`.
  public let state: String?
  /// The county, such as `Hampden`, or `nil` when the data set has none.
  public let county: String?
  /// The centroid of the zip code's area.
  public let coordinate: Coordinate
  /// The country, as two upper-case letters (ISO 3166-1 alpha-2): `US`, `DE`.
  public let country: String
  /// How exactly GeoNames placed the code, 0 to 6: 1 estimated, 4 its place's position in GeoNames, 6 the
  /// centroid of addresses or shape, and 0 where GeoNames gives none (JP `100-0001`, IE `D02`);
  /// `nil` when the data has no accuracy (`data/zips.csv`).
  public let accuracy: Int?

  /// `ZipCode(zip: "01001", place: "Agawam", state: "MA", county: "Hampden", coordinate: agawam)`.
  public init(
    zip: String, place: String?, state: String?, county: String?, coordinate: Coordinate, country: String = "US",
    accuracy: Int? = nil
  ) {
    self.zip = zip
    self.place = place
    self.state = state
    self.county = county
    self.coordinate = coordinate
    self.country = country
    self.accuracy = accuracy
  }
}
