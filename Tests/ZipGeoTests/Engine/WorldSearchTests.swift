import Foundation
import Geodesy
import TestSupport
import Testing

@testable import ZipGeo

/// Radius and nearest searches on the postal codes of the world (data/world.txt.xz) against a
/// brute force over every row: around the 180th meridian, near the poles, across borders and at
/// random, on the sphere and on WGS84, for every country and for one.
@Suite struct WorldSearchTests {
  /// Every row of the world database, read once per test process.
  static let world = Result { try WorldRows(path: WorldDatabase.path()) }

  let db: ZipDatabase
  let rows: WorldRows

  init() throws {
    rows = try Self.world.get()
    db = try ZipDatabase(readingAt: WorldDatabase.path())
  }

  /// A search result as the brute force computes it: what must be equal, to the last bit.
  struct Hit: Equatable, CustomStringConvertible {
    let zip: String
    let country: String
    let place: String?
    let distance: Double

    init(zip: String, country: String, place: String?, distance: Double) {
      (self.zip, self.country, self.place, self.distance) = (zip, country, place, distance)
    }

    init(_ found: NearbyZip) {
      self.init(
        zip: found.zipCode.zip, country: found.zipCode.country, place: found.zipCode.place,
        distance: found.distance.value)
    }

    var description: String { "\(country):\(zip) \(place ?? "-") \(distance)" }
  }

  /// The `zips` table's zip, place, country and position, row by row, with each country as a
  /// small number so that the brute force compares numbers.
  struct WorldRows: Sendable {
    var zips: [String] = []
    var places: [String?] = []
    var countries: [String] = []
    var countryNumbers: [Int] = []
    var coordinates: [Coordinate] = []

    init(path: String) throws {
      let statement = try ZipDatabase(readingAt: path).database.prepare(
        "SELECT zip, place, country, lat, lon FROM zips ORDER BY id")
      var numbers: [String: Int] = [:]
      while try statement.step() {
        let country = statement.text(at: 2) ?? ""
        zips.append(statement.text(at: 0) ?? "")
        places.append(statement.text(at: 1))
        countries.append(country)
        countryNumbers.append(numbers[country, default: numbers.count])
        if numbers[country] == nil { numbers[country] = numbers.count }
        coordinates.append(Coordinate(uncheckedLatitude: statement.double(at: 3), longitude: statement.double(at: 4)))
      }
    }

    /// The number `country` has in `countryNumbers`, or -1 when no row has it.
    func number(of country: String) -> Int {
      countries.firstIndex(of: country).map { countryNumbers[$0] } ?? -1
    }

    /// Whether row `a` comes before row `b` at the same distance: by zip, then country, each
    /// compared byte by byte, as SQLite's ORDER BY compares text, then in the order of the file
    /// (id: the rows are read in that order).
    func precedes(_ a: Int, _ b: Int) -> Bool {
      if zips[a] != zips[b] { return zips[a].utf8.lexicographicallyPrecedes(zips[b].utf8) }
      if countries[a] != countries[b] { return countries[a].utf8.lexicographicallyPrecedes(countries[b].utf8) }
      return a < b
    }
  }

  /// The distance from one centre to every row that may be in an answer, and the rankings a
  /// search must return.
  struct BruteForce {
    let rows: WorldRows
    /// In kilometres, as the searches measure; infinite for the rows no answer can hold.
    var distances: [Double]

    /// Measures the distance from `center` to every row in kilometres, as the searches do.
    ///
    /// On WGS84, a geodesic costs about a microsecond, and this runs for dozens of centres: the
    /// rows too far on the sphere to be within `reach` (nor among the 50 nearest, of all
    /// countries and of each of `countries`) are left out. A geodesic on WGS84 is between 0.994
    /// and 1.005 times the great circle on the sphere: a row 2 % farther on the sphere cannot be
    /// nearer on the ellipsoid.
    init(rows: WorldRows, center: Coordinate, model: EarthModel, reach: Double = 1000, countries: [String] = []) {
      self.rows = rows
      var sphere = [Double](repeating: 0, count: rows.coordinates.count)
      rows.coordinates.withUnsafeBufferPointer { points in
        sphere.withUnsafeMutableBufferPointer { sphere in
          for i in points.indices {
            sphere[i] = EarthModel.sphere.distance(from: center, to: points[i], in: .kilometres)
          }
        }
      }
      distances = sphere
      guard model != .sphere else { return }
      // How far on the sphere each country's rows (-1: every country's) may be in an answer.
      var reaches = [-1: max(reach, distances[nearest(50).last ?? 0])]
      for country in countries {
        reaches[rows.number(of: country)] = max(reach, nearest(50, country: country).last.map { distances[$0] } ?? 0)
      }
      let all = reaches[-1] ?? .infinity
      var measured = sphere
      rows.coordinates.withUnsafeBufferPointer { points in
        rows.countryNumbers.withUnsafeBufferPointer { countries in
          measured.withUnsafeMutableBufferPointer { measured in
            for i in points.indices {
              let within = measured[i] <= all * 1.02 || measured[i] <= (reaches[countries[i]] ?? 0) * 1.02
              measured[i] = within ? model.distance(from: center, to: points[i], in: .kilometres) : .infinity
            }
          }
        }
      }
      distances = measured
    }

    func before(_ a: Int, _ b: Int) -> Bool {
      distances[a] != distances[b] ? distances[a] < distances[b] : rows.precedes(a, b)
    }

    func hits(_ indices: some Sequence<Int>) -> [Hit] {
      indices.map {
        Hit(zip: rows.zips[$0], country: rows.countries[$0], place: rows.places[$0], distance: distances[$0])
      }
    }

    /// The rows within `kilometres`, nearest first.
    func within(_ kilometres: Double) -> [Int] {
      var found: [(distance: Double, row: Int)] = []
      distances.withUnsafeBufferPointer { distances in
        for i in distances.indices where distances[i] <= kilometres { found.append((distances[i], i)) }
      }
      // This code is not optimised, and Swift's sort here takes seconds for the 200,000 rows within
      // 1,000 km of Basel: the C library's sorts them by distance (then row) at once, and the few
      // rows that share a distance are put in order after.
      found.withUnsafeMutableBufferPointer { found in
        guard let first = found.baseAddress else { return }
        qsort(first, found.count, MemoryLayout<(distance: Double, row: Int)>.stride) { a, b in
          // Both point into `found`.
          let (x, y) = (a!.load(as: (Double, Int).self), b!.load(as: (Double, Int).self))
          return x < y ? -1 : x > y ? 1 : 0
        }
      }
      var ranked = found.map(\.row)
      var start = 0
      while start < found.count {
        var end = start + 1
        while end < found.count && found[end].distance == found[start].distance { end += 1 }
        if end - start > 1 { ranked[start..<end].sort(by: before) }
        start = end
      }
      return ranked
    }

    /// The `count` nearest rows, of `country` when given: the first of `ranked` (the rows within
    /// some distance, nearest first) when it holds enough, else one pass over every row that
    /// keeps the best so far.
    func nearest(_ count: Int, country: String? = nil, ranked: [Int] = []) -> [Int] {
      let number = country.map(rows.number(of:))
      let candidates = number.map { number in ranked.filter { rows.countryNumbers[$0] == number } } ?? ranked
      if candidates.count >= count { return Array(candidates.prefix(count)) }
      var best: [Int] = []
      var worst = Double.infinity
      distances.withUnsafeBufferPointer { distances in
        rows.countryNumbers.withUnsafeBufferPointer { countries in
          for i in distances.indices where distances[i] <= worst && (number == nil || countries[i] == number) {
            guard best.count < count || before(i, best[best.count - 1]) else { continue }
            best.insert(i, at: best.firstIndex { before(i, $0) } ?? best.count)
            if best.count > count { best.removeLast() }
            if best.count == count { worst = distances[best[count - 1]] }
          }
        }
      }
      return best
    }
  }

  /// A centre, with the countries whose codes a restricted search around it looks for.
  struct Centre: CustomStringConvertible {
    let name: String
    let coordinate: Coordinate
    let countries: [String]

    init(_ name: String, _ latitude: Double, _ longitude: Double, _ countries: [String] = []) {
      self.name = name
      coordinate = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
      self.countries = countries
    }

    var description: String { "\(name) (\(coordinate))" }
  }

  /// Where the centres of a test case are: each kind is a case of its own, run in parallel.
  enum Surroundings: String, CaseIterable, Sendable, CustomStringConvertible {
    case nearThe180thMeridian, nearAPole, acrossBordersAndInCities, atRandom
    var description: String { rawValue }
  }

  /// Places where boxes go wrong (the 180th meridian, the poles), borders, cities, and seeded
  /// random points: over the globe, and on rows (zero distances, codes sharing a point). SJ has
  /// fewer codes than a search asks for.
  func centres(_ surroundings: Surroundings) -> [Centre] {
    switch surroundings {
    case .nearThe180thMeridian:
      return [
        Centre("Chatham Islands", -43.95, -176.56, ["NZ"]),
        Centre("Fiji, west of 180", -16.8, 179.9, ["NZ"]),
        Centre("Fiji, east of 180", -17.0, -179.9, ["NZ"]),
        Centre("Lau Islands", -18.2, -178.8),
        Centre("Chukotka", 65.0, -170.0, ["RU", "US"]),
        Centre("Anadyr", 64.73, 177.5, ["RU"]),
        Centre("Adak", 51.88, -176.65, ["US"]),
        Centre("Attu", 52.9, 173.2, ["US"]),
      ]
    case .nearAPole:
      return [
        Centre("Longyearbyen", 78.22, 15.65, ["SJ", "NO"]),
        Centre("Greenland", 72.0, -40.0),
        Centre("North Pole", 90, 0),
        Centre("South Pole", -90, 0),
        Centre("McMurdo", -77.85, 166.67, ["NZ"]),
      ]
    case .acrossBordersAndInCities:
      return [
        Centre("Basel", 47.56, 7.59, ["CH", "FR", "DE"]),
        Centre("Geneva", 46.2, 6.15, ["CH", "FR"]),
        Centre("Tokyo", 35.6812, 139.7671, ["JP"]),
        Centre("Plano", 33.025, -96.7397, ["US", "MX"]),
      ]
    case .atRandom:
      var rng = SeededGenerator(seed: 13)
      var centres: [Centre] = (0..<4).map { index in
        Centre("random \(index)", .random(in: -90...90, using: &rng), .random(in: -180...180, using: &rng))
      }
      for _ in 0..<4 {
        let row = Int.random(in: 0..<rows.zips.count, using: &rng)
        let point = rows.coordinates[row]
        centres.append(
          Centre("on \(rows.countries[row]):\(rows.zips[row])", point.latitude, point.longitude, [rows.countries[row]]))
      }
      return centres
    }
  }

  /// Records a difference between two rankings without printing hundreds of thousands of rows.
  func expectSame(_ found: [Hit], _ expected: [Hit], _ what: @autoclosure () -> String) {
    guard found != expected else { return }
    let first =
      zip(found, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(found.count, expected.count)
    Issue.record(
      """
      \(what()): \(found.count) found, \(expected.count) expected; first difference at \(first): \
      found \(found.dropFirst(first).prefix(3)), expected \(expected.dropFirst(first).prefix(3))
      """)
  }

  @Test func theWorldDatabaseHoldsEveryRowOfTheFile() throws {
    #expect(try db.database.scalar("SELECT count(*) FROM zips") == .integer(1_825_727))
    #expect(try db.database.scalar("SELECT count(DISTINCT country) FROM zips") == .integer(121))
    #expect(rows.zips.count == 1_825_727)
  }

  /// One pass over the world per centre: the rows within 1,000 km, nearest first, give the
  /// smaller radii, the countries and the nearest rows, unless there are too few of them. Rows
  /// only counted, which on the sphere are counted by their cells alone in squares wholly within
  /// the radius, number the same, at every radius up to the whole Earth.
  @Test(arguments: EarthModel.allCases, Surroundings.allCases)
  func radiusAndNearestSearchesEqualABruteForceAroundTheWorld(model: EarthModel, surroundings: Surroundings) throws {
    for centre in centres(surroundings) {
      let brute = BruteForce(rows: rows, center: centre.coordinate, model: model, countries: centre.countries)
      let ranked = brute.within(1000)
      for km in [10.0, 100, 1000] {
        let query = try RadiusQuery(center: centre.coordinate, radius: Length(km, .kilometres), model: model)
        let expected = ranked.prefix { brute.distances[$0] <= km }
        expectSame(try query.run(on: db).map(Hit.init), brute.hits(expected), "\(model) \(km) km around \(centre)")
        for country in [nil] + centre.countries {
          // A small radius, every column read, band by band.
          if km == 10 {
            let query = try RadiusQuery(
              center: centre.coordinate, radius: Length(km, .kilometres), model: model, country: country)
            let wanted = expected.filter { country == nil || rows.countries[$0] == country }
            expectSame(
              try hits(query), brute.hits(wanted), "\(model) \(km) km of \(country ?? "all") around \(centre)")
          }
          let counted = try RadiusQuery(
            center: centre.coordinate, radius: Length(km, .kilometres), model: model, country: country)
          let count = try count(counted)
          #expect(count == expected.filter { country == nil || rows.countries[$0] == country }.count, "\(counted)")
        }
      }
      // The whole Earth: on WGS84, where every row is measured, once.
      if model == .sphere || centre.name == centres(surroundings).first?.name {
        let everywhere = try count(
          RadiusQuery(center: centre.coordinate, radius: Length(1e300, .kilometres), model: model))
        #expect(everywhere == rows.zips.count, "the whole Earth around \(centre)")
      }
      // Where 1,000 km hold a continent's codes, a search for one country goes 100 km.
      let km = ranked.count < 20_000 ? 1000.0 : 100
      for country in [nil] + centre.countries {
        if let country {
          let found = try RadiusQuery(
            center: centre.coordinate, radius: Length(km, .kilometres), model: model, country: country
          ).run(on: db)
          let expected = ranked.prefix { brute.distances[$0] <= km }.filter { rows.countries[$0] == country }
          expectSame(found.map(Hit.init), brute.hits(expected), "\(model) \(km) km of \(country) around \(centre)")
        }
        let fifty = brute.hits(brute.nearest(50, country: country, ranked: ranked))
        for k in [1, 5, 50] {
          let found = try RadiusQuery.nearest(
            to: centre.coordinate, count: k, on: db.database, model: model, country: country)
          expectSame(
            found.map(Hit.init), Array(fifty.prefix(k)), "\(model) \(k) nearest of \(country ?? "all") \(centre)")
        }
      }
    }
  }

  /// A search reads only the columns its query uses (each set of them a statement of its own):
  /// every column of `zipgeo_within`, read alone or with any other, is the one `SELECT *` gives,
  /// row by row, where the codes' kinds come from their place (London's US military codes, Paris's
  /// CEDEX codes) and their accuracy (Frankfurt's codes of one organisation), and their state
  /// names from their state.
  @Test func eachColumnOfASearchIsTheSameReadAloneOrWithAnyOther() throws {
    let columns = SQLFunctions.searchColumns
    var kinds = Set<String>()
    for (lat, lon, km) in [(51.5074, -0.1278, 10.0), (48.8566, 2.3522, 3.0), (50.11, 8.68, 20.0)] {
      let whole = try db.database.rows("SELECT * FROM zipgeo_within(?, ?, ?)", [lat, lon, km]).map(\.values)
      #expect(whole.count > 100 && whole.allSatisfy { $0.count == columns.count })
      for (index, column) in columns.enumerated() {
        for (otherIndex, other) in columns.enumerated() where otherIndex >= index {
          let read = try db.database.rows(
            "SELECT \(column), \(other) FROM zipgeo_within(?, ?, ?)", [lat, lon, km]
          ).map(\.values)
          #expect(read == whole.map { [$0[index], $0[otherIndex]] }, "\(column), \(other) around \(lat),\(lon)")
        }
      }
      kinds.formUnion(whole.compactMap { $0[columns.firstIndex(of: "kind")!].string })
    }
    #expect(kinds.isSuperset(of: ["area", "military", "cedex", "organisation"]), "\(kinds)")
  }

  /// The rows of `query`, every column read, band by band.
  func hits(_ query: RadiusQuery) throws -> [Hit] {
    var search = NearestFirstSearch(query)
    var hits: [Hit] = []
    while let band = try search.nextBand(on: db.database) { hits += band.map(Hit.init) }
    return hits
  }

  /// The rows a search that reads nothing of them counts (as `SELECT count(*)` of a table function
  /// does).
  func count(_ query: RadiusQuery) throws -> Int {
    var search = NearestFirstSearch(query, reads: .init(details: [], reading: .count))
    var rows = 0
    while let band = try search.nextRows(on: db.database) { rows += band.count }
    return rows
  }

  @Test func aSearchForOneCountryFindsOnlyItsCodesAndAllOfThem() throws {
    let chatham = Coordinate(uncheckedLatitude: -43.95, longitude: -176.56)
    let brute = BruteForce(rows: rows, center: chatham, model: .sphere)
    let found = try db.near(coordinate: chatham, within: Length(2000, .kilometres), country: "NZ").map(Hit.init)
    #expect(found.count > 1000)
    #expect(found.allSatisfy { $0.country == "NZ" })
    let ranked = brute.within(2000)
    expectSame(
      found, brute.hits(ranked.filter { rows.countries[$0] == "NZ" }), "NZ within 2000 km of the Chatham Islands")
    let nearest = try db.nearest(to: chatham, count: 50, country: "NZ").map(Hit.init)
    #expect(nearest.allSatisfy { $0.country == "NZ" })
    expectSame(
      nearest, brute.hits(brute.nearest(50, country: "NZ", ranked: ranked)),
      "50 nearest NZ codes to the Chatham Islands")
  }
}

extension WorldSearchTests {
  /// A name of 50,000 places is found ambiguous once a ninth place is read, not after all.
  @Test func aNameOfManyPlacesIsAmbiguousAfterItsNinthPlace() throws {
    #expect {
      try db.requirePlace(named: "a")
    } throws: { error in
      "\(error)".hasPrefix("'a' names more than 8 places: ")
        && "\(error)".hasSuffix("; ... (add --country or --state, or give a code)")
    }
    // One place is read whole: every code of Plano, TX.
    let codes = try db.database.scalar("SELECT count(*) FROM zips WHERE place = 'Plano' AND state = 'TX'")
    #expect(try db.requirePlace(named: "Plano", state: "TX").codes.count == Int(codes?.int64 ?? -1))
  }
}

extension WorldSearchTests {
  /// Places after the rows given are counted in no order, fewest codes first: the count is the
  /// one the whole search in order makes.
  @Test(
    arguments: [
      ("paris", nil, nil), ("san", nil, nil), ("frankfurt", nil, nil), ("st louis", nil, nil), ("s", "TX", nil),
      ("berg", nil, "DE"), ("mount", nil, nil),
    ] as [(String, String?, String?)])
  func placesCountedInNoOrderAreThoseOfTheWholeSearch(name: String, state: String?, country: String?) throws {
    for kinds in [nil, [.area]] as [Set<CodeKind>?] {
      let whole = try db.placeMatches(named: name, country: country, state: state, kinds: kinds)
      #expect(whole.isCountComplete)
      for limit in [1, 7] {
        let counted = try db.placeMatches(
          named: name, country: country, state: state, limit: limit, kinds: kinds, countingUpTo: 1_000_000)
        #expect(counted.placeCount == whole.placeCount, "\(name) \(limit)")
        #expect(counted.rows == Array(whole.rows.prefix(limit)))
      }
      let capped = try db.placeMatches(
        named: name, country: country, state: state, limit: 1, kinds: kinds, countingUpTo: 3)
      #expect(capped.placeCount == min(3, whole.placeCount) && capped.isCountComplete == (whole.placeCount <= 3))
    }
  }
}
