// swift-tools-version:6.0
// zipgeo: postal codes and distances on plain SQLite. MIT licence (LICENSE); the postal code data
// it imports keep their own licences (data/README.md: GeoNames, CC BY 4.0).
import PackageDescription

/// This folder, for linker flags that take a file (the linker runs elsewhere).
let packageFolder = String(#filePath.dropLast("/Package.swift".count))

/// Builds are plain: a debug build is a debug build, wherever the package is checked out.
///
/// The test command asks for more (README, "Run the tests"): `ZIPGEO_OPTIMIZED_TESTS=1 swift
/// test` optimises the modules whose code the tests run most (the world import, searches,
/// brute-force rankings, and the command line printing millions of rows) while the tests
/// themselves stay debug builds with testable imports. Plain, the suite is far slower
/// (docs/benchmarks.md, "Builds", times both).
let optimizedForTests: [SwiftSetting] =
  Context.environment["ZIPGEO_OPTIMIZED_TESTS"] == "1" ? [.unsafeFlags(["-O"], .when(configuration: .debug))] : []

let package = Package(
  name: "zipgeo",
  products: [
    .executable(name: "zipgeo", targets: ["zipgeo"]),
    // The Swift library, for apps and servers: open a database, search, import, register the SQL
    // functions on your own connection.
    .library(name: "ZipGeo", targets: ["ZipGeo", "SQLiteLinked"]),
    // The loadable SQLite extension: .build/release/libZipgeo.so. SQLite derives the entry point
    // from the lower-cased letters of the file name: sqlite3_zipgeo_init. (Product names must
    // differ from "zipgeo", the command, and "ZipGeo", the Swift library.)
    .library(name: "Zipgeo", type: .dynamic, targets: ["ZipGeoExtension"]),
  ],
  targets: [
    // SQLite from the system (Debian: libsqlite3-dev). Only `SQLiteLinked` uses it, so that
    // code which runs inside a host's SQLite (the loadable extension) never links a second copy.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // Calls into SQLite through a `sqlite3_api_routines` table (sqlite3ext.h), never by symbol.
    .target(name: "CSQLiteAPI"),
    // Installs the linked libsqlite3's routine table at load time.
    .target(name: "SQLiteLinked", dependencies: ["CSQLite", "CSQLiteAPI"]),
    // A small GRDB-style SQLite layer: connections, statements, values, errors, functions.
    .target(name: "SQLiteKit", dependencies: ["CSQLiteAPI"], swiftSettings: optimizedForTests),
    // Pure-Swift geodesy: distances, units, bounding boxes. Knows nothing of SQLite.
    .target(name: "Geodesy", swiftSettings: optimizedForTests),
    // A streaming RFC 4180 CSV reader of plain files, pipes and the bytes of any `ByteSource`.
    // No dependencies: the library and the loadable extension import through it.
    .target(name: "CSV", swiftSettings: optimizedForTests),
    // A POSIX thread that runs one body, for the import's reading thread and the decompressing one.
    .target(name: "Threads", swiftSettings: optimizedForTests),
    // libarchive from the system (Debian: libarchive-dev), to read compressed and zipped files.
    .systemLibrary(
      name: "CArchive",
      pkgConfig: "libarchive",
      providers: [.apt(["libarchive-dev"])]
    ),
    // zlib from the system (Debian: zlib1g-dev), to decompress gzip files: it checks the CRC-32
    // and length of every member, where libarchive checks none.
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    // Opens a file that may be compressed (gzip, through zlib; xz, bzip2, zstd) or zipped as a
    // CSVReader: `CSVReader(unpacking:)`. Only the command line depends on it. ZipGeo, the
    // `ZipGeo` product and the loadable extension must not: libarchive brings libxml2, ICU and
    // nettle into every process that loads it, a machine without it could not load the extension,
    // and iOS has no public libarchive. (PackageGraphTests checks the graph, ExtensionTests the
    // built library.)
    .target(
      name: "ArchiveInput", dependencies: ["CSV", "Threads", "CArchive", "CZlib"], swiftSettings: optimizedForTests),
    // The English names of countries (ISO 3166-1) and their subdivisions (ISO 3166-2), tables
    // generated from Debian's iso-codes by scripts/make-country-names.py and
    // make-subdivision-names.py. No dependencies: the tables compile apart from the code that reads
    // them, and no search reads them row by row.
    .target(name: "ISO3166", swiftSettings: optimizedForTests),
    // zipgeo's data model, SQL functions, importer and queries.
    .target(
      name: "ZipGeo", dependencies: ["Geodesy", "ISO3166", "CSV", "SQLiteKit", "Threads"],
      swiftSettings: optimizedForTests),
    // Ctrl-C, SIGTERM and SIGHUP stop a long import promptly.
    .target(name: "CInterrupt"),
    // The command line, as a library so that tests can drive it. `zipgeo import` reads compressed
    // and zipped files through ArchiveInput.
    .target(
      name: "ZipGeoCLI", dependencies: ["ZipGeo", "ArchiveInput", "SQLiteLinked", "CInterrupt"],
      swiftSettings: optimizedForTests),
    .executableTarget(name: "zipgeo", dependencies: ["ZipGeoCLI"]),
    // Nanoseconds per distance call, sphere against WGS84: `swift run -c release geodesy-bench`.
    .executableTarget(name: "geodesy-bench", dependencies: ["Geodesy"]),
    // The loadable extension's entry point. It reaches SQLite only through the routine table its
    // host hands it, and carries the Swift runtime inside, so any process with SQLite can load it.
    .target(
      name: "ZipGeoExtension", dependencies: ["ZipGeo"],
      exclude: ["exports.map"],
      // Linux's linker flags: the version script, `-z nodelete` and lld are GNU/ELF ones, which
      // Apple's linker refuses; an Apple build of the extension (not made here) needs its own.
      linkerSettings: [
        .unsafeFlags(
          [
            "-static-stdlib", "-Xlinker", "--version-script=\(packageFolder)/Sources/ZipGeoExtension/exports.map",
            // SQLite unloads an extension (dlclose) when the last connection that loaded it closes,
            // but the Swift runtime inside has registered thread-exit destructors (pthread keys) that
            // point into the library: the next thread to end would jump into unmapped memory. A web
            // server that opens a connection per request on worker threads does exactly that.
            // `-z nodelete` keeps the library mapped until the process exits.
            "-Xlinker", "-z", "-Xlinker", "nodelete",
            // gold, Swift's default linker on Linux, keeps the Swift metadata that the version script
            // made local in the dynamic symbol table (as LOCAL entries of GOT relocations), so
            // `nm -D` lists two dozen symbols besides the entry point; lld, which ships with the
            // toolchain, resolves those relocations in place and exports the entry point alone.
            "-use-ld=lld",
          ], .when(platforms: [.linux]))
      ]),

    .testTarget(name: "GeodesyTests", dependencies: ["Geodesy", "TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "CSVTests", dependencies: ["CSV", "TestSupport"]),
    .testTarget(name: "ISO3166Tests", dependencies: ["ISO3166", "ZipGeo"]),
    .testTarget(name: "ArchiveInputTests", dependencies: ["ArchiveInput", "TestSupport"]),
    .testTarget(name: "SQLiteKitTests", dependencies: ["SQLiteKit", "SQLiteLinked"]),
    .testTarget(
      name: "ZipGeoTests", dependencies: ["ZipGeo", "SQLiteLinked", "TestSupport", "zipgeo"], exclude: ["Fixtures"]),
    .testTarget(
      name: "ZipGeoCLITests", dependencies: ["ZipGeoCLI", "zipgeo", "TestSupport"],
      exclude: ["HostileCSV", "Help/Expected", "World"]),
    // Runs the built libZipgeo.so in the stock sqlite3 shell and in /usr/bin/python3.
    .testTarget(
      name: "ZipGeoExtensionTests", dependencies: ["zipgeo", "TestSupport"], exclude: ["sql", "python"]),
    // Helpers shared by the test targets.
    .target(
      name: "TestSupport", dependencies: ["Geodesy"], path: "Tests/TestSupport", swiftSettings: optimizedForTests),
  ],
  swiftLanguageModes: [.v6]
)
