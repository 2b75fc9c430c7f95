import Foundation
import TestSupport
import Testing

/// Postcodes as people write them, on the world database through the built `zipgeo`: finer
/// than the data (said once on standard error), in any case and with any separators, and with
/// no --country where only one country writes codes that way.
@Suite struct PostcodesAsWrittenTests {
  let world: WorldCommands

  init() throws { world = try WorldCommands() }

  @Test func aFullBritishPostcodeUsesTheOutwardCodeAndSaysSoOnce() throws {
    let result = try world.zipgeo("info", "SW1A 1AA")
    #expect(result.status == 0)
    #expect(result.err == "zipgeo: SW1A 1AA: the GB data holds outward codes; using SW1A\n")
    #expect(result.out.hasPrefix("zip      SW1A\ncountry  GB\n"))
  }

  /// docs/postcodes.md's example, as it is printed there (standard error first).
  @Test func theDocumentedExampleIsTheRealOutput() throws {
    let page = try String(
      contentsOf: EndToEndTests.repository.appendingPathComponent("docs/postcodes.md"), encoding: .utf8)
    let block = try #require(
      fencedBlocks(of: page).first { $0.first?.line.hasPrefix("$ zipgeo info") == true },
      "no example in docs/postcodes.md")
    let lines = block.map(\.line)
    let result = try world.zipgeo("info", "SW1A 1AA", "--format", "csv")
    #expect(lines.first == "$ zipgeo info \"SW1A 1AA\" --format csv")
    #expect(lines.dropFirst().joined(separator: "\n") + "\n" == result.err + result.out.replacing("\r\n", with: "\n"))
  }

  /// The note is said by the way: a closed or full standard error loses no answer.
  @Test func theAnswerComesWhenStandardErrorCannotBeWritten() throws {
    for redirect in ["2>/dev/full", "2>&-"] {
      let result = try runCommand(
        URL(fileURLWithPath: "/bin/bash"),
        ["-c", "\"$0\" info 'SW1A 1AA' --format csv --db \"$1\" \(redirect)", EndToEndTests.binary.path, world.db])
      #expect(result.status == 0, "\(redirect)")
      #expect(
        result.out.hasPrefix("zip,place,state,county,lat,lon,country,accuracy,state_name,kind\r\nSW1A,"), "\(redirect)")
    }
  }

  @Test func aCodePastedWithItsLineEndIsTheCodeAndALoneDigitIsNoPrefixedCode() throws {
    let pasted = try world.zipgeo("info", "\n75075\r\n", "--format", "csv", "--country", "US")
    #expect(pasted.status == 0 && pasted.out.contains("\r\n75075,Plano,TX,"))
    #expect(try world.zipgeo("info", "sw1a\n1aa").status == 0)
    #expect(
      try world.zipgeo("info", "\n").err == #"Error: The value '\n' of '<zip>' is not a postal code: it is empty"#
        + "\n")
    // GY1, IM1 and JE1 are not written `1`.
    #expect(try world.zipgeo("info", "1").err == "Error: zip code '1' is not in world.db\n")
  }

  @Test func aSearchCentredOnAFinerCodeSaysSoOnceAndListsTheCoarserCodeFirst() throws {
    let result = try world.zipgeo("near", "k1a 0b1", "--km", "1", "--format", "csv")
    #expect(result.status == 0)
    #expect(
      result.err
        == "zipgeo: k1a 0b1: the CA data holds forward sortation areas (the first three characters); using K1A\n")
    #expect(result.out.split(separator: "\r\n").dropFirst().first?.hasPrefix("K1A,") == true)
  }

  @Test func aDistanceBetweenTwoFinerCodesSaysSoForEach() throws {
    let result = try world.zipgeo("distance", "1012 AB", "75075-1234")
    #expect(result.status == 0)
    #expect(
      result.err == """
        zipgeo: 1012 AB: the NL data holds the four digits; using 1012
        zipgeo: 75075-1234: the US data holds five-digit ZIP codes; using 75075

        """)
  }

  @Test func aCodeInTheFormOfTheDataInAnyCaseSaysNothing() throws {
    for (written, code) in [("l1111", "L-1111"), ("100-0001", "100-0001"), ("fiqq1zz", "FIQQ 1ZZ")] {
      let result = try world.zipgeo("info", written, "--format", "csv")
      #expect(result.status == 0 && result.err.isEmpty, "\(written): \(result.err)")
      #expect(result.out.split(separator: "\r\n").dropFirst().first?.hasPrefix("\(code),") == true, "\(written)")
    }
  }

  @Test func aFormatTwoCountriesShareNeedsACountry() throws {
    let result = try world.zipgeo("info", "1000001")
    #expect(result.status != 0)
    #expect(
      result.err
        == "Error: '1000001' is a postal code in 2 countries: Chiyoda, JP; Lisboa, PT; add --country CC, write CC:1000001, or set a home country (ZIPGEO_COUNTRY=CC, or zipgeo home CC)\n"
    )
    #expect(try world.zipgeo("info", "1000001", "--country", "JP").out.hasPrefix("zip      100-0001\n"))
  }

  @Test func anUnknownCodeIsToldTheFormOfItsCountrysCodesAndTheNearestTheDataHas() throws {
    for (written, message) in [
      (
        "GB:ZZ9 9ZZ",
        "'GB:ZZ9 9ZZ' is not in world.db; GB codes here are outward codes, such as AB10; the code next to it in order is ZE3"
      ),
      (
        "AB1 2CD",
        "'AB1 2CD' is not in world.db; GB codes here are outward codes, such as AB10; the code next to it in order is AB10"
      ),
      (
        "DE:99999",
        "'DE:99999' is not in world.db; DE codes here look like 01053; the code next to it in order is 99998"
      ),
      // Written in the data's form, or without its space: the neighbours of that form, not of
      // `1234569000`, which sorts after every `12345 ...`.
      (
        "12345 69000",
        "'12345 69000' is not in world.db; AE codes here look like 00004 62392; the codes on either side of it in order are 12344 79705 and 12345 69058"
      ),
      (
        "AE:1234569000",
        "'AE:1234569000' is not in world.db; AE codes here look like 00004 62392; the codes on either side of it in order are 12344 79705 and 12345 69058"
      ),
      (
        "JP:0000000",
        "'JP:0000000' is not in world.db; JP codes here look like 001-0000; the code next to it in order is 001-0000"
      ),
    ] {
      let result = try world.zipgeo("info", written)
      #expect(result.status == 1)
      #expect(result.err == "Error: zip code \(message)\n", "\(written)")
    }
    // A shape no country has, or several have, gets no hint.
    #expect(try world.zipgeo("info", "ZZZZZZZZ").err == "Error: zip code 'ZZZZZZZZ' is not in world.db\n")
  }
}
