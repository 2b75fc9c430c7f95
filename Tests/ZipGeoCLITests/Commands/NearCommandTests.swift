import Testing

/// `zipgeo near` and `zipgeo nearest` across countries, and kept to one.
@Suite struct NearCommandTests {
  let sample: WorldSample

  init() throws {
    sample = try WorldSample()
  }

  @Test func eachPlaceOfACodeIsAResultWithItsCountryInTheTable() throws {
    let result = try sample.zipgeo("near", "CH:3000", "--km", "1")
    #expect(result.status == 0)
    #expect(
      result.out == """
        zip   country  place    state  accuracy    km
        3000  CH       Bern 9   BE               0.00
        3000  CH       Bern 5   BE               0.00
        3000  CH       Bern 31  BE               0.00
        3000  CH       Bern 65  BE               0.00

        """)
    #expect(try sample.zipgeo("near", "3000", "--country", "ch", "--km", "1").out == result.out)
  }

  @Test func machineFormatsCarryTheCountryAndAccuracyAndGeoJSONTheCentresCountry() throws {
    let csv = try sample.zipgeo("near", "AU:3000", "--km", "1", "--format", "csv").out
    #expect(
      csv == """
        zip,place,state,county,lat,lon,country,accuracy,state_name,kind,distance_km\r
        3000,Melbourne,VIC,MELBOURNE CITY,-37.814,144.9633,AU,4,Victoria,area,0.0\r
        3001,Melbourne,VIC,MELBOURNE CITY,-37.814,144.9633,AU,4,Victoria,area,0.0\r

        """)
    let geojson = try sample.zipgeo("near", "AU:3000", "--km", "1", "--format", "geojson").out
    #expect(geojson.contains(#""properties": {"center": "3000", "center_country": "AU", "center_lat": -37.814"#))
  }

  @Test func aSearchFromACodeOfSeveralPlacesIsCentredOnTheirMean() throws {
    let json = try sample.zipgeo("near", "DE:01945", "--km", "20", "--format", "ndjson").out
    let lines = json.split(separator: "\n")
    #expect(lines.count == 9)
    // No place of 01945 is at its centre, and the farthest is under 13 km from it.
    #expect(!json.contains("\"distance_km\": 0.0,"))
  }

  @Test func aCodeOfSeveralCountriesNeedsOne() throws {
    let result = try sample.zipgeo("near", "3000", "--km", "1")
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: '3000' is a postal code in 2 countries: Melbourne, AU; Bern 9, CH; add --country CC, write CC:3000, or set a home country (ZIPGEO_COUNTRY=CC, or zipgeo home CC)\n"
    )
  }

  @Test func nearestSearchesEveryCountryUnlessOneIsGiven() throws {
    let everywhere = try sample.zipgeo("nearest", "47,8", "-k", "20", "--format", "csv").out
    #expect(everywhere.contains(",AU,") && everywhere.contains(",CH,") && everywhere.contains(",DE,"))
    let swiss = try sample.zipgeo("nearest", "47,8", "-k", "20", "--country", "CH", "--format", "csv").out
    let countries = swiss.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",")[6] }
    #expect(countries == ["CH", "CH", "CH", "CH", "CH"])
    let unknown = try sample.zipgeo("nearest", "47,8", "--country", "FR")
    #expect(unknown.status == 1)
    #expect(unknown.err == "Error: zipgeo.db has no postal codes of country 'FR'; it holds AU, CH and DE\n")
    let many = try sample.zipgeo("nearest", "47,8", "-k", "1000001")
    #expect(many.status == 64)
    #expect(
      many.err.hasPrefix("Error: The value '1000001' is invalid for '-k <k>': give a whole number from 1 to 1000000\n"))
    let fromCode = try sample.zipgeo("nearest", "--zip", "AU:3001", "-k", "1", "--format", "csv").out
    // The code itself first, then 3000 at the same point.
    #expect(fromCode.contains("\r\n3001,Melbourne,"))
  }

  @Test func aRadiusSearchKeptToACountryTheDatabaseLacksSaysSo() throws {
    let result = try sample.zipgeo("near", "47,8", "--km", "100", "--country", "FR")
    #expect(result.status == 1)
    #expect(result.err == "Error: zipgeo.db has no postal codes of country 'FR'; it holds AU, CH and DE\n")
    // A country it has, with nothing in reach, is an empty answer.
    let empty = try sample.zipgeo("near", "47,8", "--km", "1", "--country", "DE", "--format", "csv")
    #expect(
      empty.status == 0
        && empty.out == "zip,place,state,county,lat,lon,country,accuracy,state_name,kind,distance_km\r\n")
  }
}

/// `zipgeo distance` between codes of two countries.
@Suite struct DistanceCommandTests {
  let sample: WorldSample

  init() throws {
    sample = try WorldSample()
  }

  @Test func codesOfTwoCountriesAreMeasuredBetweenTheirCentres() throws {
    let result = try sample.zipgeo("distance", "DE:10115", "CH:3000")
    #expect(
      result.out == """
        DE:10115 (Berlin, BE) -> CH:3000 (4 places, centred on 46.9476,7.4065)
        model       km      mi  azimuth
        sphere  754.53  468.85
        wgs84   755.42  469.39  217.07° -> 212.50°

        """)
    // A code with several places has no one place name; what its places share is kept.
    let csv = try sample.zipgeo("distance", "10115", "3000", "--country", "CH", "--format", "csv")
    #expect(csv.status == 1)
    let both = try sample.zipgeo("distance", "de:10115", "ch:3000", "--format", "csv").out
    #expect(
      both.contains(
        "\r\n10115,Berlin,BE,\"Berlin, Stadt\",52.5323,13.3846,DE,6,Berlin,area,3000,,BE,Bern-Mittelland District,"))
  }

  @Test func aCodeOfSeveralCountriesNeedsOne() throws {
    let result = try sample.zipgeo("distance", "3000", "10115")
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: '3000' is a postal code in 2 countries: Melbourne, AU; Bern 9, CH; add --country CC, write CC:3000, or set a home country (ZIPGEO_COUNTRY=CC, or zipgeo home CC)\n"
    )
  }
}
