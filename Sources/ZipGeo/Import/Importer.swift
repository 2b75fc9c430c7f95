import CSV
import ISO3166
import SQLiteKit

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
  /// Opens the file an import reads. `CSVReader(path:)` by default, which reads plain CSV; the
  /// command line's also unpacks compressed and zipped files, through a library this one does not
  /// link, so that apps and the loadable extension need nothing beyond SQLite.
  public let openReader: @Sendable (_ path: String) throws(CSVError) -> CSVReader

  /// `Importer(options: ImportOptions(strict: true))`.
  ///
  /// ```swift
  /// let importer = Importer { path throws(CSVError) in CSVReader(source: try MyGzipSource(path: path)) }
  /// ```
  ///
  /// - Parameters:
  ///   - options: How bad and repeated rows are treated.
  ///   - openReader: Opens the file an import is given. Its `CSVError` becomes an `ImportError`
  ///     naming the file: `x.csv.gz: cannot read the file: ...`.
  public init(
    options: ImportOptions = ImportOptions(),
    openReader: @escaping @Sendable (_ path: String) throws(CSVError) -> CSVReader = { path throws(CSVError) in
      try CSVReader(path: path)
    }
  ) {
    self.options = options
    self.openReader = openReader
  }

  /// The formats an import reads, each tried in turn on a file's first line (`RecordSource`):
  /// GeoNames' files as published, then CSV with a header, which takes any other file. A new
  /// format is one more type here; tests add their own.
  var formats: [any RecordSource.Type] = [GeoNamesRecords.self, HeaderCSVRecords.self]

  /// The memory an import may hold its rows in before it stages them in SQLite (`ImportBuffer`);
  /// tests make it small.
  var bufferBudget = ImportBuffer.defaultBudget

  /// The most pages an import lets the database file grow to (`PRAGMA max_page_count`), or
  /// `nil` for SQLite's own limit: tests make it small to see a full disk, which needs no small
  /// file system, nor root to make one.
  var pageLimit: Int? = nil

  /// The table an import writes its rows to once they are more than `ImportBuffer` holds, each
  /// numbered by its line (and its file's offset): a temporary table, which the rows leave sorted
  /// by `zips`' key once every file is read.
  static let stagedTable = "temp.zipgeo_staged"

  /// Puts every row of `zips` in the cell its coordinates give (one scan, the cells compared in
  /// Swift: the SQL expression of a cell costs seconds over the world's rows).
  static func mendCells(in sql: Database) throws {
    let scan = try sql.prepare("SELECT cell, lat, lon, zip, country, id FROM zips")
    var moved: [(cell: Int64, key: [DatabaseValue])] = []
    while try scan.step() {
      let (lat, lon) = (scan.double(at: 1), scan.double(at: 2))
      // Rows whose coordinates are not numbers within range are left to the searches' checks.
      guard (-90...90).contains(lat), (-180...180).contains(lon), !scan.isNull(at: 1), !scan.isNull(at: 2) else {
        continue
      }
      let cell = Int64(GridCell.number(of: Coordinate(uncheckedLatitude: lat, longitude: lon)))
      if scan.isNull(at: 0) || scan.int64(at: 0) != cell {
        moved.append((cell, [scan.value(at: 0), scan.value(at: 3), scan.value(at: 4), scan.value(at: 5)]))
      }
    }
    scan.reset()
    let move = try sql.prepare("UPDATE zips SET cell = ?1 WHERE cell = ?2 AND zip = ?3 AND country = ?4 AND id = ?5")
    // A row another tool repeated in another cell, id and all, would meet its twin there: it
    // moves with an id of its own, and the zip index then finds it a repeat (`buildZipIndex`).
    let moveRenumbered = try sql.prepare(
      """
      UPDATE zips SET cell = ?1, id = (SELECT max(id) + 1 FROM zips WHERE zip = ?3 AND country = ?4)
        WHERE cell = ?2 AND zip = ?3 AND country = ?4 AND id = ?5
      """)
    for (cell, key) in moved {
      do {
        try move.bind(values: [.integer(cell)] + key)
        try move.step()
        move.reset()
      } catch let error as DatabaseError where error.isConstraintViolation {
        move.reset()
        try moveRenumbered.bind(values: [.integer(cell)] + key)
        try moveRenumbered.step()
        moveRenumbered.reset()
      }
    }
  }

  /// Builds the unique zip index; when a country, code and place still appear more than once
  /// (repeats the hashes did not track, or rows another tool repeated in the countries kept),
  /// first reports and removes every row after its first.
  /// - Returns: The number of rows of this import removed (those of the `imported` countries).
  private func buildZipIndex(
    in sql: Database, inputs: RowNumbering, imported: Set<String>, notify: (ImportNotice) -> Void
  ) throws -> Int {
    // SQLite sorts an index's keys in runs of at most its page cache, each sorted on a helper
    // thread (`PRAGMA threads`) while it reads the next, then merges them. Runs of 2 MiB
    // (`sortingCacheSize`), not the `writingCacheSize` the rows were written with, stay in the
    // processor's cache and keep both threads busy, which builds the index sooner and lowers the
    // import's peak (docs/benchmarks.md, "The index's sort, the derived columns, and the floors of
    // a table function"). (The page cache bounds each sorter's memory, so that a large import
    // stays within its memory.)
    try sql.execute("PRAGMA cache_size = \(Self.sortingCacheSize)")
    defer { try? sql.execute("PRAGMA cache_size = \(Self.writingCacheSize)") }
    do {
      try sql.execute(Schema.zipIndex)
      return 0  // the usual case: one sort, no duplicates
    } catch let error as DatabaseError where error.isConstraintViolation {}
    // The same index without UNIQUE lets the repeated rows be found and removed without sorting
    // the table again for each query. Each row is named by its whole key: another tool may have
    // repeated a row's id in another cell.
    try sql.execute(Schema.zipLookupIndex)
    let later = """
      WITH repeated AS (
        SELECT zip, country, ifnull(place, '') AS p FROM zips GROUP BY zip, country, ifnull(place, '')
        HAVING count(*) > 1),
      numbered AS (
        SELECT z.cell, z.zip, z.country, z.id, z.place,
          row_number() OVER (PARTITION BY z.zip, z.country, ifnull(z.place, '') ORDER BY z.id, z.cell) AS n,
          min(z.id) OVER (PARTITION BY z.zip, z.country, ifnull(z.place, '')) AS first
        FROM zips AS z JOIN repeated AS d ON z.zip = d.zip AND z.country = d.country AND ifnull(z.place, '') = d.p)
      SELECT cell, zip, country, id, place, first FROM numbered WHERE n > 1 ORDER BY id, cell
      """
    let statement = try sql.prepare(later)
    var repeated: [[DatabaseValue]] = []
    var fromImport = 0
    var kept: (first: String, count: Int)?
    while try statement.step() {
      let (code, country) = (statement.text(at: 1) ?? "", statement.text(at: 2) ?? "US")
      let zip = Self.shown(code: code, country: country, place: statement.text(at: 4))
      if imported.contains(country) {
        let (id, first) = (statement.value(at: 3).int64 ?? 0, statement.value(at: 5).int64 ?? 0)
        try report(zip: zip, at: inputs.place(of: id), first: inputs.place(of: first), notify: notify)
        fromImport += 1
      } else {
        // Rows of the countries kept have no line: they are named by their code.
        kept = (kept?.first ?? zip, (kept?.count ?? 0) + 1)
      }
      repeated.append((0..<4).map { statement.value(at: $0) })
    }
    statement.reset()
    if let kept { notify(.repeatedInDatabase(zip: kept.first, count: kept.count)) }
    let delete = try sql.prepare("DELETE FROM zips WHERE cell = ? AND zip = ? AND country = ? AND id = ?")
    for key in repeated {
      try delete.bind(values: key)
      try delete.step()
      delete.reset()
    }
    try sql.execute("DROP INDEX zips_zip; \(Schema.zipIndex)")
    return fromImport
  }

  /// A repeated row as warnings name it: US rows as before countries existed (`75075`), others
  /// by country, code and place (`CH:6719 (Aquila)`).
  static func shown(code: String, country: String, place: String?) -> String {
    country == "US" ? code : "\(country):\(code)" + (place.map { " (\($0))" } ?? "")
  }

  /// Warns of a repeated row, or with `strict` fails on it.
  func report(
    zip: String, at place: (index: Int, file: String, line: Int), first: (index: Int, file: String, line: Int),
    notify: (ImportNotice) -> Void
  ) throws {
    // A file given twice is two files.
    let sameFile = place.index == first.index
    if options.strict {
      let earlier = sameFile ? "line \(first.line)" : "\(first.file):\(first.line)"
      throw ImportError(
        file: place.file, line: place.line,
        message: "zip '\(zip)' already appeared on \(earlier) (--strict refuses duplicates)")
    }
    if sameFile {
      notify(.duplicate(file: place.file, zip: zip, line: place.line, firstLine: first.line))
    } else {
      notify(
        .duplicateOfOtherFile(
          file: place.file, zip: zip, line: place.line, firstFile: first.file, firstLine: first.line))
    }
  }

  /// Opens the CSV file at `path` through `openReader`.
  func openFile(_ path: String) throws(ImportError) -> CSVReader {
    do {
      return try openReader(path)
    } catch {
      throw ImportError(file: path, line: nil, message: "cannot read the file: \(error.message)")
    }
  }

  /// Opens every file of an import, before anything is read, so that a missing one fails first.
  func openFiles(_ paths: [String]) throws(ImportError) -> [(path: String, reader: CSVReader)] {
    guard !paths.isEmpty else { throw ImportError(file: "zipgeo import", line: nil, message: "no file to import") }
    var inputs: [(path: String, reader: CSVReader)] = []
    for path in paths { inputs.append((path, try openFile(path))) }
    return inputs
  }

  /// Prepares the tables for an import inside the caller's transaction: makes them when the
  /// database is empty, upgrades an older one, drops the indexes the import builds again, and
  /// with `replaceAll` empties it.
  /// - Returns: The rows deleted (with `replaceAll`).
  private func prepareTables(in sql: Database) throws -> Int {
    switch try Schema.state(of: sql) {
    case .empty:
      try sql.execute(
        "\(Schema.createTable) \(Schema.createCountriesTable) PRAGMA user_version = \(Schema.version);")
    case .foreign(let reason):
      // Callers open the database through ZipDatabase, which refuses such files first.
      throw ZipGeoError.notAZipgeoDatabase(path: "the database", reason: reason)
    case .current, .upgradable:
      // Any older layout is upgraded first, its rows kept (an import replaces only the countries it
      // brings); then the index and triggers, which the import makes again after the rows.
      try Schema.upgradeToCurrentVersion(sql)
      try sql.execute("DROP INDEX IF EXISTS zips_zip; \(Schema.dropCellTriggers) \(PlaceNameIndex.dropStaleTriggers)")
      if options.replaceAll {
        let rows = try sql.scalar("SELECT count(*) FROM zips")?.int64 ?? 0
        try sql.execute("DELETE FROM zips; DELETE FROM countries;")
        return Int(rows)
      }
    }
    return 0
  }

  /// The page cache an import writes with, and the one its zip index is sorted with
  /// (`buildZipIndex`), in SQLite's unit for `PRAGMA cache_size` (negative: KiB).
  static let writingCacheSize = -16_384
  static let sortingCacheSize = -2_048

  /// Replaces the zip codes in `sql` with the rows of `inputs`, inside the caller's transaction;
  /// makes the tables first when the database is empty.
  func replaceRows(
    in sql: Database, from inputs: [(path: String, reader: CSVReader)], notify: (ImportNotice) -> Void,
    shouldStop: () -> Bool, progress: (_ rows: Int, _ bytesRead: Int, _ totalBytes: Int?) -> Void,
    phase: (ImportPhase) -> Void
  ) throws -> (imported: Int, skipped: Int, duplicates: Int, replaced: Int) {
    // Index builds sort with one helper thread, which is faster: the other core is then shared
    // by SQLite's helper and the thread that encodes the index of place names beside the zip
    // index's build (`PlaceNameIndexBuilder.startEncoding`). Two helpers made the world's import
    // slower, the encoding then finishing after the index, and no helper made the million points'
    // slower (docs/benchmarks.md, "The index's sort, the derived columns, and the floors of a
    // table function"; `scripts/bench-import-pair.py` compares two builds).
    try sql.execute("PRAGMA cache_size = \(Self.writingCacheSize)")
    try sql.execute("PRAGMA threads = 1")
    // Every row is checked in Swift as it is read (`ColumnMap.zipCode(from:)`): the table's CHECK
    // constraints, which guard it against other writers, are not evaluated again for the rows this
    // import writes, since they cost more than the writes themselves. Rows kept from earlier
    // imports are not rewritten.
    try sql.execute("PRAGMA ignore_check_constraints = ON")
    defer { try? sql.execute("PRAGMA ignore_check_constraints = OFF") }
    // What an interruption names: the import as a whole.
    let everyFile = Self.listed(inputs.map(\.path))
    var replaced = try prepareTables(in: sql)
    // The rows are kept in memory, or staged past a budget, then written to `zips` in the order of
    // its key, once the countries they replace are gone (`RowWriter`). The zip index is built
    // once, after the rows are in: much faster than growing it row by row.
    let hadRows = try sql.scalar("SELECT 1 FROM zips LIMIT 1") != nil
    var writer = RowWriter(importer: self, sql: sql, stopped: { ImportError.interrupted(file: everyFile) })
    var skipped = 0
    // The countries each file holds, for the countries table.
    var filesOfCountry: [String: [String]] = [:]
    // Progress counts the bytes of all the files, when each one's size is known.
    let sizes = inputs.map(\.reader.totalBytes)
    let totalBytes = sizes.contains(nil) ? nil : sizes.reduce(0) { $0 + $1! }
    var bytesBefore = 0
    let sources = try openSources(of: inputs, shouldStop: shouldStop)
    for (path, source) in zip(inputs.map(\.path), sources) {
      phase(.headerRead)
      let countries = try readRows(
        of: source, into: &writer, skipped: &skipped, notify: notify, shouldStop: shouldStop,
        interrupted: ImportError.interrupted(file: everyFile)
      ) { inserted, skippedSoFar, bytesRead in
        phase(.inserted(rows: inserted))
        progress(inserted + skippedSoFar, bytesBefore + bytesRead, totalBytes)
      }
      bytesBefore += source.reader.totalBytes ?? source.reader.bytesRead
      for country in countries { filesOfCountry[country, default: []].append(path) }
    }
    // Every country asked for must be there: a mistyped one (--countries LI,XX) is not left out
    // silently.
    let missing = (options.countries ?? []).subtracting(filesOfCountry.keys).sorted()
    guard writer.inserted > 0, missing.isEmpty else {
      let files = inputs.count == 1 ? "the file" : "the files"
      throw ImportError(
        file: everyFile, line: nil,
        message: "no rows of \(missing.joined(separator: ", ")) in \(files); the database is unchanged")
    }
    if let first = writer.firstShortZip {
      notify(.shortUSZips(count: writer.shortZips, file: first.file, line: first.line, zip: first.zip))
    }
    phase(.rowsInserted)
    let imported = filesOfCountry.keys.sorted()
    let countryList = imported.map { "'\($0)'" }.joined(separator: ", ")
    if hadRows {
      // The countries the files hold are replaced; the others are kept, each in the cell its
      // coordinates give: a tool that wrote with the triggers switched off (the shell's
      // `.dbconfig enable_trigger off`) may have left one elsewhere, where searches miss it.
      try sql.execute("DELETE FROM zips WHERE country IN (\(countryList))")
      replaced += sql.changes
      try Self.mendCells(in: sql)
      if let unindexed = try PlaceNameIndex.unindexedRows(on: sql) { notify(unindexed) }
    }
    // The index of place names is made on threads of their own while this one writes the rows
    // and indexes `zips`: the places are gathered from memory as the rows are written (after
    // those of the rows kept from earlier imports), then encoded once the rows are out of memory,
    // so that the rows, the places and the encoded index are never all in memory at once. Staged
    // rows, and more than the index may hold in memory, are indexed from the table at the end,
    // which is slower: made beside the rows, the index adds little to the import's time.
    var gathering: BackgroundWork<PlaceNameIndexBuilder.Gathered>?
    if let rows = writer.endAppending() {
      gathering = try PlaceNameIndexBuilder.startGathering(rows, keptRowsOf: hadRows ? sql : nil)
    }
    try writer.write(shouldStop: shouldStop)
    let gathered = gathering?.result()
    gathering = nil
    let countries = gathered?.countries
    // The places are handed on, not copied: encoding them changes them in place.
    let encoding = PlaceNameIndexBuilder.startEncoding((consume gathered)?.places)
    let removed = try buildZipIndex(in: sql, inputs: writer.numbering, imported: Set(imported), notify: notify)
    let duplicates = writer.duplicates + removed
    phase(.zipIndexBuilt)
    // The rows of the countries imported are those the buffer held, unless the zip index found
    // repeats among them that it did not (it finds them all): then they are counted in `zips`.
    try recordCountries(in: sql, sources: filesOfCountry, counted: removed == 0 ? countries : nil)
    if let columns = try Schema.foreignRegionsColumns(sql) {
      notify(.foreignTableLeftAlone(table: "regions", columns: columns))
    } else {
      try recordRegions(in: sql, imported: countryList, keptRows: hadRows, names: writer.regions.names())
    }
    try UsualAccuracy.record(writer.accuracies.usual(), imported: imported, in: sql)
    try CountryStates.record(writer.states.states, imported: imported, in: sql)
    if shouldStop() { throw ImportError.interrupted(file: everyFile) }
    // The index of place names, of every row (those kept from earlier imports too).
    try PlaceNameIndexBuilder.finish(encoding, on: sql)
    phase(.placeIndexBuilt)
    try sql.execute(Schema.cellTriggers + PlaceNameIndex.staleTriggers)
    phase(.committing)
    // Asked once more: a short COMMIT may run too few instructions for the interrupt check.
    if shouldStop() { throw ImportError.interrupted(file: everyFile) }
    return (writer.inserted - duplicates, skipped, duplicates, replaced)
  }

  /// Reads every row of `source`, checked on a thread of its own (`RowProducer`) while this one
  /// gives them to `writer`, counting and reporting the lines skipped, and telling `progress`
  /// the rows taken and the lines skipped so far and the bytes of the file read after each batch.
  /// - Returns: The countries of the rows taken.
  /// - Throws: `interrupted` when `shouldStop` says so; an `ImportError` for a bad line (unless
  ///   skipped), a file that cannot be read, or one without a valid row.
  private func readRows(
    of source: any RecordSource, into writer: inout RowWriter, skipped: inout Int,
    notify: (ImportNotice) -> Void, shouldStop: () -> Bool, interrupted: ImportError,
    progress: (_ inserted: Int, _ skipped: Int, _ bytesRead: Int) -> Void
  ) throws -> Set<String> {
    let file = source.file
    writer.startFile(file)
    var rows = 0
    var countries: Set<String> = []
    var lastCountry = ""
    let producer = RowProducer(source: source, skipInvalid: options.skipInvalid)
    producer.start()
    defer { producer.stop() }
    while true {
      guard let batch = producer.next(unless: shouldStop) else { throw interrupted }
      for line in batch.lines {
        switch line {
        case .invalid(let problem):
          skipped += 1
          notify(.skipped(problem))
        case .row(let number, let zip, let stateName, let stateIsName):
          rows += 1
          let kept = try writer.add(
            line: number, zip: zip, stateName: stateName, stateIsName: stateIsName, file: file, notify: notify,
            shouldStop: shouldStop)
          if kept, zip.country != lastCountry {
            lastCountry = zip.country
            countries.insert(zip.country)
          }
        }
      }
      if let end = batch.end {
        try end.get()
        break
      }
      if shouldStop() { throw interrupted }
      progress(writer.inserted, skipped, batch.bytesRead)
    }
    guard rows > 0 else {
      throw ImportError(file: file, line: nil, message: "no valid data rows; the database is unchanged")
    }
    return countries
  }

  /// Every file's source, in the first of `formats` that recognises it, opened before any row is
  /// read, so that a `country` that no file would use fails at once, not after a long file is read.
  private func openSources(of inputs: [(path: String, reader: CSVReader)], shouldStop: () -> Bool) throws
    -> [any RecordSource]
  {
    var sources: [any RecordSource] = []
    for (path, reader) in inputs {
      // The header may be slow to come (a pipe whose writer has not started): stop waiting when asked.
      let source = try withoutActuallyEscaping(shouldStop) { shouldStop in
        reader.shouldStop = shouldStop
        defer { reader.shouldStop = nil }
        return try openSource(of: reader, path: path)
      }
      source.defaultCountry = options.country ?? "US"
      sources.append(source)
    }
    if let country = options.country, sources.allSatisfy({ $0.countryColumnNote != nil }) {
      throw Self.countryOfNoFile(country, files: zip(inputs, sources).map { ($0.path, $1.countryColumnNote) })
    }
    return sources
  }

  /// `country` (`--country`) was given, but each of `files` has a country column, so it would set
  /// the country of no row: `countries` is what keeps one country's rows.
  ///
  /// ```
  /// DE.txt: --country FR sets the country of a file without a country column, and this GeoNames
  /// file has one (its first column); to import only its FR rows, use --countries FR instead
  /// ```
  private static func countryOfNoFile(_ country: String, files: [(file: String, countryColumnNote: String?)])
    -> ImportError
  {
    let has = files.count == 1 ? files[0].countryColumnNote ?? "" : "each of these files has one"
    return ImportError(
      file: listed(files.map(\.file)), line: nil,
      message: "--country \(country) sets the country of a file without a country column, and \(has);"
        + " to import only \(files.count > 1 ? "their" : "its") \(country) rows, use --countries \(country) instead",
      option: "country")
  }

  /// Writes the `countries` rows of the countries just imported (the keys of `sources`, each
  /// country's files): their counts (`counted`, or counted here in `zips`), the files they came
  /// from and the time, replacing their earlier rows.
  private func recordCountries(
    in sql: Database, sources: [String: [String]], counted: ImportBuffer.CountryCounts?
  ) throws {
    let now = try sql.scalar("SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 'now')") ?? .null
    let counted = try counted ?? Self.countCountries(in: sql)
    let save = try sql.prepare(
      "INSERT OR REPLACE INTO countries (country, places, codes, source, imported) VALUES (?, ?, ?, ?, ?)")
    for (country, files) in sources.sorted(by: { $0.key < $1.key }) {
      let count = counted.of(country) ?? (0, 0)
      try save.bind(.text(country), at: 1)
      try save.bind(.integer(Int64(count.places)), at: 2)
      try save.bind(.integer(Int64(count.codes)), at: 3)
      try save.bind(.text(files.joined(separator: ", ")), at: 4)
      try save.bind(now, at: 5)
      try save.step()
      save.reset()
    }
  }

  /// The rows and codes of each country in `zips`.
  private static func countCountries(in sql: Database) throws -> ImportBuffer.CountryCounts {
    // One pass over the unique index, already in (zip, country) order, so nothing is sorted: the
    // rows of a code in a country are next to each other, and its codes are counted as changes.
    // (GROUP BY country with count(DISTINCT zip) sorts the rows twice, where the scan sorts
    // none.) Every row is read and counted by its country's two letters, its bytes compared as
    // SQLite holds them: making a string of each row would cost as much as the scan itself.
    var counted = ImportBuffer.CountryCounts()
    let scan = try sql.prepare("SELECT zip, country FROM zips INDEXED BY zips_zip ORDER BY zip, country")
    var last: (zip: [UInt8], slot: Int) = ([], -1)
    let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    while try scan.step() {
      let zip = scan.textBytes(at: 0) ?? none
      guard let slot = ImportBuffer.CountryCounts.index(of: scan.textBytes(at: 1) ?? none) else { continue }
      let newCode = slot != last.slot || !zip.elementsEqual(last.zip)
      if newCode {
        last.zip.removeAll(keepingCapacity: true)
        last.zip.append(contentsOf: zip)
        last.slot = slot
      }
      counted.count(slot, newCode: newCode)
    }
    scan.reset()
    return counted
  }

  /// Writes the `regions` rows of the countries just imported (`imported`, a list of SQL strings):
  /// for each state code, the name its rows gave most often (of names as often, the first in
  /// byte order), replacing the countries' earlier rows.
  func recordRegions(
    in sql: Database, imported: String, keptRows: Bool, names: [(country: String, code: String, name: String)]
  ) throws {
    // A file an older zipgeo wrote (or one made before regions were kept) gets the ISO 3166-2
    // names of the states of the countries it keeps, as the countries imported get theirs. (A
    // database that held no rows keeps none: its rows are not read again to find none.)
    let isNew = try !Schema.hasRegionsTable(sql)
    try Schema.addRegionsTable(sql)
    try sql.execute("DELETE FROM regions WHERE country IN (\(imported))")
    var regions: [(country: String, code: String, name: String)] = []
    if isNew && keptRows {
      for row in try sql.rows(
        "SELECT DISTINCT country, state FROM zips WHERE state IS NOT NULL AND country NOT IN (\(imported))")
      {
        guard let country = row[0].string, let state = row[1].string,
          let name = SubdivisionName.of(state, in: country)
        else { continue }
        regions.append((country, state, name))
      }
    }
    let save = try sql.prepare("INSERT INTO regions (country, state, name) VALUES (?, ?, ?)")
    for region in regions + names {
      try save.bind(values: [.text(region.country), .text(region.code), .text(region.name)])
      try save.step()
      save.reset()
    }
  }

  /// `a.txt`, `a.txt and b.zip`, `a.txt, b.zip and c.csv`: files as summaries name them.
  public static func listed(_ files: [String]) -> String {
    guard let last = files.last, files.count > 1 else { return files.first ?? "" }
    return files.dropLast().joined(separator: ", ") + " and " + last
  }
}

extension Importer {
  /// The source of the file `reader` reads, in the first of `formats` that recognises it.
  func openSource(of reader: CSVReader, path: String) throws(ImportError) -> any RecordSource {
    let firstLine: String?
    do {
      firstLine = try reader.peekFirstLine()
    } catch {
      throw ImportError(file: path, line: error.line, message: error.message)
    }
    // Known once the first bytes are read: messages name a zip archive's data file in it.
    let file = reader.member.map { "\(path):\($0)" } ?? path
    for format in formats {
      if let source = try format.open(reader, firstLine: firstLine, file: file) { return source }
    }
    throw ImportError(file: file, line: nil, message: "zipgeo reads no file of this kind")
  }
}
