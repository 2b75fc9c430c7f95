import Foundation
import TestSupport
import Testing

/// The `ZipGeo` library as an app's package uses it: a package of its own that depends on this
/// one and names the `ZipGeo` product alone, built from nothing, in a scratch folder of its own.
/// It builds only if every module of the library declares what it imports, and its program needs
/// SQLite and the Swift runtime alone: no Foundation, libarchive or zlib, which only the command
/// line links. It compiles the whole library again: tier slow (`TestTier`).
@Suite(.tier(.slow)) struct AppPackageTests {
  static let packageFolder = PackageGraphTests.packageFolder

  @Test func anAppsPackageBuildsTheLibraryAloneAndItsProgramNeedsOnlySQLiteAndSwift() throws {
    let folder = try TemporaryFolder()
    try withExtendedLifetime(folder) {
      try FileManager.default.createDirectory(
        atPath: folder.path("App/Sources/App"), withIntermediateDirectories: true)
      _ = try folder.write(
        "App/Package.swift",
        """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
          name: "App",
          dependencies: [.package(path: "\(Self.packageFolder.path)")],
          targets: [
            .executableTarget(name: "App", dependencies: [.product(name: "ZipGeo", package: "\(Self.packageFolder.lastPathComponent)")])
          ]
        )

        """)
      _ = try folder.write(
        "App/Sources/App/main.swift",
        """
        import SQLiteKit
        import ZipGeo

        // As an app does: the functions registered on its own connection.
        let db = try Database.inMemory()
        try SQLFunctions.register(on: db)
        print(try db.scalar("SELECT round(distance(33.025, -96.7397, 42.0702, -72.6227), 1)") ?? .null)

        """)
      let built = try runCommand(
        URL(fileURLWithPath: "/usr/bin/env"),
        ["swift", "build", "--package-path", folder.path("App"), "--scratch-path", folder.path("build")],
        // SwiftPM and clang keep their caches under the real HOME (runCommand's default hides it).
        environment: ProcessInfo.processInfo.environment, timeLimit: 600)
      try #require(built.status == 0, "swift build of the app's package: \(built.out)\(built.err)")
      let program = folder.path("build/debug/App")
      let run = try runCommand(URL(fileURLWithPath: program), [])
      #expect(run.status == 0, "\(run.err)")
      #expect(run.out == "2341.2\n")
      let dump = try runCommand(URL(fileURLWithPath: "/usr/bin/env"), ["objdump", "-p", program])
      let needed = dump.out.split(separator: "\n").compactMap { line -> String? in
        let fields = line.split(separator: " ", omittingEmptySubsequences: true)
        return fields.count == 2 && fields[0] == "NEEDED" ? String(fields[1]) : nil
      }
      #expect(needed.contains("libsqlite3.so.0"), "\(needed)")
      let others = needed.filter {
        !$0.hasPrefix("libswift") && !["libsqlite3.so.0", "libc.so.6", "libm.so.6"].contains($0)
      }
      #expect(others.isEmpty, "the library's program needs \(others)")
    }
  }
}
