import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeoCLI

/// `zipgeo where` says which database the commands use and why, and never makes it.
@Suite struct WhereCommandTests {
  static let repository = URL(fileURLWithPath: zipsCSVPath).deletingLastPathComponent().deletingLastPathComponent().path
  static let extensionLine =
    "extension  " + buildProductsFolder.resolvingSymlinksInPath().appendingPathComponent("libZipgeo.so").path + "\n"
  static let dataLines = "data       \(repository)/data\nfiles      world.txt.xz zips.csv\n"

  @Test func itNamesThePerUserDefaultAndDoesNotMakeIt() throws {
    let user = try FreshUser()
    let result = try user.zipgeo("where")
    #expect(result.status == 0 && result.err.isEmpty)
    #expect(
      result.out == """
        database   \(user.database)
        chosen by  the per-user default (no --db, no $ZIPGEO_DB, no ./zipgeo.db here)
        exists     no: the first query makes it from zips.csv
        import     zipgeo import writes this same file

        """ + Self.dataLines + Self.extensionLine)
    #expect(!user.exists(user.dataHome))
    #expect(try FileManager.default.contentsOfDirectory(atPath: user.folder.url.path).isEmpty)
  }

  @Test func itShowsTheCountriesAndRowsOfTheDatabaseInUse() throws {
    let user = try FreshUser()
    _ = try user.zipgeo("info", "01001")
    let result = try user.zipgeo("where")
    #expect(result.out.contains("exists     yes\ncountries  US\nrows       41487\n"), "\(result.out)")
  }

  /// The counts are the database's: a file any tool wrote may hold counts whose sum no number
  /// holds.
  @Test func countsPastWhatANumberHoldsAreShownAtTheirBoundNeverATrap() throws {
    let user = try FreshUser()
    _ = try user.zipgeo("info", "01001")
    let db = try Database(path: user.database)
    try db.execute(
      """
      UPDATE countries SET places = 9223372036854775807;
      INSERT INTO countries VALUES ('DE', 1, 1, NULL, NULL), ('FR', 5, 1, NULL, NULL);
      """)
    try db.close()
    let result = try user.zipgeo("where")
    #expect(result.status == 0 && !result.wasSignalled, "\(result.err)")
    #expect(result.out.contains("countries  DE FR US\nrows       9223372036854775807\n"), "\(result.out)")
    #expect(WhereCommand.total([.max, 1, .min]) == -1)
    #expect(WhereCommand.total([.min, -1]) == .min)
    #expect(WhereCommand.total([]) == 0)
  }

  @Test func itNamesTheDbOptionAndZipgeoDB() throws {
    let user = try FreshUser(["ZIPGEO_DB": "env.db"])
    let environment = try user.zipgeo("where")
    #expect(
      environment.out.hasPrefix(
        "database   env.db\nchosen by  $ZIPGEO_DB\nexists     no\nimport     zipgeo import writes this same file\n"),
      "\(environment.out)")
    let option = try user.zipgeo("where", "--db", "x.db")
    #expect(option.out.hasPrefix("database   x.db\nchosen by  --db\nexists     no\n"), "\(option.out)")
    #expect(!user.exists(user.folder.path("x.db")) && !user.exists(user.folder.path("env.db")))
  }

  @Test func itNamesTheCurrentFolderDatabaseWhenThereIsOne() throws {
    let user = try FreshUser()
    let csv = try user.folder.write("one.csv", "zip,lat,lon\n01001,42.07,-72.62\n")
    _ = try user.zipgeo("import", csv, "--db", "zipgeo.db", "--quiet")
    let result = try user.zipgeo("where")
    #expect(
      result.out.hasPrefix(
        "database   zipgeo.db\nchosen by  ./zipgeo.db, which is in this folder\nexists     yes\ncountries  US\nrows       1\n"
          + "import     zipgeo import writes this same file\n"),
      "\(result.out)")
  }

  @Test func withNoHomeItNamesTheCurrentFolderDatabaseAndWhy() throws {
    var user = try FreshUser()
    user.environment = ["PATH": "/usr/bin:/bin"]
    let result = try user.zipgeo("where")
    #expect(
      result.out.hasPrefix(
        "database   zipgeo.db\nchosen by  ./zipgeo.db, as there is no HOME for a per-user database\nexists     no\n"),
      "\(result.out)")
  }

  @Test func itSaysWhenNoDataIsFound() throws {
    let empty = try TemporaryFolder()
    let user = try FreshUser(["ZIPGEO_DATA_DIR": empty.url.path])
    let result = try user.zipgeo("where")
    #expect(result.out.contains("exists     no, and no data to make it from\n"), "\(result.out)")
    #expect(result.out.contains("data       none: no zips.csv in \(empty.url.path)\n"), "\(result.out)")
    #expect(!user.exists(user.dataHome))
  }

  @Test func anUnreadableDatabaseIsReportedNotAnError() throws {
    let user = try FreshUser()
    let text = try user.folder.write("text.db", "not a database")
    let result = try user.zipgeo("where", "--db", text)
    #expect(result.status == 0)
    #expect(result.out.contains("exists     yes, but it cannot be read: "), "\(result.out)")
  }

  @Test func existsIsAJSONBooleanAndOneInCSV() throws {
    let user = try FreshUser()
    let csv = try user.folder.write("one.csv", "zip,lat,lon\n01001,42.07,-72.62\n")
    _ = try user.zipgeo("import", csv, "--db", "zipgeo.db", "--quiet")
    let json = try user.zipgeo("where", "--format", "json")
    #expect(json.out.contains("\"exists\": true,"), "\(json.out)")
    let object = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])?.first)
    #expect(object["exists"] as? Bool == true)
    let table = try user.zipgeo("where", "--format", "csv")
    #expect(table.out.contains("\r\nzipgeo.db,./zipgeo.db,1,US,1,"), "\(table.out)")
  }

  @Test func jsonCarriesTheSameFacts() throws {
    let user = try FreshUser()
    let result = try user.zipgeo("where", "--format", "json")
    #expect(result.status == 0)
    let object = try #require(
      (try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])?.first)
    #expect(object["database"] as? String == user.database)
    #expect(object["chosen_by"] as? String == "per-user")
    // A JSON boolean: false, not 0.
    #expect(result.out.contains("\"exists\": false,"), "\(result.out)")
    #expect(object["rows"] is NSNull)
    #expect(object["import_database"] as? String == user.database)
    #expect(object["hidden_database"] is NSNull)
    #expect(object["data_folder"] as? String == Self.repository + "/data")
    #expect(object["data_files"] as? String == "world.txt.xz,zips.csv")
    #expect(!user.exists(user.dataHome))
  }
}
