import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Builds `PlaceNameIndex` from the rows of `zips` (or of an import, before they are written):
/// gathers every place and its codes once (`Places`), folds each distinct place's name once,
/// sorts, and encodes the three tables in blocks (`Encoded`), which are then written.
///
/// Every text is kept as bytes in one buffer (`texts`) and named by where it is in it (`Span`):
/// a `String` or an array for each of the world's 1.8 million rows, each allocated and freed,
/// made the build a large part of the import (`scripts/bench-import-pair.py` compares two builds'
/// imports). An import gathers and encodes on a thread of its own (`Importer`), while it writes
/// the rows to `zips`.
enum PlaceNameIndexBuilder {
  /// Where a text is in the buffer of texts.
  struct Span: Equatable {
    var start: UInt32
    var count: UInt32

    init(start: Int, count: Int) {
      self.start = UInt32(truncatingIfNeeded: start)
      self.count = UInt32(truncatingIfNeeded: count)
    }

    var lowerBound: Int { Int(start) }
    var upperBound: Int { Int(start) + Int(count) }
    var length: Int { Int(count) }
  }

  /// The distinct places of the rows gathered (by country and name), their codes, and the buffer
  /// their texts are in.
  ///
  /// An import gathers them while its rows are still in memory, so they are kept small: each
  /// place's name and each row's code once, a number for each place's country, and no stored
  /// hashes.
  struct Places {
    var texts: [UInt8] = []
    /// The countries, each one's code once in `texts`, and each place's country among them.
    var countries: [Span] = []
    var placeCountries: [UInt16] = []
    /// Each place's name as stored, and folded name (`PlaceNameKey`, once folded).
    var names: [Span] = []
    var keys: [Span] = []
    /// Place `p`'s codes are `codes[codeStart[p]..<codeStart[p + 1]]`, once grouped.
    var codes: [Span] = []
    var codeStart: [Int32] = []
    /// The rows gathered, until they are grouped by place: each one's code and place.
    var rowCodes: [Span] = []
    var rowPlaces: [Int32] = []
    /// An open-addressing table of the places, by the hash of their country and name.
    var slots = [Int32](repeating: 0, count: 1 << 16)
    /// The last country added, and the countries by code, for the next rows.
    var lastCountry: (span: Span, number: UInt16)?
    var countryNumbers: [UInt64: [UInt16]] = [:]
    /// The place of the last row added.
    var lastPlace: Int?
    let rowBudget: Int
    /// The most bytes the places may take (`memory`), past which the index is built the staged way.
    let byteBudget: Int

    init(rowBudget: Int = PlaceNameIndexBuilder.rowBudget, byteBudget: Int = PlaceNameIndexBuilder.byteBudget) {
      self.rowBudget = rowBudget
      self.byteBudget = byteBudget
    }

    /// The memory the places take, about: what their arrays have room for.
    var memory: Int {
      texts.capacity + (countries.capacity + names.capacity + keys.capacity + codes.capacity + rowCodes.capacity)
        * MemoryLayout<Span>.stride + placeCountries.capacity * 2
        + (codeStart.capacity + rowPlaces.capacity + slots.capacity) * 4
    }

    /// Place `place`'s country.
    func country(of place: Int) -> Span { countries[Int(placeCountries[place])] }

    /// The hash of a place's country (its number) and name.
    static func hash(country: UInt16, name: UnsafeBufferPointer<UInt8>) -> Int {
      Int(truncatingIfNeeded: PlaceNameIndexBuilder.hash(name, from: 0xcbf2_9ce4_8422_2325 ^ UInt64(country)))
    }

    /// The number of `country` among the countries, which it joins if it is new; `nil` past
    /// 65,535 countries.
    mutating func number(ofCountry country: UnsafeBufferPointer<UInt8>) -> UInt16? {
      let known = texts.withUnsafeBufferPointer { texts in
        if let last = lastCountry, equal(texts, last.span, country) { return last.number as UInt16? }
        let hash = PlaceNameIndexBuilder.hash(country)
        return countryNumbers[hash]?.first { equal(texts, countries[Int($0)], country) }
      }
      if let known {
        lastCountry = (countries[Int(known)], known)
        return known
      }
      guard countries.count < Int(UInt16.max) else { return nil }
      let number = UInt16(countries.count)
      countries.append(Span(start: texts.count, count: country.count))
      texts.append(contentsOf: country)
      countryNumbers[PlaceNameIndexBuilder.hash(country), default: []].append(number)
      lastCountry = (countries[Int(number)], number)
      return number
    }

    /// Adds a row that names a place.
    /// - Returns: `false` past `rowBudget` rows or `byteBudget` bytes (or past 4 GiB of texts, or
    ///   65,535 countries), when the index must be built the staged way.
    mutating func add(
      country: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>, zip: UnsafeBufferPointer<UInt8>
    ) -> Bool {
      // The memory is checked once a thousand rows: it changes little in between.
      guard rowCodes.count < rowBudget, rowCodes.count % 1024 != 0 || memory < byteBudget,
        texts.count + country.count + name.count + zip.count < Int(UInt32.max),
        let countryNumber = number(ofCountry: country)
      else { return false }
      // Rows of one place often come one after another.
      if let last = lastPlace, placeCountries[last] == countryNumber,
        texts.withUnsafeBufferPointer({ equal($0, names[last], name) })
      {
        return addRow(zip: zip, place: last)
      }
      let mask = slots.count - 1
      var slot = Self.hash(country: countryNumber, name: name) & mask
      var found: Int?
      texts.withUnsafeBufferPointer { texts in
        while slots[slot] != 0 {
          let index = Int(slots[slot] - 1)
          if placeCountries[index] == countryNumber && equal(texts, names[index], name) {
            found = index
            return
          }
          slot = (slot + 1) & mask
        }
      }
      let place: Int
      if let found {
        place = found
      } else {
        place = names.count
        placeCountries.append(countryNumber)
        names.append(Span(start: texts.count, count: name.count))
        texts.append(contentsOf: name)
        slots[slot] = Int32(place + 1)
        if names.count * 2 > slots.count { rehash() }
      }
      return addRow(zip: zip, place: place)
    }

    private mutating func addRow(zip: UnsafeBufferPointer<UInt8>, place: Int) -> Bool {
      rowCodes.append(Span(start: texts.count, count: zip.count))
      texts.append(contentsOf: zip)
      rowPlaces.append(Int32(place))
      lastPlace = place
      return true
    }

    /// Fills `slots` again for a table twice as large.
    private mutating func rehash() {
      var slots = [Int32](repeating: 0, count: self.slots.count * 2)
      let mask = slots.count - 1
      texts.withUnsafeBufferPointer { texts in
        for index in names.indices {
          var slot = Self.hash(country: placeCountries[index], name: bytes(names[index], texts)) & mask
          while slots[slot] != 0 { slot = (slot + 1) & mask }
          slots[slot] = Int32(index + 1)
        }
      }
      self.slots = slots
    }

    /// Adds every row of `zips` that names a place.
    /// - Returns: `false` past `rowBudget` rows.
    mutating func add(rowsOf db: Database) throws -> Bool {
      let scan = try db.prepare(scanSQL)
      defer { scan.reset() }
      while try scan.step() {
        guard let country = scan.textBytes(at: 0), let name = scan.textBytes(at: 1), let zip = scan.textBytes(at: 2),
          PlaceNameIndex.isIndexed(zip: zip, name: name)
        else { continue }
        if !add(country: country, name: name, zip: zip) { return false }
      }
      return true
    }

    /// Puts each place's codes together, in the order of their bytes.
    mutating func groupCodes() {
      codeStart = [Int32](repeating: 0, count: names.count + 1)
      for place in rowPlaces { codeStart[Int(place) + 1] += 1 }
      for index in names.indices { codeStart[index + 1] += codeStart[index] }
      var fill = codeStart
      codes = [Span](repeating: Span(start: 0, count: 0), count: rowCodes.count)
      for (code, place) in zip(rowCodes, rowPlaces) {
        codes[Int(fill[Int(place)])] = code
        fill[Int(place)] += 1
      }
      rowCodes = []
      rowPlaces = []
      slots = []
      countryNumbers = [:]
      let starts = codeStart
      texts.withUnsafeBufferPointer { texts in
        codes.withUnsafeMutableBufferPointer { codes in
          for place in names.indices where starts[place + 1] - starts[place] > 1 {
            codes[Int(starts[place])..<Int(starts[place + 1])].sort { compare(texts, $0, $1) < 0 }
          }
        }
      }
    }

    /// Place `place`'s codes.
    func codes(of place: Int) -> ArraySlice<Span> { codes[Int(codeStart[place])..<Int(codeStart[place + 1])] }
  }

  /// The most rows built in memory, enough for the world's 1.8 million. Past them, the index is
  /// built through temporary tables that SQLite sorts (`buildStaged(on:)`), slower but in flat
  /// memory.
  static let rowBudget = 2_000_000
  /// The most memory the places built in memory may take, with the rows of an import held beside
  /// them (`ImportBuffer.memory`): room for the world's places and rows, which leaves SQLite's
  /// caches and the encoding within the 300 MB an import is held to (`scripts/check-memory.sh`).
  static let byteBudget = 220 << 20

  /// Every row that names a place: its country, place and code, as both builds read them.
  static let scanSQL = "SELECT country, place, zip FROM zips WHERE place <> ''"

  /// Makes the index's tables (which must be empty) from the rows of `zips`.
  static func build(on db: Database, rowBudget: Int = rowBudget, byteBudget: Int = byteBudget) throws {
    var places = Places(rowBudget: rowBudget, byteBudget: byteBudget)
    guard try places.add(rowsOf: db), let encoded = encode(&places, isCancelled: { false }) else {
      return try buildStaged(on: db)
    }
    try encoded.write(to: db)
  }

  /// The index's tables, encoded in memory, ready to be written.
  struct Encoded: Sendable {
    var names: [BlockWriter.Block] = []
    var words: [BlockWriter.Block] = []
    var vocabulary: [VocabularyWriter.Part] = []

    /// Writes the tables (which must be empty).
    func write(to db: Database) throws {
      try BlockWriter.write(names, to: PlaceNameIndex.namesTable, on: db)
      try BlockWriter.write(words, to: PlaceNameIndex.wordsTable, on: db)
      try VocabularyWriter.write(vocabulary, on: db)
    }
  }

  /// Folds, sorts and encodes `places`' index; `nil` when `isCancelled` says to stop.
  static func encode(_ places: inout Places, isCancelled: () -> Bool) -> Encoded? {
    if isCancelled() { return nil }
    places.groupCodes()
    fold(&places)
    if isCancelled() { return nil }
    let order = places.texts.withUnsafeBufferPointer { sorted(places, texts: $0) }
    if isCancelled() { return nil }
    var encoded = Encoded()
    let texts = places.texts
    let keys = texts.withUnsafeBufferPointer { texts in
      encodeNames(places, order: order, texts: texts, into: &encoded.names)
    }
    // The words need only the names' keys, in `texts`.
    places = Places()
    if isCancelled() { return nil }
    texts.withUnsafeBufferPointer { texts in encodeWords(of: keys, texts: texts, into: &encoded) }
    return encoded
  }

  // MARK: Texts and their order

  /// FNV-1a of `bytes`, continuing from `start`.
  fileprivate static func hash(_ bytes: UnsafeBufferPointer<UInt8>, from start: UInt64 = 0xcbf2_9ce4_8422_2325)
    -> UInt64
  {
    var hash = start
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash
  }

  fileprivate static func equal(
    _ texts: UnsafeBufferPointer<UInt8>, _ span: Span, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    span.length == bytes.count
      && (bytes.count == 0 || memcmp(texts.baseAddress! + span.lowerBound, bytes.baseAddress!, bytes.count) == 0)
  }

  /// Whether two spans hold the same bytes.
  fileprivate static func same(_ texts: UnsafeBufferPointer<UInt8>, _ a: Span, _ b: Span) -> Bool {
    equal(texts, a, bytes(b, texts))
  }

  /// The order of SQLite's BINARY collation (bytes, then length).
  fileprivate static func compare(_ texts: UnsafeBufferPointer<UInt8>, _ a: Span, _ b: Span) -> Int32 {
    let common = Int(min(a.count, b.count))
    if common > 0 {
      let order = memcmp(texts.baseAddress! + a.lowerBound, texts.baseAddress! + b.lowerBound, common)
      if order != 0 { return order }
    }
    return a.count == b.count ? 0 : a.count < b.count ? -1 : 1
  }

  /// The first eight bytes of a span as one number that sorts as they do.
  private static func prefix(_ texts: UnsafeBufferPointer<UInt8>, _ span: Span) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<8 {
      value <<= 8
      if index < span.length { value |= UInt64(texts[span.lowerBound + index]) }
    }
    return value
  }

  /// The bytes of `span` in `texts`.
  static func bytes(_ span: Span, _ texts: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: texts[span.lowerBound..<span.upperBound])
  }

  // MARK: Folding and sorting

  /// Folds each place's name into `places.keys` (`PlaceNameKey`).
  static func fold(_ places: inout Places) {
    var keys: [Span] = []
    keys.reserveCapacity(places.names.count)
    // Folded names are about as long as the names: one allocation, not a doubling that copies all.
    places.texts.reserveCapacity(places.texts.count + places.names.reduce(0) { $0 + $1.length } + 4096)
    var folded: [UInt8] = []
    var folder = PlaceNameKey.Folder()
    for name in places.names {
      places.texts.withUnsafeBufferPointer { texts in folder.fold(bytes: bytes(name, texts), into: &folded) }
      keys.append(Span(start: places.texts.count, count: folded.count))
      places.texts.append(contentsOf: folded)
    }
    places.keys = keys
  }

  /// The places with a folded name, by folded name, country and name.
  static func sorted(_ places: Places, texts: UnsafeBufferPointer<UInt8>) -> [Int32] {
    var order: [(prefix: UInt64, place: Int32)] = []
    order.reserveCapacity(places.keys.count)
    for (place, key) in places.keys.enumerated() where key.count > 0 {
      order.append((prefix(texts, key), Int32(place)))
    }
    order.sort { a, b in
      if a.prefix != b.prefix { return a.prefix < b.prefix }
      let (x, y) = (Int(a.place), Int(b.place))
      var order = compare(texts, places.keys[x], places.keys[y])
      if order == 0 { order = compare(texts, places.country(of: x), places.country(of: y)) }
      if order == 0 { order = compare(texts, places.names[x], places.names[y]) }
      return order < 0
    }
    return order.map(\.place)
  }

  // MARK: Encoding

  /// Encodes the names table: for each place, its folded name, country, name and codes.
  /// - Returns: The distinct folded names, in order.
  static func encodeNames(
    _ places: Places, order: [Int32], texts: UnsafeBufferPointer<UInt8>, into blocks: inout [BlockWriter.Block]
  ) -> [Span] {
    var names = BlockWriter()
    var keys: [Span] = []
    for place in order.lazy.map({ Int($0) }) {
      let key = places.keys[place]
      let newKey = keys.last.map { !same(texts, $0, key) } ?? true
      if newKey { keys.append(key) }
      let codes = places.codes(of: place)
      names.startEntry(fields: 3 + codes.count, key: bytes(key, texts), newKey: newKey)
      names.append(bytes(key, texts))
      names.append(bytes(places.country(of: place), texts))
      names.append(bytes(places.names[place], texts))
      for code in codes { names.append(bytes(code, texts)) }
    }
    names.finish()
    blocks = names.takeBlocks()
    return keys
  }

  /// Encodes the words table (each word of a name but its first, with the name) and the
  /// vocabulary (every word) for the distinct folded names `keys`, in order.
  ///
  /// The first words of names in order are in order too (a space sorts before any letter), and
  /// so are the later words once sorted: the vocabulary is the two merged, then put in order of
  /// length, the words of a length kept in their order.
  static func encodeWords(of keys: [Span], texts: UnsafeBufferPointer<UInt8>, into encoded: inout Encoded) {
    var later: [(prefix: UInt64, word: Span, key: Int32)] = []
    var firstWords: [Span] = []
    for (number, key) in keys.enumerated() {
      var start = key.lowerBound
      let end = key.upperBound
      var wordsLeft = PlaceNameIndex.indexedWords(ofKeyLength: key.length)
      while start < end && wordsLeft > 0 {
        wordsLeft -= 1
        var stop = start
        while stop < end && texts[stop] != 0x20 { stop += 1 }
        let word = Span(start: start, count: stop - start)
        if start != key.lowerBound {
          later.append((prefix(texts, word), word, Int32(number)))
        } else if firstWords.last.map({ !same(texts, $0, word) }) ?? true {
          firstWords.append(word)
        }
        start = stop + 1
      }
    }
    later.sort { a, b in
      if a.prefix != b.prefix { return a.prefix < b.prefix }
      let order = compare(texts, a.word, b.word)
      return order != 0 ? order < 0 : a.key < b.key
    }
    var words = BlockWriter()
    var laterWords: [Span] = []
    var last: (word: Span, key: Int32)?
    for entry in later {
      let newKey = last.map { !same(texts, $0.word, entry.word) } ?? true
      // A word twice in one name is one entry.
      if !newKey && last?.key == entry.key { continue }
      if newKey { laterWords.append(entry.word) }
      words.startEntry(fields: 2, key: bytes(entry.word, texts), newKey: newKey)
      words.append(bytes(entry.word, texts))
      words.append(bytes(keys[Int(entry.key)], texts))
      last = (entry.word, entry.key)
    }
    later = []
    words.finish()
    encoded.words = words.takeBlocks()
    // Both lists merged, each word once, then by length (longer words are not compared).
    var byLength = [[Span]](repeating: [], count: PlaceNameIndex.longestComparedWord + 1)
    var (first, other) = (0, 0)
    while first < firstWords.count || other < laterWords.count {
      let word: Span
      if other == laterWords.count {
        word = firstWords[first]
        first += 1
      } else if first == firstWords.count {
        word = laterWords[other]
        other += 1
      } else {
        let order = compare(texts, firstWords[first], laterWords[other])
        word = order <= 0 ? firstWords[first] : laterWords[other]
        if order <= 0 { first += 1 }
        if order >= 0 { other += 1 }
      }
      if word.length < byLength.count { byLength[word.length].append(word) }
    }
    var writer = VocabularyWriter()
    for words in byLength {
      for word in words { writer.add(bytes(word, texts)) }
    }
    writer.finish()
    encoded.vocabulary = writer.takeParts()
  }

  /// Encodes sorted entries into the blocks of one of the index's tables, in the layout
  /// `PlaceIndexBlock` reads: a block ends only where the key changes.
  ///
  /// The blocks are kept until taken (`takeBlocks()`): all at the end, or as they are made, for a
  /// build in flat memory.
  struct BlockWriter {
    /// A block: its first entry's key, and its entries.
    struct Block: Sendable {
      var firstKey: [UInt8]
      var entries: [UInt8]
    }

    private var blocks: [Block] = []
    private var bytes: [UInt8] = []
    private var firstKey: [UInt8] = []
    /// The blocks `writeBlocks(to:on:)` has written so far.
    private var written = 0

    /// Begins an entry of `fields` fields found by `key`, which differs from the last entry's when
    /// `newKey`.
    mutating func startEntry(fields: Int, key: UnsafeBufferPointer<UInt8>, newKey: Bool) {
      if newKey && bytes.count >= PlaceIndexBlock.targetSize { endBlock() }
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

    private mutating func endBlock() {
      // A copy as long as the entries: the buffer they were made in has room to spare.
      blocks.append(Block(firstKey: firstKey, entries: bytes.withUnsafeBufferPointer { Array($0) }))
      bytes.removeAll(keepingCapacity: true)
    }

    /// Ends the last block.
    mutating func finish() { if !bytes.isEmpty { endBlock() } }

    /// The blocks made since they were last taken.
    mutating func takeBlocks() -> [Block] {
      defer { blocks = [] }
      return blocks
    }

    /// Writes the blocks made since they were last taken to `table`, numbered after those written
    /// before: a build in flat memory writes each block once it is made.
    mutating func writeBlocks(to table: String, on db: Database) throws {
      let blocks = takeBlocks()
      try Self.write(blocks, numberedFrom: written + 1, to: table, on: db)
      written += blocks.count
    }

    /// Writes `blocks` to `table`, numbered from `first`.
    static func write(_ blocks: [Block], numberedFrom first: Int = 1, to table: String, on db: Database) throws {
      guard !blocks.isEmpty else { return }
      let insert = try db.prepare("INSERT INTO \(table) (block, first_key, entries) VALUES (?, ?, ?)")
      for (index, block) in blocks.enumerated() {
        try insert.bind(values: [.integer(Int64(first + index)), .blob(block.firstKey), .blob(block.entries)])
        _ = try insert.step()
        insert.reset()
      }
    }
  }

  /// Encodes the vocabulary, words given in order of length then bytes: for each length, in parts
  /// of at most `partSize` bytes, the words' letter masks (`PlaceNameIndex.mask(of:)`, 8 bytes
  /// each, little-endian), then the words. Words with a digit (`01` of `Paris 01`) and words
  /// longer than `PlaceNameIndex.longestComparedWord` are left out: typos are not looked for in
  /// them.
  struct VocabularyWriter {
    /// A part: the words' length, its number among the parts of that length, and its bytes.
    struct Part: Sendable {
      var length: Int
      var number: Int
      var bytes: [UInt8]
    }

    private var parts: [Part] = []
    private var masks: [UInt8] = []
    private var words: [UInt8] = []
    private var length = 0
    private var part = 0
    static let partSize = 1 << 20

    mutating func add(_ word: UnsafeBufferPointer<UInt8>) {
      guard word.count > 0, word.count <= PlaceNameIndex.longestComparedWord,
        !word.contains(where: { $0 >= 0x30 && $0 <= 0x39 })
      else { return }
      if word.count != length || masks.count + words.count >= Self.partSize {
        endPart()
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

    private mutating func endPart() {
      guard !words.isEmpty else { return }
      part += 1
      parts.append(Part(length: length, number: part, bytes: masks + words))
      masks.removeAll(keepingCapacity: true)
      words.removeAll(keepingCapacity: true)
    }

    /// Ends the last part.
    mutating func finish() { endPart() }

    /// The parts made since they were last taken.
    mutating func takeParts() -> [Part] {
      defer { parts = [] }
      return parts
    }

    /// Writes `parts` to the vocabulary table.
    static func write(_ parts: [Part], on db: Database) throws {
      guard !parts.isEmpty else { return }
      let insert = try db.prepare(
        "INSERT INTO \(PlaceNameIndex.vocabularyTable) (length, part, words) VALUES (?, ?, ?)")
      for part in parts {
        try insert.bind(values: [.integer(Int64(part.length)), .integer(Int64(part.number)), .blob(part.bytes)])
        _ = try insert.step()
        insert.reset()
      }
    }
  }
}
