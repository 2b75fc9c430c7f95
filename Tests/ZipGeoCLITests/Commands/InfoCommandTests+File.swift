import Foundation
import TestSupport
import Testing

/// `zipgeo info --file`: a spreadsheet's column of codes, each row given back as it was with its
/// code's zip, country, place, state and centre appended, or the reason there is none.
@Suite struct InfoFileTests {
  static let zipgeo = CodeFileDatabases.zipgeo
  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
  }

  /// `zipgeo info --file <input written to a file> ARGUMENTS --db <us or mixed>`, in the test's
  /// folder; `environment` is added to the usual one (no home country, no per-user database).
  func info(
    _ input: String, _ arguments: [String] = [], db: Result<String, any Error> = CodeFileDatabases.us,
    environment: [String: String] = [:]
  ) throws -> CommandResult {
    try temporary.write("in.csv", input)
    return try runCommand(
      Self.zipgeo, ["info", "--file", "in.csv"] + arguments + ["--db", try db.get()], in: temporary.url,
      environment: withoutUserFolders(ProcessInfo.processInfo.environment).merging(environment) { $1 })
  }

  @Test func eachRowIsGivenBackAsItWasWithItsCodesColumnsAppended() throws {
    // Quotes where a field needs them and where it does not, a doubled quote, a line break in a
    // field, a byte-order mark, CRLF, LF and a blank line: all as they were.
    let input =
      "\u{FEFF}id,name,postcode\r\n1,\"Smith, J\",75075\r\n\r\n\"2\",\"say \"\"hi\"\"\",\"01001\"\n3,\"two\nlines\",10001"
    let result = try info(input, ["--column", "postcode"])
    #expect(result.status == 0, "\(result.err)")
    #expect(
      result.out
        == [
          "id,name,postcode,zip,country,place,state,lat,lon,reason",
          "1,\"Smith, J\",75075,75075,US,Plano,TX,33.025,-96.7397,",
          "\"2\",\"say \"\"hi\"\"\",\"01001\",01001,US,Agawam,MA,42.0702,-72.6227,",
          "3,\"two\nlines\",10001,10001,US,New York,NY,40.7484,-73.9967,",
        ].map { $0 + "\r\n" }.joined())
    #expect(result.err == "zipgeo: in.csv: 3 rows, all resolved\n")
  }

  @Test func theCodesColumnIsFoundByTheNamesTheImportKnowsWhenNoneIsGiven() throws {
    let result = try info("Name,Postal Code\nA,75075\n")
    #expect(
      result.out
        == "Name,Postal Code,zip,country,place,state,lat,lon,reason\r\nA,75075,75075,US,Plano,TX,33.025,-96.7397,\r\n")
    // Named as written, or in any case with spaces or hyphens for underscores.
    #expect(
      try info("Name,Post-Code\nA,75075\n", ["--column", "post code"]).out
        == result.out.replacing("Postal Code", with: "Post-Code"))
  }

  static let formats: [(String, String)] = [
    (
      "table",
      """
      id  name      code   zip    country  place  state     lat       lon  reason
      1   Smith, J  75075  75075  US       Plano  TX     33.025  -96.7397
      2   Nobody    99999                                                  unknown

      """
    ),
    (
      "csv",
      "id,name,code,zip,country,place,state,lat,lon,reason\r\n1,\"Smith, J\",75075,75075,US,Plano,TX,33.025,-96.7397,\r\n"
        + "2,Nobody,99999,,,,,,,unknown\r\n"
    ),
    (
      "tsv",
      "id\tname\tcode\tzip\tcountry\tplace\tstate\tlat\tlon\treason\n1\tSmith, J\t75075\t75075\tUS\tPlano\tTX\t33.025\t-96.7397\t\n"
        + "2\tNobody\t99999\t\t\t\t\t\t\tunknown\n"
    ),
    (
      "json",
      """
      [{"id": "1", "name": "Smith, J", "code": "75075", "zip": "75075", "country": "US", "place": "Plano", "state": "TX", "lat": 33.025, "lon": -96.7397, "reason": null},
       {"id": "2", "name": "Nobody", "code": "99999", "zip": null, "country": null, "place": null, "state": null, "lat": null, "lon": null, "reason": "unknown"}]

      """
    ),
    (
      "ndjson",
      """
      {"id": "1", "name": "Smith, J", "code": "75075", "zip": "75075", "country": "US", "place": "Plano", "state": "TX", "lat": 33.025, "lon": -96.7397, "reason": null}
      {"id": "2", "name": "Nobody", "code": "99999", "zip": null, "country": null, "place": null, "state": null, "lat": null, "lon": null, "reason": "unknown"}

      """
    ),
    (
      "geojson",
      """
      {"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-96.7397, 33.025]}, "properties": {"id": "1", "name": "Smith, J", "code": "75075", "zip": "75075", "country": "US", "place": "Plano", "state": "TX", "reason": null}},
        {"type": "Feature", "geometry": null, "properties": {"id": "2", "name": "Nobody", "code": "99999", "zip": null, "country": null, "place": null, "state": null, "reason": "unknown"}}
      ]}

      """
    ),
  ]

  @Test(arguments: formats)
  func everyOutputFormatGivesTheRowsInTheirOrder(format: String, expected: String) throws {
    let result = try info(
      "id,name,code\n1,\"Smith, J\",75075\n2,Nobody,99999\n", ["--column", "code", "--format", format])
    #expect(result.status == 2)
    #expect(result.out == expected)
    #expect(result.err == "zipgeo: in.csv: 2 rows, 1 resolved, 1 not: unknown 1\n")
  }

  @Test func columnsTheFileHasAlreadyAreAppendedUnderNamesOfTheirOwn() throws {
    let result = try info("zip,lat,Lon\n75075,1,2\n", ["--format", "geojson"])
    #expect(
      result.out == """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-96.7397, 33.025]}, "properties": {"zip": "75075", "lat": "1", "Lon": "2", "zipgeo_zip": "75075", "country": "US", "place": "Plano", "state": "TX", "reason": null}}
        ]}

        """)
    #expect(
      try info("zip,lat,Lon\n75075,1,2\n").out.hasPrefix(
        "zip,lat,Lon,zipgeo_zip,country,place,state,zipgeo_lat,zipgeo_lon,reason\r\n75075,1,2,75075,US,Plano,TX,33.025,"
      ))
  }

  @Test func codesNotFoundGetTheirReasonTheRunGoesOnAndEndsWithTheirCount() throws {
    let input = """
      code,cc
      3000,
      3000,CH
      99999,
      ,
      DE:,
      10115,Germany
      75001,FR
      01945,de
      6719,

      """
    let result = try info(input, ["--column", "code", "--country-column", "cc"], db: CodeFileDatabases.mixed)
    #expect(result.status == 2)
    #expect(
      result.out == """
        code,cc,zip,country,place,state,lat,lon,reason\r
        3000,,,,,,,,ambiguous\r
        3000,CH,3000,CH,"Bern 9, Bern 5, Bern 31, Bern 65",BE,46.9476,7.4065,\r
        99999,,,,,,,,unknown\r
        ,,,,,,,,empty\r
        DE:,,,,,,,,invalid\r
        10115,Germany,,,,,,,invalid country\r
        75001,FR,,,,,,,unknown country\r
        01945,de,01945,DE,"Grünewald, Tettau, Guteborn, Hohenbocka, Hermsdorf, Kroppen, Ruhland, Lindenau, Schwarzbach",BB,51.419752103049156,13.878113350612463,\r
        6719,,6719,CH,Aquila,TI,46.5406,8.9881,\r

        """)
    #expect(
      result.err
        == "zipgeo: in.csv: 9 rows, 3 resolved, 6 not: ambiguous 1, empty 1, invalid 1, invalid country 1, unknown 1, unknown country 1\n"
    )
    // The home country decides a shared code, as for one code.
    let home = try info(
      input, ["--column", "code", "--country-column", "cc"], db: CodeFileDatabases.mixed,
      environment: ["LANG": "de_CH.UTF-8"])
    #expect(
      home.out.split(separator: "\r\n")[1] == "3000,,3000,CH,\"Bern 9, Bern 5, Bern 31, Bern 65\",BE,46.9476,7.4065,")
    #expect(
      home.err.hasSuffix(
        "zipgeo: in.csv: 9 rows, 4 resolved, 5 not: empty 1, invalid 1, invalid country 1, unknown 1, unknown country 1\n"
      ))
  }

  @Test func aRowsCountryIsItsColumnsElseCountrysElseAny() throws {
    let input = "code,cc\n3000,AU\n3000,\n10115,\n"
    let result = try info(
      input, ["--column", "code", "--country-column", "cc", "--country", "ch"], db: CodeFileDatabases.mixed)
    #expect(
      result.out.split(separator: "\r\n").dropFirst().map {
        $0.split(separator: ",", omittingEmptySubsequences: false)[3]
      } == ["AU", "CH", ""])
    #expect(result.out.hasSuffix("10115,,,,,,,,unknown\r\n"))
    // $ZIPGEO_COUNTRY is the --country of codes without one, as for one code.
    let variable = try info(
      input, ["--column", "code", "--country-column", "cc"], db: CodeFileDatabases.mixed,
      environment: ["ZIPGEO_COUNTRY": "CH"])
    #expect(variable.out == result.out)
    // A --country the database lacks is an error before any row, as it is for one code.
    let missing = try info(input, ["--column", "code", "--country", "FR"], db: CodeFileDatabases.mixed)
    #expect(missing.status == 1 && missing.out.isEmpty)
    #expect(missing.err.hasPrefix("Error: mixed.db has no postal codes of country 'FR'; it holds AU, CH, DE and US"))
  }

  @Test func codesThatLostTheirLeadingZerosAreReadWithThemWhereTheCountryIsKnownAndSaidSo() throws {
    let input = "name,zip\nAllston,2134\nAgawam,1001\nHoltsville,501\nNowhere,9999\n"
    // A database of US codes alone: their country is known.
    let us = try info(input)
    #expect(us.status == 2)
    #expect(
      us.out == """
        name,zip,zipgeo_zip,country,place,state,lat,lon,reason\r
        Allston,2134,02134,US,Allston,MA,42.3535,-71.1329,\r
        Agawam,1001,01001,US,Agawam,MA,42.0702,-72.6227,\r
        Holtsville,501,00501,US,Holtsville,NY,40.8154,-73.0451,\r
        Nowhere,9999,,,,,,,unknown\r

        """)
    #expect(
      us.err == """
        zipgeo: 3 codes had lost their leading zeros, as spreadsheets drop them, and were read with them (line 2: 2134 as 02134)
        zipgeo: in.csv: 4 rows, 3 resolved, 1 not: unknown 1

        """)
    // Several countries: read with them where the row's country is the US, suggested elsewhere.
    let mixed = try info("zip,cc\n2134,US\n1001,\n", ["--country-column", "cc"], db: CodeFileDatabases.mixed)
    #expect(
      mixed.out == """
        zip,cc,zipgeo_zip,country,place,state,lat,lon,reason\r
        2134,US,02134,US,Allston,MA,42.3535,-71.1329,\r
        1001,,,,,,,,unknown\r

        """)
    #expect(
      mixed.err == """
        zipgeo: 1 code had lost its leading zeros, as spreadsheets drop them, and was read with them (line 2: 2134 as 02134)
        zipgeo: 1 code not found is a US code with its leading zeros put back, as spreadsheets drop them (line 3: 1001 as US:01001); --country US or a country column reads it so
        zipgeo: in.csv: 2 rows, 1 resolved, 1 not: unknown 1

        """)
    let given = try info("zip\n1001\n", ["--country", "US"], db: CodeFileDatabases.mixed)
    #expect(given.status == 0 && given.out.hasSuffix("1001,01001,US,Agawam,MA,42.0702,-72.6227,\r\n"))
  }

  @Test func aCodeFinerThanTheDataOrOfAnotherCountryThanTheHomeIsSaidOnceForTheFile() throws {
    let result = try info(
      "zip\n75075-1234\n10001-0001\n6719\n", db: CodeFileDatabases.mixed, environment: ["LANG": "en_US.UTF-8"])
    #expect(result.status == 0)
    #expect(
      result.err == """
        zipgeo: 2 codes were finer than the data holds (line 2: 75075-1234: the US data holds five-digit ZIP codes; using 75075)
        zipgeo: 1 code is no code of US (the home country, from $LANG=en_US.UTF-8); another country's was used (line 4: 6719 as CH:6719)
        zipgeo: in.csv: 3 rows, all resolved

        """)
  }

  @Test func standardInputIsReadFromADash() throws {
    let result = try runCommand(
      Self.zipgeo, ["info", "--file", "-", "--db", try CodeFileDatabases.us.get(), "--format", "ndjson"],
      input: "zip\n75075\n")
    #expect(result.status == 0)
    #expect(
      result.out
        == "{\"zip\": \"75075\", \"zipgeo_zip\": \"75075\", \"country\": \"US\", \"place\": \"Plano\", \"state\": \"TX\", \"lat\": 33.025, \"lon\": -96.7397, \"reason\": null}\n"
    )
    #expect(result.err == "zipgeo: <stdin>: 1 row, all resolved\n")
  }

  @Test func aCompressedFileIsReadAsTheImportReadsIt() throws {
    let plain = try temporary.write("in.csv", "zip\n75075\n")
    let gzip = try runCommand(URL(fileURLWithPath: "/bin/gzip"), ["-k", plain])
    try #require(gzip.status == 0, "\(gzip.err)")
    let result = try runCommand(Self.zipgeo, ["info", "--file", plain + ".gz", "--db", try CodeFileDatabases.us.get()])
    #expect(result.status == 0 && result.out.hasSuffix("75075,75075,US,Plano,TX,33.025,-96.7397,\r\n"))
  }

  @Test func aMissingColumnIsOneUsageErrorNamingTheFileAndItsColumns() throws {
    let usage =
      "Usage: zipgeo info (<zip> | --file <csv> [--column <name>] [--country-column <name>]) [--country <cc>]"
      + " [--format <format>] [--db <path>]\n  See 'zipgeo info --help' for more information.\n"
    let input = "id,\"Post code\",cc\n1,75075,US\n"
    for (arguments, message) in [
      (
        ["--column", "postcode"],
        "in.csv has no column 'postcode' (--column <name>); its columns are 'id', 'Post code', 'cc'"
      ),
      (
        ["--column", "Post code", "--country-column", "country"],
        "in.csv has no column 'country' (--country-column <name>); its columns are 'id', 'Post code', 'cc'"
      ),
      (
        [],
        "in.csv has no column named zip, zipcode, zip_code, postal_code or postcode: name the column of its codes"
          + " with --column <name>; its columns are 'id', 'Post code', 'cc'"
      ),
    ] {
      let result = try info(input, arguments)
      #expect(result.status == 64)
      #expect(result.out.isEmpty)
      #expect(result.err == "Error: \(message)\n" + usage)
    }
  }

  @Test(arguments: [
    ("zip,name\n75075,a\n\"75023,b\n", "Error: in.csv:3: a quoted field starting here is never closed\n"),
    ("zip,name\n75075,a\n75023,b,c\n", "Error: in.csv:3: the row has 3 fields, the header 2: '75023,b,c'\n"),
    ("zip,name\n75075,a\n75023\n", "Error: in.csv:3: the row has 1 field, the header 2: '75023'\n"),
    (
      "zip,name\n75075,a\n75023,\"b\"c\n",
      "Error: in.csv:3: unexpected 'c' after a closing quote (a quote inside a quoted field is written \"\")\n"
    ),
    ("\n\n", "Error: in.csv: the file is empty; expected a header naming its columns\n"),
  ])
  func badInputIsOneErrorNamingTheFileTheLineAndTheValue(input: String, message: String) throws {
    let result = try info(input)
    #expect(result.status == 1)
    #expect(result.err == message)
    // The rows before it were written.
    #expect(
      input.hasPrefix("\n")
        ? result.out.isEmpty : result.out.hasSuffix("\r\n75075,a,75075,US,Plano,TX,33.025,-96.7397,\r\n"))
  }

  @Test func aFileThatCannotBeReadIsOneError() throws {
    let result = try runCommand(
      Self.zipgeo, ["info", "--file", "nowhere.csv", "--db", try CodeFileDatabases.us.get()], in: temporary.url)
    #expect(result.status == 1)
    #expect(result.err == "Error: nowhere.csv: cannot read the file: No such file or directory\n")
  }

  @Test(arguments: [
    (["75075", "--file", "in.csv"], "Give <zip> or --file <csv>, not both ('75075' with --file)"),
    (["75075", "--column", "zip"], "--column names a column of --file <csv>, which is not given"),
    (["75075", "--country-column", "cc"], "--country-column names a column of --file <csv>, which is not given"),
    ([], "Missing expected argument '<zip>' (or --file <csv>)"),
  ])
  func theFileOptionsGoTogether(arguments: [String], message: String) throws {
    try temporary.write("in.csv", "zip\n75075\n")
    let result = try runCommand(
      Self.zipgeo, ["info"] + arguments + ["--db", try CodeFileDatabases.us.get()], in: temporary.url)
    #expect(result.status == 64)
    #expect(result.err.hasPrefix("Error: \(message)\nUsage: zipgeo info "))
  }
}
