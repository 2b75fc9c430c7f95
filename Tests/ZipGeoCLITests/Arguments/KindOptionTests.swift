import Foundation
import TestSupport
import Testing

/// Codes nobody lives in (military, CEDEX, one organisation's, PO boxes) are left out of the
/// command line's searches unless asked for, and `info` says a code's kind.
@Suite struct KindOptionTests {
  let world: WorldCommands

  init() throws { world = try WorldCommands() }

  @Test func theUSMilitaryCodesPlacedInLondonAreLeftOutByDefaultAndSaidSo() throws {
    let near = try world.zipgeo("near", "EC1A", "--km", "1", "--format", "csv")
    #expect(near.status == 0 && !near.out.contains(",US,") && near.out.contains("\r\nEC1A,London,"))
    #expect(
      near.err == "zipgeo: left out 3 codes of other kinds than asked (military 3); --kind all lists every code\n")
    let all = try world.zipgeo("near", "EC1A", "--km", "1", "--format", "csv", "--kind", "all")
    #expect(
      all.err.isEmpty && all.out.contains("\r\n09421,FPO AE,,,51.5085,-0.1257,US,0,,military,0.0\r\n"),
      "\(all.out.prefix(600))")
    let military = try world.zipgeo("near", "EC1A", "--km", "1", "--format", "csv", "--kind", "military")
    #expect(
      military.out.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[0] } == [
        "EC1A", "09421", "09498", "09499",
      ])
  }

  @Test func nearestCountsOnlyCodesOfTheKindsAskedFor() throws {
    let nearest = try world.zipgeo("nearest", "47.59,7.6", "-k", "5", "--format", "csv")
    let rows = nearest.out.split(separator: "\r\n").dropFirst()
    #expect(rows.count == 5 && !rows.contains { $0.hasPrefix("79574,") }, "\(nearest.out)")
    #expect(nearest.err.hasPrefix("zipgeo: left out 12 codes of other kinds than asked (cedex 3, organisation 9)"))
    let all = try world.zipgeo("nearest", "47.59,7.6", "-k", "5", "--format", "csv", "--kind", "all")
    #expect(all.out.contains("\r\n79574,Endress + Hauser") && all.err.isEmpty)
  }

  @Test func aSearchByNameLeavesOutCEDEXCodesUnlessAsked() throws {
    let areas = try world.zipgeo("search", "Paris 02", "--country", "FR", "--limit", "100", "--format", "csv")
    let all = try world.zipgeo(
      "search", "Paris 02", "--country", "FR", "--limit", "100", "--format", "csv", "--kind", "all")
    #expect(areas.status == 0 && !areas.out.contains("CEDEX") && areas.out.contains("\r\n75002,Paris 02,"))
    #expect(all.out.contains("\r\n75060 CEDEX 02,Paris 02,"))
  }

  @Test func infoSaysTheKindAndTheRuleThatGaveIt() throws {
    let table = try world.zipgeo("info", "US:09421")
    #expect(table.out.contains("\nkind     military (US: the place is APO, FPO or DPO"), "\(table.out)")
    #expect(!(try world.zipgeo("info", "US:75075").out.contains("kind")))
    let german = try world.zipgeo("info", "DE:79576")
    #expect(!german.out.contains("kind"))
  }

  @Test func aKindThatIsNotOneIsAUsageError() throws {
    for value in ["", "areas", "military,", "\u{1B}[2J"] {
      let result = try world.zipgeo("near", "EC1A", "--km", "1", "--kind", value)
      #expect(result.status == 64 && result.err.hasPrefix("Error: The value '"), "\(value)")
    }
  }

  /// Every country of the world file: the kinds its rows have besides areas, by the rules
  /// (`CodeKind.rules`), through the SQL function in the stock shell. A country not listed has
  /// areas only: no rule of its own, and no place that names PO boxes.
  @Test func everyCountryOfTheWorldHasTheKindsItsRulesGive() throws {
    let sql = try runCommand(
      URL(fileURLWithPath: "/usr/bin/sqlite3"), [try WorldDatabase.path()],
      input: """
        .load \(buildProductsFolder.appendingPathComponent("libZipgeo").path)
        SELECT country || ':' || zipgeo_kind(zip, place, country, accuracy) AS k, count(*) FROM zips
        GROUP BY k HAVING k NOT LIKE '%:area' ORDER BY k;
        SELECT count(DISTINCT country) FROM zips;
        """, environment: [:])
    #expect(sql.status == 0, "\(sql.err)")
    #expect(
      sql.out == """
        CA:po-box|1
        DE:organisation|8247
        FR:cedex|14332
        GB:po-box|2
        GF:cedex|52
        GP:cedex|72
        MQ:cedex|65
        PH:po-box|203
        RE:cedex|114
        US:military|511
        121

        """)
  }
}
