import SQLiteKit
import Testing

@testable import ZipGeoCLI

@Suite struct ResultWriterTests {
  static let columns = ["zip", "lat", "lon"]
  static let rows: [[DatabaseValue]] = [
    [.text("01001"), .real(42.0702), .real(-72.6227)],
    [.text("99950"), .real(55.5424), .null],
  ]

  /// What the writer prints for each row as it is added, then at the end.
  func pieces(_ format: OutputFormat, rows: [[DatabaseValue]] = rows, tableBatchSize: Int = 1000) throws -> [String] {
    var writer = try ResultWriter(columns: Self.columns, format: format, tableBatchSize: tableBatchSize)
    return rows.map { writer.add($0) } + [writer.finish()]
  }

  /// A yes-or-no column is `true` and `false` in the JSON formats, and stays `1` and `0` (as
  /// SQLite holds it) in CSV, TSV and tables; a value in it that is not an integer is as it is.
  @Test func aBooleanColumnIsTrueOrFalseInJSONAndOneOrZeroInThePlainFormats() throws {
    var result = ResultSet(columns: ["name", "exists", "lat", "lon"])
    result.booleanColumns = ["exists"]
    result.rows = [
      [.text("a"), .integer(1), .real(1), .real(2)], [.text("b"), .integer(0), .real(1), .real(2)],
      [.text("c"), .null, .real(1), .real(2)],
    ]
    #expect(
      try result.render(.json)
        == "[{\"name\": \"a\", \"exists\": true, \"lat\": 1.0, \"lon\": 2.0},\n"
        + " {\"name\": \"b\", \"exists\": false, \"lat\": 1.0, \"lon\": 2.0},\n"
        + " {\"name\": \"c\", \"exists\": null, \"lat\": 1.0, \"lon\": 2.0}]\n")
    #expect(try result.render(.ndjson).hasPrefix("{\"name\": \"a\", \"exists\": true, "))
    #expect(try result.render(.geojson).contains("\"properties\": {\"name\": \"b\", \"exists\": false}"))
    #expect(try result.render(.csv) == "name,exists,lat,lon\r\na,1,1.0,2.0\r\nb,0,1.0,2.0\r\nc,,1.0,2.0\r\n")
    #expect(try result.render(.tsv).contains("\na\t1\t"))
  }

  @Test func eachRowIsPrintedAsItIsAdded() throws {
    #expect(try pieces(.csv) == ["zip,lat,lon\r\n01001,42.0702,-72.6227\r\n", "99950,55.5424,\r\n", ""])
    #expect(try pieces(.tsv) == ["zip\tlat\tlon\n01001\t42.0702\t-72.6227\n", "99950\t55.5424\t\n", ""])
    #expect(
      try pieces(.json) == [
        "[{\"zip\": \"01001\", \"lat\": 42.0702, \"lon\": -72.6227}",
        ",\n {\"zip\": \"99950\", \"lat\": 55.5424, \"lon\": null}", "]\n",
      ])
    #expect(
      try pieces(.ndjson) == [
        "{\"zip\": \"01001\", \"lat\": 42.0702, \"lon\": -72.6227}\n",
        "{\"zip\": \"99950\", \"lat\": 55.5424, \"lon\": null}\n", "",
      ])
    let geojson = try pieces(.geojson)
    #expect(geojson.count == 3)
    #expect(geojson[0].hasPrefix("{\"type\": \"FeatureCollection\", \"features\": [\n  {\"type\": \"Feature\""))
    #expect(geojson[1].hasPrefix(",\n  {\"type\": \"Feature\""))
    #expect(geojson[2] == "\n]}\n")
  }

  /// GeoJSON writes a feature of no place with a null geometry, where coordinates of `null`
  /// would be no valid point.
  @Test func aGeoJSONRowWithoutBothCoordinatesHasNoGeometry() throws {
    let geojson = try pieces(.geojson)
    #expect(geojson[1] == ",\n  {\"type\": \"Feature\", \"geometry\": null, \"properties\": {\"zip\": \"99950\"}}")
  }

  @Test func aResultWithoutRowsPrintsItsHeaderOrAnEmptyCollection() throws {
    #expect(try pieces(.csv, rows: []) == ["zip,lat,lon\r\n"])
    #expect(try pieces(.tsv, rows: []) == ["zip\tlat\tlon\n"])
    #expect(try pieces(.json, rows: []) == ["[]\n"])
    #expect(try pieces(.ndjson, rows: []) == [""])
    #expect(try pieces(.geojson, rows: []) == ["{\"type\": \"FeatureCollection\", \"features\": [\n\n]}\n"])
    #expect(try pieces(.table, rows: []) == ["zip  lat  lon\n"])
  }

  @Test func aTableWithinItsFirstBatchIsTheTableOfAllItsRows() throws {
    var table = TextTable(headers: Self.columns, rightAligned: [1, 2])
    table.rows = [["01001", "42.0702", "-72.6227"], ["99950", "55.5424", ""]]
    #expect(try pieces(.table) == ["", "", table.render()])
    #expect(try pieces(.table, tableBatchSize: 2) == ["", table.render(), ""])
  }

  @Test func aTablePrintsRowsAfterItsFirstBatchInItsColumnsAndWiderValuesWhole() throws {
    let rows: [[DatabaseValue]] = [
      [.text("01001"), .real(42.0702), .real(-72.6227)],
      [.text("9995"), .real(5.5), .real(-131.4325)],
      [.text("123456789"), .text("north"), .integer(1)],
    ]
    #expect(
      try pieces(.table, rows: rows, tableBatchSize: 1) == [
        "zip        lat       lon\n01001  42.0702  -72.6227\n",
        "9995       5.5  -131.4325\n",
        "123456789    north         1\n",
        "",
      ])
  }

  @Test func aFailedStatementShowsTheRowsReadAndLeavesTheOutputOpen() throws {
    var table = try ResultWriter(columns: Self.columns, format: .table)
    #expect(table.add(Self.rows[0]) == "")
    #expect(table.abandon() == "zip        lat       lon\n01001  42.0702  -72.6227\n")
    var json = try ResultWriter(columns: Self.columns, format: .json)
    _ = json.add(Self.rows[0])
    #expect(json.abandon() == "")
  }

  @Test func csvQuotesEveryLineBreakAndQuoteAndTSVKeepsEachRowOnOneLine() {
    // "\r\n" is one Character, and so is a quote followed by a combining accent.
    #expect(ResultWriter.csvField("a\r\nb") == "\"a\r\nb\"")
    #expect(ResultWriter.csvField("\"\u{301}") == "\"\"\"\u{301}\"")
    #expect(ResultWriter.csvField("Zürich") == "Zürich")
    #expect(ResultWriter.tsvField("a\r\nb\tc") == "a  b c")
    #expect(ResultWriter.tsvField("Zürich") == "Zürich")
  }

  @Test func geoJSONWithoutCoordinatesIsRefusedBeforeAnythingIsPrinted() {
    #expect(throws: UsageError.self) { try ResultWriter(columns: ["zip", "place"], format: .geojson) }
    #expect(throws: Never.self) { try ResultWriter(columns: ["zip", "place"], format: .csv) }
  }
}
