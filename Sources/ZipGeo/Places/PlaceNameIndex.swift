import SQLiteKit

/// The index of place names that `zipgeo search`, `zipgeo near --place` and `zipgeo_search()`
/// read, made by every import from the rows of `zips` (so it also covers the countries an import
/// kept). Three tables, each written in one go and read only by zipgeo:
///
/// - `zipgeo_place_names`: every place's folded name (`PlaceNameKey`) with its country, its name
///   as stored and its codes, sorted by the folded name, in blocks (`PlaceIndexBlock`).
/// - `zipgeo_place_words`: each word of a name but its first, with the name, sorted by word: the
///   names that contain a word (`paulo` finds `sao paulo`).
/// - `zipgeo_place_vocabulary`: every word of every name, one row for each length in bytes, for
///   the search of words a typo or two away.
///
/// Rows another tool adds to `zips` are found by name once an import has made the index again;
/// a row it removes or renames is left out of the answers (every row is read from `zips` itself).
enum PlaceNameIndex {
  static let namesTable = "zipgeo_place_names"
  static let wordsTable = "zipgeo_place_words"
  static let vocabularyTable = "zipgeo_place_vocabulary"

  /// The longest word, in bytes, that typo searches compare.
  static let longestComparedWord = 48

  /// The bounds that keep the index a small multiple of the names it holds, whatever they are.
  /// Each word of a name but its first is an entry of the words table that holds the whole name,
  /// so a name of many words would take space as the square of its length: one row of thousands
  /// of words would make an index far larger than the data. Only the first `mostIndexedWords`
  /// words of a name are indexed (GeoNames' longest names have 30), and only the first word of a
  /// folded name longer than `longestWordIndexedName` bytes (GeoNames' longest is 161): such
  /// names are found by their start. A row's words entries then take at most 8.5 KB, some 33
  /// times its name's bytes.
  static let mostIndexedWords = 32
  static let longestWordIndexedName = 256

  /// How many words of a folded name of `length` bytes the words table and the vocabulary hold.
  static func indexedWords(ofKeyLength length: Int) -> Int {
    length > longestWordIndexedName ? 1 : mostIndexedWords
  }

  /// Whether a row of `zips` is in the index: it has a code, and a name no longer than an import
  /// writes (`ZipCode.longestText`). Rows another tool wrote without are left out, with a
  /// warning from the import (`unindexedRows(on:)`, the same test in SQL), rather than marking the index damaged or
  /// making it large.
  static func isIndexed(zip: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>) -> Bool {
    !zip.isEmpty && name.count <= ZipCode.longestText
  }

  static let createStatements = """
    CREATE TABLE \(namesTable) (block INTEGER PRIMARY KEY, first_key BLOB NOT NULL UNIQUE, entries BLOB NOT NULL);
    CREATE TABLE \(wordsTable) (block INTEGER PRIMARY KEY, first_key BLOB NOT NULL UNIQUE, entries BLOB NOT NULL);
    CREATE TABLE \(vocabularyTable) (
      length INTEGER NOT NULL, part INTEGER NOT NULL, words BLOB NOT NULL, PRIMARY KEY (length, part));
    """
  static let dropStatements =
    "DROP TABLE IF EXISTS \(namesTable); DROP TABLE IF EXISTS \(wordsTable); DROP TABLE IF EXISTS \(vocabularyTable);"
    + " DROP TABLE IF EXISTS \(currentTable);"

  /// One row while the index holds what `zips` holds: `staleTriggers` empty it when any tool
  /// adds, removes or renames a row of `zips` after the import that built the index (rows found by
  /// name are read from `zips` itself, so a removed row is left out; an added or renamed one would
  /// be missing, and a search says so).
  static let currentTable = "zipgeo_place_current"

  /// Empty `currentTable` on every change of `zips` that the index would miss, or that the lists
  /// of each country's states (`CountryStates`) would. The import drops them while it writes, and
  /// makes them again after the index.
  static let staleTriggers = """
    CREATE TRIGGER zipgeo_places_insert AFTER INSERT ON zips BEGIN DELETE FROM \(currentTable); END;
    CREATE TRIGGER zipgeo_places_delete AFTER DELETE ON zips BEGIN DELETE FROM \(currentTable); END;
    CREATE TRIGGER zipgeo_places_update AFTER UPDATE OF zip, place, country, state ON zips
      BEGIN DELETE FROM \(currentTable); END;
    """
  static let dropStaleTriggers = """
    DROP TRIGGER IF EXISTS zipgeo_places_insert; DROP TRIGGER IF EXISTS zipgeo_places_delete;
    DROP TRIGGER IF EXISTS zipgeo_places_update;
    """

  /// Whether the index holds what `zips` holds (no tool changed its rows since it was built).
  static func isCurrent(on db: Database) throws -> Bool {
    (try? db.scalar("SELECT 1 FROM \(currentTable)")) != nil
  }

  /// Whether `db` has the index: its three tables, found as a search's statements find them (in
  /// `temp`, `main`, then the databases attached), so that a host that attached a zipgeo
  /// database searches its names as it searches its `zips`. Once found, kept on the connection
  /// (`ConnectionFacts`) until one of its statements fails: a search reads a dropped table's error.
  static func exists(on db: Database) throws -> Bool {
    let kept = db.facts(ExistsFacts.self)
    if kept.exists { return true }
    let found = try db.cachedStatement(existsSQL).scalar() == .integer(1)
    kept.exists = found
    return found
  }

  /// Whether `exists(on:)` found the index on a connection.
  final class ExistsFacts: ConnectionFacts {
    var exists = false
    init() {}
    func forget() { exists = false }
  }

  private static let existsSQL = CachedSQL(
    "SELECT "
      + [namesTable, wordsTable, vocabularyTable].map { "EXISTS (SELECT 1 FROM pragma_table_info('\($0)'))" }
      .joined(separator: " AND "))

  /// Makes the index anew from every row of `zips`, inside the caller's transaction.
  static func build(
    on db: Database, rowBudget: Int = PlaceNameIndexBuilder.rowBudget,
    byteBudget: Int = PlaceNameIndexBuilder.byteBudget
  ) throws {
    try db.execute(dropStatements + createStatements)
    try PlaceNameIndexBuilder.build(on: db, rowBudget: rowBudget, byteBudget: byteBudget)
    try markCurrent(on: db)
  }

  /// Writes the index encoded from every row of `zips` (`PlaceNameIndexBuilder.encode`), inside
  /// the caller's transaction.
  static func write(_ encoded: PlaceNameIndexBuilder.Encoded, on db: Database) throws {
    try db.execute(dropStatements + createStatements)
    try encoded.write(to: db)
    try markCurrent(on: db)
  }

  private static func markCurrent(on db: Database) throws {
    try db.execute("CREATE TABLE \(currentTable) (current INTEGER NOT NULL); INSERT INTO \(currentTable) VALUES (1);")
  }

  /// Which letters a word has, one bit each (digits and other bytes share the bits above the
  /// letters'): two words an edit apart differ in at most two bits.
  static func mask(of word: some Collection<UInt8>) -> UInt64 {
    var mask: UInt64 = 0
    for byte in word {
      switch byte {
      case 0x61...0x7A: mask |= 1 << UInt64(byte - 0x61)
      case 0x30...0x39: mask |= 1 << UInt64(26 + byte - 0x30)
      default: mask |= 1 << UInt64(36 + byte % 28)
      }
    }
    return mask
  }

  // MARK: Reading

  /// The entries of one of the index's block tables from the first whose key is at least `key`,
  /// in order, a block at a time. Each block is read by a statement of its own that is done
  /// before `next()` returns, so that cursors of several searches on one connection, interleaved,
  /// never share a running statement; an entry's fields are made texts only when it is given.
  struct Cursor {
    private let table: String
    private let database: Database
    private var block: Int64
    private var bytes: [UInt8] = []
    private var position = 0
    private let key: [UInt8]

    init(table: String, from key: String, on db: Database) throws {
      let start = try db.cachedStatement(
        "SELECT block FROM \(table) WHERE first_key <= ? ORDER BY first_key DESC LIMIT 1")
      defer { start.reset() }
      try start.bind(values: [.blob(Array(key.utf8))])
      block = try start.step() ? start.int64(at: 0) : 1
      self.table = table
      database = db
      self.key = Array(key.utf8)
      try read()
    }

    /// Reads block `block` into `bytes` (none after the last).
    private mutating func read() throws {
      let statement = try database.cachedStatement("SELECT entries FROM \(table) WHERE block = ?")
      defer { statement.reset() }
      try statement.bind(values: [.integer(block)])
      position = 0
      guard try statement.step() else {
        bytes = []
        return
      }
      // A block holds one entry at least: an empty one is damage, not the end of the index.
      guard case .blob(let blob) = statement.value(at: 0), !blob.isEmpty else { throw ZipGeoError.damagedPlaceIndex }
      bytes = blob
    }

    /// The next entry (its fields; the first is the key), or `nil` after the last.
    mutating func next() throws -> [String]? {
      while true {
        while position < bytes.count {
          let (entry, end) = try PlaceIndexBlock.entry(in: bytes, at: position, from: key)
          position = end
          if let entry { return entry }
        }
        guard !bytes.isEmpty, block < Int64.max else { return nil }
        block += 1
        try read()
        if bytes.isEmpty { return nil }
      }
    }
  }

  /// Calls `body` with each part of the vocabulary of words of `length` bytes (in each, the
  /// words' masks, then the words: `PlaceNameIndexBuilder.VocabularyWriter`), as SQLite holds it.
  static func forEachVocabularyPart(
    length: Int, on db: Database, _ body: (_ part: UnsafeRawBufferPointer, _ count: Int) -> Void
  ) throws {
    let statement = try db.cachedStatement("SELECT words FROM \(vocabularyTable) WHERE length = ? ORDER BY part")
    defer { statement.reset() }
    try statement.bind(values: [.integer(Int64(length))])
    while try statement.step() {
      guard let part = statement.blobBytes(at: 0), length > 0, part.count % (8 + length) == 0 else {
        throw ZipGeoError.damagedPlaceIndex
      }
      body(part, part.count / (8 + length))
    }
  }
}
