import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// Codes with their country or without, several places per code, and searches across countries.
@Suite struct ZipDatabaseLookupTests {
  let folder: TemporaryFolder
  let dbPath: String
  let db: ZipDatabase

  /// DE 01945 (9 places), DE 10115, AU 3000, 3001, CH 3000 (4 places at one point), CH 6719.
  init() throws {
    folder = try TemporaryFolder()
    dbPath = folder.path("world.db")
    let rows =
      ImporterCountryTests.german01945 + [
        ImporterCountryTests.melbourne, ImporterCountryTests.bern, ImporterCountryTests.aquila,
        ["DE", "10115", "Berlin", "Berlin", "BE", "", "00", "Berlin, Stadt", "11000", "52.5323", "13.3846", "6"],
        ["AU", "3001", "Melbourne", "Victoria", "VIC", "", "", "", "", "-37.814", "144.9633", "4"],
        ["CH", "3000", "Bern 5", "Kanton Bern", "BE", "", "", "", "", "46.9476", "7.4065", "0"],
      ]
    let path = try folder.write("sample.txt", ImporterCountryTests.geoNames(rows))
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    db = try ZipDatabase(readingAt: dbPath)
  }

  static let shared3000 = "'3000' is a postal code in 2 countries: Melbourne, AU; Bern 9, CH"

  @Test func aSharedBareCodeIsTheHomeCountrysTheAppsOrElseTheOneTheDatabaseRecords() throws {
    db.homeCountry = "CH"
    #expect(try db.postalCode(CodeReference(parsing: "3000"))?.country == "CH")
    #expect(try db.near(zip: "3000", within: Length(1, .kilometres)).first?.zipCode.country == "CH")
    // A home that lacks the code decides nothing.
    db.homeCountry = "DE"
    #expect(throws: ZipGeoError.self) { try db.postalCode(CodeReference(parsing: "3000")) }
    // A code of one country stays that country's, whatever the home.
    #expect(try db.postalCode(CodeReference(parsing: "6719"))?.country == "CH")
    db.homeCountry = nil
    #expect(try db.recordedHome() == nil)
    try ZipDatabase.recordHome("au", inDatabaseAt: dbPath)
    let reopened = try ZipDatabase(readingAt: dbPath)
    #expect(try reopened.recordedHome() == "AU")
    #expect(try reopened.postalCode(CodeReference(parsing: "3000"))?.places.map(\.place) == ["Melbourne"])
    #expect(
      try reopened.database.rows("SELECT DISTINCT country FROM zipgeo_near('3000', 1)").map(\.values) == [[.text("AU")]]
    )
    // The app's home comes first.
    reopened.homeCountry = "CH"
    #expect(try reopened.postalCode(CodeReference(parsing: "3000"))?.country == "CH")
    #expect(throws: ZipGeoError.self) { try ZipDatabase.recordHome("AUS", inDatabaseAt: dbPath) }
    try ZipDatabase.recordHome(nil, inDatabaseAt: dbPath)
    #expect(try ZipDatabase(readingAt: dbPath).recordedHome() == nil)
  }

  /// The settings table is the user's to edit: a value that is no country, or a table of that
  /// name with other columns, records no home and breaks no lookup.
  @Test func aDamagedOrForeignSettingsTableRecordsNoHome() throws {
    let writer = try Database(path: dbPath)
    for sql in [
      "INSERT INTO zipgeo_settings VALUES ('home_country', 'Austria')",
      "UPDATE zipgeo_settings SET value = x'4155'",
      "UPDATE zipgeo_settings SET value = NULL",
      "DROP TABLE zipgeo_settings; CREATE TABLE zipgeo_settings (other INTEGER)",
    ] {
      try writer.execute(sql)
      let reader = try ZipDatabase(readingAt: dbPath)
      #expect(try reader.recordedHome() == nil, "\(sql)")
      #expect(throws: ZipGeoError.self) { try reader.postalCode(CodeReference(parsing: "3000")) }
    }
    try writer.close()
    // An import into a database whose zipgeo_settings is the user's own table keeps it as it is.
    let path = try folder.write("more.txt", ImporterCountryTests.geoNames([ImporterCountryTests.melbourne]))
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    let reader = try ZipDatabase(readingAt: dbPath)
    #expect(try reader.usualAccuracies().isEmpty)
    #expect(try reader.database.rows("SELECT * FROM zipgeo_settings").isEmpty)
    #expect(
      try reader.database.scalar("SELECT sql FROM sqlite_schema WHERE name = 'zipgeo_settings'")
        == .text("CREATE TABLE zipgeo_settings (other INTEGER)"))
  }

  @Test func aCodeOfOneCountryNeedsNoCountry() throws {
    let code = try #require(try db.postalCode(CodeReference(parsing: "10115")))
    #expect(code.country == "DE" && code.places.map(\.place) == ["Berlin"])
    #expect(code.places[0].accuracy == 6)
    #expect(try db.zipCode("6719")?.country == "CH")
  }

  @Test func aCodeOfSeveralCountriesIsAnErrorNamingThemUnlessItsCountryIsGiven() throws {
    #expect(throws: ZipGeoError.ambiguousCode(code: "3000", countries: ["AU", "CH"], places: ["Melbourne", "Bern 9"])) {
      try db.postalCode(CodeReference(parsing: "3000"))
    }
    #expect(
      ZipGeoError.ambiguousCode(code: "3000", countries: ["AU", "CH"], places: ["Melbourne", "Bern 9"]).description
        == "\(Self.shared3000); add --country CC, write CC:3000, or set a home country (ZIPGEO_COUNTRY=CC, or zipgeo home CC)"
    )
    #expect(try db.postalCode(CodeReference(parsing: "AU:3000"))?.places.map(\.place) == ["Melbourne"])
    #expect(try db.postalCode(CodeReference(parsing: "3000", country: "CH"))?.places.count == 2)
    #expect(throws: ZipGeoError.ambiguousCode(code: "3000", countries: ["AU", "CH"], places: ["Melbourne", "Bern 9"])) {
      try db.near(zip: "3000", within: Length(1, .kilometres))
    }
    #expect(throws: ZipGeoError.ambiguousCode(code: "3000", countries: ["AU", "CH"], places: ["Melbourne", "Bern 9"])) {
      try db.distance(from: "3000", to: "10115")
    }
  }

  @Test func everyPlaceOfACodeComesInTheOrderOfTheFile() throws {
    let code = try db.requirePostalCode(CodeReference(parsing: "de:01945"))
    #expect(code.places.map { $0.place ?? "" } == ImporterCountryTests.german01945.map { $0[2] })
  }

  @Test func aCodeOrCountryTheDatabaseLacksIsAnErrorThatSaysWhich() throws {
    #expect(try db.postalCode(CodeReference(parsing: "99999")) == nil)
    #expect(try db.postalCode(CodeReference(parsing: "DE:99999")) == nil)
    #expect(
      throws: ZipGeoError.unknownZip(
        zip: "DE:99999", path: "world.db", hint: "DE codes here look like 01053; the code next to it in order is 10115")
    ) {
      try db.requirePostalCode(CodeReference(parsing: "DE:99999"))
    }
    #expect(throws: ZipGeoError.unknownCountry(country: "FR", path: "world.db", known: ["AU", "CH", "DE"])) {
      try db.postalCode(CodeReference(parsing: "FR:75001"))
    }
    #expect(
      ZipGeoError.unknownCountry(country: "FR", path: "world.db", known: ["AU", "CH", "DE"]).description
        == "world.db has no postal codes of country 'FR'; it holds AU, CH and DE")
    #expect(throws: ZipGeoError.unknownCountry(country: "FR", path: "world.db", known: ["AU", "CH", "DE"])) {
      try db.requireCountry("FR")
    }
    try db.requireCountry("CH")
  }

  @Test func aSearchFromACodeOfSeveralPlacesStartsAtTheirMeanAndFindsEachPlace() throws {
    let code = try db.requirePostalCode(CodeReference(parsing: "DE:01945"))
    let hits = try db.near(zip: "DE:01945", within: Length(30, .kilometres))
    #expect(hits.count == 9)
    #expect(Set(hits.map { $0.zipCode.place ?? "" }) == Set(code.places.map { $0.place ?? "" }))
    for hit in hits {
      #expect(
        hit.distance.value == Sphere.earth.distance(from: code.center, to: hit.zipCode.coordinate, in: .kilometres))
    }
  }

  @Test func placesAtTheSameDistanceAreOrderedByZipCountryAndFileOrder() throws {
    let hits = try db.near(zip: "CH:3000", within: Length(1, .kilometres))
    #expect(
      hits.map { "\($0.zipCode.country):\($0.zipCode.zip) \($0.zipCode.place ?? "")" } == [
        "CH:3000 Bern 9", "CH:3000 Bern 5",
      ])
    let nearest = try db.nearest(to: Coordinate(latitude: 46.9476, longitude: 7.4065), count: 1)
    #expect(nearest.map { $0.zipCode.place } == ["Bern 9"])
    let melbourne = try db.nearest(to: Coordinate(latitude: -37.814, longitude: 144.9633), count: 2)
    #expect(melbourne.map(\.zipCode.zip) == ["3000", "3001"])
  }

  @Test func aSearchCanBeKeptToOneCountry() throws {
    let anywhere = try db.nearest(to: Coordinate(latitude: 47, longitude: 8), count: 20)
    #expect(Set(anywhere.map(\.zipCode.country)) == ["AU", "CH", "DE"])
    let swiss = try db.nearest(to: Coordinate(latitude: 47, longitude: 8), count: 20, country: "CH")
    #expect(swiss.map(\.zipCode.country) == ["CH", "CH", "CH"])
    // The country keeps the search to it, and is the country of a bare code.
    let far = Length(20_000, .kilometres)
    #expect(try db.near(zip: "DE:10115", within: far, country: "AU").map(\.zipCode.zip) == ["3000", "3001"])
    #expect(try db.near(zip: "DE:10115", within: far, country: "FR").isEmpty)
    #expect(try db.near(zip: "3000", within: far, country: "AU").map(\.zipCode.zip) == ["3000", "3001"])
    #expect(
      throws: ZipGeoError.unknownZip(
        zip: "AU:10115", path: "world.db", hint: "AU codes here look like 0800; the code next to it in order is 3000")
    ) {
      try db.near(zip: "10115", within: far, country: "AU")
    }
  }

  @Test func theDistanceBetweenCodesOfTwoCountriesIsBetweenTheirCentres() throws {
    let berlin = try db.requirePostalCode(CodeReference(parsing: "DE:10115"))
    let bern = try db.requirePostalCode(CodeReference(parsing: "CH:3000"))
    #expect(
      try db.distance(from: "DE:10115", to: "CH:3000").value
        == Sphere.earth.distance(from: berlin.center, to: bern.center, in: .kilometres))
  }

  @Test func theDatabaseKnowsWhetherItHoldsSeveralCountries() throws {
    #expect(try db.holdsSeveralCountries())
    let us = folder.path("us.db")
    let path = try folder.write("us.csv", "zip,lat,lon\n75075,33.025,-96.7397\n75023,33.05,-96.73\n")
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: us))
    #expect(try !ZipDatabase(readingAt: us).holdsSeveralCountries())
  }

  @Test func theTableFunctionsTakeCountryCodesAndReturnTheCountry() throws {
    let rows = try db.database.rows("SELECT zip, country, place FROM zipgeo_near('ch:3000', 1)").map(\.values)
    #expect(rows == [[.text("3000"), .text("CH"), .text("Bern 9")], [.text("3000"), .text("CH"), .text("Bern 5")]])
    // Without place names the search reads only the index, which holds the country.
    let indexOnly = try db.database.rows("SELECT zip, country FROM zipgeo_nearest(-37.8, 145.0, 2)").map(\.values)
    #expect(indexOnly == [[.text("3000"), .text("AU")], [.text("3001"), .text("AU")]])
    // The k nearest of one country, chosen among that country's codes only.
    let swiss = try db.database.rows("SELECT country, count(*) FROM zipgeo_nearest(-37.8, 145.0, 3, 'sphere', 'ch')")
    #expect(swiss.map(\.values) == [[.text("CH"), .integer(3)]])
    let named = try db.database.rows(
      "SELECT zip FROM zipgeo_nearest WHERE center_lat = 47 AND center_lon = 8 AND k = 1 AND only_country = 'AU'")
    #expect(named.map(\.values) == [[.text("3000")]])
    let bad = #expect(throws: DatabaseError.self) {
      try db.database.rows("SELECT * FROM zipgeo_nearest(0, 0, 1, 'sphere', 'JPN')")
    }
    #expect(
      bad?.message == "zipgeo_nearest(): only_country (argument 5) 'JPN' is not a two-letter country code, as 'JP'")
    let absent = #expect(throws: DatabaseError.self) {
      try db.database.rows("SELECT * FROM zipgeo_nearest(0, 0, 1, 'sphere', 'JP')")
    }
    #expect(
      absent?.message == "zipgeo_nearest(): the zips table has no postal codes of country 'JP'; it holds AU, CH and DE")
    let error = #expect(throws: DatabaseError.self) { try db.database.rows("SELECT * FROM zipgeo_near('3000', 1)") }
    #expect(
      error?.message
        == "zipgeo_near(): \(Self.shared3000); write CC:3000, or record a home country in the database (zipgeo home CC)"
    )
    let number = #expect(throws: DatabaseError.self) {
      try db.database.rows("SELECT * FROM zipgeo_nearest(0, 0, 1, 'sphere', 12)")
    }
    #expect(
      number?.message
        == "zipgeo_nearest(): only_country (argument 5) not text is not a two-letter country code, as 'JP'")
    let ligature = #expect(throws: DatabaseError.self) {
      try db.database.rows("SELECT * FROM zipgeo_nearest(0, 0, 1, 'sphere', 'ﬁ')")
    }
    #expect(
      ligature?.message == "zipgeo_nearest(): only_country (argument 5) 'ﬁ' is not a two-letter country code, as 'JP'")
    let empty = #expect(throws: DatabaseError.self) { try db.database.rows("SELECT * FROM zipgeo_near('DE:', 1)") }
    #expect(
      empty?.message
        == "zipgeo_near(): center_zip (argument 1): 'DE:' is not a postal code: it names the country DE but no code; write DE:CODE"
    )
    let unknown = #expect(throws: DatabaseError.self) { try db.database.rows("SELECT * FROM zipgeo_near('FR:1', 1)") }
    #expect(
      unknown?.message == "zipgeo_near(): the zips table has no postal codes of country 'FR'; it holds AU, CH and DE")
  }

  @Test func placesThatCancelOutAreCentredOnTheFirstAndSaySo() throws {
    let path = try folder.write(
      "antipodes.csv", "zip,place,country,lat,lon\nAP1,North,AQ,10,20\nAP1,South,AQ,-10,-160\n")
    let other = folder.path("antipodes.db")
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: other))
    let code = try ZipDatabase(readingAt: other).requirePostalCode(CodeReference(parsing: "AQ:AP1"))
    #expect(code.center == Coordinate(uncheckedLatitude: 10, longitude: 20))
    #expect(!code.centerIsMean)
    #expect(try db.requirePostalCode(CodeReference(parsing: "DE:01945")).centerIsMean)
  }

  @Test func aVersion1TableIsUpgradedIntoUSData() throws {
    let old = try Database(path: folder.path("v1.db"))
    try old.execute(
      """
      CREATE TABLE zips (
        zip TEXT NOT NULL CHECK (zip <> ''), place TEXT, state TEXT, county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90), lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
        cell INTEGER NOT NULL DEFAULT -1);
      INSERT INTO zips (zip, place, state, lat, lon) VALUES ('75075', 'Plano', 'TX', 33.025, -96.7397);
      INSERT INTO zips (zip, place, state, lat, lon) VALUES ('75023', 'Plano', 'TX', 33.05, -96.73);
      UPDATE zips SET cell = \(SchemaUpgradeTests.legacyCell());
      CREATE UNIQUE INDEX zips_zip ON zips (zip);
      CREATE INDEX zips_cell ON zips (cell, lat, lon, zip);
      \(SchemaUpgradeTests.version1Triggers)
      PRAGMA user_version = 1;
      """)
    try old.close()
    try ZipDatabase.upgrade(at: folder.path("v1.db"))
    let v1 = try ZipDatabase(readingAt: folder.path("v1.db"))
    #expect(try v1.zipCode("US:75075")?.country == "US")
    let hits = try v1.near(zip: "75075", within: Length(10, .kilometres), country: "US")
    #expect(hits.map(\.zipCode.zip) == ["75075", "75023"] && hits.allSatisfy { $0.zipCode.country == "US" })
    #expect(try v1.near(zip: "US:75075", within: Length(10, .kilometres), country: "DE").isEmpty)
    #expect(throws: ZipGeoError.unknownCountry(country: "DE", path: "v1.db", known: ["US"])) {
      try v1.requireCountry("DE")
    }
    #expect(try !v1.holdsSeveralCountries())
    let rows = try v1.database.rows("SELECT zip, country, accuracy FROM zipgeo_near('75075', 1)").map(\.values)
    #expect(rows == [[.text("75075"), .text("US"), .null]])
  }
}
