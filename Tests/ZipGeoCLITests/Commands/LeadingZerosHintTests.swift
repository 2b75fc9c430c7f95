import Foundation
import Testing

/// The mistakes people make again and again with zip data get a hint: spreadsheets drop leading
/// zeros (`1001` for `01001`), and a wrong file replaces a whole database as readily as a right one.
@Suite struct LeadingZerosHintTests {
  let run: EndToEndTests

  init() throws {
    run = try EndToEndTests()
  }

  @Test(arguments: [
    (
      ["info", "1001"],
      "Error: zip code '1001' is not in zipgeo.db; did you mean 01001? (spreadsheets drop leading zeros)\n"
    ),
    (
      ["info", "501"],
      "Error: zip code '501' is not in zipgeo.db; did you mean 00501? (spreadsheets drop leading zeros)\n"
    ),
    (
      ["info", "us:1001"],
      "Error: zip code 'US:1001' is not in zipgeo.db; did you mean US:01001? (spreadsheets drop leading zeros)\n"
    ),
    (
      ["near", "1001", "--km", "5"],
      "Error: zip code '1001' is not in zipgeo.db; did you mean 01001? (spreadsheets drop leading zeros)\n"
    ),
    (
      ["distance", "75075", "2108"],
      "Error: zip code '2108' is not in zipgeo.db; did you mean 02108? (spreadsheets drop leading zeros)\n"
    ),
    // No zip code 09999; 1 and 99999 are not codes that lost zeros: nothing to suggest.
    (["info", "9999"], "Error: zip code '9999' is not in zipgeo.db\n"),
    (["info", "1"], "Error: zip code '1' is not in zipgeo.db\n"),
    (["info", "99999"], "Error: zip code '99999' is not in zipgeo.db\n"),
  ])
  func aUSCodeThatLostItsLeadingZerosIsSuggestedWithThem(arguments: [String], message: String) throws {
    try run.importRealData()
    let result = try run.run(EndToEndTests.binary, arguments)
    #expect(result.status == 1)
    #expect(result.err == message)
    #expect(result.out.isEmpty)
  }

  @Test func theSQLTableFunctionGivesTheSameHint() throws {
    try run.importRealData()
    let error = try run.run(
      URL(fileURLWithPath: "/usr/bin/sqlite3"),
      [
        "-cmd", ".load \(EndToEndTests.binary.deletingLastPathComponent().appendingPathComponent("libZipgeo").path)",
        "zipgeo.db", "SELECT count(*) FROM zipgeo_near('1001', 5)",
      ]
    ).err
    #expect(
      error.contains(
        "zipgeo_near(): zip code '1001' is not in the zips table; did you mean 01001? (spreadsheets drop leading zeros)"
      ),
      "\(error)")
  }

  @Test func fourDigitCodesOfOtherCountriesAreNotUSZipsThatLostAZero() throws {
    let csv = try run.temporary.write("ch.csv", "zip,lat,lon\n1001,46.52,6.63\n3000,46.95,7.44\n")
    let imported = try run.zipgeo("import", csv, "--country", "CH")
    #expect(imported.status == 0)
    #expect(imported.err.isEmpty, "no warning about leading zeros: \(imported.err)")
    let result = try run.zipgeo("info", "999")
    #expect(result.err == "Error: zip code '999' is not in zipgeo.db\n")
  }

  @Test func anImportOfUSZipsWithoutTheirZerosWarnsOnceWithACountAndOffersPadZeros() throws {
    let csv = try run.temporary.write(
      "excel.csv",
      "zip,lat,lon\n1001,42.0702,-72.6227\n501,40.8154,-73.0451\n75075,33.025,-96.7397\n2108,42.3576,-71.0684\n")
    let result = try run.zipgeo("import", csv)
    #expect(result.status == 0)
    #expect(
      result.err
        == "warning: \(csv):2: 3 US zip codes have 3 or 4 digits (the first: '1001'), as a spreadsheet leaves them when it"
        + " drops leading zeros; imported as they are: --pad-zeros imports '1001' as '01001'\n")
    #expect(try run.sqlite3("zipgeo.db", "SELECT zip FROM zips ORDER BY zip") == "1001\n2108\n501\n75075\n")
  }

  @Test func padZerosImportsThemWithTheirZerosAndWarnsOfNothing() throws {
    let csv = try run.temporary.write(
      "excel.csv", "zip,lat,lon\n1001,42.0702,-72.6227\n501,40.8154,-73.0451\n75075,33.025,-96.7397\n123456,1,1\n")
    let result = try run.zipgeo("import", csv, "--pad-zeros")
    #expect(result.status == 0)
    #expect(result.err.isEmpty)
    // Only codes of 3 or 4 digits: 123456 is not a zip code that lost zeros.
    #expect(try run.sqlite3("zipgeo.db", "SELECT zip FROM zips ORDER BY zip") == "00501\n01001\n123456\n75075\n")
    #expect(try run.zipgeo("info", "01001", "--format", "csv").out.contains("01001"))
  }

  @Test func oneShortZipIsWarnedOfInTheSingular() throws {
    let csv = try run.temporary.write("one.csv", "zip,lat,lon\n75075,33.025,-96.7397\n1001,42.0702,-72.6227\n")
    let result = try run.zipgeo("import", csv)
    #expect(
      result.err
        == "warning: \(csv):3: a US zip code has 3 or 4 digits, as a spreadsheet leaves them when it drops leading"
        + " zeros; imported as they are: --pad-zeros imports '1001' as '01001'\n")
  }

  @Test func anImportThatReplacesFarMoreRowsThanItBringsSaysHowManyInItsSummary() throws {
    try run.importRealData()
    let small = try run.temporary.write("small.csv", "zip,lat,lon\n75075,33.025,-96.7397\n10001,40.7484,-73.9967\n")
    let result = try run.zipgeo("import", small)
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("Imported 2 zip codes from \(small) into zipgeo.db (replacing 41487 zip codes): "))
    // Replacing about as many says nothing more.
    let again = try run.zipgeo("import", EndToEndTests.zipsCSV)
    #expect(again.out.hasPrefix("Imported 41487 zip codes from \(EndToEndTests.zipsCSV) into zipgeo.db: 0 skipped"))
    // --replace-all counts every row it removed.
    let all = try run.zipgeo("import", small, "--replace-all")
    #expect(all.out.hasPrefix("Imported 2 zip codes from \(small) into zipgeo.db (replacing 41487 zip codes): "))
  }

  @Test func aSmallImportIntoANewDatabaseOrOfAnotherCountryReplacesNothing() throws {
    let small = try run.temporary.write("small.csv", "zip,lat,lon\n75075,33.025,-96.7397\n")
    #expect(try run.zipgeo("import", small).out.hasPrefix("Imported 1 zip code from \(small) into zipgeo.db: "))
    try run.importRealData()
    let de = try run.temporary.write("de.csv", "zip,lat,lon\n10115,52.53,13.38\n")
    #expect(
      try run.zipgeo("import", de, "--country", "DE").out.hasPrefix("Imported 1 zip code from \(de) into zipgeo.db: "))
  }
}
