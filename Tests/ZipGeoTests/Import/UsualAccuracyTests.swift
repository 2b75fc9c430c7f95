import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// Each country's usual accuracy, counted by the import, kept in `zipgeo_settings` and read back.
@Suite struct UsualAccuracyTests {
  let folder: TemporaryFolder
  let dbPath: String

  init() throws {
    folder = try TemporaryFolder()
    dbPath = folder.path("world.db")
  }

  /// GeoNames lines of `country`, one per accuracy, codes 10000, 10001, ... (JP: 100-0000, ...).
  static func lines(_ country: String, accuracies: [String]) -> String {
    accuracies.enumerated().map { index, accuracy in
      [
        country, country == "JP" ? "100-000\(index)" : "\(10000 + index)", "Place \(index)", "", "", "", "", "", "",
        "10.5", "20.5", accuracy,
      ]
      .joined(separator: "\t") + "\n"
    }.joined()
  }

  func importText(_ text: String, options: ImportOptions = ImportOptions()) throws {
    let path = try folder.write("in.txt", text)
    _ = try Importer(options: options).importFile(path, into: try ZipDatabase(writingAt: dbPath)) { _ in }
  }

  func usual() throws -> [String: Int] { try ZipDatabase(readingAt: dbPath).usualAccuracies().byCountry }

  @Test func theCounterGivesEachCountryItsMostFrequentAccuracyAndTheHigherOfTwoAsFrequent() {
    var counter = UsualAccuracy.Counter()
    for (country, accuracy) in [("DE", 6), ("DE", 6), ("DE", 1), ("FR", 5), ("FR", 1), ("DE", 1), ("DE", 1)] {
      counter.count(country: country, accuracy: accuracy)
    }
    // DE's rows come in two runs (6, 6, 1, then 1, 1): both count. FR ties 5 and 1: the higher.
    #expect(counter.usual() == ["DE": 1, "FR": 5])
  }

  @Test func aRowWithoutAccuracyOrWithOneOutOfRangeIsNotCounted() {
    var counter = UsualAccuracy.Counter()
    counter.count(country: "US", accuracy: nil)
    counter.count(country: "US", accuracy: -1)
    counter.count(country: "US", accuracy: 10)
    counter.count(country: "JP", accuracy: 0)
    #expect(counter.usual() == ["JP": 0])
  }

  @Test func anImportKeepsTheUsualAccuracyOfEachCountryItBrings() throws {
    try importText(Self.lines("DE", accuracies: ["6", "6", "1"]) + Self.lines("JP", accuracies: ["0"]))
    #expect(try usual() == ["DE": 6, "JP": 0])
    let rows = try Database(path: dbPath).rows(
      "SELECT name, value FROM zipgeo_settings WHERE name GLOB 'usual_accuracy.*' ORDER BY name"
    ).map(\.values)
    #expect(rows == [[.text("usual_accuracy.DE"), .integer(6)], [.text("usual_accuracy.JP"), .integer(0)]])
  }

  @Test func aRowBelowItsCountrysUsualAccuracyIsBelowAndTheOthersAreNot() {
    let usual = UsualAccuracy(byCountry: ["DE": 6])
    func zip(_ country: String, _ accuracy: Int?) -> ZipCode {
      ZipCode(
        zip: "1", place: nil, state: nil, county: nil, coordinate: Coordinate(uncheckedLatitude: 0, longitude: 0),
        country: country, accuracy: accuracy)
    }
    #expect(usual.isBelowUsual(zip("DE", 1)))
    #expect(!usual.isBelowUsual(zip("DE", 6)))
    #expect(!usual.isBelowUsual(zip("DE", nil)))
    // A country the database knows no usual accuracy of: nothing is below it.
    #expect(!usual.isBelowUsual(zip("FR", 1)))
    #expect(usual.shown(zip("DE", 1)) == 1)
    #expect(usual.shown(zip("DE", 6)) == nil && usual.shown(zip("FR", 1)) == nil)
  }

  @Test func reimportingACountryWithoutAccuraciesForgetsItsUsualOneAndKeepsTheOthers() throws {
    try importText(Self.lines("DE", accuracies: ["6"]) + Self.lines("FR", accuracies: ["5"]))
    try importText(Self.lines("FR", accuracies: ["", ""]))
    #expect(try usual() == ["DE": 6])
  }

  @Test func anImportThatReplacesEveryRowForgetsTheCountriesItDropped() throws {
    try importText(Self.lines("DE", accuracies: ["6"]) + Self.lines("FR", accuracies: ["5"]))
    try importText(Self.lines("FR", accuracies: ["4", "4"]), options: ImportOptions(replaceAll: true))
    #expect(try usual() == ["FR": 4])
  }

  @Test func valuesAnotherToolWroteThatNoImportWritesAreIgnored() throws {
    try importText(Self.lines("DE", accuracies: ["6"]))
    let db = try Database(path: dbPath)
    try db.execute(
      """
      INSERT INTO zipgeo_settings (name, value) VALUES
        ('usual_accuracy.FR', 'five'), ('usual_accuracy.IT', 99), ('usual_accuracy.1x', 3),
        ('usual_accuracy.ES', 2.5), ('usual_accuracy.PT', NULL), ('usual_accuracy.', 1)
      """)
    let found = try usual()
    #expect(found == ["DE": 6], "\(found)")
  }

  @Test func aDatabaseWithoutSettingsHasNoUsualAccuracy() throws {
    let path = try folder.write("us.csv", "zip,lat,lon\n75075,33.0,-96.7\n")
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath)) { _ in }
    try Database(path: dbPath).execute("DROP TABLE IF EXISTS zipgeo_settings")
    #expect(try ZipDatabase(readingAt: dbPath).usualAccuracies().isEmpty)
  }
}
