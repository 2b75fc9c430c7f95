import Foundation
import TestSupport
import Testing

/// What the loadable extension and the `ZipGeo` library product build from, as Package.swift
/// declares it (`swift package dump-package`): whatever a target there depends on, every app and
/// every SQLite host that uses zipgeo must have too.
@Suite struct PackageGraphTests {
  static let packageFolder = ExtensionTests.testsFolder.appendingPathComponent("../..").standardized

  /// Package.swift's targets: each one's type (`system`, `regular`, ...) and the targets it names
  /// as dependencies.
  struct Target {
    var type: String
    var dependencies: [String]
  }

  let targets: [String: Target]
  let products: [String: [String]]
  /// Each target's settings, encoded.
  let settings: [String: String]

  /// `swift package dump-package` of the Package.swift in `folder`, as JSON.
  static func manifest(
    at folder: URL, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> [String: Any] {
    let scratch = try TemporaryFolder()
    // A scratch folder of its own, so that SwiftPM does not wait for the `swift test` that runs
    // this test and holds the package's .build.
    let dump = try withExtendedLifetime(scratch) {
      try runCommand(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["swift", "package", "--package-path", folder.path, "--scratch-path", scratch.path("build"), "dump-package"],
        // SwiftPM and clang keep their caches under the real HOME (runCommand's default hides it).
        environment: environment)
    }
    try #require(dump.status == 0, "swift package dump-package (swift must be on PATH): \(dump.err)")
    return try #require(try JSONSerialization.jsonObject(with: Data(dump.out.utf8)) as? [String: Any])
  }

  init() throws {
    let json = try Self.manifest(at: Self.packageFolder)
    settings = try Self.targetSettings(json)
    var targets: [String: Target] = [:]
    for target in json["targets"] as? [[String: Any]] ?? [] {
      guard let name = target["name"] as? String else { continue }
      // A dependency is `{"byName": [name, condition]}` or `{"target": [name, condition]}`.
      let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
        (dependency["byName"] ?? dependency["target"]).flatMap { ($0 as? [Any])?.first as? String }
      }
      targets[name] = Target(type: target["type"] as? String ?? "", dependencies: dependencies)
    }
    self.targets = targets
    var products: [String: [String]] = [:]
    for product in json["products"] as? [[String: Any]] ?? [] {
      if let name = product["name"] as? String { products[name] = product["targets"] as? [String] ?? [] }
    }
    self.products = products
    try #require(targets["ZipGeo"] != nil && products["ZipGeo"] != nil, "dump-package's format is understood")
  }

  /// `roots` and every target they depend on, directly or not.
  func closure(of roots: [String]) -> Set<String> {
    var found = Set<String>()
    var pending = roots
    while let name = pending.popLast() {
      guard found.insert(name).inserted else { continue }
      pending += targets[name]?.dependencies ?? []
    }
    return found
  }

  func systemLibraries(in names: Set<String>) -> [String] {
    names.filter { targets[$0]?.type == "system" }.sorted()
  }

  /// Each target's settings in a dump of Package.swift, encoded as dump-package gives them.
  static func targetSettings(_ json: [String: Any]) throws -> [String: String] {
    var settings: [String: String] = [:]
    for target in json["targets"] as? [[String: Any]] ?? [] {
      guard let name = target["name"] as? String else { continue }
      let encoded = try JSONSerialization.data(withJSONObject: target["settings"] ?? [], options: [.sortedKeys])
      settings[name] = String(decoding: encoded, as: UTF8.self)
    }
    return settings
  }

  /// SwiftPM refuses a dependency's product whose targets have unsafe flags when an app asks for
  /// a version of it (`.package(url:from:)`), and a debug build should be one: the library's
  /// targets have none, wherever the package lies, unless the test command asks for optimised
  /// modules (`ZIPGEO_OPTIMIZED_TESTS=1`, README).
  @Test func theLibraryHasNoUnsafeFlagsUnlessTheTestCommandAsksForOptimisedModules() throws {
    let library = closure(of: products["ZipGeo"] ?? [])
    #expect(library.isSuperset(of: ["ZipGeo", "CSV", "Geodesy"]), "\(library)")
    var plain = ProcessInfo.processInfo.environment
    plain.removeValue(forKey: "ZIPGEO_OPTIMIZED_TESTS")
    var optimised = plain
    optimised["ZIPGEO_OPTIMIZED_TESTS"] = "1"
    // As this repository's checkout, and as an app's dependency (SwiftPM's `.build/checkouts/`).
    let folder = try TemporaryFolder()
    let checkout = folder.url.appendingPathComponent("app/.build/checkouts/zipgeo")
    try FileManager.default.createDirectory(at: checkout, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: Self.packageFolder.appendingPathComponent("Package.swift"),
      to: checkout.appendingPathComponent("Package.swift"))
    for place in [Self.packageFolder, checkout] {
      let plainSettings = try Self.targetSettings(Self.manifest(at: place, environment: plain))
      for target in library {
        let settings = try #require(plainSettings[target], "\(target) in the manifest at \(place.path)")
        #expect(!settings.contains("unsafeFlags"), "\(target) at \(place.path): \(settings)")
      }
    }
    let asked = try Self.targetSettings(Self.manifest(at: checkout, environment: optimised))
    for target in ["ZipGeo", "CSV", "Geodesy"] {
      #expect(asked[target]?.contains("\"-O\"") == true, "\(target) when asked: \(asked[target] ?? "")")
    }
  }

  /// The extension's linker flags are GNU/ELF ones (a version script, `-z nodelete`, lld): they
  /// apply on Linux alone, so that the package resolves for Apple platforms, and the library's
  /// targets have no linker flags at all.
  @Test func theLinkerFlagsAreLinuxOnesAndLimitedToLinux() throws {
    let json = try Self.manifest(at: Self.packageFolder)
    var linker: [String: [[String: Any]]] = [:]
    for target in json["targets"] as? [[String: Any]] ?? [] {
      guard let name = target["name"] as? String else { continue }
      linker[name] = (target["settings"] as? [[String: Any]] ?? []).filter {
        ($0["tool"] as? String) == "linker"
      }
    }
    let flags = try #require(linker["ZipGeoExtension"]?.first, "\(linker)")
    let encoded = String(
      decoding: try JSONSerialization.data(withJSONObject: flags, options: [.sortedKeys]), as: UTF8.self)
    #expect(encoded.contains("nodelete") && encoded.contains("-use-ld=lld"), "\(encoded)")
    let condition = try #require(flags["condition"] as? [String: Any], "\(encoded)")
    #expect(condition["platformNames"] as? [String] == ["linux"], "\(encoded)")
    for target in closure(of: products["ZipGeo"] ?? []) {
      #expect(linker[target]?.isEmpty ?? true, "\(target): \(linker[target] ?? [])")
    }
  }

  /// An iOS or macOS app links the `ZipGeo` library, and no machine here can build for them: the
  /// library's modules name Glibc (`Glibc.read`, `pthread_t()`, whose Darwin declarations
  /// differ) only inside `#if canImport(Glibc)` branches, each with a Darwin one beside it.
  @Test func theLibraryNamesGlibcOnlyInsideItsGlibcBranches() throws {
    let library = closure(of: products["ZipGeo"] ?? []).filter { targets[$0]?.type == "regular" }
    #expect(library.isSuperset(of: ["ZipGeo", "Geodesy", "SQLiteKit", "CSV"]), "\(library)")
    var outside: [String] = []
    for target in library.sorted() {
      let folder = Self.packageFolder.appendingPathComponent("Sources/\(target)")
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
      for file in files.sorted() where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        // Each open `#if`: whether this is a Glibc branch (`canImport(Glibc)`, or the `#else` of
        // `canImport(Darwin)`), and whether its first branch was Darwin's.
        var branches: [(glibc: Bool, darwinFirst: Bool)] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
          let code = line.trimmingCharacters(in: .whitespaces)
          if code.hasPrefix("#if ") {
            branches.append((code.contains("canImport(Glibc)"), code.contains("canImport(Darwin)")))
          } else if code.hasPrefix("#elseif ") || code == "#else", let last = branches.popLast() {
            let glibc = code.contains("canImport(Glibc)") || (code == "#else" && last.darwinFirst)
            branches.append((glibc, last.darwinFirst))
          } else if code == "#endif" {
            _ = branches.popLast()
          } else if !branches.contains(where: \.glibc), !code.hasPrefix("//"),
            code.contains("Glibc") || code.contains("pthread_t()") || code.contains("malloc_trim(")
          {
            outside.append("\(target)/\(file):\(number + 1): \(code)")
          }
        }
      }
    }
    #expect(outside.isEmpty, "\(outside)")
  }

  @Test func theExtensionBuildsFromNoSystemLibraryAndNotFromArchiveInput() throws {
    let used = closure(of: ["ZipGeoExtension"])
    #expect(used.contains("ZipGeo") && used.contains("CSV"))
    #expect(!used.contains("ArchiveInput"), "\(used.sorted())")
    // It reaches SQLite through the routine table its host hands it, not through CSQLite.
    #expect(systemLibraries(in: used) == [])
  }

  @Test func theZipGeoLibraryBuildsFromSQLiteAloneAndNotFromArchiveInput() throws {
    let used = closure(of: try #require(products["ZipGeo"]))
    #expect(!used.contains("ArchiveInput"), "\(used.sorted())")
    #expect(systemLibraries(in: used) == ["CSQLite"])
  }

  /// `swift build -c release --static-swift-stdlib` (scripts/quickstart.sh, install.sh) builds
  /// every regular target, `TestSupport` too, with Swift's static libraries, which hold no test
  /// framework: a regular target that imports one fails the quick start.
  @Test func noRegularTargetImportsATestFramework() throws {
    var imports: [String] = []
    for (name, target) in targets where target.type == "regular" {
      let folder = Self.packageFolder.appendingPathComponent(
        name == "TestSupport" ? "Tests/TestSupport" : "Sources/\(name)")
      let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
      #expect(!files.isEmpty, "\(folder.path)")
      for file in files where file.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@testable import ") {
          if line.hasSuffix(" Testing") || line.hasSuffix(" XCTest") { imports.append("\(name)/\(file): \(line)") }
        }
      }
    }
    #expect(imports.isEmpty, "\(imports)")
  }

  @Test func onlyTheCommandLineDependsOnArchiveInput() throws {
    let dependents = targets.filter { $0.value.dependencies.contains("ArchiveInput") }.keys.sorted()
    #expect(dependents == ["ArchiveInputTests", "ZipGeoCLI"])
  }
}
