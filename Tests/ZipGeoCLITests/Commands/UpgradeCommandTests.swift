import Foundation
import TestSupport
import Testing

/// `zipgeo upgrade` as a user runs it, on files an older zipgeo wrote.
@Suite struct UpgradeCommandTests {
  let run: EndToEndTests

  init() throws {
    run = try EndToEndTests()
  }

  /// A file as the last version-1 release wrote it (889ac81), with two US rows.
  func makeVersion1File(_ name: String = "old.db") throws {
    _ = try run.sqlite3(
      name,
      """
      CREATE TABLE zips (zip TEXT NOT NULL CHECK (zip <> ''), place TEXT, state TEXT, county TEXT,
        lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90), lon REAL NOT NULL CHECK (lon BETWEEN -180 AND 180),
        cell INTEGER NOT NULL DEFAULT -1);
      CREATE UNIQUE INDEX zips_zip ON zips (zip);
      CREATE INDEX zips_cell ON zips (cell, lat, lon, zip);
      INSERT INTO zips (zip, place, state, lat, lon) VALUES ('75075', 'Plano', 'TX', 33.025, -96.7397),
        ('75023', 'Plano', 'TX', 33.05, -96.73);
      PRAGMA user_version = 1;
      """)
  }

  func bytes(_ name: String) throws -> Data { try Data(contentsOf: run.folder.appendingPathComponent(name)) }

  /// A signal in any phase of the upgrade's transaction stops it, with the signal's exit code,
  /// and leaves the file byte for byte as it was; the next upgrade then runs to the end.
  @Test(arguments: ["opened", "rows-inserted", "zip-index-built", "place-index-built", "committing"])
  func aSignalInAnyPhaseLeavesTheFileAsItWas(phase: String) throws {
    try makeVersion1File()
    let before = try bytes("old.db")
    let stopped = try run.zipgeo("upgrade", "--db", "old.db", environment: ["ZIPGEO_TEST_HOOK": "\(phase)=int"])
    #expect(stopped.status == 130)
    #expect(stopped.err == "Error: old.db: upgrade interrupted by SIGINT; the database is unchanged\n")
    #expect(stopped.out == "")
    #expect(try bytes("old.db") == before)
    let upgraded = try run.zipgeo("upgrade", "--db", "old.db")
    #expect(upgraded.status == 0, "\(upgraded.err)")
    #expect(try run.zipgeo("near", "75075", "--km", "10", "--db", "old.db").out.split(separator: "\n").count == 3)
  }

  /// A file the user cannot write is refused by reads with the commands that upgrade a copy, and
  /// by the upgrade itself, unchanged; the commands, run as the message gives them, make a copy
  /// that reads.
  @Test func anOlderFileTheUserCannotWriteNamesTheCommandsThatUpgradeACopy() throws {
    try makeVersion1File()
    let database = run.folder.appendingPathComponent("old.db").path
    let before = try bytes("old.db")
    let binary = run.folder.appendingPathComponent("zipgeo-copy")
    try copyExecutable(atPath: EndToEndTests.binary.path, toPath: binary.path)
    chmod(run.folder.path, 0o777)
    defer { chmod(run.folder.path, 0o755) }
    chmod(database, 0o444)
    // The copy goes to the user's home: here, this test's folder.
    let read = try runCommandAsUnprivilegedUser(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["HOME=\(run.folder.path)", binary.path, "near", "75075", "--km", "10", "--db", database], in: run.folder)
    #expect(read.status == 1)
    let copy = run.folder.appendingPathComponent("upgraded-old.db").path
    let commands =
      "zipgeo sql --write --db=\(database) \"VACUUM INTO '\(copy)'\" && zipgeo upgrade --db=\(copy)"
    #expect(
      read.err
        == "Error: cannot open '\(database)': it was made by an older zipgeo (schema version 1), and this one reads"
        + " version 3, and this user cannot write it; upgrade a copy, keeping every row, with: \(commands)\n")
    let upgrade = try runCommandAsUnprivilegedUser(binary, ["upgrade", "--db", database], in: run.folder)
    #expect(upgrade.status == 1)
    #expect(upgrade.err.hasPrefix("Error: '\(database)' was not written: the file is not writable"), "\(upgrade.err)")
    #expect(try bytes("old.db") == before)
    let copied = try runCommandAsUnprivilegedUser(
      URL(fileURLWithPath: "/bin/sh"), ["-c", commands.replacing("zipgeo ", with: "\(binary.path) ")],
      in: run.folder)
    #expect(copied.status == 0, "\(copied.err)")
    #expect(copied.out.hasPrefix("Upgraded \(copy) from schema version 1 to 3: 2 zip codes kept, "))
    let near = try runCommandAsUnprivilegedUser(binary, ["near", "75075", "--km", "10", "--db", copy], in: run.folder)
    #expect(near.out.split(separator: "\n").count == 3, "\(near.err)")
    #expect(try bytes("old.db") == before)
  }

  /// The errors of a database that is missing, empty or not zipgeo's are those every command gives.
  @Test func aMissingEmptyOrForeignDatabaseIsTheUsualError() throws {
    let missing = try run.zipgeo("upgrade", "--db", "missing.db")
    #expect(missing.status == 1)
    #expect(missing.err == (try run.zipgeo("countries", "--db", "missing.db").err))
    _ = FileManager.default.createFile(atPath: run.folder.appendingPathComponent("empty.db").path, contents: Data())
    let empty = try run.zipgeo("upgrade", "--db", "empty.db")
    #expect(empty.status == 1)
    #expect(empty.err == "Error: 'empty.db' is not a zipgeo database: it is empty\n")
    _ = try run.sqlite3("other.db", "CREATE TABLE t (x);")
    let other = try run.zipgeo("upgrade", "--db", "other.db")
    #expect(other.status == 1)
    #expect(other.err == "Error: 'other.db' is not a zipgeo database: it has no 'zips' table\n")
    #expect(try run.sqlite3("other.db", "SELECT name FROM sqlite_schema") == "t\n")
  }
}
