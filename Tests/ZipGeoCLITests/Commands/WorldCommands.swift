import Foundation
import TestSupport

/// The built `zipgeo` on the world database (`WorldDatabase`, imported once per test process),
/// run in a folder of its own, for the suites that query the world.
struct WorldCommands {
  let run: EndToEndTests
  /// The world database's path.
  let db: String

  init() throws {
    run = try EndToEndTests()
    db = try WorldDatabase.path()
  }

  /// `zipgeo ARGUMENTS --db WORLD`.
  func zipgeo(_ arguments: String..., environment: [String: String] = [:]) throws -> EndToEndTests.Result {
    try zipgeo(arguments, environment: environment)
  }

  func zipgeo(_ arguments: [String], environment: [String: String] = [:]) throws -> EndToEndTests.Result {
    try run.run(EndToEndTests.binary, arguments + ["--db", db], environment: environment)
  }
}
