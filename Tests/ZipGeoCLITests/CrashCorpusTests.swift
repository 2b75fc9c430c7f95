import Foundation
import TestSupport
import Testing

/// Hostile command-line arguments and database files through the built `zipgeo` binary, each in
/// its own process: zipgeo answers, or fails with one `Error:` line and exit 1 (64 for usage
/// errors), never a signal or a hang.
@Suite struct CrashCorpusTests {
  static let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
  static let sqlite3 = URL(fileURLWithPath: "/usr/bin/sqlite3")
  static let numbers = [
    "1.8e305", "1.7976931348623157e308", "1e308", "1e400", "inf", "-inf", "nan", "0", "-0", "-0.0", "-1", "1e-300",
    "4.9e-324", "0x1p1023", "1" + String(repeating: "0", count: 400), "", " ", "1e", "--", "9223372036854775807",
  ]

  let temporary: TemporaryFolder
  let database: String

  init() throws {
    temporary = try TemporaryFolder()
    database = temporary.path("zipgeo.db")
    let result = try runCommand(Self.zipgeo, ["import", zipsCSVPath, "--db", database])
    try #require(result.status == 0, "\(result.err)")
  }

  func expectEndsNormally(_ arguments: [String], database: String? = nil) throws -> CommandResult {
    let result = try runCommand(Self.zipgeo, arguments + ["--db", database ?? self.database], timeLimit: 120)
    let what = arguments.joined(separator: " ")
    #expect(!result.wasSignalled, "\(what): killed by signal \(result.status)\n\(result.err)")
    #expect(!result.timedOut, "\(what): hung")
    #expect([0, 1, 64].contains(result.status), "\(what): exit \(result.status)")
    if result.status != 0 {
      #expect(result.err.hasPrefix("Error: "), "\(what): \(result.err)")
      #expect(!result.err.contains("Fatal error"), "\(what): \(result.err)")
    }
    return result
  }

  @Test func extremeRadiiAreAnsweredOrRefused() throws {
    for number in Self.numbers {
      for option in ["--km", "--mi"] {
        for model in ["sphere", "wgs84"] {
          _ = try expectEndsNormally(["near", "75075", "\(option)=\(number)", "--model", model, "--limit", "3"])
        }
      }
    }
    let overflow = try expectEndsNormally(["near", "75075", "--km", "1.8e305"])
    #expect(overflow.status == 64)
    #expect(overflow.err.hasPrefix("Error: The value '1.8e305' is invalid for '--km <km>': 1.8e+305 km is too large"))
    // Numbers are read as the importer reads them: in decimal notation (Double("0x10") is 16).
    for hex in [["near", "75075", "--km", "0x10"], ["near", "75075", "--mi", "0x1p3"]] {
      let refused = try expectEndsNormally(hex)
      #expect(refused.status == 64 && refused.err.contains("in decimal notation"), "\(refused.err)")
    }
    let hexCentre = try expectEndsNormally(["near", "0x10,0x20", "--km", "5"])
    #expect(hexCentre.err == "Error: zip code '0x10,0x20' is not in zipgeo.db\n", "\(hexCentre.err)")
    let largest = try expectEndsNormally(["near", "75075", "--km", "1.7e305", "--limit", "1"])
    #expect(largest.status == 0 && largest.out.contains("75075"), "\(largest.err)")
  }

  @Test func extremeCentresAndCountsAreAnsweredOrRefused() throws {
    let centres = [
      "90,180", "-90,-180", "-0.0,-0.0", "1e-300,1e-300", "-1e-300,179.99999999", "90.0000001,0", "0,180.0000001",
      "0,1e308", "1e308,0", "nan,0", "0,inf", "0,0,0", ",", "33.025,-96.7397",
    ]
    for centre in centres {
      for model in ["sphere", "wgs84"] {
        _ = try expectEndsNormally(["near", centre, "--km", "100", "--model", model])
        _ = try expectEndsNormally(["nearest", centre, "-k", "3", "--model", model])
        _ = try expectEndsNormally(["distance", centre, "75075", "--model", model])
      }
    }
    for k in ["0", "-1", "1000000", "9223372036854775807", "9223372036854775808", "1e3", "x"] {
      _ = try expectEndsNormally(["nearest", "33,-96", "-k", k])
    }
  }

  /// A hand-edited or damaged file: a search centred on a bad row names it; others leave it out.
  @Test func damagedRowsAreNamedNeverACrash() throws {
    let change = try runCommand(
      Self.sqlite3,
      [
        database,
        """
        PRAGMA ignore_check_constraints = ON;
        UPDATE zips SET lat = 95 WHERE zip = '75075';
        UPDATE zips SET lat = 'abc' WHERE zip = '75024';
        UPDATE zips SET lon = 1e308 WHERE zip = '75025';
        UPDATE zips SET lon = x'00' WHERE zip = '75074';
        """,
      ])
    try #require(change.status == 0, "\(change.err)")
    let cases = [
      (
        ["near", "75075", "--km", "10"],
        "Error: zip code '75075' in the zips table is damaged: latitude 95.0 is outside [-90, 90]"
      ),
      (
        ["distance", "10001", "75024"],
        "Error: zip code '75024' in the zips table is damaged: its latitude is text 'abc'"
      ),
      (
        ["info", "75025"],
        "Error: zip code '75025' in the zips table is damaged: longitude 1e+308 is outside [-180, 180]"
      ),
      (["nearest", "--zip", "75074"], "Error: zip code '75074' in the zips table is damaged: its longitude is a blob"),
    ]
    for (arguments, message) in cases {
      let result = try expectEndsNormally(arguments)
      #expect(result.status == 1)
      #expect(result.err == message + "\n", "\(arguments)")
    }
    let around = try expectEndsNormally(["near", "75023", "--km", "20", "--format", "csv"])
    #expect(around.status == 0)
    for zip in ["75075", "75024", "75025", "75074"] { #expect(!around.out.contains("\n\(zip),")) }
    let world = try expectEndsNormally(["sql", "SELECT count(zip) FROM zipgeo_within(0, 0, 1e305)", "--format", "csv"])
    #expect(world.out.split(whereSeparator: \.isNewline).last == "41483")  // 41,487 rows, 4 damaged
    // A count that reads no column takes a square wholly within the radius by its cells: it counts
    // 75074, whose blob longitude SQLite's arithmetic reads as 0.
    let counted = try expectEndsNormally(["sql", "SELECT count(*) FROM zipgeo_within(0, 0, 1e305)", "--format", "csv"])
    #expect(counted.out.split(whereSeparator: \.isNewline).last == "41484")
    _ = try expectEndsNormally(["sql", "SELECT count(*) FROM zipgeo_nearest(33, -96, 100000)"])
  }

  /// `zipgeo sql` on a file whose `zips` is a view that calls a table function.
  @Test func aSelfCallingViewIsAnErrorInZipgeoSQL() throws {
    let change = try runCommand(
      Self.sqlite3,
      [
        database,
        "ALTER TABLE zips RENAME TO all_zips; CREATE VIEW zips AS SELECT a.* FROM all_zips a "
          + "JOIN zipgeo_near('75075', 10) n ON n.zip = a.zip;",
      ])
    try #require(change.status == 0, "\(change.err)")
    for sql in ["SELECT count(*) FROM zips", "SELECT count(*) FROM zipgeo_near('75075', 10)"] {
      let result = try expectEndsNormally(["sql", sql])
      #expect(result.status == 1)
      // Refused before the view is read, whose rows would call it again.
      #expect(result.err.contains("zipgeo_near(): the zips table cannot be searched: it is a view"), "\(result.err)")
    }
    _ = try expectEndsNormally(["near", "75075", "--km", "10"])
    _ = try expectEndsNormally(["info", "75075"])
  }
}
