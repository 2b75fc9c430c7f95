import Testing

/// `zipgeo info` of codes with several places and of codes several countries have.
@Suite struct InfoCommandTests {
  let sample: WorldSample

  init() throws {
    sample = try WorldSample()
  }

  @Test func aCodeWithSeveralPlacesListsThemWithTheirMeanPosition() throws {
    let result = try sample.zipgeo("info", "01945", "--country", "DE")
    #expect(result.status == 0)
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.prefix(3) == ["zip     01945", "country DE", "places  9"])
    #expect(lines[3].hasPrefix("center  51.41") && lines[3].hasSuffix(" (their mean position)"))
    #expect(lines[5] == "place        state  county                               lat      lon  accuracy")
    #expect(lines[6] == "Grünewald    BB     Landkreis Oberspreewald-Lausitz     51.4     14.0")
    #expect(lines.count == 16)
    // The same with the country written in the code, in either case.
    #expect(try sample.zipgeo("info", "de:01945").out == result.out)
  }

  @Test func machineFormatsGiveOneRowPerPlaceWithItsCountry() throws {
    let csv = try sample.zipgeo("info", "CH:3000", "--format", "csv").out
    #expect(
      csv == """
        zip,place,state,county,lat,lon,country,accuracy,state_name,kind\r
        3000,Bern 9,BE,Bern-Mittelland District,46.9476,7.4065,CH,0,Canton de Berne,area\r
        3000,Bern 5,BE,Bern-Mittelland District,46.9476,7.4065,CH,0,Canton de Berne,area\r
        3000,Bern 31,BE,Bern-Mittelland District,46.9476,7.4065,CH,0,Canton de Berne,area\r
        3000,Bern 65,BE,Bern-Mittelland District,46.9476,7.4065,CH,0,Canton de Berne,area\r

        """)
  }

  @Test func aCodeOfOnePlaceShowsItsCountryAndAccuracyInADatabaseOfSeveralCountries() throws {
    let result = try sample.zipgeo("info", "10115")
    #expect(
      result.out == """
        zip      10115
        country  DE
        place    Berlin
        state    BE (Berlin)
        county   Berlin, Stadt
        lat      52.5323
        lon      13.3846
        accuracy 6

        """)
  }

  @Test func aCodeOfSeveralCountriesIsAnErrorThatNamesThem() throws {
    let result = try sample.zipgeo("info", "3000")
    #expect(result.status == 1)
    #expect(result.out.isEmpty)
    #expect(
      result.err
        == "Error: '3000' is a postal code in 2 countries: Melbourne, AU; Bern 9, CH; add --country CC, write CC:3000, or set a home country (ZIPGEO_COUNTRY=CC, or zipgeo home CC)\n"
    )
  }

  static let mistakes: [(arguments: [String], message: String, status: Int32)] = [
    (
      ["DE:"],
      "Error: The value 'DE:' of '<zip>' is not a postal code: it names the country DE but no code; write DE:CODE\n", 1
    ),
    (["FR:75001"], "Error: zipgeo.db has no postal codes of country 'FR'; it holds AU, CH and DE\n", 1),
    (
      ["75001", "--country", "FR"], "Error: zipgeo.db has no postal codes of country 'FR'; it holds AU, CH and DE\n", 1
    ),
    (
      ["DE:99999"],
      "Error: zip code 'DE:99999' is not in zipgeo.db; DE codes here look like 01053; the code next to it in order is 10115\n",
      1
    ),
    (
      ["DE:10115", "--country", "XX"], "Error: zipgeo.db has no postal codes of country 'XX'; it holds AU, CH and DE\n",
      1
    ),
    (
      ["DE:" + String(repeating: "1", count: 100)],
      "Error: zip code 'DE:\(String(repeating: "1", count: 37))...' is not in zipgeo.db;"
        + " DE codes here look like 01053; the code next to it in order is 10115\n", 1
    ),
    (
      ["3000", "--country", "AUS"],
      "Error: The value 'AUS' is invalid for '--country <cc>': give two-letter country codes, as in DE\n"
        + "Usage: zipgeo info (<zip> | --file <csv> [--column <name>] [--country-column <name>]) [--country <cc>]"
        + " [--format <format>] [--db <path>]\n"
        + "  See 'zipgeo info --help' for more information.\n", 64
    ),
  ]

  @Test(arguments: mistakes)
  func aCodeThatNamesNothingIsOneClearError(arguments: [String], message: String, status: Int32) throws {
    let result = try sample.run.run(EndToEndTests.binary, ["info"] + arguments)
    #expect(result.status == status)
    #expect(result.err == message)
  }
}
