import SQLiteKit

/// The questions apps ask of a zip code database.
///
/// ```swift
/// import ZipGeo
///
/// let db = try ZipDatabase(readingAt: "zipgeo.db")
/// let stores = try db.near(zip: "75075", within: Length(5, .miles))
/// let closest = try db.nearest(to: Coordinate(latitude: 33.02, longitude: -96.74), count: 3)
/// let far = try db.distance(from: "75075", to: "10001").converted(to: .miles)   // 1360.30... mi
/// ```
extension ZipDatabase {
  /// Runs `body` in one read transaction, so that every query in it reads the same version of
  /// the data, even while another process imports: without it, a zip code looked up before an
  /// import commits and one looked up after could be paired in one answer.
  ///
  /// ```swift
  /// let (a, b) = try db.readingOneVersion { (try db.lookup(zip: "75075"), try db.lookup(zip: "10001")) }
  /// ```
  ///
  /// Inside a transaction already open on the connection, `body` simply runs in it. Keep it short:
  /// while it runs, an import cannot finish (rollback journal) or copy its data into the file (WAL).
  public func readingOneVersion<T>(_ body: () throws -> T) throws -> T {
    guard database.isAutocommit else { return try body() }
    return try database.inTransaction(.deferred, body)
  }

  /// The zip code `zip` (its first place, for a code with several: `postalCode(_:)` gives them
  /// all), or `nil` when the database does not have it.
  ///
  /// ```swift
  /// try db.lookup(zip: "01001")?.place   // "Agawam"
  /// ```
  public func lookup(zip: String) throws -> ZipCode? {
    try zipCode(zip)
  }

  /// Every zip code within `radius` of the zip code `zip` (`75075`, `DE:10115`): the code's own
  /// places first, then the rest nearest first (of codes as near, the code's country's first,
  /// then by zip). A code with several places is centred on their mean position
  /// (`PostalCode.center`), and each of its places is a result of its own, at its true distance,
  /// even past the radius (`CenteredSearch`).
  ///
  /// ```swift
  /// try db.near(zip: "75075", within: Length(10, .kilometres)).count   // 14
  /// ```
  ///
  /// Distances are on the sphere unless `model` says `.wgs84`. With `country`, a bare `zip` is
  /// that country's code, and only that country's codes are found. With `kinds`, only codes of
  /// those kinds (`[.area]`: no military, CEDEX or PO box codes), and the code's own places.
  ///
  /// - Throws: `ZipGeoError.unknownZip` when `zip` is not in the database,
  ///   `ZipGeoError.ambiguousCode` for a bare code that several countries have.
  public func near(
    zip: String, within radius: Length, limit: Int? = nil, model: EarthModel = .sphere, country: String? = nil,
    kinds: Set<CodeKind>? = nil
  ) throws -> [NearbyZip] {
    try readingOneVersion {
      let code = try requirePostalCode(CodeReference(parsing: zip, country: country))
      var search = try search(
        from: code, around: code.center, within: radius, limit: limit, model: model, country: country, kinds: kinds)
      return try search.allRows(on: database)
    }
  }

  /// The search of the codes within `radius` of `center`, to read a band at a time
  /// (`CenteredSearch.nextBand(on:)`), for a caller that shows rows as they come: `near` reads
  /// all of it. From `code` (whose centre `center` should be), the code's own places come first.
  ///
  /// ```swift
  /// var search = try db.search(from: nil, around: plano, within: Length(10, .kilometres))
  /// while let band = try search.nextBand(on: db) { print(band.map(\.zipCode.zip)) }
  /// ```
  public func search(
    from code: PostalCode?, around center: Coordinate, within radius: Length, limit: Int? = nil,
    model: EarthModel = .sphere, country: String? = nil, kinds: Set<CodeKind>? = nil
  ) throws -> CenteredSearch {
    let query = try RadiusQuery(
      center: SearchRequest.center(center), radius: SearchRequest.radius(radius), limit: limit, model: model,
      country: country)
    return try CenteredSearch(from: code, query: query, kinds: kinds)
  }

  /// The search of the `count` codes nearest `center`, to read a band at a time; from `code`
  /// (whose centre `center` should be), the code's own places first.
  public func search(
    from code: PostalCode?, nearestTo center: Coordinate, count: Int, model: EarthModel = .sphere,
    unit: LengthUnit = .kilometres, country: String? = nil, kinds: Set<CodeKind>? = nil
  ) throws -> CenteredSearch {
    try CenteredSearch(
      from: code, nearestTo: SearchRequest.center(center), count: SearchRequest.count(count), model: model, unit: unit,
      country: country, kinds: kinds)
  }

  /// Every zip code within `radius` of a point, nearest first (ties by zip).
  ///
  /// ```swift
  /// try db.near(coordinate: Coordinate(latitude: 40.75, longitude: -73.99), within: Length(1, .miles))
  /// ```
  public func near(
    coordinate: Coordinate, within radius: Length, limit: Int? = nil, model: EarthModel = .sphere,
    country: String? = nil
  ) throws -> [NearbyZip] {
    // `allRows` reads the answer in one transaction.
    var search = try search(from: nil, around: coordinate, within: radius, limit: limit, model: model, country: country)
    return try search.allRows(on: database)
  }

  /// The `count` zip codes nearest to a point, nearest first (ties by zip): the offline "which zip
  /// am I in" lookup.
  ///
  /// ```swift
  /// try db.nearest(to: Coordinate(latitude: 33.02, longitude: -96.74), count: 1).first?.zipCode.zip   // "75075"
  /// ```
  ///
  /// The search reads the squares of the grid around the point nearest first and stops after
  /// `count` zips, so it reads the table around the point, not the whole of it; the answer is exact.
  public func nearest(to coordinate: Coordinate, count: Int, model: EarthModel = .sphere, country: String? = nil)
    throws -> [NearbyZip]
  {
    var search = try search(from: nil, nearestTo: coordinate, count: count, model: model, country: country)
    return try search.allRows(on: database)
  }

  /// The distance between two zip codes (`75075`, `DE:10115`), in kilometres: great-circle on
  /// the sphere, or the geodesic on WGS84, between their centres (`PostalCode.center`).
  ///
  /// ```swift
  /// try db.distance(from: "75075", to: "10001")                  // 2189.19581648223 km
  /// try db.distance(from: "75075", to: "10001", model: .wgs84)   // 2194.9... km
  /// ```
  public func distance(from zip1: String, to zip2: String, model: EarthModel = .sphere) throws -> Length {
    let (from, to) = try readingOneVersion {
      (try requirePostalCode(CodeReference(parsing: zip1)), try requirePostalCode(CodeReference(parsing: zip2)))
    }
    return Length(model.distance(from: from.center, to: to.center, in: .kilometres), .kilometres)
  }
}

extension CenteredSearch {
  /// The next rows, or `nil` after the last; never an empty band.
  public mutating func nextBand(on db: ZipDatabase) throws -> [NearbyZip]? {
    try nextBand(on: db.database)
  }
}

extension RadiusQuery {
  /// Runs the query.
  public func run(on db: ZipDatabase) throws -> [NearbyZip] {
    try run(on: db.database)
  }
}
