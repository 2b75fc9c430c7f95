import Foundation
import SQLiteKit
import TestSupport
import Testing
import ZipGeo

/// The Swift API an app uses, and README's "Use from Swift" example, compiled and run here.
@Suite struct SwiftAPITests {
  static let zipsCSV = zipsCSVPath

  let temporary: TemporaryFolder
  let path: String

  init() throws {
    temporary = try TemporaryFolder()
    path = temporary.path("zipgeo.db")
    _ = try ZipDatabase.importFile(Self.zipsCSV, into: path)
  }

  // The body of this function is README's "Use from Swift" example, word for word (a test below
  // checks that README still says exactly this).
  func readmeExample(databasePath: String) throws -> [String] {
    var printed: [String] = []
    func print(_ text: String) { printed.append(text) }
    // README example starts
    let db = try ZipDatabase(readingAt: databasePath)

    // Zip codes within 5 miles of 75075, nearest first.
    for hit in try db.near(zip: "75075", within: Length(5, .miles)) {
      print("\(hit.zipCode.zip) \(hit.zipCode.place ?? "") \(hit.distance.converted(to: .miles))")
    }

    // Which zip code is this phone in?
    let here = try Coordinate(latitude: 40.7484, longitude: -73.9967)
    let closest = try db.nearest(to: here, count: 1)
    print("nearest: \(closest[0].zipCode.zip)")

    // How far apart are two zip codes?
    let miles = try db.distance(from: "75075", to: "10001").converted(to: .miles)
    print("75075 to 10001: \(miles)")
    // README example ends
    return printed
  }

  @Test func theReadmeExampleRunsAndPrintsWhatReadmeSays() throws {
    let printed = try readmeExample(databasePath: path)
    #expect(printed == Self.readmeOutput, "\(printed.joined(separator: "\n"))")
  }

  /// What README shows the example printing.
  static let readmeOutput = [
    "75075 Plano 0.0 mi",
    "75023 Plano 2.081072645558934 mi",
    "75026 Plano 2.390772486937634 mi",
    "75086 Plano 2.390772486937634 mi",
    "75093 Plano 2.8701241704436877 mi",
    "75074 Plano 3.5964584527933625 mi",
    "75252 Dallas 3.6074727341988875 mi",
    "75025 Plano 3.740308176859989 mi",
    "75080 Richardson 4.0889524570272275 mi",
    "75082 Richardson 4.093621316816074 mi",
    "75024 Plano 4.3245870587723445 mi",
    "nearest: 10001",
    "75075 to 10001: 1360.303214528547 mi",
  ]

  @Test func readmeShowsExactlyTheCompiledExample() throws {
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let start = try #require(source.range(of: "    // README example starts\n"))
    let end = try #require(source.range(of: "    // README example ends\n"))
    let body = source[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.dropFirst(4) }.joined(separator: "\n")
    let readme = try String(
      contentsOf: repositoryFolder.appendingPathComponent("docs/swift.md"),
      encoding: .utf8)
    // README defines the path the test passes in.
    let opening =
      "```swift\nimport ZipGeo\n\n// A database made by `zipgeo import data/zips.csv`\nlet databasePath = \"zipgeo.db\"\n"
    #expect(readme.contains(opening + body + "```\n"), "docs/swift.md's Use from Swift example")
  }

  @Test func nearestIsExactAndOrderedEvenFarFromAnyZip() throws {
    let db = try ZipDatabase(readingAt: path)
    for (latitude, longitude) in [(33.02, -96.74), (0.0, -140.0), (-80.0, 10.0), (64.8, -147.7), (13.4, 144.7)] {
      let point = try Coordinate(latitude: latitude, longitude: longitude)
      let five = try db.nearest(to: point, count: 5)
      #expect(five.count == 5)
      // Brute force over every zip, with the same distance function.
      let all = try db.database.rows(
        "SELECT zip, distance(?, ?, lat, lon) AS km FROM zips ORDER BY km, zip LIMIT 5",
        [
          latitude, longitude,
        ])
      #expect(five.map(\.zipCode.zip) == all.compactMap { $0["zip"]?.string }, "\(point)")
    }
    // A count outside 1...1,000,000 is refused, as the command line and SQL refuse it.
    #expect(throws: SearchRequestError.count(0)) { try db.nearest(to: Coordinate(latitude: 0, longitude: 0), count: 0) }
  }

  @Test func searchesTakeLengthsInAnyUnit() throws {
    let db = try ZipDatabase(readingAt: path)
    let inKilometres = try db.near(zip: "75075", within: Length(10, .kilometres))
    let inFeet = try db.near(zip: "75075", within: Length(10, .kilometres).converted(to: .feet))
    #expect(inKilometres.map(\.zipCode.zip) == inFeet.map(\.zipCode.zip))
    #expect(inKilometres.count == 14)
    #expect(try db.near(zip: "75075", within: Length(10, .kilometres), limit: 3).count == 3)
    #expect(throws: ZipGeoError.unknownZip(zip: "00000", path: "zipgeo.db")) {
      try db.near(zip: "00000", within: Length(1, .kilometres))
    }
    #expect(try db.lookup(zip: "01001")?.county == "Hampden")
    #expect(try db.lookup(zip: "00000") == nil)
  }

  @Test func theSQLFunctionsRegisterOnAConnectionTheAppOpened() throws {
    let app = try Database.inMemory()
    try SQLFunctions.register(onConnection: app.handle)
    #expect(try app.scalar("SELECT round(distance(33.025, -96.7397, 40.7484, -73.9967, 'mi'), 1)") == .real(1360.3))
  }

  @Test func importReportsProgress() throws {
    var reports = 0
    let summary = try ZipDatabase.importFile(Self.zipsCSV, into: temporary.path("other.db")) { _ in reports += 1 }
    #expect(summary.imported == 41_487)
    #expect(reports >= 10)
  }

  @Test func lengthsConvertAndCompareAcrossUnits() {
    #expect(Length(1, .miles).converted(to: .metres).value == 1609.344)
    #expect(Length(1, .miles) > Length(1, .kilometres))
    #expect(Length(1852, .metres) == Length(1852, .metres))
    #expect(Length(3.5, .kilometres).description == "3.5 km")
  }
}
