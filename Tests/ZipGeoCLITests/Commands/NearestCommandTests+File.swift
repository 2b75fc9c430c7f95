import Foundation
import TestSupport
import Testing

/// `zipgeo nearest --file customers.csv --to stores.csv`: each row of a file with the rows of
/// another whose codes are nearest its code, or the reason there is none.
@Suite struct NearestFileTests {
  static let zipgeo = CodeFileDatabases.zipgeo
  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
    try temporary.write(
      "customers.csv", "id,name,postcode\n1,\"Smith, Jane\",75075\n2,\"Lee, \"\"Sam\"\"\",2134\n4,Nobody,99999\n")
    try temporary.write(
      "stores.csv", "store,city,zip\nS1,Dallas,75201\nS2,New York,10001\nS3,Boston,02108\nS4,Nowhere,99999\n")
  }

  func nearest(_ arguments: [String], input: String? = nil) throws -> CommandResult {
    try runCommand(
      Self.zipgeo, ["nearest"] + arguments + ["--db", try CodeFileDatabases.us.get()], in: temporary.url, input: input)
  }

  @Test func eachRowGetsTheRowOfTheOtherFileNearestItsCode() throws {
    let result = try nearest(["--file", "customers.csv", "--to", "stores.csv"])
    #expect(result.status == 2)
    #expect(
      result.out
        == [
          "id,name,postcode,rank,nearest_store,nearest_city,nearest_zip,distance_km,reason",
          "1,\"Smith, Jane\",75075,1,S1,Dallas,75201,26.776474852011994,",
          "2,\"Lee, \"\"Sam\"\"\",2134,1,S3,Boston,02108,5.319584712426689,",
          "4,Nobody,99999,,,,,,unknown",
        ].map { $0 + "\r\n" }.joined())
    #expect(
      result.err == """
        zipgeo: stores.csv: 1 row of 4 not found, left out: unknown 1
        zipgeo: 1 code had lost its leading zeros, as spreadsheets drop them, and was read with them (line 3: 2134 as 02134)
        zipgeo: customers.csv: 3 rows, 2 matched, 1 not: unknown 1

        """)
  }

  @Test func kRowsAreWrittenForEachRowNearestFirst() throws {
    let result = try nearest(["--file", "customers.csv", "--to", "stores.csv", "-k", "2", "--format", "table"])
    #expect(
      result.out == """
        id  name         postcode  rank  nearest_store  nearest_city  nearest_zip  distance_km  reason
        1   Smith, Jane  75075        1  S1             Dallas        75201              26.78
        1   Smith, Jane  75075        2  S2             New York      10001            2189.20
        2   Lee, "Sam"   2134         1  S3             Boston        02108               5.32
        2   Lee, "Sam"   2134         2  S2             New York      10001             297.71
        4   Nobody       99999                                                                  unknown

        """)
    // Asked for more than there are: every one of them.
    let all = try nearest(["--file", "customers.csv", "--to", "stores.csv", "-k", "10", "--format", "ndjson"])
    #expect(all.out.split(separator: "\n").count == 3 + 3 + 1)
  }

  /// The nearest store of each customer is the one of the shortest distance `zipgeo distance
  /// --file` measures over every pair.
  @Test func theNearestIsTheOneOfTheShortestDistanceOfEveryPair() throws {
    let zips = try String(contentsOfFile: zipsCSVPath, encoding: .utf8).split(separator: "\n").dropFirst()
      .map { String($0.prefix { $0 != "," }) }
    var rng = SeededGenerator(seed: 11)
    let customers = (0..<20).map { _ in zips.randomElement(using: &rng)! }
    let stores = (0..<40).map { _ in zips.randomElement(using: &rng)! }
    try temporary.write("c.csv", "zip\n" + customers.joined(separator: "\n") + "\n")
    try temporary.write("s.csv", "zip\n" + stores.joined(separator: "\n") + "\n")
    var pairs = "c,s,i\n"
    for customer in customers {
      for (index, store) in stores.enumerated() { pairs += "\(customer),\(store),\(index)\n" }
    }
    try temporary.write("pairs.csv", pairs)
    let measured = try runCommand(
      Self.zipgeo, ["distance", "--file", "pairs.csv", "--columns", "c,s", "--db", try CodeFileDatabases.us.get()],
      in: temporary.url)
    // Per customer, the store of the least distance, the first of those as near.
    let rows = measured.out.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",") }
    var expected: [String] = []
    for (number, _) in customers.enumerated() {
      let ofCustomer = rows[(number * stores.count)..<((number + 1) * stores.count)]
      let best = ofCustomer.min { (Double($0[3])!, Int($0[2])!) < (Double($1[3])!, Int($1[2])!) }!
      expected.append("\(best[1]),\(best[3])")
    }
    let found = try nearest(["--file", "c.csv", "--to", "s.csv"])
    #expect(found.status == 0, "\(found.err)")
    #expect(
      found.out.split(separator: "\r\n").dropFirst().map {
        $0.split(separator: ",").dropFirst(2).prefix(2).joined(separator: ",")
      } == expected)
  }

  @Test func theFileMayComeFromStandardInput() throws {
    let result = try nearest(["--file", "-", "--to", "stores.csv", "--format", "tsv"], input: "zip\n75075\n")
    #expect(
      result.out
        == "zip\trank\tnearest_store\tnearest_city\tnearest_zip\tdistance_km\treason\n75075\t1\tS1\tDallas\t75201\t26.776474852011994\t\n"
    )
  }

  @Test func countryIsTheCountryOfCodesWithoutOneInBothFiles() throws {
    try temporary.write("c3000.csv", "zip\n3000\n")
    try temporary.write("s3000.csv", "zip\n3000\n6719\n")
    func run(_ arguments: [String]) throws -> CommandResult {
      try runCommand(
        Self.zipgeo,
        ["nearest", "--file", "c3000.csv", "--to", "s3000.csv"] + arguments + [
          "--db", try CodeFileDatabases.mixed.get(),
        ],
        in: temporary.url)
    }
    // Without a country, 3000 is of AU and CH: found in neither file.
    let shared = try run([])
    #expect(
      shared.status == 2 && shared.err.hasPrefix("zipgeo: s3000.csv: 1 row of 2 not found, left out: ambiguous 1\n"))
    #expect(shared.out.hasSuffix("\r\n3000,,,,ambiguous\r\n"))
    let swiss = try run(["--country", "CH"])
    #expect(swiss.status == 0, "\(swiss.err)")
    #expect(swiss.out.hasSuffix("\r\n3000,1,3000,0.0,\r\n"))
  }

  @Test func anOtherFileWithoutOneCodeFoundIsOneError() throws {
    try temporary.write("none.csv", "zip\n99999\n\n")
    let result = try nearest(["--file", "customers.csv", "--to", "none.csv"])
    #expect(result.status == 1)
    #expect(result.out.isEmpty)
    #expect(result.err.hasSuffix("Error: none.csv: no row has a code found (1 row); nothing to find nearest\n"))
  }

  @Test(arguments: [
    (["--file", "customers.csv"], "--file <csv> needs --to <csv>: the file of the places to find nearest each row"),
    (["--file", "-", "--to", "-"], "--file and --to cannot both be standard input (-)"),
    (
      ["--file", "customers.csv", "--to", "stores.csv", "--model", "wgs84"],
      "--model is not for --file <csv>, which finds the nearest rows of --to on the sphere"
    ),
    (
      ["--file", "customers.csv", "--to", "stores.csv", "--kind", "all"],
      "--kind is not for --file <csv>, which finds the nearest rows of --to on the sphere"
    ),
    (
      ["--file", "customers.csv", "--to", "stores.csv", "--format", "geojson"],
      "The value 'geojson' is invalid for '--format <format>' with --file: the rows are no points; use table, csv, tsv, json or ndjson"
    ),
    (["--file", "customers.csv", "--to", "stores.csv", "-k", "0"], "The value '0' is invalid for '-k <k>': give "),
    (
      ["--file", "customers.csv", "--to", "stores.csv", "--to-column", "code"],
      "stores.csv has no column 'code' (--to-column <name>); its columns are 'store', 'city', 'zip'"
    ),
    (
      ["--file", "customers.csv", "--zip", "75075", "--to", "stores.csv"],
      "Give '<lat,lon>', '--zip <zip>' or --file <csv>, one of them ('75075' with --file)"
    ),
    (["33,-96", "--to", "stores.csv"], "--to is for --file <csv>, which is not given"),
  ])
  func aMistakenOptionIsOneUsageError(arguments: [String], message: String) throws {
    let result = try nearest(arguments)
    #expect(result.status == 64)
    #expect(result.out.isEmpty)
    #expect(result.err.hasPrefix("Error: \(message)"), "\(result.err)")
    #expect(result.err.contains("\nUsage: zipgeo nearest (<lat,lon> | --zip <zip> | --file <csv> --to <csv>) "))
  }
}
