import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// What an upgrade did (`Importer.upgradeDatabase(at:notify:shouldStop:phase:)`).
public struct UpgradeSummary: Equatable, Sendable {
  /// The schema version the file had.
  public let fromVersion: Int64
  /// The rows of `zips`, every one kept.
  public let rows: Int
  /// Whether the file needed the upgrade: `false` when it was already of this version.
  public var upgraded: Bool { fromVersion != Schema.version }
}

extension Importer {
  /// Brings the zipgeo database at `databasePath`, written by an older zipgeo (schema version 1
  /// or 2), up to this version's layout without any import file, keeping every row: the rows are
  /// laid out anew, clustered by grid cell (`Schema.upgradeToCurrentVersion(_:)`), and given what
  /// an import gives a database, made from the rows themselves: the index of codes, the names of
  /// the states, the usual accuracy and the states of each country, the index of place names and
  /// the triggers that keep cells right. A file of this version is left as it is.
  ///
  /// It is one transaction, made as an import of an existing file is
  /// (`changeInPlace(at:shownAs:stopping:notify:shouldStop:phase:change:)`): readers go on reading
  /// the old rows until it commits, and one that fails or is stopped leaves the file as it was.
  /// What a user added to the old table that the new one would lose (a column, an index, a
  /// trigger, a view that reads its rowid) is named, and the file left as it was
  /// (`ZipGeoError.upgradeWouldLose`).
  ///
  /// - Throws: `ImportError.interrupted` (of `databasePath`) when `shouldStop` says so;
  ///   `ZipGeoError` for a path that is no zipgeo database, or one that cannot be written;
  ///   `DatabaseError` when SQLite fails.
  public func upgradeDatabase(
    at databasePath: String, notify: (ImportNotice) -> Void = { _ in }, shouldStop: () -> Bool = { false },
    phase: (ImportPhase) -> Void = { _ in }
  ) throws -> UpgradeSummary {
    let sqlitePath = try DatabaseFolder.followingLinks(
      DatabaseOpening.sqlitePath(for: databasePath), shownAs: databasePath)
    if sqlitePath != databasePath { _ = try DatabaseOpening.sqlitePath(for: sqlitePath) }
    guard access(sqlitePath, F_OK) == 0 else { throw ZipGeoError.databaseMissing(path: databasePath) }
    // A file of this version is left as it is, byte for byte, and one that is not zipgeo's is
    // refused untouched: judged by a reader, which writes nothing (and removes the `-wal` and
    // `-shm` files it made, as every reader does). Two upgrades at once may both find a file
    // older: the second then finds it current inside its transaction.
    if let reader = try? Database(path: sqlitePath, mode: .readOnly) {
      let makesWALFiles = DatabaseOpening.makesWALFilesToRead(reader)
      defer {
        try? reader.close()
        if makesWALFiles { DatabaseOpening.removeWALFilesNobodyUses(of: sqlitePath) }
      }
      reader.setBusyTimeout(milliseconds: 5000)
      if try Self.versionToUpgrade(reader, path: databasePath) == nil { return try Self.unchanged(reader) }
    }
    let folder = DatabaseFolder(containing: sqlitePath)
    let room = FreeSpace(around: folder)
    let stopped = ImportError.interrupted(file: databasePath, action: "upgrade")
    do {
      return try withoutActuallyEscaping(shouldStop) { shouldStop in
        try withoutActuallyEscaping(notify) { notify in
          try changeInPlace(
            at: sqlitePath, shownAs: databasePath, stopping: stopped, notify: notify, shouldStop: shouldStop,
            phase: phase
          ) { db in
            let summary = try db.inTransaction {
              let summary = try upgrade(
                db, shownAs: databasePath, shouldStop: shouldStop, stopped: stopped, phase: phase)
              phase(.committing)
              // Asked once more: a short COMMIT may run too few instructions for the interrupt check.
              if shouldStop() { throw stopped }
              return summary
            }
            phase(.committed)
            return summary
          }
        }
      }
    } catch  where shouldStop() {
      throw stopped
    } catch let error as DatabaseError where error.resultCode == .full {
      throw Self.noRoom(error, in: folder, freeBefore: room, shownAs: databasePath, isNew: false)
    } catch  where Self.isWriteRefusal(error) {
      throw Self.notWritable(file: sqlitePath, in: folder, shownAs: databasePath, isNew: false) ?? error
    }
  }

  /// The upgrade, inside the caller's transaction.
  private func upgrade(
    _ db: Database, shownAs path: String, shouldStop: () -> Bool, stopped: ImportError,
    phase: (ImportPhase) -> Void
  ) throws -> UpgradeSummary {
    guard let version = try Self.versionToUpgrade(db, path: path) else { return try Self.unchanged(db) }
    try DatabaseOpening.requireImportable(db, path: path)
    try db.execute("PRAGMA cache_size = \(Self.writingCacheSize)")
    try Schema.upgradeToCurrentVersion(db)
    phase(.rowsInserted)
    if shouldStop() { throw stopped }
    try db.execute("DROP INDEX IF EXISTS zips_zip; \(Schema.dropCellTriggers) \(PlaceNameIndex.dropStaleTriggers)")
    do {
      try db.execute(Schema.zipIndex)
    } catch let error as DatabaseError where error.isConstraintViolation {
      // Rows another tool repeated (a version-1 table whose unique index a user dropped), which
      // searches would give twice: an import keeps one of each, with a warning; an upgrade, which
      // keeps every row, names one and stops.
      let repeated = try db.rows(
        "SELECT country, zip, place FROM zips GROUP BY country, zip, ifnull(place, '') HAVING count(*) > 1 LIMIT 1"
      ).first
      let shown = repeated.map {
        Importer.shown(code: $0[1].string ?? "", country: $0[0].string ?? "", place: $0[2].string)
      }
      throw ZipGeoError.unsearchableTable(
        reason: "it repeats rows (\(shown ?? "a row"): the same country, code and place), which searches would give"
          + " twice; import its data again, which keeps one of each, or delete the repeats (zipgeo sql --write)")
    }
    phase(.zipIndexBuilt)
    if shouldStop() { throw stopped }
    // The counts of the countries as the rows now are (another tool may have changed them), each
    // country's source and import time kept.
    try db.execute(
      """
      DELETE FROM countries WHERE country NOT IN (SELECT country FROM zips);
      INSERT OR REPLACE INTO countries (country, places, codes, source, imported)
        SELECT z.country, count(*), count(DISTINCT z.zip), c.source, c.imported
        FROM zips AS z LEFT JOIN countries AS c ON c.country = z.country GROUP BY z.country;
      """)
    if try Schema.foreignRegionsColumns(db) == nil {
      try recordRegions(in: db, imported: "", keptRows: true, names: [])
    }
    try UsualAccuracy.record(
      try Self.usualAccuracies(in: db), imported: try Self.countriesWithoutUsualAccuracy(db), in: db)
    try CountryStates.record([:], imported: [], in: db)
    if shouldStop() { throw stopped }
    try PlaceNameIndex.build(on: db)
    phase(.placeIndexBuilt)
    try db.execute(Schema.cellTriggers + PlaceNameIndex.staleTriggers)
    let rows = try db.scalar("SELECT count(*) FROM zips")?.int64 ?? 0
    return UpgradeSummary(fromVersion: version, rows: Int(rows))
  }

  /// The schema version of the file `db` reads (named `path`) when it is older than this one;
  /// `nil` when it is of this version. Refuses a file that is empty or not zipgeo's.
  private static func versionToUpgrade(_ db: Database, path: String) throws -> Int64? {
    switch try DatabaseOpening.checkedState(of: db, path: path) {
    case .current: return nil
    case .empty: throw ZipGeoError.notAZipgeoDatabase(path: path, reason: "it is empty")
    case .foreign(let reason): throw ZipGeoError.notAZipgeoDatabase(path: path, reason: reason)
    case .upgradable(let version): return version
    }
  }

  /// The summary of a file already of this version, which the upgrade leaves as it is.
  private static func unchanged(_ db: Database) throws -> UpgradeSummary {
    let rows = try db.scalar("SELECT count(*) FROM zips")?.int64 ?? 0
    return UpgradeSummary(fromVersion: Schema.version, rows: Int(rows))
  }

  /// The usual accuracy of each country, counted from the rows (`UsualAccuracy.Counter`).
  private static func usualAccuracies(in db: Database) throws -> [String: Int] {
    var counter = UsualAccuracy.Counter()
    let scan = try db.prepare("SELECT country, accuracy FROM zips WHERE accuracy IS NOT NULL ORDER BY country")
    while try scan.step() {
      counter.count(country: scan.text(at: 0) ?? "", accuracy: Int(scan.int64(at: 1)))
    }
    return counter.usual()
  }

  /// The countries of `countries` with no usual accuracy recorded.
  private static func countriesWithoutUsualAccuracy(_ db: Database) throws -> [String] {
    let recorded = try UsualAccuracy.load(from: db).byCountry
    return try db.rows("SELECT country FROM countries ORDER BY country").compactMap { $0[0].string }
      .filter { recorded[$0] == nil }
  }
}
