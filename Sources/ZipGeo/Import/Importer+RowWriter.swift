import SQLiteKit

extension Importer {
  /// The one writer of an import: it takes the checked rows of every file's `RecordSource` in
  /// turn, keeps them in memory (`ImportBuffer`) while they fit its budget, past it stages them in
  /// a temporary table, finds repeats of a (country, code, place) while it holds them, and at the
  /// end writes them to `zips` in the order of its key.
  ///
  /// Each row's id is its line in its file plus its file's offset: 0 for the first file, for each
  /// next one the largest id so far, so that the rows of different files never meet, and
  /// duplicates name their files and lines.
  struct RowWriter {
    let importer: Importer
    let sql: Database
    /// What an interruption throws.
    let stopped: () -> Error
    private var buffer: ImportBuffer
    /// The statement that stages each row, once the rows are past the buffer's budget.
    private var stage: Statement?
    /// Each file's name in messages and the offset of its ids.
    private(set) var numbering = RowNumbering()
    private var offset: Int64 = 0
    private var lastID: Int64 = 0
    /// Rows taken, and repeats of them. Repeats are found as the rows come, while the buffer
    /// holds them: the unique index then succeeds at its first sort, where failing it and
    /// grouping the table would take four more sorts.
    private(set) var inserted = 0
    private(set) var duplicates = 0
    /// The names each file gives its state codes, for the regions table.
    var regions = RegionNames.Counter()
    /// The accuracies of each country's rows.
    var accuracies = UsualAccuracy.Counter()
    /// The states of each country's rows.
    var states = CountryStates.Counter()
    /// US zip codes that lost their leading zeros, and the first of them.
    private(set) var shortZips = 0
    private(set) var firstShortZip: (file: String, line: Int, zip: String)?

    init(importer: Importer, sql: Database, stopped: @escaping () -> Error) {
      self.importer = importer
      self.sql = sql
      self.stopped = stopped
      buffer = ImportBuffer(budget: importer.bufferBudget)
    }

    /// Starts the rows of the next file, which messages name `file`.
    mutating func startFile(_ file: String) {
      if !numbering.files.isEmpty { offset = lastID }
      numbering.files.append((file, offset))
    }

    /// Takes the row `zip` of line `line` of the current file (`file` in messages), unless its
    /// country is not one the import keeps; reports it when it repeats an earlier one.
    /// - Returns: Whether the row's country is kept.
    mutating func add(
      line: Int, zip: ZipCode, stateName: String?, stateIsName: Bool, file: String,
      notify: (ImportNotice) -> Void, shouldStop: () -> Bool
    ) throws -> Bool {
      let options = importer.options
      if let countries = options.countries, !countries.contains(zip.country) { return false }
      let id = Int64(line) + offset
      var code = zip.zip
      if zip.country == "US", let padded = ZipCode.restoringLeadingZeros(code) {
        if options.padZeros {
          code = padded
        } else {
          shortZips += 1
          if firstShortZip == nil { firstShortZip = (file, line, code) }
        }
      }
      // A cell has 32 bits: a row's 16 bits of latitude and of longitude, interleaved.
      let cell = UInt32(truncatingIfNeeded: GridCell.number(of: zip.coordinate))
      accuracies.count(country: zip.country, accuracy: zip.accuracy)
      states.count(country: zip.country, state: zip.state)
      if let code = zip.state {
        if let stateName {
          regions.count(country: zip.country, code: code, name: stateName)
        } else if !stateIsName {
          regions.countUnnamed(country: zip.country, code: code)
        }
      }
      inserted += 1
      lastID = max(lastID, id)
      if let stage {
        try Self.stage(id: id, code: code, zip: zip, cell: cell, stateIsName: stateIsName, with: stage)
      } else if let first = buffer.append(id: id, cell: cell, code: code, zip: zip, stateIsName: stateIsName) {
        let shown = Importer.shown(code: code, country: zip.country, place: zip.place)
        try importer.report(zip: shown, at: numbering.place(of: id), first: numbering.place(of: first), notify: notify)
        duplicates += 1
      } else if buffer.isFull {
        // Past the budget: the rows so far go to the staged table (in key order, which costs
        // nothing more), and the rest follow them there. Repeats of them are left to the unique
        // index to find, the slow way.
        stage = try Self.startStaging(buffer, in: sql, shouldStop: shouldStop, stopped: stopped)
        buffer = ImportBuffer(budget: 0)
      }
      return true
    }

    /// Stages one row, bound value by value: no array of values per row.
    private static func stage(
      id: Int64, code: String, zip: ZipCode, cell: UInt32, stateIsName: Bool, with stage: Statement
    ) throws {
      func text(_ value: String?) -> DatabaseValue { value.map(DatabaseValue.text) ?? .null }
      try stage.bind(.integer(id), at: 1)
      try stage.bind(.text(code), at: 2)
      try stage.bind(text(zip.place), at: 3)
      try stage.bind(text(zip.state), at: 4)
      try stage.bind(text(zip.county), at: 5)
      try stage.bind(.real(zip.coordinate.latitude), at: 6)
      try stage.bind(.real(zip.coordinate.longitude), at: 7)
      try stage.bind(.integer(Int64(cell)), at: 8)
      try stage.bind(.text(zip.country), at: 9)
      try stage.bind(zip.accuracy.map { .integer(Int64($0)) } ?? .null, at: 10)
      try stage.bind(.integer(stateIsName ? 1 : 0), at: 11)
      try stage.step()
      stage.reset()
    }

    /// Ends the taking of rows.
    /// - Returns: The rows, complete, when they are in memory, to be read (by the index of place
    ///   names) while they are written; nil when they are staged.
    mutating func endAppending() -> ImportBuffer? {
      guard stage == nil else { return nil }
      buffer.endAppending()
      return buffer
    }

    /// Writes every row taken to `zips`, a row that names its state for want of its code given
    /// the code other rows give the name (`RegionNames.Counter.codesByName()`), and lets the
    /// buffer's memory go.
    mutating func write(shouldStop: () -> Bool) throws {
      regions.flush()
      let stateCodes = regions.codesByName()
      if stage != nil {
        try Self.writeStagedRows(in: sql, stateCodes: stateCodes)
      } else {
        try buffer.write(
          into: "zips", idColumn: "id", of: sql, namedStates: .coded(stateCodes), shouldStop: shouldStop,
          stopped: stopped)
        buffer = ImportBuffer(budget: 0)
      }
    }

    /// Makes the staged table, writes `buffer`'s rows to it (in key order, which costs nothing
    /// more), and gives the statement that stages each row after them.
    private static func startStaging(
      _ buffer: ImportBuffer, in sql: Database, shouldStop: () -> Bool, stopped: () -> Error
    ) throws -> Statement {
      try sql.execute(
        """
        PRAGMA temp.cache_size = -16384;
        DROP TABLE IF EXISTS \(stagedTable);
        CREATE TABLE \(stagedTable) (zip, place, state, county, lat, lon, cell, country, accuracy, state_is_name);
        """)
      try buffer.write(
        into: stagedTable, idColumn: "rowid", of: sql, namedStates: .flagged, shouldStop: shouldStop, stopped: stopped)
      return try sql.prepare(
        "INSERT INTO \(stagedTable) (rowid, zip, place, state, county, lat, lon, cell, country, accuracy, state_is_name)"
          + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
    }

    /// Writes the staged rows to `zips` in the order of its key (one sort), among the others, each
    /// state named for want of its code given the code of `stateCodes` (by `country:name`).
    private static func writeStagedRows(in sql: Database, stateCodes: [String: String]) throws {
      try sql.execute(
        """
        DROP TABLE IF EXISTS temp.zipgeo_state_codes;
        CREATE TABLE temp.zipgeo_state_codes (key TEXT PRIMARY KEY, code TEXT NOT NULL) WITHOUT ROWID;
        """)
      let code = try sql.prepare("INSERT INTO temp.zipgeo_state_codes VALUES (?, ?)")
      for (key, state) in stateCodes {
        try code.bind(values: [.text(key), .text(state)])
        _ = try code.step()
        code.reset()
      }
      try sql.execute(
        """
        INSERT INTO zips (zip, place, state, county, lat, lon, cell, country, accuracy, id)
          SELECT zip, place,
            CASE WHEN state_is_name
              THEN ifnull((SELECT code FROM temp.zipgeo_state_codes WHERE key = country || ':' || state), state)
              ELSE state END,
            county, lat, lon, cell, country, accuracy, rowid FROM \(stagedTable)
          ORDER BY cell, zip, country, rowid;
        DROP TABLE \(stagedTable);
        DROP TABLE temp.zipgeo_state_codes;
        """)
    }
  }
}
