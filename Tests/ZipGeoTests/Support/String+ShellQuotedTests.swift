import Foundation
import Testing

@testable import ZipGeo

struct ShellQuotedTests {
  @Test(arguments: [
    ("zipgeo.db", "zipgeo.db"), ("/srv/data/zip-geo_2.db", "/srv/data/zip-geo_2.db"), ("", "''"),
    ("sp ace/z.db", "'sp ace/z.db'"), ("it's.db", #"'it'\''s.db'"#), ("$HOME.db", "'$HOME.db'"),
    ("a;rm -rf b", "'a;rm -rf b'"), ("'", #"''\'''"#), ("Zürich.db", "'Zürich.db'"),
  ])
  func aPathInAPrintedCommandIsOneShellWordThatMeansItself(path: String, word: String) throws {
    #expect(path.shellQuoted == word)
    // The shell reads the word back as the path.
    let echoed = try runShell("printf %s \(word)")
    #expect(echoed == path)
  }

  func runShell(_ command: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
