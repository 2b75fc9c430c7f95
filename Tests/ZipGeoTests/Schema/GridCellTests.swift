import Geodesy
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

@Suite struct GridCellTests {
  /// SQLite computes the `cell` column; searches compute cells in Swift: both must agree on every
  /// point, cell edges (33.1, whose double is a hair off) and the poles and antimeridian included.
  @Test func sqliteComputesTheSameCellsAsSwift() throws {
    let db = try Database.inMemory()
    let statement = try db.prepare("SELECT \(GridCell.sqlExpression()) FROM (SELECT ?1 AS lat, ?2 AS lon)")
    var rng = SeededGenerator(seed: 21)
    var points: [(Double, Double)] = [
      (90, 180), (-90, -180), (90, -180), (-90, 180), (0, 0), (-0.0, -0.0), (1e-300, -1e-300),
    ]
    for tenth in -900...900 { points.append((Double(tenth) / 10, Double(tenth) / 5)) }
    for tenth in -1800...1800 { points.append((Double(tenth % 900) / 10, Double(tenth) / 10)) }
    for _ in 0..<50_000 {
      points.append((.random(in: -90...90, using: &rng), .random(in: -180...180, using: &rng)))
    }
    for (lat, lon) in points {
      try statement.bind(values: [.real(lat), .real(lon)])
      _ = try statement.step()
      let sql = statement.value(at: 0).int64
      statement.reset()
      #expect(sql == Int64(GridCell.number(of: try Coordinate(latitude: lat, longitude: lon))), "\(lat),\(lon)")
    }
  }

  /// Any tool may move or add a row, without knowing about cells: triggers keep its cell right,
  /// so searches find it where it now is.
  /// The squares that cover a box hold the cell of every point in it, at every level, edges,
  /// poles and the 180th meridian included; too many squares, or a box of no numbers, is `nil`.
  @Test func theSquaresCoveringABoxHoldEveryPointInIt() throws {
    var random = SeededGenerator(seed: 23)
    let boxes: [(ClosedRange<Double>, [ClosedRange<Double>])] = [
      (33.0...33.2, [-96.8...(-96.6)]), (-90...(-89.9), [-180...180]), (89.5...90, [-180...180]),
      (-44.1...(-43.9), [179.9...180, -180...(-179.9)]), (0...0, [0...0]), (35.5...35.9, [139.5...140]),
    ]
    for (latitudes, longitudes) in boxes {
      for level in 0...GridCell.bits {
        guard let nodes = GridCell.Node.covering(latitudes: latitudes, longitudes: longitudes, level: level, most: 64)
        else { continue }
        #expect(!nodes.isEmpty)
        var points = [latitudes.lowerBound, latitudes.upperBound].flatMap { latitude in
          longitudes.flatMap { [(latitude, $0.lowerBound), (latitude, $0.upperBound)] }
        }
        for _ in 0..<200 {
          let range = longitudes[Int.random(in: 0..<longitudes.count, using: &random)]
          points.append((Double.random(in: latitudes, using: &random), Double.random(in: range, using: &random)))
        }
        for (latitude, longitude) in points {
          let cell = GridCell.number(of: Coordinate(uncheckedLatitude: latitude, longitude: longitude))
          #expect(nodes.contains { $0.first <= cell && cell <= $0.last }, "\(latitude), \(longitude) at \(level)")
        }
      }
    }
    #expect(GridCell.Node.covering(latitudes: -90...90, longitudes: [-180...180], level: 4, most: 64) == nil)
    #expect(GridCell.Node.covering(latitudes: 0...1, longitudes: [0...1], level: 17, most: 64) == nil)
    #expect(GridCell.Node.covering(latitudes: -.infinity...1, longitudes: [0...1], level: 3, most: 64) == nil)
    #expect(GridCell.Node.covering(latitudes: 0...1, longitudes: [0...(.infinity)], level: 3, most: 64) == nil)
  }

  @Test func rowsMovedOrAddedByAnyToolAreFound() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("zipgeo.db")
    _ = try ZipDatabase.importFile(zipsCSVPath, into: path)
    let writer = try Database(path: path)
    try writer.execute(
      """
      UPDATE zips SET lat = 40.7, lon = -74.0 WHERE zip = '75075';
      INSERT INTO zips (zip, place, lat, lon) VALUES ('STORE1', 'Our store', 40.7001, -74.0001);
      INSERT INTO zips (zip, lat, lon, cell) VALUES ('STORE2', 40.7002, -74.0002, 12345);
      UPDATE zips SET cell = 0 WHERE zip = '10041';
      """)
    let db = try ZipDatabase(readingAt: path)
    let nearest = try db.nearest(to: try Coordinate(latitude: 40.7, longitude: -74.0), count: 4).map(\.zipCode.zip)
    #expect(nearest == ["75075", "STORE1", "STORE2", "10041"])
    #expect(try db.near(zip: "75075", within: Length(1, .kilometres)).first?.zipCode.zip == "75075")
    let wrong = try writer.scalar("SELECT count(*) FROM zips WHERE cell <> \(GridCell.sqlExpression())")
    #expect(wrong == .integer(0))
  }

  /// A row moved while the triggers were off (`.dbconfig enable_trigger off` in the shell) keeps
  /// a wrong cell though the triggers are there; the next import of any country mends it.
  @Test func anImportMendsCellsLeftWrongWhileTheTriggersWereOff() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("zipgeo.db")
    _ = try ZipDatabase.importFile(zipsCSVPath, into: path)
    let writer = try Database(path: path)
    try writer.execute(
      """
      \(Schema.dropCellTriggers)
      UPDATE zips SET lat = 0, lon = 0 WHERE zip = '75075';
      INSERT INTO zips (zip, place, lat, lon) VALUES ('NEW1', 'n', 0, 0.001);
      \(Schema.cellTriggers)
      """)
    let wrong = "SELECT count(*) FROM zips WHERE cell IS NOT \(GridCell.sqlExpression())"
    #expect(try writer.scalar(wrong) == .integer(2))
    let other = try folder.write("zz.csv", "zip,lat,lon\nZZ1,10,10\n")
    _ = try Importer(options: ImportOptions(country: "ZZ")).importFile(other, intoDatabaseAt: path)
    #expect(try writer.scalar(wrong) == .integer(0))
    let db = try ZipDatabase(readingAt: path)
    #expect(
      try db.near(coordinate: try Coordinate(latitude: 0, longitude: 0), within: Length(5, .kilometres)).map(
        \.zipCode.zip) == ["75075", "NEW1"])
  }

  /// A database made before the triggers existed gets them from its next import.
  @Test func anImportAddsTheTriggersToAnOlderDatabase() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("old.db")
    _ = try ZipDatabase.importFile(zipsCSVPath, into: path)
    let old = try Database(path: path)
    try old.execute(Schema.dropCellTriggers)
    func triggers() throws -> DatabaseValue? {
      try old.scalar(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'zips' AND name LIKE 'zips_cell_%'")
    }
    #expect(try triggers() == .integer(0))
    #expect(try ZipDatabase(readingAt: path).near(zip: "75075", within: Length(10, .kilometres)).count == 14)
    _ = try ZipDatabase.importFile(zipsCSVPath, into: path)
    #expect(try triggers() == .integer(2))
  }

  /// A table from before `cell` had a default is made anew by the next import, so that an INSERT
  /// may leave `cell` out, as README says.
  @Test func anImportRemakesATableWhoseCellHasNoDefault() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("old.db")
    let old = try Database(path: path)
    // The table of 1ac3b17, whose cells had no default.
    try old.execute(SchemaUpgradeTests.version1Layouts[3].sql)
    func cellDefault() throws -> DatabaseValue? {
      try old.scalar("SELECT dflt_value FROM pragma_table_info('zips') WHERE name = 'cell'")
    }
    #expect(try cellDefault() == .null)
    _ = try ZipDatabase.importFile(zipsCSVPath, into: path)
    #expect(try cellDefault() == .text("-1"))
    try old.execute("INSERT INTO zips (zip, lat, lon) VALUES ('STORE1', 40.7001, -74.0001)")
    let db = try ZipDatabase(readingAt: path)
    #expect(
      try db.nearest(to: try Coordinate(latitude: 40.7001, longitude: -74.0001), count: 1).first?.zipCode.zip
        == "STORE1")
  }
}
