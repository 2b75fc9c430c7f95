import Foundation
import Geodesy
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// The search in bands gives the same rows in the same order as brute force, whatever the band
/// size, and never splits rows of one distance across bands.
@Suite struct NearestFirstSearchTests {
  let temporary: TemporaryFolder
  let db: Database

  init() throws {
    temporary = try TemporaryFolder()
    let path = temporary.path("zipgeo.db")
    _ = try ZipDatabase.importFile(zipsCSVPath, into: path)
    db = try ZipDatabase(readingAt: path).database
  }

  /// Every band of `search`, checked to be at most `budget` rows but for rows as near as the last
  /// of them, and to lie wholly beyond the band before.
  func bands(_ search: NearestFirstSearch, budget: Int) throws -> [[NearbyZip]] {
    var search = search
    var bands: [[NearbyZip]] = []
    while let band = try search.nextBand(on: db) {
      #expect(!band.isEmpty)
      if band.count > budget {
        // Only rows as near as the last within the budget, which go with it.
        #expect(Set(band[(budget - 1)...].map(\.distance.value)).count == 1, "a band over its budget")
      }
      if let last = bands.last?.last { #expect(band[0].distance.value > last.distance.value) }
      bands.append(band)
    }
    return bands
  }

  func truth(_ lat: Double, _ lon: Double, within km: Double, limit: Int? = nil) throws -> [String] {
    try db.rows(
      "SELECT zip FROM zips WHERE distance(?, ?, lat, lon) <= ? ORDER BY distance(?, ?, lat, lon), zip LIMIT ?",
      [lat, lon, km, lat, lon, Int64(limit ?? -1)]
    ).compactMap { $0[0].string }
  }

  @Test(arguments: [1, 2, 7, 100])
  func radiusSearchesInSmallBandsEqualBruteForce(budget: Int) throws {
    for (lat, lon, km) in [(33.025, -96.7397, 30.0), (40.75, -73.99, 8.0), (64.8, -147.7, 400.0), (19.7, -155.1, 90.0)]
    {
      let query = try RadiusQuery(
        center: try Coordinate(latitude: lat, longitude: lon), radius: Length(km, .kilometres))
      let search = NearestFirstSearch(
        query, details: true, firstReach: km / 20, detailsAfterward: false, budget: budget)
      let found = try bands(search, budget: budget).flatMap { $0 }
      #expect(found.map(\.zipCode.zip) == (try truth(lat, lon, within: km)), "\(lat),\(lon) \(km) km by \(budget)")
      #expect(found.allSatisfy { $0.zipCode.place != nil })
      #expect(found.map(\.zipCode) == (try query.run(on: db)).map(\.zipCode))
    }
  }

  @Test func wgs84SearchesInSmallBandsEqualBruteForce() throws {
    for (lat, lon, km) in [(33.025, -96.7397, 300.0), (64.8, -147.7, 900.0), (21.3, -157.8, 4000.0)] {
      let query = try RadiusQuery(
        center: try Coordinate(latitude: lat, longitude: lon), radius: Length(km, .kilometres), model: .wgs84)
      let search = NearestFirstSearch(query, details: false, firstReach: km / 30, detailsAfterward: false, budget: 50)
      let found = try bands(search, budget: 50).flatMap { $0 }
      let truth = try db.rows(
        "SELECT zip FROM zips WHERE geodesic_distance(?1, ?2, lat, lon, 'km') <= ?3"
          + " ORDER BY geodesic_distance(?1, ?2, lat, lon, 'km'), zip", [lat, lon, km]
      ).compactMap { $0[0].string }
      #expect(found.map(\.zipCode.zip) == truth, "\(lat),\(lon) \(km) km")
      #expect(found.map(\.zipCode.zip) == (try query.run(on: db)).map(\.zipCode.zip))
    }
  }

  @Test func aLimitStopsAtItsRowsAcrossBands() throws {
    let query = try RadiusQuery(
      center: try Coordinate(latitude: 33.025, longitude: -96.7397), radius: Length(200, .kilometres), limit: 25)
    let search = NearestFirstSearch(query, details: false, firstReach: 1, detailsAfterward: false, budget: 4)
    let found = try bands(search, budget: 4).flatMap { $0 }
    #expect(found.map(\.zipCode.zip) == (try truth(33.025, -96.7397, within: 200, limit: 25)))
  }

  @Test func nearestSearchesEqualBruteForceEverywhere() throws {
    for (lat, lon) in [(33.0, -96.7), (89.9, 0.0), (-89.9, 0.0), (51.9, 179.99), (0.0, -140.0)] {
      var search = try NearestFirstSearch(nearestTo: try Coordinate(latitude: lat, longitude: lon), count: 300)
      var found: [NearbyZip] = []
      while let band = try search.nextBand(on: db) { found += band }
      let expected = try db.rows(
        "SELECT zip FROM zips ORDER BY distance(?, ?, lat, lon), zip LIMIT 300", [lat, lon]
      ).compactMap { $0[0].string }
      #expect(found.map(\.zipCode.zip) == expected, "\(lat),\(lon)")
    }
  }

  /// Thousands of stores at one spot, more than a band holds: they come together, in zip order.
  @Test func rowsOfOneDistanceAreNeverSplitAcrossBands() throws {
    let path = temporary.path("ties.db")
    let csv = "zip,lat,lon\n" + (0..<50).map { String(format: "%05d,10,10\n", $0) }.joined() + "99999,10.001,10\n"
    _ = try ZipDatabase.importFile(try temporary.write("ties.csv", csv), into: path)
    let ties = try ZipDatabase(readingAt: path).database
    let query = try RadiusQuery(
      center: try Coordinate(latitude: 10, longitude: 10.0001), radius: Length(5, .kilometres))
    var search = NearestFirstSearch(query, details: true, firstReach: 5, detailsAfterward: false, budget: 8)
    var bands: [[NearbyZip]] = []
    while let band = try search.nextBand(on: ties) { bands.append(band) }
    #expect(bands.map(\.count) == [50, 1])
    #expect(bands[0].map(\.zipCode.zip) == (0..<50).map { String(format: "%05d", $0) })
  }
}
