import Foundation
import TestSupport
import Testing

/// Tables show a row's accuracy where it is below its country's usual one, and only there: a
/// database that knows no usual accuracy (data/zips.csv has no accuracy column) shows no column.
@Suite struct AccuracyColumnTests {
  /// DE 10115-10117 at accuracy 4, DE's usual; 10118 at 1, estimated; 10119 with none.
  static let lines =
    [
      ["DE", "10115", "Berlin", "Berlin", "BE", "", "00", "Berlin, Stadt", "11000", "52.5323", "13.3846", "4"],
      ["DE", "10116", "Berlin", "Berlin", "BE", "", "00", "Berlin, Stadt", "11000", "52.5333", "13.3850", "4"],
      ["DE", "10117", "Berlin", "Berlin", "BE", "", "00", "Berlin, Stadt", "11000", "52.5170", "13.3872", "4"],
      ["DE", "10118", "Berlin", "Berlin", "BE", "", "00", "Berlin, Stadt", "11000", "52.5200", "13.3900", "1"],
      ["DE", "10119", "Berlin", "Berlin", "BE", "", "00", "Berlin, Stadt", "11000", "52.5300", "13.4000", ""],
    ].map { $0.joined(separator: "\t") }.joined(separator: "\n") + "\n"

  let run: EndToEndTests

  init() throws {
    run = try EndToEndTests()
    try Self.lines.write(to: run.folder.appendingPathComponent("de.txt"), atomically: true, encoding: .utf8)
    let imported = try run.zipgeo("import", "de.txt", "--quiet")
    try #require(imported.status == 0, "\(imported.err)")
  }

  /// The table's rows as `zip: accuracy` (an empty string where the accuracy cell is empty).
  func accuracies(_ table: String) throws -> [String: String] {
    let lines = table.split(separator: "\n").map(String.init)
    let header = try #require(lines.first)
    let start = try #require(header.range(of: "accuracy"))
    let from = header.distance(from: header.startIndex, to: start.lowerBound)
    var found: [String: String] = [:]
    for line in lines.dropFirst() {
      // The column is right-aligned: its cells end where the header's word ends.
      let cell = line.dropFirst(from).prefix("accuracy".count)
      found[String(line.prefix { $0 != " " })] = cell.trimmingCharacters(in: .whitespaces)
    }
    return found
  }

  @Test func nearShowsTheAccuracyOfTheRowsBelowTheirCountrysUsualOnly() throws {
    let result = try run.zipgeo("near", "DE:10115", "--km", "5")
    #expect(result.status == 0, "\(result.err)")
    #expect(try accuracies(result.out) == ["10115": "", "10116": "", "10117": "", "10118": "1", "10119": ""])
  }

  @Test func nearestSearchAndInfoShowItToo() throws {
    let nearest = try run.zipgeo("nearest", "--zip", "DE:10117", "-k", "5")
    #expect(try accuracies(nearest.out)["10118"] == "1", "\(nearest.out)\(nearest.err)")
    #expect(try accuracies(nearest.out)["10117"] == "")
    let search = try run.zipgeo("search", "Berlin")
    #expect(try accuracies(search.out) == ["10115": "", "10116": "", "10117": "", "10118": "1", "10119": ""])
    // info of one place lists its accuracy among its fields whatever it is.
    let info = try run.zipgeo("info", "DE:10118")
    #expect(info.out.contains("accuracy 1"), "\(info.out)")
  }

  @Test func machineFormatsKeepTheirColumnsAndEveryAccuracy() throws {
    let csv = try run.zipgeo("near", "DE:10115", "--km", "5", "--format", "csv")
    let header = try #require(csv.out.split(separator: "\r\n").first)
    #expect(header.split(separator: ",").filter { $0 == "accuracy" }.count == 1)
    #expect(csv.out.contains(",4,") && csv.out.contains(",1,"), "\(csv.out)")
  }

  @Test func aDatabaseThatKnowsNoUsualAccuracyShowsNoColumn() throws {
    let other = try EndToEndTests()
    let imported = try other.zipgeo("import", EndToEndTests.zipsCSV, "--quiet")
    try #require(imported.status == 0)
    let near = try other.zipgeo("near", "75075", "--km", "3")
    #expect(near.status == 0 && !near.out.contains("accuracy"), "\(near.out)")
    let search = try other.zipgeo("search", "Plano")
    #expect(search.status == 0 && !search.out.contains("accuracy"), "\(search.out)")
  }
}
