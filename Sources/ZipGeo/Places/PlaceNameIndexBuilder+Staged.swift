import SQLiteKit

extension PlaceNameIndexBuilder {
  /// Builds the index of more rows than `rowBudget` in flat memory: each row's folded name is
  /// staged in a temporary table, which SQLite sorts (spilling to temporary files as it must),
  /// and the words of the names likewise.
  static func buildStaged(on db: Database) throws {
    let drop = "DROP TABLE IF EXISTS temp.zipgeo_staged_places; DROP TABLE IF EXISTS temp.zipgeo_staged_words;"
    try db.execute(
      drop + """
        CREATE TEMP TABLE zipgeo_staged_places (key BLOB, country BLOB, place BLOB, zip BLOB);
        CREATE TEMP TABLE zipgeo_staged_words (word BLOB, key BLOB, later INTEGER);
        """)
    defer { try? db.execute(drop) }
    try stagePlaces(on: db)
    try writeStagedNames(on: db)
    try writeStagedWords(on: db)
  }

  /// Stages every row's folded name, country, place and code.
  private static func stagePlaces(on db: Database) throws {
    let scan = try db.prepare(scanSQL)
    defer { scan.reset() }
    let stage = try db.prepare("INSERT INTO temp.zipgeo_staged_places VALUES (?, ?, ?, ?)")
    var folded: [UInt8] = []
    var folder = PlaceNameKey.Folder()
    while try scan.step() {
      guard let country = scan.textBytes(at: 0), let place = scan.textBytes(at: 1), let zip = scan.textBytes(at: 2),
        PlaceNameIndex.isIndexed(zip: zip, name: place)
      else { continue }
      folder.fold(bytes: place, into: &folded)
      if folded.isEmpty { continue }
      try stage.bind(values: [.blob(folded), .blob(Array(country)), .blob(Array(place)), .blob(Array(zip))])
      _ = try stage.step()
      stage.reset()
    }
  }

  /// Writes the names table from the staged rows in order, and stages the words of each name.
  private static func writeStagedNames(on db: Database) throws {
    let sorted = try db.prepare(
      "SELECT key, country, place, zip FROM temp.zipgeo_staged_places ORDER BY key, country, place, zip")
    defer { sorted.reset() }
    let stageWord = try db.prepare("INSERT INTO temp.zipgeo_staged_words VALUES (?, ?, ?)")
    // Each block is written once made, so that memory stays flat.
    var names = BlockWriter()
    // The entry being gathered: its folded name, country, place and codes.
    var entry: (key: [UInt8], country: [UInt8], place: [UInt8], codes: [[UInt8]])?
    var lastWritten: [UInt8]?
    func writeEntry() throws {
      guard let entry else { return }
      defer { lastWritten = entry.key }
      entry.key.withUnsafeBufferPointer { key in
        names.startEntry(fields: 3 + entry.codes.count, key: key, newKey: lastWritten != entry.key)
        names.append(key)
      }
      for field in [entry.country, entry.place] + entry.codes { field.withUnsafeBufferPointer { names.append($0) } }
      try names.writeBlocks(to: PlaceNameIndex.namesTable, on: db)
    }
    func stageWords(of key: [UInt8]) throws {
      let words = key.split(separator: 0x20).prefix(PlaceNameIndex.indexedWords(ofKeyLength: key.count))
      for (index, word) in words.enumerated() {
        try stageWord.bind(values: [.blob(Array(word)), .blob(key), .integer(index > 0 ? 1 : 0)])
        _ = try stageWord.step()
        stageWord.reset()
      }
    }
    while try sorted.step() {
      let row = (
        key: blob(sorted, 0), country: blob(sorted, 1), place: blob(sorted, 2), zip: blob(sorted, 3)
      )
      if let current = entry, current.key == row.key, current.country == row.country, current.place == row.place {
        entry?.codes.append(row.zip)
        continue
      }
      try writeEntry()
      if entry?.key != row.key { try stageWords(of: row.key) }
      entry = (row.key, row.country, row.place, [row.zip])
    }
    try writeEntry()
    names.finish()
    try names.writeBlocks(to: PlaceNameIndex.namesTable, on: db)
  }

  /// Writes the words table and the vocabulary from the staged words.
  private static func writeStagedWords(on db: Database) throws {
    let later = try db.prepare(
      "SELECT DISTINCT word, key FROM temp.zipgeo_staged_words WHERE later ORDER BY word, key")
    var words = BlockWriter()
    var last: [UInt8]?
    while try later.step() {
      let (word, key) = (blob(later, 0), blob(later, 1))
      word.withUnsafeBufferPointer { word in
        words.startEntry(fields: 2, key: word, newKey: last.map { !$0.elementsEqual(word) } ?? true)
        words.append(word)
      }
      key.withUnsafeBufferPointer { words.append($0) }
      last = word
      try words.writeBlocks(to: PlaceNameIndex.wordsTable, on: db)
    }
    later.reset()
    words.finish()
    try words.writeBlocks(to: PlaceNameIndex.wordsTable, on: db)
    let all = try db.prepare(
      "SELECT DISTINCT word FROM temp.zipgeo_staged_words ORDER BY length(word), word")
    defer { all.reset() }
    var vocabulary = VocabularyWriter()
    while try all.step() {
      blob(all, 0).withUnsafeBufferPointer { vocabulary.add($0) }
      try VocabularyWriter.write(vocabulary.takeParts(), on: db)
    }
    vocabulary.finish()
    try VocabularyWriter.write(vocabulary.takeParts(), on: db)
  }

  /// The bytes of column `index` of the current row (a staged blob).
  private static func blob(_ statement: Statement, _ index: Int) -> [UInt8] {
    if case .blob(let bytes) = statement.value(at: index) { return bytes }
    return []
  }
}
