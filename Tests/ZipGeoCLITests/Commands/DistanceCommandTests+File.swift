import Foundation
import TestSupport
import Testing

/// `zipgeo distance --file`: each row of a file with the distance between the codes of two of
/// its columns appended, as `zipgeo distance A B` measures it, or the reason there is none.
@Suite struct DistanceFileTests {
  static let zipgeo = CodeFileDatabases.zipgeo
  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
  }

  func distance(
    _ input: String, _ arguments: [String], db: Result<String, any Error> = CodeFileDatabases.us
  ) throws -> CommandResult {
    try temporary.write("orders.csv", input)
    return try runCommand(
      Self.zipgeo, ["distance", "--file", "orders.csv"] + arguments + ["--db", try db.get()], in: temporary.url)
  }

  static let orders = "order,from,to\n1,75075,10001\n2,75075,99999\n3,,\"10001\"\n4,01001,1001\n5,DE:,99999\n"

  @Test func eachRowGetsTheDistanceBetweenItsTwoCodesOrWhyThereIsNone() throws {
    let result = try distance(Self.orders, ["--columns", "from,to"])
    #expect(result.status == 2)
    #expect(
      result.out == """
        order,from,to,distance_km,reason\r
        1,75075,10001,2189.19581648223,\r
        2,75075,99999,,to: unknown\r
        3,,"10001",,from: empty\r
        4,01001,1001,0.0,\r
        5,DE:,99999,,from: invalid\r

        """)
    #expect(
      result.err == """
        zipgeo: 1 code had lost its leading zeros, as spreadsheets drop them, and was read with them (line 5: 1001 as 01001)
        zipgeo: orders.csv: 5 rows, 2 measured, 3 not: from: empty 1, from: invalid 1, to: unknown 1

        """)
  }

  /// The column `name` of what `zipgeo distance A B --format tsv` prints.
  func measured(_ codes: [String], _ name: String, db: Result<String, any Error> = CodeFileDatabases.us) throws
    -> Substring
  {
    let one = try runCommand(Self.zipgeo, ["distance"] + codes + ["--format", "tsv", "--db", try db.get()])
    let lines = one.out.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
    return lines[1][try #require(lines[0].firstIndex(of: Substring(name)))]
  }

  @Test func theDistanceIsTheOneZipgeoDistanceGives() throws {
    for unit in ["km", "mi"] {
      let file = try distance("from,to\n75075,10001\n", ["--columns", "from,to", "--\(unit)"])
      let one = try measured(["75075", "10001"], "distance_\(unit)")
      #expect(file.out == "from,to,distance_\(unit),reason\r\n75075,10001,\(one),\r\n")
    }
  }

  static let formats: [(String, String)] = [
    (
      "table",
      """
      order  from   to     distance_mi  reason
      1      75075  10001      1360.30
      2      75075  99999               to: unknown

      """
    ),
    (
      "tsv",
      "order\tfrom\tto\tdistance_mi\treason\n1\t75075\t10001\t1360.303214528547\t\n2\t75075\t99999\t\tto: unknown\n"
    ),
    (
      "json",
      """
      [{"order": "1", "from": "75075", "to": "10001", "distance_mi": 1360.303214528547, "reason": null},
       {"order": "2", "from": "75075", "to": "99999", "distance_mi": null, "reason": "to: unknown"}]

      """
    ),
    (
      "ndjson",
      """
      {"order": "1", "from": "75075", "to": "10001", "distance_mi": 1360.303214528547, "reason": null}
      {"order": "2", "from": "75075", "to": "99999", "distance_mi": null, "reason": "to: unknown"}

      """
    ),
  ]

  @Test(arguments: formats)
  func everyFormatButGeoJSONGivesTheRowsInTheirOrder(format: String, expected: String) throws {
    let input = "order,from,to\n1,75075,10001\n2,75075,99999\n"
    let result = try distance(input, ["--columns", "from,to", "--mi", "--format", format])
    #expect(result.status == 2)
    #expect(result.out == expected)
  }

  @Test func codesAreReadAsZipgeoDistanceReadsThemInEveryCountry() throws {
    let input = "a,b\nDE:10115,CH:3000\n3000,6719\n6719,3000\n"
    let result = try distance(input, ["--columns", "a,b"], db: CodeFileDatabases.mixed)
    let lines = result.out.split(separator: "\r\n")
    let kilometres = try measured(["DE:10115", "CH:3000"], "distance_km", db: CodeFileDatabases.mixed)
    #expect(lines[1] == "DE:10115,CH:3000,\(kilometres),")
    #expect(lines[2] == "3000,6719,,a: ambiguous")
    #expect(lines[3] == "6719,3000,,b: ambiguous")
    // --country gives both codes their country.
    let swiss = try distance(input, ["--columns", "a,b", "--country", "CH"], db: CodeFileDatabases.mixed)
    #expect(swiss.status == 0, "\(swiss.err)")
  }

  @Test func eachRowsCountryColumnGivesBothItsCodesTheirCountry() throws {
    let input = "a,b,cc\n3000,6719,CH\n3000,3001,AU\n3000,6719,\n3000,DE:10115,CH\n3000,6719,Germany\n3000,6719,au\n"
    let arguments = ["--columns", "a,b", "--country-column", "cc"]
    let result = try distance(input, arguments, db: CodeFileDatabases.mixed)
    let swiss = try measured(["CH:3000", "CH:6719"], "distance_km", db: CodeFileDatabases.mixed)
    let australian = try measured(["AU:3000", "AU:3001"], "distance_km", db: CodeFileDatabases.mixed)
    let across = try measured(["CH:3000", "DE:10115"], "distance_km", db: CodeFileDatabases.mixed)
    #expect(result.status == 2)
    #expect(
      result.out.split(separator: "\r\n") == [
        "a,b,cc,distance_km,reason", "3000,6719,CH,\(swiss),", "3000,3001,AU,\(australian),",
        // An empty cell leaves the codes to --country, here any country: 3000 is AU's and CH's.
        "3000,6719,,,a: ambiguous",
        // A code's own prefix names its country, whatever the row's.
        "3000,DE:10115,CH,\(across),",
        "3000,6719,Germany,,a: invalid country",
        // A country is read as `--country` reads one, in any case.
        "3000,6719,au,,b: unknown",
      ])
    // Where the row's cell is empty, --country is the codes' country.
    let defaulted = try distance(input, arguments + ["--country", "CH"], db: CodeFileDatabases.mixed)
    #expect(defaulted.out.split(separator: "\r\n")[3] == "3000,6719,,\(swiss),")
  }

  @Test(arguments: [
    (
      ["--columns", "from,to", "--country-column", "country"],
      "orders.csv has no column 'country' (--country-column <name>); its columns are 'order', 'from', 'to'"
    ),
    (
      ["--columns", "from,to", "--format", "geojson"],
      "The value 'geojson' is invalid for '--format <format>' with --file: the rows are no points; use table, csv, tsv, json or ndjson"
    ),
    (
      ["--columns", "from"],
      "The value 'from' is invalid for '--columns <from,to>': give two column names, as in from,to"
    ),
    (
      ["--columns", "from,to,order"],
      "The value 'from,to,order' is invalid for '--columns <from,to>': give two column names, as in from,to"
    ),
    (
      ["--columns", "from,dest"],
      "orders.csv has no column 'dest' (--columns <from,to>); its columns are 'order', 'from', 'to'"
    ),
    ([], "--file <csv> needs --columns <from,to>: the two columns of codes"),
    (["--columns", "from,to", "--km", "--mi"], "Give --km or --mi, not both"),
    (["75075", "--columns", "from,to"], "Give <zip1> <zip2> or --file <csv>, not both ('75075' with --file)"),
  ])
  func aMistakenOptionIsOneUsageError(arguments: [String], message: String) throws {
    let result = try distance(Self.orders, arguments)
    #expect(result.status == 64)
    #expect(result.out.isEmpty)
    #expect(
      result.err.hasPrefix("Error: \(message)\nUsage: zipgeo distance (<zip1> <zip2> | --file <csv> "), "\(result.err)")
  }

  @Test func theFileOptionsNeedTheFile() throws {
    for option in [["--columns", "a,b"], ["--country-column", "cc"], ["--mi"], ["--km"]] {
      let result = try runCommand(
        Self.zipgeo, ["distance", "75075", "10001"] + option + ["--db", try CodeFileDatabases.us.get()])
      #expect(result.status == 64)
      #expect(result.err.hasPrefix("Error: \(option[0]) is for --file <csv>, which is not given\n"))
    }
  }
}
