import Foundation
import TestSupport
import Testing

/// `zipgeo import` of GeoNames files as published (plain, .gz, .xz, a zip with a readme), of
/// several countries, as a user runs it.
@Suite struct ImportCommandTests {
  /// 19 lines cut from data/world.txt.xz: DE 01945 (9 places) and 10115, AU 3000 and 3001,
  /// CH 3000 (4 places), and CH 6719 Aquila three times over (lines 17 to 19).
  static let world = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../World").standardized

  let run: EndToEndTests

  init() throws {
    run = try EndToEndTests()
  }

  func copy(_ name: String) throws -> String {
    try FileManager.default.copyItem(
      at: Self.world.appendingPathComponent(name), to: run.folder.appendingPathComponent(name))
    return name
  }

  func countries(_ db: String = "zipgeo.db") throws -> String {
    try run.sqlite3(db, "SELECT country, count(*) FROM zips GROUP BY country ORDER BY country")
  }

  @Test(arguments: ["sample.txt", "sample.txt.gz", "sample.txt.xz", "sample.zip"])
  func aGeoNamesFileImportsAsPublishedPlainCompressedOrZipped(name: String) throws {
    let file = try copy(name)
    let result = try run.zipgeo("import", file)
    #expect(result.status == 0)
    // Lines of a zip archive are lines of its data file, named in it.
    let shown = name.hasSuffix(".zip") ? "\(name):sample.txt" : name
    #expect(
      result.err == """
        warning: \(shown):18: zip 'CH:6719 (Aquila)' already appeared on line 17; keeping line 17
        warning: \(shown):19: zip 'CH:6719 (Aquila)' already appeared on line 17; keeping line 17
        zipgeo: zipgeo.db now holds 3 countries: a code that several of them have needs its country (US:90210), --country, or a home country (zipgeo home CC, or ZIPGEO_COUNTRY=CC)

        """)
    #expect(result.out.hasPrefix("Imported 17 zip codes from \(file) into zipgeo.db: 0 skipped, 2 duplicates, "))
    #expect(try countries() == "AU|2\nCH|5\nDE|10\n")
    #expect(try run.sqlite3("zipgeo.db", "SELECT count(*) FROM zips WHERE country = 'DE' AND zip = '01945'") == "9\n")
    #expect(
      try run.sqlite3("zipgeo.db", "SELECT country, place FROM zips WHERE zip = '3000' AND place NOT LIKE 'Bern %'")
        == "AU|Melbourne\n")
  }

  @Test func tenRepeatedRowsAreNamedAndTheRestCounted() throws {
    let rows = (0..<13).map { _ in "CH\t6719\tAquila\tTicino\tTI\t\t\t\t\t46.5406\t8.9881\t4\n" }.joined()
    try rows.write(to: run.folder.appendingPathComponent("repeats.txt"), atomically: true, encoding: .utf8)
    let result = try run.zipgeo("import", "repeats.txt")
    #expect(result.status == 0)
    let warnings = result.err.split(separator: "\n")
    #expect(warnings.count == 11)
    #expect(warnings[0] == "warning: repeats.txt:2: zip 'CH:6719 (Aquila)' already appeared on line 1; keeping line 1")
    #expect(warnings[9].hasPrefix("warning: repeats.txt:11: "))
    #expect(
      warnings[10]
        == "warning: 2 more rows repeated an earlier one (same country, code and place) and were left out too")
    #expect(result.out.hasPrefix("Imported 1 zip code from repeats.txt into zipgeo.db: 0 skipped, 12 duplicates, "))
  }

  @Test func anImportOfOneCountryKeepsTheOthersAndReplaceAllDoesNot() throws {
    let file = try copy("sample.txt")
    #expect(try run.zipgeo("import", file).status == 0)
    #expect(try run.zipgeo("import", zipsCSVPath, "--quiet").status == 0)
    #expect(try countries() == "AU|2\nCH|5\nDE|10\nUS|41487\n")
    #expect(try run.zipgeo("import", file, "--countries", "ch", "--quiet").status == 0)
    #expect(try countries() == "AU|2\nCH|5\nDE|10\nUS|41487\n")
    #expect(try run.zipgeo("import", file, "--countries", "DE,AU", "--replace-all", "--quiet").status == 0)
    #expect(try countries() == "AU|2\nDE|10\n")
    // A US-only question is answered as before, from the US rows.
    #expect(try run.zipgeo("import", zipsCSVPath, "--quiet").status == 0)
    #expect(try run.zipgeo("info", "75075").out.contains("Plano"))
  }

  @Test func aCSVFileTakesItsCountryFromTheOption() throws {
    try "postcode,place,lat,lon\n10115,Berlin,52.5323,13.3846\n".write(
      to: run.folder.appendingPathComponent("berlin.csv"), atomically: true, encoding: .utf8)
    #expect(try run.zipgeo("import", "berlin.csv", "--country", "de", "--quiet").status == 0)
    #expect(try countries() == "DE|1\n")
    let bad = try run.zipgeo("import", "berlin.csv", "--country", "Germany")
    #expect(bad.status == 64)
    #expect(
      bad.err.hasPrefix(
        "Error: The value 'Germany' is invalid for '--country <cc>': give two-letter country codes, as in DE\n"))
  }

  @Test func aGeoNamesFileWithLowerCaseCountriesAndATabAtEachLineEndImports() throws {
    try
      "de\t10115\tBerlin\tBerlin\tBE\t\t00\tBerlin, Stadt\t11000\t52.5323\t13.3846\t6\t\nau\t3000\tMelbourne\tVictoria\tVIC\t\t\t\t\t-37.814\t144.9633\t4\t\n"
      .write(to: run.folder.appendingPathComponent("lower.txt"), atomically: true, encoding: .utf8)
    let result = try run.zipgeo("import", "lower.txt")
    #expect(result.err == "")
    #expect(result.status == 0)
    #expect(result.out.hasPrefix("Imported 2 zip codes from lower.txt into zipgeo.db: 0 skipped, 0 duplicates, "))
    #expect(try countries() == "AU|1\nDE|1\n")
  }

  @Test func aValueInAThirteenthGeoNamesColumnIsAnErrorNamingItsLineAndValue() throws {
    try "DE\t10115\tBerlin\tBerlin\tBE\t\t00\tBerlin, Stadt\t11000\t52.5323\t13.3846\t6\t2024-04-12\n".write(
      to: run.folder.appendingPathComponent("dated.txt"), atomically: true, encoding: .utf8)
    let result = try run.zipgeo("import", "dated.txt")
    #expect(result.status == 1)
    #expect(
      result.err == "Error: dated.txt:1: the line has 13 fields, a GeoNames record has 12: field 13 is '2024-04-12'\n")
    #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("zipgeo.db").path))
  }

  @Test func countryForAGeoNamesFileIsAUsageErrorPointingToCountries() throws {
    let file = try copy("sample.txt")
    let result = try run.zipgeo("import", file, "--country", "de")
    #expect(result.status == 64)
    #expect(
      result.err == """
        Error: sample.txt: --country DE sets the country of a file without a country column, and this GeoNames file \
        has one (its first column); to import only its DE rows, use --countries DE instead
        Usage: zipgeo import (<file>... | --world) [--db <path>] [--country <cc>] [--countries <list>] [--replace-all] \
        [--pad-zeros] [--skip-invalid] [--strict] [--quiet]
          See 'zipgeo import --help' for more information.

        """)
    #expect(result.out == "")
    #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("zipgeo.db").path))
    #expect(try run.zipgeo("import", file, "--countries", "DE", "--quiet").status == 0)
    #expect(try countries() == "DE|10\n")
    // With a file that has no country column, --country is that file's country.
    try "postcode,place,lat,lon\n75001,Paris,48.8592,2.3417\n".write(
      to: run.folder.appendingPathComponent("paris.csv"), atomically: true, encoding: .utf8)
    #expect(try run.zipgeo("import", file, "paris.csv", "--country", "FR", "--quiet").status == 0)
    #expect(try countries() == "AU|2\nCH|5\nDE|10\nFR|1\n")
  }

  @Test func strictRefusesARepeatedRow() throws {
    let file = try copy("sample.txt")
    let result = try run.zipgeo("import", file, "--strict")
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: sample.txt:18: zip 'CH:6719 (Aquila)' already appeared on line 17 (--strict refuses duplicates)\n")
  }

  @Test func severalFilesImportTogetherAndARowInTwoOfThemIsWarnedOfOnce() throws {
    let archive = try copy("sample.zip")
    try "zip,place,lat,lon\n75075,Plano,33.025,-96.7397\n".write(
      to: run.folder.appendingPathComponent("plano.csv"), atomically: true, encoding: .utf8)
    try "DE\t10115\tBerlin\tBerlin\tBE\t\t00\tBerlin, Stadt\t11000\t52.5323\t13.3846\t6\n".write(
      to: run.folder.appendingPathComponent("berlin.txt"), atomically: true, encoding: .utf8)
    let result = try run.zipgeo("import", archive, "plano.csv", "berlin.txt")
    #expect(result.status == 0)
    #expect(
      result.err == """
        warning: sample.zip:sample.txt:18: zip 'CH:6719 (Aquila)' already appeared on line 17; keeping line 17
        warning: sample.zip:sample.txt:19: zip 'CH:6719 (Aquila)' already appeared on line 17; keeping line 17
        warning: berlin.txt:1: zip 'DE:10115 (Berlin)' already appeared in sample.zip:sample.txt:10; keeping the first
        zipgeo: zipgeo.db now holds 4 countries: a code that several of them have needs its country (US:90210), --country, or a home country (zipgeo home CC, or ZIPGEO_COUNTRY=CC)

        """)
    #expect(
      result.out.hasPrefix(
        "Imported 18 zip codes from sample.zip, plano.csv and berlin.txt into zipgeo.db: 0 skipped, 3 duplicates, "))
    #expect(try countries() == "AU|2\nCH|5\nDE|10\nUS|1\n")
    let listed = try run.zipgeo("countries", "--format", "csv").out.replacing("\r\n", with: "\n")
    #expect(listed.hasPrefix("country,name,places,codes,source,imported\nAU,Australia,2,2,sample.zip,"))
    #expect(listed.contains("\nDE,Germany,10,2,\"sample.zip, berlin.txt\",20"))
    #expect(listed.contains("\nUS,United States,1,1,plano.csv,20"))
  }

  @Test func aFailingSecondFileLeavesTheDatabaseUnchanged() throws {
    let file = try copy("sample.txt")
    #expect(try run.zipgeo("import", zipsCSVPath, "--quiet").status == 0)
    let before = try run.sqlite3("zipgeo.db", "SELECT count(*), sum(rowid), group_concat(country) FROM countries")
    try "zip,lat,lon\n1,1,1\n2,95,0\n".write(
      to: run.folder.appendingPathComponent("bad.csv"), atomically: true, encoding: .utf8)
    let result = try run.zipgeo("import", file, "bad.csv")
    #expect(result.status == 1)
    #expect(result.err.hasSuffix("Error: bad.csv:3: latitude '95' is outside [-90, 90]\n"))
    #expect(try countries() == "US|41487\n")
    #expect(try run.sqlite3("zipgeo.db", "SELECT count(*), sum(rowid), group_concat(country) FROM countries") == before)
    let missing = try run.zipgeo("import", file, "nowhere.txt")
    #expect(missing.status == 1)
    #expect(missing.err.hasPrefix("Error: nowhere.txt: cannot read the file: "))
    #expect(try countries() == "US|41487\n")
  }

  @Test func theSummaryOfOneUSFileIsAsBefore() throws {
    let result = try run.zipgeo("import", zipsCSVPath)
    #expect(
      result.out.hasPrefix("Imported 41487 zip codes from \(zipsCSVPath) into zipgeo.db: 0 skipped, 0 duplicates, "))
  }

  @Test func aSignalWhileSeveralFilesImportChangesNothing() throws {
    let file = try copy("sample.txt")
    #expect(try run.zipgeo("import", zipsCSVPath, "--quiet").status == 0)
    let before = try run.sqlite3("zipgeo.db", "SELECT * FROM countries")
    // Every row of both files is in when the signal comes.
    let result = try run.zipgeo(
      "import", file, try copy("sample.txt.gz"), environment: ["ZIPGEO_TEST_HOOK": "rows-inserted=term"])
    #expect(result.status == 143)
    #expect(
      result.err.hasSuffix(
        "Error: sample.txt and sample.txt.gz: import interrupted by SIGTERM; the database is unchanged\n"))
    #expect(try countries() == "US|41487\n")
    #expect(try run.sqlite3("zipgeo.db", "SELECT * FROM countries") == before)
  }

  /// Runs `script` in /usr/bin/python3, in the test's folder, with `arguments` as `sys.argv[1:]`.
  func python(_ script: String, _ arguments: String...) throws {
    let result = try run.run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script] + arguments)
    try #require(result.status == 0, "\(result.err)")
  }

  /// sample.txt as gzip files of two members (`cat a.gz b.gz`): `joined.txt.gz`, whole and padded
  /// with zeros, and `flipped.txt.gz`, whose first member (stored, not compressed) has one bit
  /// flipped: Tettau's latitude 51.4333 reads 51.4133.
  func joinedGzipFiles() throws {
    try python(
      """
      import gzip, sys
      lines = open(sys.argv[1], 'rb').read().splitlines(keepends=True)
      first, second = b''.join(lines[:9]), b''.join(lines[9:])
      open('joined.txt.gz', 'wb').write(gzip.compress(first) + gzip.compress(second) + bytes(512))
      damaged = bytearray(gzip.compress(first, compresslevel=0))
      damaged[damaged.index(b'51.4333') + 4] ^= 0x02
      open('flipped.txt.gz', 'wb').write(bytes(damaged) + gzip.compress(second))
      """, Self.world.appendingPathComponent("sample.txt").path)
  }

  @Test func aGzipFileOfTwoMembersPaddedWithZerosImportsTheRowsOfBoth() throws {
    try joinedGzipFiles()
    let result = try run.zipgeo("import", "joined.txt.gz", "--quiet")
    #expect(result.status == 0, "\(result.err)")
    #expect(try countries() == "AU|2\nCH|5\nDE|10\n")
  }

  @Test func aFlippedBitInTheFirstMemberOfAJoinedGzipFileFailsNamingTheFileAndChangesNothing() throws {
    try joinedGzipFiles()
    #expect(try run.zipgeo("import", "joined.txt.gz", "--quiet").status == 0)
    let result = try run.zipgeo("import", "flipped.txt.gz")
    #expect(result.status == 1)
    #expect(
      result.err.hasPrefix("Error: flipped.txt.gz: the gzip file is damaged: its data has CRC-32 0x"), "\(result.err)")
    #expect(result.err.hasSuffix(", not the one its trailer gives\n"), "\(result.err)")
    #expect(result.err.split(separator: "\n").count == 1, "\(result.err)")
    #expect(try run.sqlite3("zipgeo.db", "SELECT lat FROM zips WHERE place = 'Tettau'") == "51.4333\n")
  }

  @Test func aZipOfThousandsOfDataFilesFailsInOneShortLine() throws {
    // Not tens of thousands: a zipgeo that listed them all would fill the pipe of its standard
    // error, which `run` reads only after the end of its standard output, and hang, not fail.
    try python(
      """
      import zipfile
      with zipfile.ZipFile('many.zip', 'w') as archive:
          for i in range(2000):
              archive.writestr('DE%05d.txt' % i, 'DE\\t01945\\tTettau\\n')
      """)
    let result = try run.zipgeo("import", "many.zip", "--db", "new.db")
    #expect(result.status == 1)
    #expect(
      result.err
        == "Error: many.zip: the zip archive holds 2000 data files (DE00000.txt, DE00001.txt, DE00002.txt, "
        + "DE00003.txt, DE00004.txt and 1995 more); it should hold one\n")
    #expect(!FileManager.default.fileExists(atPath: run.folder.appendingPathComponent("new.db").path))
  }

  @Test func aZipWithACommentOfMoreThan16KiBImports() throws {
    let file = try copy("sample.zip")
    try python(
      """
      import sys, zipfile
      with zipfile.ZipFile(sys.argv[1], 'a') as archive:
          archive.comment = b'GeoNames postal codes, CC BY 4.0. ' * 1000
      """, file)
    let result = try run.zipgeo("import", file, "--quiet")
    #expect(result.status == 0, "\(result.err)")
    #expect(try countries() == "AU|2\nCH|5\nDE|10\n")
  }
}
