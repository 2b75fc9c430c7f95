import Foundation
import TestSupport
import Testing

/// scripts/install.sh and scripts/uninstall.sh, with the debug products the tests run against
/// (`--no-build --build-dir`: a `swift build` inside `swift test` would wait forever on SwiftPM's
/// lock), into temporary prefixes whose names have spaces, and what they install, run from
/// another folder in a clean environment as a user would.
@Suite struct InstallTests {
  static let installScript = EndToEndTests.repository.appendingPathComponent("scripts/install.sh")
  static let uninstallScript = EndToEndTests.repository.appendingPathComponent("scripts/uninstall.sh")
  static let bash = URL(fileURLWithPath: "/bin/bash")

  /// Every file an install puts under its prefix.
  static let installedFiles = [
    "bin/zipgeo",
    "lib/zipgeo/zipgeo.so",
    "share/zipgeo/zips.csv",
    "share/zipgeo/world.txt.xz",
    "share/zipgeo/README.md",
    "share/zipgeo/install-manifest.txt",
    "share/man/man1/zipgeo.1",
    "share/bash-completion/completions/zipgeo",
    "share/zsh/site-functions/_zipgeo",
    "share/fish/vendor_completions.d/zipgeo.fish",
  ]

  let temporary: TemporaryFolder
  /// The prefix, empty until a test installs into it.
  let prefix: URL
  /// A home of its own and a folder to work in, apart from the prefix.
  let home: URL
  let work: URL

  init() throws {
    temporary = try TemporaryFolder()
    prefix = temporary.url.appendingPathComponent("my prefix")
    home = temporary.url.appendingPathComponent("home")
    work = temporary.url.appendingPathComponent("work folder")
    for folder in [prefix, home, work] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
  }

  /// A clean environment, as `env -i HOME=<home> PATH=<prefix>/bin:/usr/bin:/bin` gives.
  var cleanEnvironment: [String: String] {
    ["HOME": home.path, "PATH": prefix.appendingPathComponent("bin").path + ":/usr/bin:/bin"]
  }

  /// Runs scripts/install.sh on the debug products, in a clean environment.
  @discardableResult
  func install(
    _ arguments: [String] = [], buildDir: URL = buildProductsFolder, environment: [String: String] = [:]
  ) throws -> CommandResult {
    try Self.withSignalsUnblocked {
      try runCommand(
        Self.bash,
        [Self.installScript.path, "--prefix", prefix.path, "--no-build", "--build-dir", buildDir.path] + arguments,
        in: work, environment: cleanEnvironment.merging(environment) { $1 }, timeLimit: 60)
    }
  }

  /// Runs `body` with no signal blocked on this thread. A child starts with the signal mask of
  /// the thread that starts it, and the test's threads block most signals (SIGTERM, SIGINT,
  /// SIGHUP among them): bash, which cannot unblock a signal, would leave each one sent to it
  /// pending, never delivered. A user's shell starts the install with none blocked.
  static func withSignalsUnblocked<T>(_ body: () throws -> T) rethrows -> T {
    var none = sigset_t()
    sigemptyset(&none)
    var previous = sigset_t()
    pthread_sigmask(SIG_SETMASK, &none, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }

  @discardableResult
  func uninstall(environment: [String: String] = [:]) throws -> CommandResult {
    try runCommand(
      Self.bash, [Self.uninstallScript.path, "--prefix", prefix.path], in: work,
      environment: cleanEnvironment.merging(environment) { $1 }, timeLimit: 60)
  }

  /// Every file and folder under `folder`, relative to it, as `find` lists them, sorted.
  func listing(_ folder: URL) throws -> [String] {
    let result = try runCommand(URL(fileURLWithPath: "/usr/bin/find"), [".", "-mindepth", "1"], in: folder)
    #expect(result.status == 0, "\(result.err)")
    return result.out.split(separator: "\n").map { String($0.dropFirst(2)) }.sorted()
  }

  /// Runs an installed program (or any on the clean `PATH`) from the work folder.
  func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws -> CommandResult {
    try runCommand(
      URL(fileURLWithPath: "/usr/bin/env"), [program] + arguments, in: work,
      environment: cleanEnvironment.merging(environment) { $1 })
  }

  func file(_ path: String) -> URL { prefix.appendingPathComponent(path) }

  /// Every file, folder and link under `folder` with its kind, mode and the link's target, then
  /// each file's SHA-256, sorted: two snapshots are equal when nothing under it changed, byte
  /// for byte.
  func snapshot(_ folder: URL) throws -> [String] {
    let result = try runCommand(
      Self.bash, ["-c", "find . -mindepth 1 -printf '%y %m %P %l\\n' && find . -type f -exec sha256sum {} +"],
      in: folder)
    #expect(result.status == 0, "\(result.err)")
    return result.out.split(separator: "\n").map(String.init).sorted()
  }

  /// Makes every folder the installed files go in, as an earlier install would have.
  func makeTheFolders() throws {
    for path in Self.installedFiles {
      try FileManager.default.createDirectory(
        at: file(path).deletingLastPathComponent(), withIntermediateDirectories: true)
    }
  }

  // MARK: - Install

  @Test func installPutsEachFileInItsPlaceAndListsItInTheManifest() throws {
    let result = try install()
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out.contains("Installed zipgeo "))
    let files = try listing(prefix).filter { !FileManager.default.isDirectory(prefix.appendingPathComponent($0)) }
    #expect(files == Self.installedFiles.sorted())
    let manifest = try String(contentsOf: file("share/zipgeo/install-manifest.txt"), encoding: .utf8)
    let listed = manifest.split(separator: "\n").filter { $0.hasPrefix("file\t") }.map { $0.split(separator: "\t")[2] }
    #expect(listed.map(String.init).sorted() == Self.installedFiles.sorted())
    #expect(FileManager.default.isExecutableFile(atPath: file("bin/zipgeo").path))
    // The data travel with where they come from and their licence.
    #expect(
      try Data(contentsOf: file("share/zipgeo/README.md"))
        == Data(contentsOf: EndToEndTests.repository.appendingPathComponent("data/README.md")))
    #expect(
      try Data(contentsOf: file("share/zipgeo/zips.csv"))
        == Data(contentsOf: URL(fileURLWithPath: EndToEndTests.zipsCSV)))
  }

  @Test func theInstalledCommandAndExtensionWorkFromAnotherFolderInACleanEnvironment() throws {
    #expect(try install().status == 0)
    // The clean PATH finds the installed zipgeo.
    #expect(try run("sh", ["-c", "command -v zipgeo"]).out == file("bin/zipgeo").path + "\n")
    let version = try run("zipgeo", ["--version"])
    #expect(version.status == 0 && version.out == "0.2.0\n", "\(version.err)")
    let zips = file("share/zipgeo/zips.csv").path
    let imported = try run("zipgeo", ["import", zips, "--db", "x.db", "--quiet"])
    #expect(imported.status == 0, "\(imported.err)")
    let near = try run("zipgeo", ["near", "75075", "--km", "10", "--db", "x.db"])
    #expect(near.status == 0, "\(near.err)")
    let lines = near.out.split(separator: "\n")
    #expect(lines.first == "zip    place       state    km")
    #expect(lines.count == 15)  // the header and 14 zip codes
    // The stock shell loads the extension by the path README gives, without the .so.
    let load = ".load '\(file("lib/zipgeo/zipgeo").path)'"
    let distance = try run("sqlite3", ["-cmd", load, ":memory:", "SELECT round(distance(33.0,-96.7,40.7,-74.0),3)"])
    #expect(distance.status == 0, "\(distance.err)")
    #expect(distance.out == "2185.616\n")
    let count = try run("sqlite3", ["-cmd", load, "x.db", "SELECT count(*) FROM zipgeo_near('75075', 10)"])
    #expect(count.status == 0 && count.out == "14\n", "\(count.err)")
  }

  @Test func theInstalledCompletionScriptsAreValidForTheirShellsAndNameEveryCommand() throws {
    #expect(try install().status == 0)
    let commands = ["import", "near", "nearest", "distance", "info", "sql", "countries"]
    let scripts = [
      ("bash", "share/bash-completion/completions/zipgeo", "/bin/bash"),
      ("zsh", "share/zsh/site-functions/_zipgeo", "/usr/bin/zsh"),
      ("fish", "share/fish/vendor_completions.d/zipgeo.fish", "/usr/bin/fish"),
    ]
    for (shell, path, checker) in scripts {
      let script = try String(contentsOf: file(path), encoding: .utf8)
      #expect(script == (try run("zipgeo", ["--generate-completion-script", shell]).out))
      for command in commands { #expect(script.contains(command), "\(shell) completion lacks \(command)") }
      // zsh and fish are optional on a build machine; bash is not.
      guard shell == "bash" || FileManager.default.isExecutableFile(atPath: checker) else { continue }
      let check = try runCommand(URL(fileURLWithPath: checker), ["-n", file(path).path])
      #expect(check.status == 0, "\(shell): \(check.err)")
    }
    // bash completes the installed command's subcommands.
    let completion = try run(
      "bash",
      [
        "-c", "source \"$1\"; COMP_WORDS=(zipgeo ne); COMP_CWORD=1; _zipgeo; echo \"${COMPREPLY[*]}\"", "bash",
        file("share/bash-completion/completions/zipgeo").path,
      ])
    #expect(completion.out == "near nearest\n", "\(completion.err)")
  }

  @Test func theInstalledManualRendersWithoutWarningsAndDocumentsEveryCommandAndOption() throws {
    #expect(try install().status == 0)
    let page = file("share/man/man1/zipgeo.1").path
    let groff = try run("groff", ["-man", "-ww", "-z", page])
    #expect(groff.status == 0 && groff.err.isEmpty, "\(groff.err)")
    let man = try run("man", ["-l", page], environment: ["MANWIDTH": "80"])
    #expect(man.status == 0 && man.err.isEmpty, "\(man.err)")
    let text = man.out
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES"] {
      #expect(text.contains("\n\(section)\n"), "no \(section)")
    }
    for section in ["EXIT STATUS", "EXAMPLES", "SEE ALSO"] { #expect(text.contains("\n\(section)\n"), "no \(section)") }
    for command in ["import", "near", "nearest", "distance", "info", "search", "sql", "countries", "home", "where"] {
      #expect(text.contains("\n       zipgeo \(command) "), "\(command) has no synopsis")
      #expect(text.contains("\n   \(command)\n"), "\(command) has no section")
    }
    // Every option the help of near lists, as it lists it.
    let help = try run("zipgeo", ["near", "--help"]).out
    let options = help.components(separatedBy: "\nOPTIONS:\n")[1].components(separatedBy: "\n\n")[0]
      .split(separator: "\n").map { $0.drop { $0 == " " } }.map { $0.components(separatedBy: "  ")[0] }
    #expect(options.count == 11)
    for option in options { #expect(text.contains("       \(option)\n"), "no \(option)") }
    // FILES names the prefix it was installed under (a long one broken after a slash).
    #expect(text.replacing(/\n +/, with: "").contains("\(prefix.path)/lib/zipgeo/zipgeo.so"))
  }

  @Test func manFindsTheInstalledManualThroughPath() throws {
    #expect(try install().status == 0)
    let man = try run("man", ["zipgeo"], environment: ["MANWIDTH": "80"])
    #expect(man.status == 0, "\(man.err)")
    #expect(man.out.hasPrefix("ZIPGEO(1)"))
  }

  @Test func destdirStagesTheFilesUnderItWhileTheManualNamesThePrefix() throws {
    let stage = temporary.url.appendingPathComponent("package root")
    let result = try runCommand(
      Self.bash,
      [
        Self.installScript.path, "--prefix", "/usr/local", "--no-build", "--build-dir", buildProductsFolder.path,
      ],
      in: work, environment: cleanEnvironment.merging(["DESTDIR": stage.path]) { $1 })
    #expect(result.status == 0, "\(result.err)")
    let staged = stage.appendingPathComponent("usr/local")
    let files = try listing(staged).filter { !FileManager.default.isDirectory(staged.appendingPathComponent($0)) }
    #expect(files == Self.installedFiles.sorted())
    let manual = try String(contentsOf: staged.appendingPathComponent("share/man/man1/zipgeo.1"), encoding: .utf8)
    #expect(manual.contains("/\\:usr/\\:local/lib/zipgeo/zipgeo.so"))
    #expect(!manual.contains(stage.path))
    let version = try runCommand(staged.appendingPathComponent("bin/zipgeo"), ["--version"], environment: [:])
    #expect(version.out == "0.2.0\n")
    let removed = try runCommand(
      Self.bash, [Self.uninstallScript.path, "--prefix", "/usr/local"], in: work,
      environment: cleanEnvironment.merging(["DESTDIR": stage.path]) { $1 })
    #expect(removed.status == 0, "\(removed.err)")
    #expect(try listing(staged).isEmpty)
  }

  // MARK: - Failures

  @Test func anInstallFromABuildFolderWithoutTheBinaryLeavesThePrefixUnchanged() throws {
    try FileManager.default.createDirectory(at: file("bin"), withIntermediateDirectories: true)
    let build = temporary.url.appendingPathComponent("build")
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: buildProductsFolder.appendingPathComponent("libZipgeo.so"), to: build.appendingPathComponent("libZipgeo.so"))
    let before = try listing(prefix)
    let result = try install(buildDir: build)
    #expect(result.status == 1)
    #expect(result.err == "install.sh: no zipgeo binary in '\(build.path)'; nothing was installed\n")
    #expect(try listing(prefix) == before)
  }

  @Test func anInstallThatCannotMakeAFolderLeavesThePrefixUnchanged() throws {
    // share/man is a file: share/man/man1 cannot be made, after bin, lib/zipgeo and share/zipgeo were.
    try FileManager.default.createDirectory(at: file("share"), withIntermediateDirectories: true)
    try Data("not a folder\n".utf8).write(to: file("share/man"))
    let before = try listing(prefix)
    let result = try install()
    #expect(result.status == 1)
    #expect(
      result.err.hasSuffix("install.sh: cannot create folder '\(prefix.path)/share/man'; nothing was installed\n"))
    #expect(try listing(prefix) == before)
  }

  @Test func aBinaryThatCannotWriteTheManualLeavesThePrefixUnchanged() throws {
    let build = temporary.url.appendingPathComponent("build")
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: buildProductsFolder.appendingPathComponent("libZipgeo.so"), to: build.appendingPathComponent("libZipgeo.so"))
    let zipgeo = try temporary.write("build/zipgeo", "#!/bin/sh\necho 'Error: broken' >&2\nexit 1\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: zipgeo)
    let result = try install(buildDir: build)
    #expect(result.status == 1)
    #expect(result.err.contains("--generate-manual' failed; nothing was installed"))
    #expect(try listing(prefix).isEmpty)
  }

  // MARK: - Symbolic links

  /// The temporary beside each file was `<file>.install-tmp.<pid>`, a name anyone who can write
  /// to the folder could guess, and the install wrote through a link planted there. `exec`
  /// keeps the pid, so the links here are at exactly those names.
  @Test func anInstallNeverWritesThroughALinkPlantedWhereItMakesItsTemporaryFiles() throws {
    try makeTheFolders()
    let victim = temporary.url.appendingPathComponent("victim")
    try Data("keep me\n".utf8).write(to: victim)
    let plant = """
      victim=$1 prefix=$2
      shift 2
      echo $$ >"$victim.pid"
      for file in \(Self.installedFiles.joined(separator: " ")); do ln -s "$victim" "$prefix/$file.install-tmp.$$"; done
      exec /bin/bash "$@"
      """
    let result = try runCommand(
      Self.bash,
      [
        "-c", plant, "bash", victim.path, prefix.path, Self.installScript.path, "--prefix", prefix.path, "--no-build",
        "--build-dir", buildProductsFolder.path,
      ],
      in: work, environment: cleanEnvironment, timeLimit: 60)
    #expect(result.status == 0, "\(result.err)")
    #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me\n")
    let pid = try String(contentsOfFile: victim.path + ".pid", encoding: .utf8).dropLast()
    for path in Self.installedFiles {
      let planted = file(path + ".install-tmp.\(pid)")
      #expect(
        (try? FileManager.default.destinationOfSymbolicLink(atPath: planted.path)) == victim.path,
        "\(planted.lastPathComponent) is no longer the link planted")
      let kind = try FileManager.default.attributesOfItem(atPath: file(path).path)[.type] as? FileAttributeType
      #expect(kind == .typeRegular, "\(path) is not a file of its own")
    }
    #expect(
      try Data(contentsOf: file("bin/zipgeo")) == Data(contentsOf: buildProductsFolder.appendingPathComponent("zipgeo"))
    )
  }

  /// The prefix's folders, with a link where bin/zipgeo goes (to a script of the user's, `mine`)
  /// and one where the manual goes (to a folder, `folder`).
  func plantLinksWhereFilesGo() throws -> (mine: String, folder: URL) {
    try makeTheFolders()
    let mine = try temporary.write("my zipgeo", "#!/bin/sh\necho mine\n")
    let folder = temporary.url.appendingPathComponent("a folder")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: file("bin/zipgeo").path, withDestinationPath: mine)
    try FileManager.default.createSymbolicLink(at: file("share/man/man1/zipgeo.1"), withDestinationURL: folder)
    return (mine, folder)
  }

  /// A link where a file goes (a zipgeo of your own elsewhere, or a link to a folder) is replaced
  /// by the installed file, as `install` and `mv` replace one: never written through, nor
  /// renamed into the folder it leads to.
  @Test func anInstallReplacesALinkWhereAFileGoesWithoutFollowingIt() throws {
    let (mine, folder) = try plantLinksWhereFilesGo()
    let result = try install()
    #expect(result.status == 0, "\(result.err)")
    #expect(try String(contentsOfFile: mine, encoding: .utf8) == "#!/bin/sh\necho mine\n")
    #expect(try listing(folder).isEmpty)
    for path in ["bin/zipgeo", "share/man/man1/zipgeo.1"] {
      let kind = try FileManager.default.attributesOfItem(atPath: file(path).path)[.type] as? FileAttributeType
      #expect(kind == .typeRegular, "\(path) is not a file of its own")
    }
    #expect(
      try Data(contentsOf: file("bin/zipgeo")) == Data(contentsOf: buildProductsFolder.appendingPathComponent("zipgeo"))
    )
  }

  // MARK: - Signals

  static let signalNumbers: [String: Int32] = ["TERM": SIGTERM, "INT": SIGINT, "HUP": SIGHUP]

  /// A build folder of small products of their own, `name` in their bytes: a zipgeo that runs
  /// the real one (so that it writes the manual and the completions) and an extension that is
  /// only text. Installs from two of them differ, and copy less than the debug products.
  func smallBuild(_ name: String) throws -> URL {
    let build = temporary.url.appendingPathComponent("\(name) build")
    try FileManager.default.createDirectory(at: build, withIntermediateDirectories: true)
    let real = buildProductsFolder.appendingPathComponent("zipgeo").path
    let zipgeo = try temporary.write("\(name) build/zipgeo", "#!/bin/sh\n# the \(name) zipgeo\nexec '\(real)' \"$@\"\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: zipgeo)
    try temporary.write("\(name) build/libZipgeo.so", "the \(name) extension\n")
    return build
  }

  /// Stops an install from `build` with `signal` at each file: once the file it replaces (if
  /// any) is kept aside, before the rename into place; and before the first and the last
  /// temporary copy is made. Each must exit 128 + the signal's number, with `folder` exactly
  /// as it was before.
  func expectInstallsStoppedAtEachFileChangeNothing(under folder: URL, from build: URL, signal: String) throws {
    let number = try #require(Self.signalNumbers[signal])
    let count = Self.installedFiles.count
    let steps = (1...count).map { "place \($0)" } + ["copy 1", "copy \(count)"]
    let before = try snapshot(folder)
    for step in steps {
      let result = try install(buildDir: build, environment: ["ZIPGEO_INSTALL_TEST_HOOK": "\(step) \(signal)"])
      #expect(result.status == 128 + number && !result.wasSignalled, "\(step): \(result.err)")
      #expect(result.err == "install.sh: stopped by SIG\(signal); nothing was installed\n", "\(step)")
      #expect(try snapshot(folder) == before, "\(step)")
    }
  }

  /// The prefix does not exist yet: a stopped install removes it again with every folder it made.
  @Test(arguments: ["TERM", "INT", "HUP"])
  func anInstallStoppedByASignalAtAnyFileLeavesNoPrefixBehind(signal: String) throws {
    try FileManager.default.removeItem(at: prefix)
    let build = try smallBuild("newer")
    try expectInstallsStoppedAtEachFileChangeNothing(under: temporary.url, from: build, signal: signal)
    #expect(!FileManager.default.fileExists(atPath: prefix.path))
  }

  /// Over an older install, a stopped install puts back each file it replaced, the manifest
  /// among them, and the older install still uninstalls.
  @Test(arguments: ["TERM", "INT", "HUP"])
  func anInstallStoppedByASignalAtAnyFileLeavesTheOlderInstallAsItWas(signal: String) throws {
    let older = try install(buildDir: smallBuild("older"))
    #expect(older.status == 0, "\(older.err)")
    try expectInstallsStoppedAtEachFileChangeNothing(under: prefix, from: smallBuild("newer"), signal: signal)
    let uninstalled = try uninstall()
    #expect(uninstalled.status == 0, "\(uninstalled.err)")
    #expect(try listing(prefix).isEmpty)
  }

  /// A link where a file goes is put back by a stopped install: renamed aside before the file
  /// takes its place (bin/zipgeo, the first file), or while it is still aside (the manual, the
  /// sixth, when the install stops before renaming it).
  @Test func anInstallStoppedByASignalPutsBackALinkWhereAFileGoes() throws {
    _ = try plantLinksWhereFilesGo()
    let before = try snapshot(temporary.url)
    for step in ["place 1", "place 6", "place 10"] {
      let result = try install(environment: ["ZIPGEO_INSTALL_TEST_HOOK": "\(step) TERM"])
      #expect(result.status == 128 + SIGTERM, "\(step): \(result.err)")
      #expect(try snapshot(temporary.url) == before, "\(step)")
    }
  }

  /// A signal the install does not catch still ends it only after the same rollback: bash runs
  /// its exit trap first, and the install, not done, undoes what it did.
  @Test func anInstallEndedByASignalItDoesNotCatchLeavesTheOlderInstallAsItWas() throws {
    #expect(try install(buildDir: smallBuild("older")).status == 0)
    let before = try snapshot(prefix)
    for step in ["copy 10", "place 5"] {
      let result = try install(
        buildDir: smallBuild("newer"), environment: ["ZIPGEO_INSTALL_TEST_HOOK": "\(step) USR1"])
      #expect(result.wasSignalled && result.status == SIGUSR1, "\(step): \(result.err)")
      #expect(try snapshot(prefix) == before, "\(step)")
    }
  }

  /// SIGKILL cannot be caught: an install killed by it leaves its lock, and beside the files the
  /// temporary copies not yet in place and the files replaced, under the names README gives.
  @Test func anInstallKilledBySIGKILLLeavesItsLockAndItsFilesAsideUnderNamesOfTheirOwn() throws {
    #expect(try install(buildDir: smallBuild("older")).status == 0)
    // Its staging folder too: in a temporary folder of the test's own, not /tmp.
    let result = try install(environment: ["ZIPGEO_INSTALL_TEST_HOOK": "place 5 KILL", "TMPDIR": temporary.url.path])
    #expect(result.wasSignalled && result.status == SIGKILL)
    #expect(FileManager.default.isDirectory(file(".zipgeo-install.lock")))
    let left = try listing(prefix).filter {
      !FileManager.default.isDirectory(file($0)) && !Self.installedFiles.contains($0)
    }
    // Files 5 to 10 are not in place yet; files 1 to 5 are kept aside, 1 to 4 replaced.
    #expect(left.filter { $0.contains(".install-tmp.") }.count == 6, "\(left)")
    #expect(left.filter { $0.contains(".install-old.") }.count == 5, "\(left)")
    #expect(left.count == 11, "\(left)")
  }

  // MARK: - Uninstall

  /// Two installs (or an install and an uninstall) at once would mix their files: the second
  /// finds the first's lock, says so, and changes nothing.
  @Test func anInstallWhileAnotherRunsUnderThePrefixFailsAndChangesNothing() throws {
    #expect(try install().status == 0)
    let before = try listing(prefix)
    let manifest = try Data(contentsOf: file("share/zipgeo/install-manifest.txt"))
    let lock = file(".zipgeo-install.lock")
    try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
    let result = try install()
    #expect(result.status == 1)
    #expect(
      result.err
        == "install.sh: another zipgeo install or uninstall is running under '\(prefix.path)' (if none is, a killed one"
        + " left '\(lock.path)': remove it); nothing was installed\n")
    let uninstalled = try uninstall()
    #expect(uninstalled.status == 1)
    #expect(uninstalled.err.hasPrefix("uninstall.sh: another zipgeo install or uninstall is running under"))
    // The lock is the other's: left where it is, and nothing else changed.
    #expect(try listing(prefix) == (before + [".zipgeo-install.lock"]).sorted())
    #expect(try Data(contentsOf: file("share/zipgeo/install-manifest.txt")) == manifest)
    try FileManager.default.removeItem(at: lock)
    #expect(try uninstall().status == 0)
    #expect(try listing(prefix).isEmpty)
  }

  @Test func aFolderWhereAFileGoesFailsTheInstallAndChangesNothing() throws {
    try FileManager.default.createDirectory(at: file("bin/zipgeo"), withIntermediateDirectories: true)
    let result = try install()
    #expect(result.status == 1)
    #expect(
      result.err
        == "install.sh: '\(prefix.path)/bin/zipgeo' is a folder, where zipgeo installs a file; nothing was installed\n")
    #expect(try listing(prefix) == ["bin", "bin/zipgeo"])
  }

  /// With a umask of 077 the folders install.sh makes, the prefix among them, would be the
  /// installer's alone: every other user could not run what it installed.
  @Test func whatIsInstalledIsForEveryUserWhateverTheUmask() throws {
    let fresh = prefix.appendingPathComponent("new/prefix")
    let result = try runCommand(
      Self.bash,
      [
        "-c", "umask 077; exec \"$0\" \"$@\"", Self.installScript.path, "--prefix", fresh.path, "--no-build",
        "--build-dir", buildProductsFolder.path,
      ],
      in: work, environment: cleanEnvironment, timeLimit: 60)
    #expect(result.status == 0, "\(result.err)")
    func mode(_ url: URL) throws -> Int {
      (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }
    for folder in ["new", "new/prefix", "new/prefix/bin", "new/prefix/share/zipgeo", "new/prefix/lib/zipgeo"] {
      #expect(try mode(prefix.appendingPathComponent(folder)) == 0o755, "\(folder)")
    }
    #expect(try mode(fresh.appendingPathComponent("bin/zipgeo")) == 0o755)
    #expect(try mode(fresh.appendingPathComponent("share/zipgeo/zips.csv")) == 0o644)
  }

  @Test func uninstallLeavesThePrefixAsItWasBeforeTheInstall() throws {
    // Someone else's files in shared folders, which stay.
    try FileManager.default.createDirectory(at: file("share/man/man1"), withIntermediateDirectories: true)
    try Data(".TH OTHER 1\n".utf8).write(to: file("share/man/man1/other.1"))
    try FileManager.default.createDirectory(at: file("bin"), withIntermediateDirectories: true)
    try Data("#!/bin/sh\n".utf8).write(to: file("bin/other"))
    let before = try listing(prefix)
    #expect(try install().status == 0)
    // Installing again replaces the files and keeps the record of the folders the first made.
    #expect(try install().status == 0)
    let result = try uninstall()
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty)
    #expect(result.out == "Uninstalled zipgeo from \(prefix.path): 9 files removed.\n")
    #expect(try listing(prefix) == before)
  }

  @Test func uninstallKeepsAFileTheUserAddedOrChangedAndSaysSo() throws {
    #expect(try install().status == 0)
    try Data("my notes\n".utf8).write(to: file("share/zipgeo/notes.txt"))
    try Data("zip,lat,lon\n".utf8).write(to: file("share/zsh/site-functions/_zipgeo"))
    let result = try uninstall()
    #expect(result.status == 2)
    #expect(
      result.err == """
        uninstall.sh: kept '\(prefix.path)/share/zsh/site-functions/_zipgeo': it changed since it was installed
        uninstall.sh: kept '\(prefix.path)/share/zipgeo': it still holds:
          notes.txt

        """)
    #expect(
      try listing(prefix) == [
        "share", "share/zipgeo", "share/zipgeo/notes.txt", "share/zsh", "share/zsh/site-functions",
        "share/zsh/site-functions/_zipgeo",
      ])
  }

  /// A manifest edited to name a file through a symbolic link planted in the prefix, or a path
  /// out of it: uninstall follows links to folders on the way to zipgeo's own files, as install
  /// does, and so removes nothing but those.
  @Test func uninstallRefusesAManifestNamingAFileOrFolderThatIsNotZipgeos() throws {
    #expect(try install().status == 0)
    let victim = temporary.url.appendingPathComponent("victim")
    try FileManager.default.createDirectory(at: victim, withIntermediateDirectories: true)
    try Data("keep me\n".utf8).write(to: victim.appendingPathComponent("passwd"))
    try FileManager.default.createSymbolicLink(at: file("share/link"), withDestinationURL: victim)
    let checksum = try run("/usr/bin/sha256sum", [victim.appendingPathComponent("passwd").path]).out.prefix(64)
    let manifest = file("share/zipgeo/install-manifest.txt")
    let installed = try Data(contentsOf: manifest)
    let entries = [
      ("file\t\(checksum)\tshare/link/passwd", "'share/link/passwd', which is not a file zipgeo installs"),
      (
        "file\t\(checksum)\tshare/zipgeo/../link/passwd",
        "'share/zipgeo/../link/passwd', which is not a file zipgeo installs"
      ),
      ("folder\t-\tshare/link", "'share/link', which is not a folder zipgeo installs in"),
    ]
    for (entry, named) in entries {
      try (installed + Data("\(entry)\n".utf8)).write(to: manifest)
      let result = try uninstall()
      #expect(result.status == 1)
      #expect(result.err == "uninstall.sh: '\(manifest.path)' names \(named); nothing was removed\n")
      #expect(try listing(victim) == ["passwd"])
      #expect(FileManager.default.fileExists(atPath: file("bin/zipgeo").path))
    }
  }

  /// `~/.local/share` is often a link to another disk: the files go where it leads, and
  /// uninstall removes them from there.
  @Test func aPrefixWhoseShareIsALinkInstallsAndUninstallsThroughIt() throws {
    let elsewhere = temporary.url.appendingPathComponent("elsewhere/share")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: file("share"), withDestinationURL: elsewhere)
    let installed = try install()
    #expect(installed.status == 0, "\(installed.err)")
    #expect(
      try Data(contentsOf: elsewhere.appendingPathComponent("zipgeo/zips.csv"))
        == Data(contentsOf: URL(fileURLWithPath: EndToEndTests.zipsCSV)))
    let result = try uninstall()
    #expect(result.status == 0, "\(result.err)")
    #expect(result.err.isEmpty)
    #expect(result.out == "Uninstalled zipgeo from \(prefix.path): 9 files removed.\n")
    #expect(try listing(prefix) == ["share"])
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file("share").path) == elsewhere.path)
    #expect(try listing(elsewhere).isEmpty)
  }

  /// A link where a file was installed is not that file, even to a copy of it: uninstall leaves
  /// it, and its target, and says so.
  @Test func uninstallLeavesALinkWhereAFileWasInstalledAndSaysSo() throws {
    #expect(try install().status == 0)
    let completion = file("share/zsh/site-functions/_zipgeo")
    let copy = temporary.url.appendingPathComponent("my _zipgeo")
    let installed = try Data(contentsOf: completion)
    try FileManager.default.moveItem(at: completion, to: copy)
    try FileManager.default.createSymbolicLink(at: completion, withDestinationURL: copy)
    let result = try uninstall()
    #expect(result.status == 2)
    #expect(result.err == "uninstall.sh: kept '\(completion.path)': it changed since it was installed\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: completion.path) == copy.path)
    #expect(try Data(contentsOf: copy) == installed)
  }

  /// A manifest's place is a file's place, never followed: uninstall does not read a link there.
  @Test func uninstallDoesNotReadAManifestThatIsALink() throws {
    #expect(try install().status == 0)
    let manifest = file("share/zipgeo/install-manifest.txt")
    let elsewhere = temporary.url.appendingPathComponent("manifest elsewhere")
    try FileManager.default.moveItem(at: manifest, to: elsewhere)
    try FileManager.default.createSymbolicLink(at: manifest, withDestinationURL: elsewhere)
    let before = try snapshot(prefix)
    let result = try uninstall()
    #expect(result.status == 1)
    #expect(
      result.err
        == "uninstall.sh: '\(manifest.path)' is a symbolic link, not the manifest install.sh writes; nothing was removed\n"
    )
    #expect(try snapshot(prefix) == before)
  }

  @Test func aManifestSavedWithCRLFLineEndsUninstallsTheSame() throws {
    #expect(try install().status == 0)
    let manifest = file("share/zipgeo/install-manifest.txt")
    let text = try String(contentsOf: manifest, encoding: .utf8)
    try Data(text.replacingOccurrences(of: "\n", with: "\r\n").utf8).write(to: manifest)
    let result = try uninstall()
    #expect(result.status == 0, "\(result.err)")
    #expect(try listing(prefix).isEmpty)
  }

  @Test func uninstallingWhatIsNotInstalledSaysSoAndExitsOne() throws {
    #expect(try install().status == 0)
    #expect(try uninstall().status == 0)
    let again = try uninstall()
    #expect(again.status == 1)
    #expect(
      again.err
        == "uninstall.sh: nothing to uninstall: no zipgeo install manifest at '\(prefix.path)/share/zipgeo/install-manifest.txt'\n"
    )
    #expect(try listing(prefix).isEmpty)
  }

  // MARK: - Usage

  @Test(arguments: [installScript, uninstallScript])
  func helpPrintsTheUsageAndExitsZero(script: URL) throws {
    let result = try runCommand(Self.bash, [script.path, "--help"], environment: cleanEnvironment)
    #expect(result.status == 0 && result.err.isEmpty)
    #expect(result.out.hasPrefix("Usage: scripts/\(script.lastPathComponent) [--prefix DIR]"))
    #expect(result.out.contains("DESTDIR") && result.out.contains("Exit status: 0 "))
  }

  @Test(arguments: [installScript, uninstallScript])
  func anUnknownOptionOrARelativePrefixIsAUsageError(script: URL) throws {
    let unknown = try runCommand(Self.bash, [script.path, "--prefx", "/tmp"], environment: cleanEnvironment)
    #expect(unknown.status == 64)
    #expect(unknown.err.hasPrefix("\(script.lastPathComponent): unknown option '--prefx'\nUsage: "))
    let relative = try runCommand(Self.bash, [script.path, "--prefix", "local"], environment: cleanEnvironment)
    #expect(relative.status == 64)
    #expect(relative.err.hasPrefix("\(script.lastPathComponent): the prefix must be an absolute path, not 'local'\n"))
    // The manifest has a line per file: a prefix with a line break could be installed, never uninstalled.
    for strange in ["/tmp/a\nb", "/tmp/a\tb"] {
      let result = try runCommand(Self.bash, [script.path, "--prefix", strange], environment: cleanEnvironment)
      #expect(result.status == 64)
      #expect(
        result.err.hasPrefix(
          "\(script.lastPathComponent): the prefix (and DESTDIR) must not hold a line break or a tab\n"))
    }
  }
}

extension FileManager {
  fileprivate func isDirectory(_ url: URL) -> Bool {
    var isFolder: ObjCBool = false
    return fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
  }
}
