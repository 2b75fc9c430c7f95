import CSV
import SQLiteKit
import Testing

@testable import ZipGeoCLI

@Suite struct AppendedColumnsWriterTests {
  static let header = CSVRecord(line: 1, fields: ["id", "Lat", "note"], text: "id,\"Lat\",note")
  static let row = CSVRecord(line: 2, fields: ["1", "x", "a, \"b\""], text: "\"1\",x,\"a, \"\"b\"\"\"")

  @Test func csvGivesEachLineBackAsWrittenWithTheNewFieldsQuotedWhereTheyNeedIt() throws {
    var writer = try AppendedColumnsWriter(header: Self.header, appending: ["place", "lat"], format: .csv)
    #expect(writer.appended == ["place", "zipgeo_lat"])
    #expect(
      writer.add(Self.row, [.text("Washington, DC"), .real(38.9)])
        == "id,\"Lat\",note,place,zipgeo_lat\r\n\"1\",x,\"a, \"\"b\"\"\",\"Washington, DC\",38.9\r\n")
    #expect(writer.finish() == "")
  }

  @Test func aFileWithoutRowsStillHasItsHeader() throws {
    var writer = try AppendedColumnsWriter(header: Self.header, appending: ["place"], format: .csv)
    #expect(writer.finish() == "id,\"Lat\",note,place\r\n")
  }

  @Test func aNewColumnNamedAsAnInputColumnTakesAPrefixUntilItIsNone() {
    #expect(
      AppendedColumnsWriter.names(["zip", "lat", "lon", "reason"], besides: ["ZIP", "zipgeo_zip", "lon"])
        == ["zipgeo_zipgeo_zip", "lat", "zipgeo_lon", "reason"])
  }

  @Test func geoJSONTakesItsPointFromTheAppendedColumnsAndARowWithoutOneHasNoGeometry() throws {
    var writer = try AppendedColumnsWriter(
      header: Self.header, appending: ["lat", "lon"], format: .geojson, point: (0, 1))
    let located = writer.add(Self.row, [.real(1.5), .real(2.5)])
    #expect(
      located.contains(
        "\"coordinates\": [2.5, 1.5]}, \"properties\": {\"id\": \"1\", \"Lat\": \"x\", \"note\": \"a, \\\"b\\\"\"}"))
    #expect(
      writer.add(Self.row, [.null, .null]).contains("{\"type\": \"Feature\", \"geometry\": null, \"properties\": {"))
    #expect(throws: UsageError.self) {
      try AppendedColumnsWriter(header: Self.header, appending: ["d"], format: .geojson)
    }
  }
}
