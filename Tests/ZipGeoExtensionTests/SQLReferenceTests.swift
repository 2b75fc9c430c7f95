import Foundation
import TestSupport
import Testing

/// docs/sql.md's `sqlite>` examples, run in the stock shell with the extension loaded on a zipgeo
/// database of data/zips.csv (or of data/world.txt.xz after `.open world.db`): each prints
/// exactly what the page shows.
@Suite struct SQLReferenceTests {
  static let page = ExtensionTests.testsFolder.appendingPathComponent("../../docs/sql.md")

  /// One example: the SQL typed (continuation lines joined) and the lines the page shows after it.
  struct Example: CustomStringConvertible {
    var sql: String
    var output: [String] = []
    /// The database a `.open` line of the block named, or `nil` for the page's zipgeo.db.
    var database: String? = nil
    /// Whether the page's session has loaded the extension by then: `.open` makes a new
    /// connection, which has no zipgeo functions until it loads them again.
    var loaded = true
    var description: String { sql }
  }

  /// Every `sqlite>` command in a fenced block, with the output lines that follow it up to the
  /// next command or the end of the block (indentation of list items removed). `.load` lines
  /// are the reader's own step; the test loads the built library itself. `.open world.db` makes
  /// the examples after it in its block run on the world database.
  static func examples() throws -> [Example] {
    var examples: [Example] = []
    var loaded = false
    for block in fencedBlocks(of: try String(contentsOf: page, encoding: .utf8)) {
      // Output lines belong to the last command of the same block.
      var collecting = false
      var database: String?
      for (_, line) in block {
        if line.hasPrefix("sqlite> ") {
          let sql = String(line.dropFirst("sqlite> ".count))
          if sql.hasPrefix(".open ") {
            database = String(sql.dropFirst(".open ".count))
            loaded = false
          }
          if sql.hasPrefix(".load") { loaded = true }
          collecting = !sql.hasPrefix(".load") && !sql.hasPrefix(".open")
          if collecting { examples.append(Example(sql: sql, database: database, loaded: loaded)) }
        } else if line.hasPrefix("   ...> "), collecting {
          examples[examples.count - 1].sql += "\n" + line.dropFirst("   ...> ".count)
        } else if collecting {
          examples[examples.count - 1].output.append(line)
        }
      }
    }
    return examples
  }

  @Test func everyExampleOfTheSQLReferencePrintsWhatThePageShows() throws {
    let temporary = try TemporaryFolder()
    let db = temporary.path("zipgeo.db")
    let imported = try runCommand(ExtensionTests.zipgeo, ["import", zipsCSVPath, "--db", db])
    try #require(imported.status == 0, "\(imported.err)")
    // The page's example of a table zipgeo did not make: TEXT coordinates, as sqlite-utils makes them.
    let foreign = temporary.path("foreign.db")
    _ = try runCommand(
      ExtensionTests.sqlite3, [foreign, "CREATE TABLE zips (zip TEXT, lat TEXT, lon TEXT, cell INTEGER)"])
    let examples = try Self.examples()
    #expect(examples.count >= 20)
    for example in examples {
      #expect(example.loaded, "\(example.sql): the page's session has no zipgeo functions here (.load it after .open)")
      let database =
        example.database == "world.db"
        ? try WorldDatabase.path() : example.output.contains { $0.contains("cannot be searched") } ? foreign : db
      // Read from standard input, as typed; the shell then says "near line 1", which the
      // interactive prompt leaves out.
      let result = try runCommand(
        ExtensionTests.sqlite3, ["-cmd", ".load \(ExtensionTests.loadPath)", database], input: example.sql + "\n",
        environment: [:])
      let printed = (result.out + result.err).replacingOccurrences(of: " near line 1:", with: ":")
        .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(Array(printed.dropLast()) == example.output, "\(example.sql)")
    }
  }
}
