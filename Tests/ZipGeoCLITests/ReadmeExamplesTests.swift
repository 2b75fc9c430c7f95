import Foundation
import TestSupport
import Testing

/// Every shell example of README.md, run in order as a user would type it, in a folder where
/// `data/` and `Tests/` are the repository's: each prints exactly what README shows.
///
/// A `$ ` line in a fenced block is a command, the lines after it (to the next command or the
/// end of the block) what it prints, standard output and error together. A `$ cat FILE` example
/// writes FILE with the lines it shows, so the commands after it read what README shows. Run
/// times (`0.20 s`) and import dates are compared as `N s` and `TIME`, CRLF as LF. Interactive `sqlite3` sessions (a `$ sqlite3 DB` line
/// with no SQL) are docs/sql.md's to check (SQLReferenceTests), and `.load` lines need the
/// reader's own path, so those blocks are left out.
///
/// The binary runs as installed: a copy in `<prefix>/bin`, with `<prefix>/share/zipgeo` holding
/// the data files and `<prefix>/lib/zipgeo/zipgeo.so` the extension, and `HOME` the working
/// folder. README shows that prefix as `/usr/local` and the home folder as `/home/you`.
@Suite struct ReadmeExamplesTests {
  static let readme = EndToEndTests.repository.appendingPathComponent("README.md")

  struct Example: CustomStringConvertible {
    var command: String
    var output: [String] = []
    /// The line of README the command is on.
    var line: Int
    var description: String { "README.md:\(line): \(command)" }
  }

  /// The examples, in the order README gives them.
  static func examples() throws -> [Example] {
    var examples: [Example] = []
    for block in fencedBlocks(of: try String(contentsOf: readme, encoding: .utf8)) {
      // Output lines belong to the last command of the same block.
      var collecting = false
      for (number, line) in block {
        if line.hasPrefix("$ ") {
          let command = String(line.dropFirst(2))
          collecting = !isInteractive(command)
          if collecting { examples.append(Example(command: command, line: number)) }
        } else if collecting {
          examples[examples.count - 1].output.append(line)
        }
      }
    }
    return examples
  }

  /// `sqlite3 zipgeo.db` alone opens a session whose lines README shows with `sqlite>` prompts.
  static func isInteractive(_ command: String) -> Bool {
    let words = command.split(separator: " ")
    return words.first == "sqlite3" && words.count == 2
  }

  /// `Imported 41487 zip codes from data/zips.csv into zipgeo.db: 0 skipped, 0 duplicates, N s`;
  /// import times as `TIME`; CSV's CRLF line ends as README shows them.
  static func normalized(_ text: String) -> String {
    text.replacing(/\b\d+\.\d\d s\b/, with: "N s").replacing(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/, with: "TIME")
      .replacing("\r\n", with: "\n")
  }

  @Test func everyShellExampleOfTheReadmePrintsWhatItShows() throws {
    let folder = try TemporaryFolder()
    for name in ["data", "Tests"] {
      try FileManager.default.createSymbolicLink(
        at: folder.url.appendingPathComponent(name),
        withDestinationURL: EndToEndTests.repository.appendingPathComponent(name))
    }
    let prefix = try TemporaryFolder()
    try EndToEndTests.install(in: prefix)
    let examples = try Self.examples()
    #expect(examples.count > 30)
    // The installed binary, first on PATH, in a clean environment.
    let path = prefix.path("bin") + ":/usr/bin:/bin"
    for example in examples {
      if example.command.hasPrefix("cat "), !example.command.contains("|") {
        let file = String(example.command.dropFirst(4))
        try (example.output.joined(separator: "\n") + "\n").write(
          to: folder.url.appendingPathComponent(file), atomically: true, encoding: .utf8)
        continue
      }
      let result = try runCommand(
        URL(fileURLWithPath: "/bin/bash"), ["-c", example.command + " 2>&1"], in: folder.url,
        environment: ["PATH": path, "HOME": folder.url.path, "LC_ALL": "C.UTF-8"], timeLimit: 300)
      let shown = result.out.replacing(prefix.url.path, with: "/usr/local").replacing(
        folder.url.path, with: "/home/you")
      #expect(
        Self.normalized(shown) == Self.normalized(example.output.map { $0 + "\n" }.joined()),
        "\(example)")
    }
  }
}
