import Foundation
import TestSupport

/// A database of Tests/ZipGeoCLITests/World/sample.txt (DE 01945 with 9 places and 10115, AU 3000
/// and 3001, CH 3000 with 4 places, CH 6719), in a folder of its own, for the query commands.
struct WorldSample {
  let run: EndToEndTests

  init() throws {
    run = try EndToEndTests()
    let name = "sample.txt"
    try FileManager.default.copyItem(
      at: ImportCommandTests.world.appendingPathComponent(name), to: run.folder.appendingPathComponent(name))
    let imported = try run.zipgeo("import", name, "--quiet")
    guard imported.status == 0 else { throw ImportFailed(message: imported.err) }
  }

  struct ImportFailed: Error {
    let message: String
  }

  func zipgeo(_ arguments: String...) throws -> EndToEndTests.Result {
    try run.run(EndToEndTests.binary, arguments)
  }
}
