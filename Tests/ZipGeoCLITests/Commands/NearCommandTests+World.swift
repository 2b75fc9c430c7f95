import Foundation
import TestSupport
import Testing

/// `zipgeo near` over the whole world prints its answer as it reads it, band by band: memory
/// holds the rows near the search's frontier, not the 1.8 million rows (1.38 GB, nine times the
/// bytes they print, and a segfault under an 800 MB limit, when the answer was made first).
@Suite struct NearCommandWorldTests {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")

  @Test func aWorldWideRadiusIsPrintedInMemoryThatDoesNotGrowWithTheAnswer() throws {
    let format = "csv"
    let temporary = try TemporaryFolder()
    let world = try WorldDatabase.path()
    /// `near 0,0 --km KM`: its peak resident memory, and where its output is.
    func near(km: String) throws -> (peak: Int, output: String) {
      let (output, errors) = (temporary.path("out-\(km)"), temporary.path("err-\(km)"))
      let run = try MeasuredRun(
        Self.zipgeo, ["near", "0,0", "--km", km, "--format", format, "--kind", "all", "--db", world],
        standardOutput: output, standardError: errors)
      #expect(run.exitCode == 0, "\((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
      return (run.peakResidentBytes, output)
    }
    // The same search over a few rows: what any search holds, whatever it prints.
    let few = try near(km: "10")
    let all = try near(km: "30000")
    let printed = try #require(try FileManager.default.attributesOfItem(atPath: all.output)[.size] as? Int)
    #expect(
      all.peak - few.peak < 2 * printed,
      "peak \(few.peak >> 20) MB for 10 km, \(all.peak >> 20) MB for the world (\(printed >> 20) MB printed)")
    // A header and every row of the world, nearest first.
    let (lines, ordered) = try OrderedOutput.check(
      path: all.output, separator: UInt8(ascii: format == "csv" ? "," : " "))
    let rows = try runCommand(Self.zipgeo, ["sql", "SELECT count(*) FROM zips", "--format", "tsv", "--db", world])
    #expect(lines == (Int(rows.out.split(separator: "\n").last ?? "") ?? -1) + 1, "\(rows.out)")
    #expect(ordered)
  }

  /// A table of more rows than it measures its columns on: every row, in the first rows' columns.
  @Test func aTableOfManyRowsIsPrintedWholeInTheColumnsOfItsFirstRows() throws {
    let temporary = try TemporaryFolder()
    let db = temporary.path("us.db")
    _ = try runCommand(Self.zipgeo, ["import", zipsCSVPath, "--db", db, "--quiet"])
    let result = try runCommand(Self.zipgeo, ["near", "75075", "--km", "1500", "--db", db])
    let csv = try runCommand(Self.zipgeo, ["near", "75075", "--km", "1500", "--db", db, "--format", "csv"])
    #expect(result.status == 0 && csv.status == 0)
    let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    let rows = csv.out.split(separator: "\r\n", omittingEmptySubsequences: false).dropLast().dropFirst()
    #expect(lines.count == rows.count + 1 && rows.count > 5_000, "\(lines.count) \(rows.count)")
    // The zips in the same order, and the distance column where the header put it.
    #expect(lines.dropFirst().map { $0.split(separator: " ")[0] } == rows.map { $0.split(separator: ",")[0] })
    // The header and the first 1,000 rows were measured together: one width; a later row is as
    // wide, or wider where a value did not fit its column.
    let width = lines[0].count
    #expect(lines.prefix(1001).allSatisfy { $0.count == width })
    #expect(lines.allSatisfy { $0.count >= width })
  }
}
