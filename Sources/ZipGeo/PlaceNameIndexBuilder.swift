import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Builds `PlaceNameIndex` from the rows of `zips`: reads every place and code once, folds each
/// distinct place's name once, sorts, and writes the three tables in blocks.
///
/// Every text is kept as bytes in one buffer (`texts`) and named by where it is in it (`Span`):
/// a `String` or an array for each of the world's 1.8 million rows made the build take 5.8 s of an
/// 11 s import, where the index may add a tenth.
enum PlaceNameIndexBuilder {
  /// Where a text is in the buffer of texts.
  struct Span: Equatable {
    var start: Int
    var count: Int
  }

  /// The distinct places of a country, their codes, and the buffer their texts are in.
  struct Places {
    var texts: [UInt8] = []
    /// Each place's country, name as stored, and folded name (`PlaceNameKey`).
    var countries: [Span] = []
    var names: [Span] = []
    var keys: [Span] = []
    /// Place `p`'s codes are `codes[codeStart[p]..<codeStart[p + 1]]`.
    var codes: [Span] = []
    var codeStart: [Int] = []
  }

  /// The most rows built in memory: the world's 1.8 million take some 170 MB. Past them, the
  /// index is built through temporary tables that SQLite sorts (`buildStaged(on:)`), slower but
  /// in flat memory.
  static let rowBudget = 2_000_000

  /// Every row that names a place: its country, place and code, as both builds read them.
  static let scanSQL = "SELECT country, place, zip FROM zips WHERE place <> ''"

  /// Makes the index's tables (which must be empty) from the rows of `zips`.
  static func build(on db: Database, rowBudget: Int = rowBudget) throws {
    guard var places = try read(from: db, rowBudget: rowBudget) else { return try buildStaged(on: db) }
    fold(&places)
    let order = places.texts.withUnsafeBufferPointer { sorted(places, texts: $0) }
    try places.texts.withUnsafeBufferPointer { texts in
      let keys = try writeNames(places, order: order, texts: texts, to: db)
      try writeWords(of: keys, texts: texts, to: db)
    }
  }

  // MARK: Reading the rows

  /// The place and code of every row of `zips` that names a place, the places told apart by
  /// country and name (an open-addressing table of their hashes).
  /// - Returns: `nil` past `rowBudget` rows.
  static func read(from db: Database, rowBudget: Int) throws -> Places? {
    var texts: [UInt8] = []
    var countries: [Span] = []
    var names: [Span] = []
    var hashes: [UInt64] = []
    var slots = [Int32](repeating: 0, count: 1 << 16)
    var rowCodes: [Span] = []
    var rowPlaces: [Int32] = []
    let scan = try db.prepare(scanSQL)
    defer { scan.reset() }
    while try scan.step() {
      guard let country = scan.textBytes(at: 0), let name = scan.textBytes(at: 1), let zip = scan.textBytes(at: 2)
      else { continue }
      // The country's length between the two, so that no two pairs run together.
      let hash = self.hash(name, from: self.hash(country) ^ UInt64(country.count) ^ 0xFF00)
      var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
      var found: Int?
      texts.withUnsafeBufferPointer { texts in
        while slots[slot] != 0 {
          let index = Int(slots[slot] - 1)
          if hashes[index] == hash && equal(texts, names[index], name) && equal(texts, countries[index], country) {
            found = index
            return
          }
          slot = (slot + 1) & (slots.count - 1)
        }
      }
      let place: Int
      if let found {
        place = found
      } else {
        place = names.count
        countries.append(Span(start: texts.count, count: country.count))
        texts.append(contentsOf: country)
        names.append(Span(start: texts.count, count: name.count))
        texts.append(contentsOf: name)
        hashes.append(hash)
        slots[slot] = Int32(place + 1)
        if names.count * 2 > slots.count { rehash(&slots, hashes) }
      }
      guard rowCodes.count < rowBudget else { return nil }
      rowCodes.append(Span(start: texts.count, count: zip.count))
      texts.append(contentsOf: zip)
      rowPlaces.append(Int32(place))
    }
    // Each place's codes together, in the order of their bytes.
    var places = Places(texts: texts, countries: countries, names: names)
    places.codeStart = [Int](repeating: 0, count: names.count + 1)
    for place in rowPlaces { places.codeStart[Int(place) + 1] += 1 }
    for index in names.indices { places.codeStart[index + 1] += places.codeStart[index] }
    var fill = places.codeStart
    places.codes = [Span](repeating: Span(start: 0, count: 0), count: rowCodes.count)
    for (code, place) in zip(rowCodes, rowPlaces) {
      places.codes[fill[Int(place)]] = code
      fill[Int(place)] += 1
    }
    places.texts.withUnsafeBufferPointer { texts in
      for place in names.indices where places.codeStart[place + 1] - places.codeStart[place] > 1 {
        places.codes[places.codeStart[place]..<places.codeStart[place + 1]].sort { compare(texts, $0, $1) < 0 }
      }
    }
    return places
  }

  /// FNV-1a of `bytes`, continuing from `start`.
  private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, from start: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
    var hash = start
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  /// Fills `slots` again for a table twice as large.
  private static func rehash(_ slots: inout [Int32], _ hashes: [UInt64]) {
    slots = [Int32](repeating: 0, count: slots.count * 2)
    for (index, hash) in hashes.enumerated() {
      var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
      while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
      slots[slot] = Int32(index + 1)
    }
  }

  private static func equal(_ texts: UnsafeBufferPointer<UInt8>, _ span: Span, _ bytes: UnsafeBufferPointer<UInt8>)
    -> Bool
  {
    span.count == bytes.count
      && (bytes.count == 0 || memcmp(texts.baseAddress! + span.start, bytes.baseAddress!, bytes.count) == 0)
  }

  /// The order of SQLite's BINARY collation (bytes, then length).
  private static func compare(_ texts: UnsafeBufferPointer<UInt8>, _ a: Span, _ b: Span) -> Int32 {
    let common = min(a.count, b.count)
    if common > 0 {
      let order = memcmp(texts.baseAddress! + a.start, texts.baseAddress! + b.start, common)
      if order != 0 { return order }
    }
    return a.count == b.count ? 0 : a.count < b.count ? -1 : 1
  }

  /// The first eight bytes of a span as one number that sorts as they do.
  private static func prefix(_ texts: UnsafeBufferPointer<UInt8>, _ span: Span) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<8 {
      value <<= 8
      if index < span.count { value |= UInt64(texts[span.start + index]) }
    }
    return value
  }

  // MARK: Folding and sorting

  /// Folds each place's name into `places.keys` (`PlaceNameKey`).
  static func fold(_ places: inout Places) {
    var keys: [Span] = []
    keys.reserveCapacity(places.names.count)
    var folded: [UInt8] = []
    for name in places.names {
      places.texts.withUnsafeBufferPointer { texts in
        PlaceNameKey.fold(
          bytes: UnsafeBufferPointer(rebasing: texts[name.start..<name.start + name.count]), into: &folded)
      }
      keys.append(Span(start: places.texts.count, count: folded.count))
      places.texts.append(contentsOf: folded)
    }
    places.keys = keys
  }

  /// The places with a folded name, by folded name, country and name.
  static func sorted(_ places: Places, texts: UnsafeBufferPointer<UInt8>) -> [Int] {
    var order: [(prefix: UInt64, place: Int)] = []
    order.reserveCapacity(places.keys.count)
    for (place, key) in places.keys.enumerated() where key.count > 0 { order.append((prefix(texts, key), place)) }
    order.sort { a, b in
      if a.prefix != b.prefix { return a.prefix < b.prefix }
      var order = compare(texts, places.keys[a.place], places.keys[b.place])
      if order == 0 { order = compare(texts, places.countries[a.place], places.countries[b.place]) }
      if order == 0 { order = compare(texts, places.names[a.place], places.names[b.place]) }
      return order < 0
    }
    return order.map(\.place)
  }

  // MARK: Writing

  /// Writes the names table: for each place, its folded name, country, name and codes.
  /// - Returns: The distinct folded names, in order.
  static func writeNames(_ places: Places, order: [Int], texts: UnsafeBufferPointer<UInt8>, to db: Database) throws
    -> [Span]
  {
    var names = try BlockWriter(table: PlaceNameIndex.namesTable, on: db)
    var keys: [Span] = []
    for place in order {
      let key = places.keys[place]
      let newKey = keys.last.map { compare(texts, $0, key) != 0 } ?? true
      if newKey { keys.append(key) }
      try names.startEntry(
        fields: 3 + places.codeStart[place + 1] - places.codeStart[place], key: bytes(key, texts), newKey: newKey)
      names.append(bytes(key, texts))
      names.append(bytes(places.countries[place], texts))
      names.append(bytes(places.names[place], texts))
      for code in places.codes[places.codeStart[place]..<places.codeStart[place + 1]] {
        names.append(bytes(code, texts))
      }
    }
    try names.finish()
    return keys
  }

  /// Writes the words table (each word of a name but its first, with the name) and the
  /// vocabulary (every word) for the distinct folded names `keys`.
  static func writeWords(of keys: [Span], texts: UnsafeBufferPointer<UInt8>, to db: Database) throws {
    var later: [(prefix: UInt64, word: Span, key: Int32)] = []
    var vocabulary: [Span] = []
    var hashes: [UInt64] = []
    var slots = [Int32](repeating: 0, count: 1 << 16)
    for (number, key) in keys.enumerated() {
      var start = key.start
      let end = key.start + key.count
      while start < end {
        var stop = start
        while stop < end && texts[stop] != 0x20 { stop += 1 }
        let word = Span(start: start, count: stop - start)
        let hash = self.hash(bytes(word, texts))
        if start != key.start { later.append((prefix(texts, word), word, Int32(number))) }
        start = stop + 1
        // Into the vocabulary, unless it is there.
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        var known = false
        while slots[slot] != 0 {
          let index = Int(slots[slot] - 1)
          if hashes[index] == hash && compare(texts, vocabulary[index], word) == 0 {
            known = true
            break
          }
          slot = (slot + 1) & (slots.count - 1)
        }
        if known { continue }
        vocabulary.append(word)
        hashes.append(hash)
        slots[slot] = Int32(vocabulary.count)
        if vocabulary.count * 2 > slots.count { rehash(&slots, hashes) }
      }
    }
    later.sort { a, b in
      if a.prefix != b.prefix { return a.prefix < b.prefix }
      let order = compare(texts, a.word, b.word)
      return order != 0 ? order < 0 : a.key < b.key
    }
    var words = try BlockWriter(table: PlaceNameIndex.wordsTable, on: db)
    var last: (word: Span, key: Int32)?
    for entry in later {
      let newKey = last.map { compare(texts, $0.word, entry.word) != 0 } ?? true
      // A word twice in one name is one entry.
      if !newKey && last?.key == entry.key { continue }
      try words.startEntry(fields: 2, key: bytes(entry.word, texts), newKey: newKey)
      words.append(bytes(entry.word, texts))
      words.append(bytes(keys[Int(entry.key)], texts))
      last = (entry.word, entry.key)
    }
    try words.finish()
    try writeVocabulary(vocabulary, texts: texts, to: db)
  }

  /// Writes the vocabulary (`VocabularyWriter`) of `vocabulary`'s words.
  static func writeVocabulary(_ vocabulary: [Span], texts: UnsafeBufferPointer<UInt8>, to db: Database) throws {
    let sorted = vocabulary.sorted { $0.count != $1.count ? $0.count < $1.count : compare(texts, $0, $1) < 0 }
    var writer = try VocabularyWriter(on: db)
    for word in sorted { try writer.add(bytes(word, texts)) }
    try writer.finish()
  }

  /// The bytes of `span` in `texts`.
  static func bytes(_ span: Span, _ texts: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: texts[span.start..<span.start + span.count])
  }

  /// Writes sorted entries into the blocks of one of the index's tables, in the layout
  /// `PlaceIndexBlock` reads: a block ends only where the key changes.
  struct BlockWriter {
    let insert: Statement
    var bytes: [UInt8] = []
    var firstKey: [UInt8] = []
    var number: Int64 = 0

    init(table: String, on db: Database) throws {
      insert = try db.prepare("INSERT INTO \(table) (block, first_key, entries) VALUES (?, ?, ?)")
    }

    /// Begins an entry of `fields` fields found by `key`, which differs from the last entry's when
    /// `newKey`.
    mutating func startEntry(fields: Int, key: UnsafeBufferPointer<UInt8>, newKey: Bool) throws {
      if newKey && bytes.count >= PlaceIndexBlock.targetSize { try flush() }
      if bytes.isEmpty { firstKey = Array(key) }
      writeNumber(fields)
    }

    /// Adds a field to the entry.
    mutating func append(_ field: UnsafeBufferPointer<UInt8>) {
      writeNumber(field.count)
      bytes.append(contentsOf: field)
    }

    private mutating func writeNumber(_ number: Int) {
      var rest = UInt(number)
      while rest >= 0x80 {
        bytes.append(UInt8(rest & 0x7F) | 0x80)
        rest >>= 7
      }
      bytes.append(UInt8(rest))
    }

    mutating func finish() throws { if !bytes.isEmpty { try flush() } }

    private mutating func flush() throws {
      number += 1
      try insert.bind(values: [.integer(number), .blob(firstKey), .blob(bytes)])
      _ = try insert.step()
      insert.reset()
      bytes.removeAll(keepingCapacity: true)
    }
  }

  /// Writes the vocabulary, words given in order of length then bytes: for each length, in parts
  /// of at most `partSize` bytes, the words' letter masks (`PlaceNameIndex.mask(of:)`, 8 bytes
  /// each, little-endian), then the words. Words with a digit (`01` of `Paris 01`) and words
  /// longer than `PlaceNameIndex.longestComparedWord` are left out: typos are not looked for in
  /// them.
  struct VocabularyWriter {
    let insert: Statement
    var masks: [UInt8] = []
    var words: [UInt8] = []
    var length = 0
    var part: Int64 = 0
    static let partSize = 1 << 20

    init(on db: Database) throws {
      insert = try db.prepare(
        "INSERT INTO \(PlaceNameIndex.vocabularyTable) (length, part, words) VALUES (?, ?, ?)")
    }

    mutating func add(_ word: UnsafeBufferPointer<UInt8>) throws {
      guard word.count > 0, word.count <= PlaceNameIndex.longestComparedWord,
        !word.contains(where: { $0 >= 0x30 && $0 <= 0x39 })
      else { return }
      if word.count != length || masks.count + words.count >= Self.partSize {
        try flush()
        if word.count != length { part = 0 }
        length = word.count
      }
      var mask = PlaceNameIndex.mask(of: word)
      for _ in 0..<8 {
        masks.append(UInt8(mask & 0xFF))
        mask >>= 8
      }
      words.append(contentsOf: word)
    }

    mutating func finish() throws { try flush() }

    private mutating func flush() throws {
      guard !words.isEmpty else { return }
      part += 1
      try insert.bind(values: [.integer(Int64(length)), .integer(part), .blob(masks + words)])
      _ = try insert.step()
      insert.reset()
      masks.removeAll(keepingCapacity: true)
      words.removeAll(keepingCapacity: true)
    }
  }
}
