import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// An import that runs out of room names the folder and the room it found, never SQLite's
/// statement; a full disk is a database that may grow only a few pages (`Importer.pageLimit`,
/// `PRAGMA max_page_count`), which needs no small file system, nor root to make one.
@Suite struct ImporterWriteFailureTests {
  let folder: TemporaryFolder
  init() throws { folder = try TemporaryFolder() }

  /// The folder as messages name it.
  var shownFolder: String { folder.url.resolvingSymlinksInPath().path }

  func importer(pageLimit: Int) -> Importer {
    var importer = Importer()
    importer.pageLimit = pageLimit
    return importer
  }

  func expectNoRoomMessage(_ error: ZipGeoError?, path: String, ending: String) {
    let message = error?.description ?? ""
    #expect(
      message.hasPrefix(
        "'\(path)' was not written: the disk is full (SQLite: database or disk is full): the import needs more than the "
      ),
      "\(message)")
    #expect(message.contains(" that were free in \(shownFolder)"), "\(message)")
    #expect(message.hasSuffix(ending), "\(message)")
    #expect(!message.contains("INSERT") && !message.contains("?, ") && !message.contains("\n"), "\(message)")
    #expect(message.count < 400, "\(message)")
  }

  @Test func aNewDatabaseThatRunsOutOfRoomNamesTheFolderAndIsNotMade() throws {
    let path = folder.path("zipgeo.db")
    let error = #expect(throws: ZipGeoError.self) {
      try importer(pageLimit: 8).importFile(zipsCSVPath, intoDatabaseAt: path)
    }
    expectNoRoomMessage(
      error, path: path, ending: "; nothing was made. Free some space there, or give --db a path on another disk")
    // Neither the database nor its temporary file is left.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == [])
  }

  @Test func anExistingDatabaseThatRunsOutOfRoomIsUnchanged() throws {
    let path = folder.path("zipgeo.db")
    let small = try folder.write("small.csv", "zip,lat,lon\n01001,42.0702,-72.6227\n75075,33.025,-96.7397\n")
    _ = try Importer().importFile(small, intoDatabaseAt: path)
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let pages = try #require(try Database(path: path).scalar("PRAGMA page_count")?.int64)
    let error = #expect(throws: ZipGeoError.self) {
      try importer(pageLimit: Int(pages) + 4).importFile(zipsCSVPath, intoDatabaseAt: path)
    }
    expectNoRoomMessage(
      error, path: path,
      ending: "; the database is unchanged. Free some space there, or import into a copy on another disk (--db)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func sizesShowInPowersOfAThousand() {
    #expect(DatabaseFolder.shownSize(0) == "0 bytes")
    #expect(DatabaseFolder.shownSize(999) == "999 bytes")
    #expect(DatabaseFolder.shownSize(1000) == "1 KB")
    #expect(DatabaseFolder.shownSize(3_145_728) == "3.1 MB")
    #expect(DatabaseFolder.shownSize(212_400_000) == "212 MB")
    #expect(DatabaseFolder.shownSize(999_990_000) == "1 GB")
    #expect(DatabaseFolder.shownSize(83_900_000_000) == "83.9 GB")
  }
}
