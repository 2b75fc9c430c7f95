import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// `zipgeo_lookup`: a code as typed, resolved as the command line resolves it, as one row, and no
/// row (never an error) for a code it cannot resolve.
@Suite struct SQLLookupTests {
  let zips: ZipDatabase
  var db: Database { zips.database }

  init() throws { zips = try ZipDatabase(readingAt: WorldDatabase.path()) }

  /// The zip, country and resolution of a call, or `nil` for no row.
  func lookup(_ code: DatabaseValue, _ country: DatabaseValue? = nil) throws -> String? {
    let rows = try db.rows(
      "SELECT zip, country, resolution FROM zipgeo_lookup(?\(country == nil ? "" : ", ?"))",
      country.map { [code, $0] } ?? [code])
    #expect(rows.count <= 1)
    return rows.first.map { "\($0[1].string ?? "?"):\($0[0].string ?? "?") \($0[2].string ?? "?")" }
  }

  @Test func aCodeAsTypedIsResolvedAsTheCommandLineResolvesIt() throws {
    #expect(try lookup(.text("75075")) == "US:75075 as written")
    #expect(try lookup(.text(" DE:10115 ")) == "DE:10115 as written")
    #expect(try lookup(.text("10115"), .text("de")) == "DE:10115 as written")
    #expect(try lookup(.text("jp:1000001")) == "JP:100-0001 normalised")
    #expect(try lookup(.text("sw1a 1aa")) == "GB:SW1A coarser")
    #expect(try lookup(.text("75075-1234")) == "US:75075 coarser")
    // A number a spreadsheet made of a code, its leading zeros lost.
    #expect(try lookup(.text("2134"), .text("US")) == "US:02134 leading zeros")
    #expect(try lookup(.integer(2134), .text("US")) == "US:02134 leading zeros")
    #expect(try lookup(.real(2134), .text("US")) == "US:02134 leading zeros")
    #expect(try lookup(.integer(75075)) == "US:75075 as written")
    // A country column empty in a row means any country there, not no row.
    #expect(try lookup(.text("sw1a 1aa"), .null) == "GB:SW1A coarser")
    #expect(
      try db.rows("SELECT code, code_country FROM zipgeo_lookup('75075', NULL)").map(\.values) == [
        [.text("75075"), .null]
      ])
  }

  @Test func aCodeItCannotResolveGivesNoRowAndNoError() throws {
    for (code, country) in [
      (DatabaseValue.null, nil), (.text(""), nil), (.text("   "), nil), (.text("DE:"), nil),
      (.text("DE:DE:10115"), nil),
      (.text("99999"), .text("DE")), (.text("3000"), nil), (.text("QQ:123"), nil), (.text("10115"), .text("XYZ")),
      (.text("10115"), .integer(12)), (.real(2134.5), nil), (.blob([1, 2]), nil),
      (.text(String(repeating: "9", count: 100_000)), nil), (.text("1\u{0}2"), nil),
    ] as [(DatabaseValue, DatabaseValue?)] {
      #expect(try lookup(code, country) == nil, "\(code) \(String(describing: country))")
    }
  }

  @Test func aCodeOfSeveralPlacesIsOneRowAtTheirCentreWithTheirNames() throws {
    let code = try #require(try zips.postalCode(CodeReference(parsing: "DE:01945")))
    let row = try #require(
      try db.rows("SELECT lat, lon, place, places, place_names, state, state_name, kind FROM zipgeo_lookup('DE:01945')")
        .first)
    #expect(row[0].double == code.center.latitude && row[1].double == code.center.longitude)
    #expect(row[2] == .null && row[3].int64 == Int64(code.places.count) && code.places.count == 9)
    #expect(row[4].string == code.places.compactMap(\.place).joined(separator: ", "))
    #expect(row[5].string == "BB" && row[6].string == "Brandenburg" && row[7].string == "area")
  }

  /// A table of customers joined to their codes: each customer once, the bad codes with NULLs.
  @Test func aLeftJoinOverThousandsOfCustomersKeepsEachOnceAndResolvesWhatTheLibraryResolves() throws {
    let connection = try Database(path: ":memory:")
    try SQLFunctions.register(on: connection)
    try connection.execute("ATTACH DATABASE '\(try WorldDatabase.path())' AS world")
    try connection.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, postcode, country)")
    let sample = try db.rows("SELECT zip, country FROM zips WHERE id % 557 = 0 ORDER BY country, zip LIMIT 3000")
    var random = SeededGenerator(seed: 36)
    let insert = try connection.prepare("INSERT INTO customers (postcode, country) VALUES (?, ?)")
    var written: [(code: DatabaseValue, country: DatabaseValue)] = []
    for (index, row) in sample.enumerated() {
      let zip = row[0].string ?? ""
      let country = row[1].string ?? ""
      let code: DatabaseValue
      switch index % 6 {
      case 0: code = .text(zip.lowercased())
      case 1: code = .text(zip.replacingOccurrences(of: " ", with: ""))
      case 2: code = .text("\(country):\(zip)")
      case 3: code = index % 12 == 3 ? .null : .text("no such code \(index)")
      case 4: code = .text("  \(zip) ")
      default: code = .text(zip)
      }
      let countryValue: DatabaseValue = index % 6 == 2 || Bool.random(using: &random) ? .null : .text(country)
      written.append((code, countryValue))
      try insert.bind(values: [code, countryValue])
      try insert.step()
      insert.reset()
    }
    let joined = try connection.rows(
      """
      SELECT c.id, l.zip, l.country, l.lat, l.lon FROM customers c
        LEFT JOIN zipgeo_lookup(c.postcode, c.country) l ORDER BY c.id
      """)
    #expect(joined.count == sample.count)
    var resolved = 0
    for (index, row) in joined.enumerated() {
      let (code, country) = written[index]
      let expected =
        code.string.map { text in
          (try? zips.lookUp(text, country: country.string))?.code
        } ?? nil
      #expect(
        row[1].string == expected?.code && row[2].string == expected?.country,
        "\(code) \(country): \(row[1]) \(row[2]) vs \(String(describing: expected))")
      #expect(row[3].double == expected?.center.latitude && row[4].double == expected?.center.longitude)
      if expected != nil { resolved += 1 }
    }
    // Every code written from the data is found, bare codes some other country shares aside.
    #expect(resolved > sample.count * 6 / 10, "\(resolved) of \(sample.count)")
  }
}
