import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// `CodeIndex`: a connection that has looked up thousands of codes holds its table's codes in
/// memory, and answers from there exactly what it read from the table, until the table changes.
@Suite struct CodeIndexTests {
  let folder: TemporaryFolder
  let path: String

  init() throws {
    folder = try TemporaryFolder()
    path = folder.path("us.db")
    _ = try ZipDatabase.importFile(zipsCSVPath, into: path)
  }

  /// Each code as a person types it: as stored, ZIP+4, without its leading zeros, in spaces,
  /// unknown, and a lone text no table has.
  static func typed(_ codes: [String]) -> [String] {
    codes.enumerated().map { index, code in
      switch index % 6 {
      case 0: code
      case 1: "\(code)-\(String(format: "%04d", index % 10_000))"
      case 2: String(code.drop { $0 == "0" })
      case 3: "  \(code) "
      case 4: "\(code)x"
      default: "US:\(code)"
      }
    }
  }

  @Test func thousandsOfLookupsAnswerFromMemoryWhatTheTableAnswers() throws {
    let stored = try ZipDatabase(readingAt: path).database.rows("SELECT zip FROM zips ORDER BY zip").compactMap {
      $0[0].string
    }
    let typed = Self.typed(Array(stored.prefix(CodeIndex.lookupsBeforeHolding * 3)))
    let held = try ZipDatabase(readingAt: path)
    let answers = try typed.map { try held.lookUp($0) }
    // Each answer again, one fresh connection a code: none of them holds the table.
    for index in stride(from: 0, to: typed.count, by: 7) {
      let read = try ZipDatabase(readingAt: path).lookUp(typed[index])
      #expect(answers[index] == read, "\(typed[index])")
    }
    #expect(answers.filter { $0.code != nil }.count == typed.count * 5 / 6)
  }

  @Test func aChangeToTheTableIsSeenByTheNextLookup() throws {
    let db = try ZipDatabase(writingAt: path)
    let stored = try db.database.rows("SELECT zip FROM zips LIMIT \(CodeIndex.lookupsBeforeHolding * 2)").compactMap {
      $0[0].string
    }
    for code in stored { _ = try db.lookUp(code) }
    #expect(try db.lookUp("75075").code?.places[0].place == "Plano")
    try db.database.execute("UPDATE zips SET place = 'Plano Renamed' WHERE zip = '75075'")
    #expect(try db.lookUp("75075").code?.places[0].place == "Plano Renamed")
    try db.database.execute("DELETE FROM zips WHERE zip = '75075'")
    #expect(try db.lookUp("75075").failure == .unknown)
  }

  @Test func aDamagedRowStillFailsNamingItsCodeAfterThousandsOfLookups() throws {
    let writer = try Database(path: path)
    try writer.execute("PRAGMA ignore_check_constraints = ON")
    try writer.execute("UPDATE zips SET lat = 'north' WHERE zip = '75075'")
    try writer.close()
    let db = try ZipDatabase(readingAt: path)
    let stored = try db.database.rows("SELECT zip FROM zips WHERE zip <> '75075' LIMIT 5000").compactMap {
      $0[0].string
    }
    for code in stored { _ = try db.lookUp(code) }
    #expect(throws: ZipGeoError.self) { try db.lookUp("75075") }
    #expect(try db.lookUp("75023").code != nil)
  }
}
