import CSV
import SQLiteKit

/// How an import treats bad and repeated rows.
public struct ImportOptions: Equatable, Sendable {
  /// Import the valid rows and report each invalid one, instead of failing on the first.
  public var skipInvalid: Bool
  /// Fail on a zip that appears twice, instead of keeping the first row and warning.
  public var strict: Bool

  /// `ImportOptions(skipInvalid: true)`.
  public init(skipInvalid: Bool = false, strict: Bool = false) {
    self.skipInvalid = skipInvalid
    self.strict = strict
  }
}

/// How far a running import has come.
public struct ImportProgress: Equatable, Sendable {
  /// Data rows read so far.
  public let rows: Int
  /// Bytes of the file read so far.
  public let bytesRead: Int
  /// The file's size, when known.
  public let totalBytes: Int?
  /// Seconds since the import started.
  public let seconds: Double

  /// The fraction of the file read, from 0 to 1, when its size is known.
  public var fraction: Double? {
    totalBytes.map { $0 > 0 ? min(1, Double(bytesRead) / Double($0)) : 1 }
  }
}

extension Duration {
  /// The duration in seconds.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) * 1e-18
  }
}

/// What an import did.
public struct ImportSummary: Equatable, Sendable {
  /// Zip codes now in the database.
  public let imported: Int
  /// Invalid lines left out (with `skipInvalid`).
  public let skipped: Int
  /// Rows left out because their zip appeared before.
  public let duplicates: Int
  /// Seconds the import took.
  public let seconds: Double
}

/// A problem with an import file, naming the file, the line and the value.
///
/// ```
/// data/x.csv:3: latitude '91.5' is outside [-90, 90]
/// ```
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file, as the caller named it.
  public let file: String
  /// The 1-based line, or `nil` for the file as a whole.
  public let line: Int?
  /// What is wrong, with the value.
  public let message: String

  /// `data/x.csv:3: latitude '91.5' is outside [-90, 90]`.
  public var description: String {
    if let line { "\(file):\(line): \(message)" } else { "\(file): \(message)" }
  }

  /// The import was asked to stop (Ctrl-C) and nothing was changed.
  public static func interrupted(file: String) -> ImportError {
    ImportError(file: file, line: nil, message: "import interrupted; the database is unchanged")
  }

  /// Whether this is the error of an interrupted import.
  public var isInterruption: Bool { self == .interrupted(file: file) }
}

/// Something an import reports as it goes, without stopping.
public enum ImportNotice: Equatable, Sendable, CustomStringConvertible {
  /// An invalid line left out (with `skipInvalid`).
  case skipped(ImportError)
  /// A zip seen again; the first row is kept.
  case duplicate(file: String, zip: String, line: Int, firstLine: Int)

  /// The notice as `zipgeo import` prints it after `warning: `.
  public var description: String {
    switch self {
    case .skipped(let error): "\(error) (line skipped)"
    case .duplicate(let file, let zip, let line, let firstLine):
      "\(file):\(line): zip '\(zip)' already appeared on line \(firstLine); keeping line \(firstLine)"
    }
  }
}

/// Loads a zip / latitude / longitude CSV into a zipgeo database, replacing its zip codes.
///
/// ```swift
/// let summary = try Importer().importFile("data/zips.csv", into: ZipDatabase(writingAt: "zipgeo.db"))
/// ```
///
/// The file is streamed, so memory stays flat however long it is. The whole import is one
/// transaction that replaces the old zip codes with the new: a failed or interrupted import leaves
/// the database exactly as it was, and readers see either the old data or the new, never a mix.
public struct Importer: Sendable {
  /// How bad and repeated rows are treated.
  public let options: ImportOptions

  /// `Importer(options: ImportOptions(strict: true))`.
  public init(options: ImportOptions = ImportOptions()) {
    self.options = options
  }

  /// Builds the unique zip index; when a zip appears more than once, first reports and removes
  /// every row after its first (or, with `strict`, fails on the first of them).
  ///
  /// - Returns: The number of rows removed.
  private func removeDuplicates(in sql: Database, file: String, notify: (ImportNotice) -> Void) throws -> Int {
    do {
      try sql.execute(Schema.zipIndex)
      return 0  // the usual case: one sort, no duplicates
    } catch let error as DatabaseError where error.isConstraintViolation {}
    let later = """
      SELECT z.rowid, z.zip, d.first FROM zips AS z
        JOIN (SELECT zip, MIN(rowid) AS first FROM zips GROUP BY zip HAVING COUNT(*) > 1) AS d
        ON z.zip = d.zip AND z.rowid > d.first
      ORDER BY z.rowid
      """
    let statement = try sql.prepare(later)
    var count = 0
    while try statement.step() {
      let line = Int(statement.value(at: 0).int64 ?? 0)
      let zip = statement.text(at: 1) ?? ""
      let first = Int(statement.value(at: 2).int64 ?? 0)
      if options.strict {
        throw ImportError(
          file: file, line: line,
          message: "zip '\(zip)' already appeared on line \(first) (--strict refuses duplicates)")
      }
      notify(.duplicate(file: file, zip: zip, line: line, firstLine: first))
      count += 1
    }
    statement.reset()
    try sql.execute("DELETE FROM zips WHERE rowid IN (SELECT rowid FROM (\(later)))")
    try sql.execute(Schema.zipIndex)
    return count
  }

  /// Imports `path` into `db`.
  ///
  /// - Parameters:
  ///   - path: The CSV file, named in messages as given.
  ///   - db: The database whose zip codes are replaced.
  ///   - notify: Called for each skipped line and each duplicate zip.
  ///   - shouldStop: Asked every few thousand rows; `true` abandons the import, which then throws
  ///     `ImportError.interrupted` and leaves the database as it was.
  ///   - progress: Told every few thousand rows how far the import has come.
  /// - Throws: `ImportError` for a problem with the file or an interruption; `DatabaseError` when
  ///   SQLite fails.
  public func importFile(
    _ path: String, into db: ZipDatabase, notify: (ImportNotice) -> Void = { _ in },
    shouldStop: () -> Bool = { false }, progress: (ImportProgress) -> Void = { _ in }
  ) throws -> ImportSummary {
    let clock = ContinuousClock()
    let start = clock.now
    func fail(_ line: Int?, _ message: String) -> ImportError {
      ImportError(file: path, line: line, message: message)
    }
    let reader: CSVReader
    do {
      reader = try CSVReader(path: path)
    } catch {
      throw fail(nil, "cannot read the file: \(error.message)")
    }
    guard let header = try reader.nextNonBlank(file: path) else {
      throw fail(nil, "the file is empty; expected a header naming zip, latitude and longitude columns")
    }
    let columns: ColumnMap
    do {
      columns = try ColumnMap(header: header.fields)
    } catch {
      throw fail(header.line, error.message)
    }

    let sql = db.database
    var imported = 0
    var skipped = 0
    var duplicates = 0
    // Index builds sort with a helper thread; a 16 MiB page cache bounds each sorter's memory.
    // (Measured on 10 million rows: 35 s and 148 MB with one thread and 64 MiB; 29 s and 78 MB.)
    try sql.execute("PRAGMA cache_size = -16384")
    try sql.execute("PRAGMA threads = 2")
    try sql.inTransaction {
      // Both indexes are built once, after the rows are in: much faster than growing them row by
      // row. Each row's rowid is its line in the file, which is how duplicates name their lines.
      if try Schema.isOlderZipsTable(sql) {
        // Every row is replaced: the table is made anew, as this zipgeo makes it.
        try sql.execute("DROP TABLE zips; \(Schema.createTable)")
      } else {
        try sql.execute("DROP INDEX zips_zip; DROP INDEX zips_cell; \(Schema.dropCellTriggers) DELETE FROM zips;")
      }
      let insert = try sql.prepare(
        "INSERT INTO zips (rowid, zip, place, state, county, lat, lon, cell) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      func text(_ value: String?) -> DatabaseValue { value.map(DatabaseValue.text) ?? .null }
      var inserted = 0
      // The file is read and checked on another thread while this one inserts.
      let totalBytes = reader.totalBytes
      let producer = RowProducer(reader: reader, columns: columns, path: path, skipInvalid: options.skipInvalid)
      producer.start()
      defer { producer.stop() }
      while true {
        let batch = producer.next()
        for line in batch.lines {
          switch line {
          case .invalid(let problem):
            skipped += 1
            notify(.skipped(problem))
          case .row(let number, let zip):
            // Bound one by one: no array of values per row.
            try insert.bind(.integer(Int64(number)), at: 1)
            try insert.bind(.text(zip.zip), at: 2)
            try insert.bind(text(zip.place), at: 3)
            try insert.bind(text(zip.state), at: 4)
            try insert.bind(text(zip.county), at: 5)
            try insert.bind(.real(zip.coordinate.latitude), at: 6)
            try insert.bind(.real(zip.coordinate.longitude), at: 7)
            try insert.bind(.integer(Int64(GridCell.number(of: zip.coordinate))), at: 8)
            try insert.step()
            insert.reset()
            inserted += 1
          }
        }
        if let end = batch.end {
          try end.get()
          break
        }
        if shouldStop() { throw ImportError.interrupted(file: path) }
        progress(
          ImportProgress(
            rows: inserted + skipped, bytesRead: batch.bytesRead, totalBytes: totalBytes,
            seconds: (clock.now - start).seconds))
      }
      guard inserted > 0 else {
        throw fail(nil, "no valid data rows; the database is unchanged")
      }
      duplicates = try removeDuplicates(in: sql, file: path, notify: notify)
      imported = inserted - duplicates
      try sql.execute(Schema.cellIndex)
      try sql.execute(Schema.cellTriggers)
    }
    return ImportSummary(
      imported: imported, skipped: skipped, duplicates: duplicates, seconds: (clock.now - start).seconds)
  }
}
