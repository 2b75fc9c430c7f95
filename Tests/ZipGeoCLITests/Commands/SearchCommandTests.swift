import Foundation
import TestSupport
import Testing

/// `zipgeo search` and `zipgeo near --place` on the world database, through the built `zipgeo`.
@Suite struct SearchCommandTests {
  let world: WorldCommands

  init() throws { world = try WorldCommands() }

  /// The codes of a CSV answer's rows, as `CC:code` (of its exact names only, with `exact`).
  func codes(_ csv: String, exact: Bool = false) -> [String] {
    csv.split(separator: "\r\n").dropFirst().filter { !exact || $0.hasSuffix(",exact,0") }.map { line in
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      return "\(fields[6]):\(fields[0])"
    }
  }

  @Test func aPlaceInOneStateListsItsCodes() throws {
    let result = try world.zipgeo("search", "Plano", "--state", "TX", "--format", "csv", "--limit", "100")
    #expect(result.status == 0 && result.err == "zipgeo: 1 place matches 'Plano'\n", "\(result.err)")
    #expect(
      codes(result.out)
        == ["75023", "75024", "75025", "75026", "75074", "75075", "75086", "75093", "75094"].map { "US:\($0)" })
    #expect(result.out.split(separator: "\r\n").dropFirst().allSatisfy { $0.hasSuffix(",exact,0") })
  }

  @Test func caseAndDiacriticsDoNotChangeTheAnswer() throws {
    let munich = try world.zipgeo("search", "München", "--country", "DE", "--limit", "200", "--format", "csv")
    #expect(munich.status == 0 && codes(munich.out).count > 50)
    for written in ["munchen", "MÜNCHEN", "Mu\u{0308}nchen"] {
      #expect(
        try world.zipgeo("search", written, "--country", "DE", "--limit", "200", "--format", "csv").out == munich.out,
        "\(written)")
    }
    let paulo = try world.zipgeo("search", "sao paulo", "--country", "BR", "--limit", "1", "--format", "csv")
    #expect(codes(paulo.out) == ["BR:01000-000"])
    #expect(
      try world.zipgeo("search", "São Paulo", "--country", "BR", "--limit", "1", "--format", "csv").out == paulo.out)
    #expect(
      try world.zipgeo("search", "zurich", "--country", "CH", "--limit", "1", "--format", "csv").out.contains("Zürich"))
  }

  @Test func aNameInSeveralCountriesListsThemAll() throws {
    let result = try world.zipgeo("search", "Plano", "--format", "csv", "--limit", "100")
    #expect(Set(codes(result.out, exact: true).map { $0.prefix(2) }) == ["HR", "US"])
    // Unless ZIPGEO_COUNTRY chooses one, or --country all undoes it.
    let us = try world.zipgeo(
      "search", "Plano", "--format", "csv", "--limit", "100", environment: ["ZIPGEO_COUNTRY": "US"])
    #expect(Set(codes(us.out).map { $0.prefix(2) }) == ["US"])
    #expect(codes(us.out, exact: true).count == 11)
    let all = try world.zipgeo(
      "search", "Plano", "--country", "all", "--format", "csv", "--limit", "100", environment: ["ZIPGEO_COUNTRY": "US"])
    #expect(all.out == result.out)
  }

  @Test func severalWordsFindNamesThatBeginWithOrContainThem() throws {
    let result = try world.zipgeo("search", "frankfurt am", "--country", "DE", "--limit", "1", "--format", "json")
    #expect(result.out.contains("\"place\": \"Frankfurt am Main\"") && result.out.contains("\"match\": \"begins\""))
    let main = try world.zipgeo("search", "main frankfurt", "--country", "DE", "--limit", "1", "--format", "json")
    #expect(main.out.contains("\"place\": \"Frankfurt am Main\"") && main.out.contains("\"match\": \"contains\""))
  }

  @Test func aTypoFindsTheNearestNameAndSaysSo() throws {
    let result = try world.zipgeo("search", "Straasborg", "--limit", "1")
    #expect(result.status == 0)
    #expect(result.out.contains("67000") && result.out.contains("Strasbourg") && result.out.contains("typo (2)"))
    #expect(result.err.hasPrefix("zipgeo: no place is named 'Straasborg'; these names are a typo or two away\n"))
  }

  @Test func nothingFoundIsExitStatusOneWithAClearMessage() throws {
    let result = try world.zipgeo("search", "Qqxzzyville")
    #expect(result.status == 1 && result.out.isEmpty)
    #expect(result.err == "Error: no place named 'Qqxzzyville' in world.db, nor one a typo or two away\n")
    let state = try world.zipgeo("search", "Plano", "--country", "US", "--state", "ZZ")
    #expect(
      state.status == 1 && state.err == "Error: no state or region 'ZZ' of US in world.db, by its code or its name\n")
    let placeInState = try world.zipgeo("search", "Plano", "--state", "BY")
    #expect(
      placeInState.err == "Error: no place named 'Plano' in the state 'BY' in world.db, nor one a typo or two away\n")
    let empty = try world.zipgeo("search", " -- ")
    #expect(
      empty.status == 1
        && empty.err == "Error: The value ' -- ' of '<name>' is not a place name: it has no letter or digit\n")
  }

  @Test func theDefaultLimitSaysThereIsMore() throws {
    let result = try world.zipgeo("search", "san", "--format", "csv")
    #expect(codes(result.out).count == 25)
    #expect(
      result.err
        == "zipgeo: more than 1,000 places match 'san'; the first 25 codes are shown; --limit <limit> shows more\n")
    #expect(try world.zipgeo("search", "san", "--limit", "0").status == 64)
    let one = try world.zipgeo("search", "Plano", "--limit", "1", "--format", "csv")
    #expect(one.err == "zipgeo: 16 places match 'Plano'; the first code is shown; --limit <limit> shows more\n")
    // The largest limit shows every row, with no room for one more to be asked.
    let all = try world.zipgeo("search", "Plano", "--state", "TX", "--limit", "9223372036854775807", "--format", "csv")
    #expect(all.status == 0 && codes(all.out).count == 9 && all.err == "zipgeo: 1 place matches 'Plano'\n")
  }

  @Test func everyFormatPrintsTheSameRows() throws {
    for format in ["table", "csv", "tsv", "json", "ndjson", "geojson"] {
      let result = try world.zipgeo("search", "Plano", "--state", "TX", "--format", format)
      #expect(result.status == 0 && result.out.contains("75075"), "\(format)")
    }
  }

  @Test func nearAPlaceIsCentredOnItsCodes() throws {
    let result = try world.zipgeo("near", "--place", "Plano", "--state", "TX", "--km", "3", "--format", "csv")
    #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
    #expect(result.out.contains("\r\n75075,"))
    let ambiguous = try world.zipgeo("near", "--place", "Plano", "--country", "US", "--km", "3")
    #expect(ambiguous.status == 1)
    #expect(
      ambiguous.err
        == "Error: 'Plano' names 3 places: Plano, TX, US; Plano, IA, US; Plano, IL, US (add --country or --state, or give a code)\n"
    )
    let typo = try world.zipgeo("near", "--place", "Straasborg", "--km", "1", "--limit", "1")
    #expect(typo.err == "zipgeo: no place is named 'Straasborg'; using Strasbourg (Grand Est, FR)\n")
    #expect(try world.zipgeo("near", "75075", "--place", "Plano", "--km", "1").status == 64)
    #expect(try world.zipgeo("near", "75075", "--state", "TX", "--km", "1").status == 64)
    let neither = try world.zipgeo("near", "--km", "1")
    #expect(
      neither.status == 64 && neither.err.hasPrefix("Error: Missing expected argument '<center>' (or --place <name>)\n")
    )
  }
}

/// States keep their codes; the regions table names them, and tables show the name where the
/// code is only a number.
@Suite struct RegionNamesTests {
  let world: WorldCommands

  init() throws { world = try WorldCommands() }

  @Test func aNumericCodeShowsItsNameInTablesAndStaysACodeInData() throws {
    let table = try world.zipgeo("info", "JP:100-0001")
    #expect(table.out.contains("\nstate    Tokyo To (40)\n"), "\(table.out)")
    let csv = try world.zipgeo("info", "JP:100-0001", "--format", "csv")
    #expect(csv.out.contains(",40,") && csv.out.contains(",Tokyo To,area\r\n"))
    let search = try world.zipgeo("search", "sao paulo", "--country", "BR", "--limit", "1")
    #expect(search.out.contains("São Paulo  Sao Paulo"), "\(search.out)")
    // A code of letters stays as it is: what US users see.
    #expect(try world.zipgeo("near", "75075", "--km", "1").out.contains("Plano  TX"))
  }

  /// The German data gives some rows the code BY and others only the name Bayern (or Bavaria):
  /// one state, whose rows all hold its code.
  @Test func aStateIsFoundByItsCodeOrItsName() throws {
    let code = try world.zipgeo("search", "München", "--state", "BY", "--limit", "500", "--format", "csv")
    let name = try world.zipgeo("search", "München", "--state", "bayern", "--limit", "500", "--format", "csv")
    #expect(code.out == name.out && code.out.split(separator: "\r\n").count > 70)
    // Each row holds the code, and the name beside it in `state_name`.
    #expect(!code.out.contains(",Bayern,6,") && !code.out.contains(",Bavaria,") && code.out.contains(",BY,"))
    #expect(code.out.contains(",Bayern,area,"))
    let english = try world.zipgeo("search", "München", "--state", "BAVARIA", "--limit", "500", "--format", "csv")
    #expect(english.out == code.out)
    let named = try runCommand(
      URL(fileURLWithPath: "/usr/bin/sqlite3"),
      [
        world.db,
        "SELECT count(*) FROM zips WHERE country = 'DE' AND state NOT IN (SELECT state FROM regions WHERE country = 'DE')",
      ])
    #expect(named.out == "0\n", "\(named.err)")
    let texas = try world.zipgeo("search", "Plano", "--state", "Texas", "--format", "csv")
    #expect(texas.out.split(separator: "\r\n").count == 10, "\(texas.out)")
    let munich = try world.zipgeo("near", "--place", "München", "--km", "1", "--limit", "1")
    #expect(munich.status == 0, "\(munich.err)")
  }

  @Test func theRegionsTableNamesEachCodeOfEachCountry() throws {
    let result = try runCommand(
      URL(fileURLWithPath: "/usr/bin/sqlite3"),
      [
        world.db,
        "SELECT country || ':' || state || '=' || name FROM regions WHERE (country, state) IN (VALUES ('JP', '40'), ('DE', 'BY'), ('US', 'TX'), ('BR', '27')) ORDER BY 1",
      ])
    #expect(result.out == "BR:27=Sao Paulo\nDE:BY=Bayern\nJP:40=Tokyo To\nUS:TX=Texas\n", "\(result.err)")
    let count = try runCommand(
      URL(fileURLWithPath: "/usr/bin/sqlite3"),
      [world.db, "SELECT count(*) > 1000, count(*) = count(DISTINCT country || state) FROM regions"])
    #expect(count.out == "1|1\n")
  }
}

extension SearchCommandTests {
  /// Rows are printed as the search finds them, so that memory does not grow with `--limit`: `a`
  /// matches 276,000 codes of 81,000 places, which held 216 MB, over ten times the bytes they
  /// print, when the answer was made first.
  @Test func aSearchOfAQuarterMillionCodesIsPrintedInMemoryThatDoesNotGrowWithItsLimit() throws {
    let temporary = try TemporaryFolder()
    /// `search a --limit LIMIT`: its peak resident memory, and what it printed.
    func search(limit: Int) throws -> (peak: Int, output: String, note: String) {
      let (output, errors) = (temporary.path("out-\(limit)"), temporary.path("err-\(limit)"))
      let run = try MeasuredRun(
        EndToEndTests.binary, ["search", "a", "--limit", String(limit), "--format", "csv", "--db", world.db],
        standardOutput: output, standardError: errors)
      let note = try String(contentsOfFile: errors, encoding: .utf8)
      #expect(run.exitCode == 0, "\(note)")
      return (run.peakResidentBytes, try String(contentsOfFile: output, encoding: .utf8), note)
    }
    // The same search, its first ten codes: what every search of `a` holds, whatever it prints.
    let few = try search(limit: 10)
    let all = try search(limit: 1_000_000)
    let printed = all.output.utf8.count
    #expect(
      all.peak - few.peak < 2 * printed,
      "peak resident memory \(few.peak >> 20) MB for 10 codes, \(all.peak >> 20) MB for all (\(printed >> 20) MB)")
    #expect(
      all.note.hasPrefix("zipgeo: ") && all.note.hasSuffix(" places match 'a'\n") && !all.note.contains("more than"))
    // A header and every code of every place, none twice; the first ten are the same.
    let lines = all.output.split(separator: "\r\n")
    #expect(lines.count > 250_000)
    #expect(Set(lines).count == lines.count)
    #expect(few.output.split(separator: "\r\n") == Array(lines.prefix(11)))
  }
}
