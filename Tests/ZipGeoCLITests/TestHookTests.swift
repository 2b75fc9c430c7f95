import Foundation
import TestSupport
import Testing

/// `ZIPGEO_TEST_HOOK` can make `zipgeo` kill itself: it must be in the tests' debug builds only.
/// The hook's source is compiled here as SwiftPM compiles each configuration (debug: `-Onone -D
/// DEBUG`; release: `-O`, whole module, no `DEBUG`), beside a main that asks for a kill, since a
/// release build of the package inside `swift test` would take minutes.
@Suite struct TestHookTests {
  static let hookSource = repositoryFolder.appendingPathComponent("Sources/ZipGeoCLI/TestHook.swift").path

  /// Builds the hook with `flags` and a main that reaches `committed` with `committed=kill` in the
  /// environment it gives, and runs it.
  func runHook(_ flags: [String]) throws -> CommandResult {
    let folder = try TemporaryFolder()
    return try withExtendedLifetime(folder) {
      // The one name the hook uses from elsewhere in the CLI.
      let console = try folder.write(
        "Console.swift", "struct Console { static let standard = Console(); func err(_ text: String) {} }\n")
      let main = try folder.write(
        "main.swift",
        """
        let hook = TestHook(environment: ["ZIPGEO_TEST_HOOK": "committed=kill"])
        print(hook == nil ? "no hook" : "hook")
        hook?.reached("committed")
        print("not killed")

        """)
      let program = folder.path("hook")
      let built = try runCommand(
        URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + flags + ["-o", program, Self.hookSource, console, main],
        environment: ProcessInfo.processInfo.environment)
      try #require(built.status == 0, "swiftc (swift must be on PATH): \(built.err)")
      return try runCommand(URL(fileURLWithPath: program), [])
    }
  }

  @Test func aReleaseBuildHasNoHookWhateverTheEnvironmentSays() throws {
    let run = try runHook(["-O", "-wmo"])
    #expect(run.status == 0)
    #expect(!run.wasSignalled)
    #expect(run.out == "no hook\nnot killed\n")
  }

  /// The other half, without which the test above could pass by never reading the variable.
  @Test func aDebugBuildActsOnTheHook() throws {
    let run = try runHook(["-Onone", "-D", "DEBUG"])
    #expect(run.wasSignalled)
    // Killed before its buffered output was written: nothing after the hook ran.
    #expect(!run.out.contains("not killed"))
  }
}
