import Foundation
import TestSupport
import Testing

/// Every shell example of README.md and of the docs pages that have them (`pages`), run in order
/// as a user would type them, in a folder where `data/` and `Tests/` are the repository's: each
/// prints exactly what its page shows.
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
  /// The pages whose shell examples run, in this order, one after another in one folder: README,
  /// then the command line's manual (whose examples import what the later ones read), then the
  /// database's page.
  static let pages = ["README.md", "docs/cli.md", "docs/data.md"]

  struct Example: CustomStringConvertible {
    var command: String
    var output: [String] = []
    /// The page and line the command is on.
    var page: String
    var line: Int
    var description: String { "\(page):\(line): \(command)" }
  }

  /// The examples, in the order the pages give them.
  static func examples() throws -> [Example] {
    var examples: [Example] = []
    for page in pages {
      let text = try String(contentsOf: EndToEndTests.repository.appendingPathComponent(page), encoding: .utf8)
      for block in fencedBlocks(of: text) {
        // Output lines belong to the last command of the same block.
        var collecting = false
        for (number, line) in block {
          if line.hasPrefix("$ ") {
            let command = String(line.dropFirst(2))
            collecting = !isInteractive(command)
            if collecting { examples.append(Example(command: command, page: page, line: number)) }
          } else if collecting {
            examples[examples.count - 1].output.append(line)
          }
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

  @Test func everyShellExampleOfTheReadmeAndTheDocsPrintsWhatItShows() throws {
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

  /// README is the door: it links every page of docs/; every relative link of README and the
  /// pages leads to a file that exists, and every `#anchor` to a heading of it.
  @Test func theReadmeLinksEveryPageAndEveryLinkOfEveryPageLeadsSomewhere() throws {
    let repository = EndToEndTests.repository
    let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
    let docs = try FileManager.default.contentsOfDirectory(atPath: repository.appendingPathComponent("docs").path)
      .filter { $0.hasSuffix(".md") }.sorted()
    #expect(docs.count >= 8)
    for page in docs { #expect(readme.contains("](docs/\(page)"), "README links docs/\(page)") }
    /// GitHub's anchor of a heading: lower case, spaces as hyphens, other punctuation left out.
    func anchor(_ heading: Substring) -> String {
      String(
        heading.lowercased().compactMap {
          $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil
        })
    }
    var broken: [String] = []
    for page in ["README.md"] + docs.map({ "docs/" + $0 }) {
      let url = repository.appendingPathComponent(page)
      let text = try String(contentsOf: url, encoding: .utf8)
      for match in text.matches(of: /\]\(([^)\s]+)\)/) {
        let target = String(match.1)
        if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = parts[0].isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(String(parts[0]))
        guard FileManager.default.fileExists(atPath: file.path) else {
          broken.append("\(page): \(target)")
          continue
        }
        if parts.count == 2, file.pathExtension == "md" {
          let headings = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
            .filter { $0.hasPrefix("#") }.map { anchor($0.drop { $0 == "#" }.drop { $0 == " " }) }
          if !headings.contains(String(parts[1])) { broken.append("\(page): \(target)") }
        }
      }
    }
    #expect(broken.isEmpty, "\(broken)")
  }
}
