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

  /// Empty `currentTable` on every change of `zips` that the index would miss. The import drops
  /// them while it writes, and makes them again after the index.
  static let staleTriggers = """
    CREATE TRIGGER zipgeo_places_insert AFTER INSERT ON zips BEGIN DELETE FROM \(currentTable); END;
    CREATE TRIGGER zipgeo_places_delete AFTER DELETE ON zips BEGIN DELETE FROM \(currentTable); END;
    CREATE TRIGGER zipgeo_places_update AFTER UPDATE OF zip, place, country ON zips
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

  /// Whether `db` has the index.
  static func exists(on db: Database) throws -> Bool {
    try db.scalar(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN ('\(namesTable)', '\(wordsTable)', '\(vocabularyTable)')"
    )?.int64 == 3
  }

  /// Makes the index anew from every row of `zips`, inside the caller's transaction.
  static func build(on db: Database, rowBudget: Int = PlaceNameIndexBuilder.rowBudget) throws {
    try db.execute(dropStatements + createStatements)
    try PlaceNameIndexBuilder.build(on: db, rowBudget: rowBudget)
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
  /// in order, a block at a time.
  struct Cursor {
    private let statement: Statement
    private var entries: [[String]] = []
    private var position = 0
    private let key: String

    init(table: String, from key: String, on db: Database) throws {
      let start = try db.scalar(
        "SELECT block FROM \(table) WHERE first_key <= ? ORDER BY first_key DESC LIMIT 1",
        [DatabaseValue.blob(Array(key.utf8))])
      statement = try db.prepare("SELECT entries FROM \(table) WHERE block >= ? ORDER BY block")
      try statement.bind(values: [start ?? .integer(Int64.min)])
      self.key = key
    }

    /// The next entry (its fields; the first is the key), or `nil` after the last.
    mutating func next() throws -> [String]? {
      while true {
        while position < entries.count {
          let entry = entries[position]
          position += 1
          guard let first = entry.first else { throw ZipGeoError.damagedPlaceIndex }
          if first.utf8.lexicographicallyPrecedes(key.utf8) { continue }
          return entry
        }
        guard try statement.step() else { return nil }
        guard case .blob(let blob) = statement.value(at: 0) else { throw ZipGeoError.damagedPlaceIndex }
        entries = try PlaceIndexBlock.entries(of: blob)
        position = 0
      }
    }
  }

  /// The parts of the vocabulary of words of `length` bytes: in each, the words' masks, then the
  /// words (`PlaceNameIndexBuilder.VocabularyWriter`).
  static func vocabulary(length: Int, on db: Database) throws -> [[UInt8]] {
    let statement = try db.prepare("SELECT words FROM \(vocabularyTable) WHERE length = ? ORDER BY part")
    try statement.bind(values: [.integer(Int64(length))])
    var parts: [[UInt8]] = []
    while try statement.step() {
      guard case .blob(let blob) = statement.value(at: 0), length > 0, blob.count % (8 + length) == 0 else {
        throw ZipGeoError.damagedPlaceIndex
      }
      parts.append(blob)
    }
    return parts
  }
}
