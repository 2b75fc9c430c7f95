import SQLiteKit

extension PlaceNameIndexBuilder {
  /// What the thread that reads an import's rows, while they are written, finds in them.
  struct Gathered: Sendable {
    /// The places of every row, for the index; `nil` when they are more than it may build in
    /// memory.
    var places: Places?
    /// Each country's rows and codes, for the `countries` table; `nil` when the reading was
    /// cancelled.
    var countries: ImportBuffer.CountryCounts?
  }

  /// Starts gathering the places of an import's rows, in memory, on a thread of its own, after
  /// those of the rows of `zips` that the import keeps (read here, before the import's rows are
  /// written; `nil` when there are none); then counts each country's rows and codes, which the
  /// `countries` table would otherwise read back from `zips` once it is written.
  /// - Returns: `nil` when the rows kept are more than the index may build in memory.
  static func startGathering(_ rows: ImportBuffer, keptRowsOf db: Database?) throws -> BackgroundWork<Gathered>? {
    // The places and the rows, together, within the budget.
    var kept = Places(byteBudget: max(0, byteBudget - rows.memory))
    if let db, try !kept.add(rowsOf: db) { return nil }
    return BackgroundWork(handing: (consume kept, rows)) { input, isCancelled in
      // Counted first: the table that finds each code's first row is gone before the places
      // take their memory, so that the two are never held at once (docs/benchmarks.md, "The
      // import's last costs").
      let countries = input.1.countryCounts(unless: isCancelled)
      let gathered = input.1.forEachPlace(unless: isCancelled) { country, name, zip in
        input.0.add(country: country, name: name, zip: zip)
      }
      // The rows' memory goes once both threads are done with them.
      input.1 = ImportBuffer(budget: 0)
      return Gathered(places: gathered ? input.0 : nil, countries: countries)
    }
  }

  /// Starts encoding the places gathered (`startGathering`) on a thread of its own; `nil` when
  /// none were (none were started, or there were too many rows).
  static func startEncoding(_ places: consuming Places?) -> BackgroundWork<Encoded?>? {
    guard let places = consume places else { return nil }
    // The rows are out of memory now: their pages go back, for the encoding thread to use.
    FreedMemory.giveBack()
    return BackgroundWork(handing: consume places) { places, isCancelled in encode(&places, isCancelled: isCancelled) }
  }

  /// Writes the index encoded (`startEncoding`), or, when there is none, builds it from the
  /// rows of `zips`.
  static func finish(_ encoding: BackgroundWork<Encoded?>?, on db: Database) throws {
    if let encoded = encoding?.result() {
      try PlaceNameIndex.write(encoded, on: db)
    } else {
      try PlaceNameIndex.build(on: db)
    }
  }
}

extension PlaceNameIndex {
  /// The notice for rows of `zips` that the index leaves out (`isIndexed(zip:name:)`), or `nil`
  /// when there are none.
  static func unindexedRows(on db: Database) throws -> ImportNotice? {
    let statement = try db.prepare(
      """
      SELECT count(*), sum(zip = ''), country, zip, substr(place, 1, 40) FROM zips
        WHERE place <> '' AND (zip = '' OR length(CAST(place AS BLOB)) > \(ZipCode.longestText))
      """)
    defer { statement.reset() }
    guard try statement.step(), case let count = Int(statement.int64(at: 0)), count > 0 else { return nil }
    let empty = Int(statement.int64(at: 1))
    let zip = statement.text(at: 3) ?? ""
    let first = Importer.shown(
      code: zip.isEmpty ? "''" : zip, country: statement.text(at: 2) ?? "", place: statement.text(at: 4))
    let reason =
      empty == count
      ? (count == 1 ? "an empty zip" : "empty zips")
      : empty == 0
        ? "a place longer than \(ZipCode.longestText) bytes"
        : "an empty zip or a place longer than \(ZipCode.longestText) bytes"
    return .leftOutOfPlaceIndex(count: count, first: first, reason: reason)
  }
}
