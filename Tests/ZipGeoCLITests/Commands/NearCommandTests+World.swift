import Foundation
import TestSupport
import Testing

/// `zipgeo near` over the whole world prints its answer as it reads it, band by band: memory
/// holds one band, not the 1.8 million rows (1.38 GB, and a segfault under an 800 MB limit, when
/// the answer was made first).
@Suite struct NearCommandWorldTests {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")

  @Test(arguments: ["csv", "table"])
  func aWorldWideRadiusIsPrintedInBoundedMemory(format: String) throws {
    let temporary = try TemporaryFolder()
    let output = temporary.path("out")
    let errors = temporary.path("err")
    let run = try MeasuredRun(
      Self.zipgeo, ["near", "0,0", "--km", "30000", "--format", format, "--db", try WorldDatabase.path()],
      standardOutput: output, standardError: errors)
    #expect(run.exitCode == 0, "\((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")")
    #expect(run.peakResidentBytes < 200 << 20, "peak resident memory \(run.peakResidentBytes >> 20) MB")
    // A header and every row of the world, nearest first.
    let text = try String(contentsOfFile: output, encoding: .utf8)
    var lines = 0
    var last = -1.0
    var ordered = true
    text.enumerateLines { line, _ in
      lines += 1
      guard lines > 1 else { return }
      let field = format == "csv" ? line.split(separator: ",").last : line.split(separator: " ").last
      let distance = field.flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? -1
      if distance < last { ordered = false }
      last = distance
    }
    #expect(lines == 1_826_607 + 1)
    #expect(ordered)
  }
}
