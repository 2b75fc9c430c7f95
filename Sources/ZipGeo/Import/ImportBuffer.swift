import SQLiteKit

/// The rows of an import, held in memory until they are written to `zips` in the order of its
/// key `(cell, zip, country, id)`, one sort in memory.
///
/// Written in key order, SQLite fills the table's pages one after another, where rows in file
/// order land all over it; and no staged table is written, read back and sorted by SQLite
/// (`scripts/bench/import-ratios.py` measures the import against its floor).
///
/// A row takes 40 bytes and its texts, kept as bytes one after another (code, country, place,
/// state, county, each its length and its UTF-8): the world file's rows fit within `budget`.
/// Rows are kept in chunks, so that memory grows without copying.
///
/// The first row of each country, code and place is found as the rows come, by hashing and then
/// comparing their bytes: a later row with the same three is a repeat, and is not kept. (A missing
/// place and an empty one are the same place, as for the unique zip index.)
struct ImportBuffer {
  /// The memory the rows may take, unless an importer says otherwise. An import of more is staged
  /// in SQLite instead (`Importer`), so that memory stays flat however long the file is. The
  /// budget holds the world file's rows, and leaves room for SQLite's caches, the sort's order
  /// and the reading thread within the 300 MB that `scripts/check-memory.sh` holds any import to
  /// (which measures the peak; docs/benchmarks.md, "The import's last costs").
  static let defaultBudget = 160 << 20

  /// The memory these rows may take.
  let budget: Int

  init(budget: Int = Self.defaultBudget) { self.budget = budget }

  /// A row's numbers, and where its texts are.
  private struct Row {
    /// A cell has 32 bits (`GridCell`).
    var cell: UInt32
    /// The hash of the row's country, code and place, which finds its slot.
    var hash: UInt32
    var id: Int64
    var latitude: Double
    var longitude: Double
    /// The texts' chunk (bits 20 to 51) and offset in it (bits 0 to 19), whether the state is a
    /// name for want of its code (bit 52), and the accuracy plus one (bits 56 to 63; 0 for none).
    var packed: UInt64

    var chunk: Int { Int(truncatingIfNeeded: (packed >> 20) & 0xFFFF_FFFF) }
    var offset: Int { Int(truncatingIfNeeded: packed & 0xF_FFFF) }
    var stateIsName: Bool { packed & (1 << 52) != 0 }
    var accuracy: Int? {
      let stored = Int(truncatingIfNeeded: packed >> 56)
      return stored == 0 ? nil : stored - 1
    }
  }

  private static let rowsPerChunk = 1 << 16
  /// A chunk of texts holds up to 1 MiB: the offset's 20 bits. A row whose texts are longer gets
  /// a chunk of its own, as long as they are.
  private static let textChunkSize = 1 << 20

  private var rows: [[Row]] = []
  private var texts: [[UInt8]] = []
  /// The bytes `texts` hold in all, for `memory`.
  private var textBytes = 0
  /// An open-addressed hash table of rows, by country, code and place: each slot is a row's
  /// index plus one (its low 24 bits), or 0, and the top 8 bits of the row's hash, so that a
  /// probe passes over the other rows of its slots without reading them. At most half full.
  private var slots: [UInt32] = []
  /// The most rows a buffer holds: their indices plus one fill a slot's 24 bits (the default
  /// budget holds 4 million rows at most).
  static let mostRows = (1 << 24) - 1
  private(set) var count = 0
  /// The texts of the row being appended, kept for its capacity.
  private var scratch: [UInt8] = []

  /// The memory the rows take, less what their last chunks have room for.
  var memory: Int { count * MemoryLayout<Row>.stride + textBytes + slots.count * MemoryLayout<UInt32>.stride }
  /// `true` once the rows take more than `budget`, or are as many as a buffer holds.
  var isFull: Bool { memory > budget || count >= Self.mostRows }

  /// Keeps a row, unless it repeats the country, code and place of an earlier one.
  /// - Returns: The id of the earlier row when the row repeats one (and is not kept), else `nil`.
  mutating func append(
    id: Int64, cell: UInt32, code: String, zip: ZipCode, stateIsName: Bool = false
  ) -> Int64? {
    // The scratch buffer is moved out and back, so that it is never copied.
    var encoded: [UInt8] = []
    swap(&encoded, &scratch)
    encoded.removeAll(keepingCapacity: true)
    defer { swap(&encoded, &scratch) }
    Self.encode(code, into: &encoded)
    Self.encode(zip.country, into: &encoded)
    Self.encode(zip.place, into: &encoded)
    Self.encode(zip.state, into: &encoded)
    Self.encode(zip.county, into: &encoded)
    let (hash, first) = encoded.withUnsafeBufferPointer { encoded in
      let hash = Self.keyHash(encoded)
      return (hash, firstRow(withKeyOf: encoded, hash: hash))
    }
    if let first { return row(first).id }
    // The texts go to the last chunk, or a new one when they do not fit.
    if texts.isEmpty || texts[texts.count - 1].count + encoded.count > Self.textChunkSize {
      texts.append([])
      texts[texts.count - 1].reserveCapacity(max(Self.textChunkSize, encoded.count))
    }
    let chunk = texts.count - 1
    let offset = texts[chunk].count
    texts[chunk].append(contentsOf: encoded)
    textBytes += encoded.count
    let accuracy = UInt64(zip.accuracy.map { $0 + 1 } ?? 0) & 0xFF
    let packed = accuracy << 56 | (stateIsName ? 1 << 52 : 0) | UInt64(chunk) << 20 | UInt64(offset)
    if rows.isEmpty || rows[rows.count - 1].count == Self.rowsPerChunk {
      rows.append([])
      rows[rows.count - 1].reserveCapacity(Self.rowsPerChunk)
    }
    rows[rows.count - 1].append(
      Row(
        cell: cell, hash: hash, id: id, latitude: zip.coordinate.latitude, longitude: zip.coordinate.longitude,
        packed: packed))
    count += 1
    insert(count - 1, hash: hash)
    return nil
  }

  /// Frees the table that finds repeats, once no row is to come: the rows are then only read.
  /// Puts them in the order `write` writes them in (`keyOrder()`), whose sort takes memory of its
  /// own for a moment: done here, before another thread reads the rows (`countryCounts`, the
  /// places), their memory and the sort's are never taken at once, which keeps the import's peak
  /// down (docs/benchmarks.md, "The import's last costs").
  mutating func endAppending() {
    slots = []
    order = keyOrder()
  }

  /// The rows' indices in the order of `zips`' key, once no row is to come (`endAppending()`).
  private var order: [Int32]?

  /// The rows an INSERT statement of `write` carries, when the connection allows their parameters
  /// (`Database.mostParameters`): one statement for many rows costs SQLite less than one statement
  /// a row, since each statement's run has a cost of its own besides its rows (docs/benchmarks.md,
  /// "The import's last costs").
  static let rowsPerInsert = 256

  /// What `write` does with a state that is a name for want of its code.
  enum NamedStates {
    /// Writes the code the name has in the import's other rows, where it has one: `codes` by
    /// country and name (`DE:Bayern`, `RegionNames.Counter.codesByName()`).
    case coded(_ codes: [String: String])
    /// Writes the name, and whether it is one to the column `state_is_name` (a staged table's,
    /// whose rows are coded once all are read).
    case flagged
  }

  /// Writes every row to `table` of `sql`, in the order of `zips`' key, its id to `idColumn`.
  /// - Parameter shouldStop: Asked before each statement (`rowsPerInsert` rows); `true` stops the
  ///   writing (and throws `stopped()`).
  func write(
    into table: String, idColumn: String, of sql: Database, namedStates: NamedStates, shouldStop: () -> Bool,
    stopped: () -> Error
  ) throws {
    let order = self.order ?? keyOrder()
    let flagged: Bool
    let codes: [String: String]
    switch namedStates {
    case .coded(let known): (flagged, codes) = (false, known)
    case .flagged: (flagged, codes) = (true, [:])
    }
    let columns = flagged ? 11 : 10
    func insert(rows: Int) throws -> Statement {
      let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
      return try sql.prepare(
        "INSERT INTO \(table) (\(idColumn), zip, place, state, county, lat, lon, cell, country, accuracy"
          + (flagged ? ", state_is_name" : "") + ") VALUES "
          + Array(repeating: row, count: rows).joined(separator: ", "))
    }
    let rowsPerInsert = max(1, min(Self.rowsPerInsert, sql.mostParameters / columns))
    let many = try insert(rows: rowsPerInsert)
    let one = try insert(rows: 1)
    // The texts are bound in place, from the chunks that hold them, which outlive the statements.
    defer {
      many.clearBindings()
      one.clearBindings()
    }
    var start = 0
    // The rows of each statement, read from the buffer before any is bound.
    var batch: [Row] = []
    batch.reserveCapacity(rowsPerInsert)
    // The first bytes of the rows' texts, or-ed: each is a code's length plus one.
    var codeLengths: UInt8 = 0
    while start < order.count {
      if shouldStop() { throw stopped() }
      let rows = order.count - start >= rowsPerInsert ? rowsPerInsert : 1
      let statement = rows == 1 ? one : many
      // In key order the rows lie all over the buffer, and reading each one, then its texts,
      // waits on memory twice. Read in two tight loops first, a statement's rows, then the first
      // byte of each one's texts, wait on memory together, and the writing is faster for it
      // (docs/benchmarks.md, "The import's last costs").
      batch.removeAll(keepingCapacity: true)
      for index in order[start..<start + rows] { batch.append(row(Int(index))) }
      for row in batch { codeLengths |= texts[row.chunk][row.offset] }
      for (slot, row) in batch.enumerated() {
        let first = Int32(slot * columns)
        try withTexts(of: row) { code, country, place, state, county in
          try statement.bind(integer: row.id, at: first + 1)
          try statement.bind(borrowedText: code, at: first + 2)
          try statement.bind(borrowedText: place, at: first + 3)
          if row.stateIsName, !flagged, let state, let country,
            let known = codes[
              RegionNames.key(String(decoding: country, as: UTF8.self), String(decoding: state, as: UTF8.self))]
          {
            try statement.bind(.text(known), at: first + 4)
          } else {
            try statement.bind(borrowedText: state, at: first + 4)
          }
          if flagged { try statement.bind(integer: row.stateIsName ? 1 : 0, at: first + 11) }
          try statement.bind(borrowedText: county, at: first + 5)
          try statement.bind(real: row.latitude, at: first + 6)
          try statement.bind(real: row.longitude, at: first + 7)
          try statement.bind(integer: Int64(row.cell), at: first + 8)
          try statement.bind(borrowedText: country, at: first + 9)
          if let accuracy = row.accuracy {
            try statement.bind(integer: Int64(accuracy), at: first + 10)
          } else {
            try statement.bind(.null, at: first + 10)
          }
        }
      }
      try statement.step()
      statement.reset()
      start += rows
    }
    // A row always has a code, so this never throws: the test keeps the compiler from leaving
    // out the loop that reads the first bytes ahead, since nothing else uses them.
    guard codeLengths != 0 || order.isEmpty else {
      throw ImportError(file: table, line: nil, message: "a row held in memory has lost its zip code")
    }
  }

  /// Calls `body` with the country, place and code of each row that names a place, in the order
  /// the rows came.
  /// - Returns: `false` when `body` or `isCancelled` (asked every 65,536 rows) said to stop.
  func forEachPlace(
    unless isCancelled: () -> Bool,
    _ body: (
      _ country: UnsafeBufferPointer<UInt8>, _ place: UnsafeBufferPointer<UInt8>, _ code: UnsafeBufferPointer<UInt8>
    ) -> Bool
  ) -> Bool {
    for chunk in rows {
      if isCancelled() { return false }
      for row in chunk {
        let goOn = withTexts(of: row) { code, country, place, _, _ in
          guard let code, let country, let place, !place.isEmpty else { return true }
          return body(country, place, code)
        }
        if !goOn { return false }
      }
    }
    return true
  }

  /// Each country's rows and codes, as the `countries` table counts them: the rows of each
  /// country, and the codes among them, each code once however many places it has.
  struct CountryCounts: Sendable {
    /// By a country's two letters (`index(of:)`): nil for a country without rows.
    private var counts = [(places: Int, codes: Int)?](repeating: nil, count: 1 << 16)

    /// The slot of `country`, two bytes (every row's country is two letters); nil for any other.
    static func index(of country: UnsafeBufferPointer<UInt8>) -> Int? {
      country.count == 2 ? Int(country[0]) << 8 | Int(country[1]) : nil
    }

    /// Counts a row of the country at `slot`, and its code when `newCode`.
    mutating func count(_ slot: Int, newCode: Bool) {
      var count = counts[slot] ?? (0, 0)
      count.places += 1
      if newCode { count.codes += 1 }
      counts[slot] = count
    }

    /// The rows and codes of `country`, or nil when it has no rows.
    func of(_ country: String) -> (places: Int, codes: Int)? {
      var country = country
      return country.withUTF8 { Self.index(of: $0) }.flatMap { counts[$0] }
    }
  }

  /// Counts each country's rows and codes, in one pass over the rows as they came (a table of
  /// the first row of each country and code, which the rows' own hashes do not find: those are
  /// of country, code and place).
  /// - Returns: `nil` when `isCancelled` (asked every 65,536 rows) said to stop.
  func countryCounts(unless isCancelled: () -> Bool) -> CountryCounts? {
    var counted = CountryCounts()
    var firsts = [UInt32](repeating: 0, count: max(1 << 12, 1 << (Int.bitWidth - (2 * count).leadingZeroBitCount)))
    let mask = firsts.count - 1
    var index = 0
    for chunk in rows {
      if isCancelled() { return nil }
      for row in chunk {
        let seen = withTexts(of: row) { code, country, _, _, _ -> (slot: Int, probe: Int, isNew: Bool)? in
          guard let code, let country, let slot = CountryCounts.index(of: country) else { return nil }
          var hasher = Hasher()
          hasher.combine(bytes: UnsafeRawBufferPointer(code))
          hasher.combine(bytes: UnsafeRawBufferPointer(country))
          var probe = hasher.finalize() & mask
          while firsts[probe] != 0 {
            let first = self.row(Int(firsts[probe]) - 1)
            let same = withTexts(of: first) { firstCode, firstCountry, _, _, _ in
              Self.compare(code, firstCode) == 0 && Self.compare(country, firstCountry) == 0
            }
            if same { return (slot, probe, false) }
            probe = (probe + 1) & mask
          }
          return (slot, probe, true)
        }
        // A row without a code or a two-letter country is none an import keeps: count nothing.
        guard let seen else { return nil }
        if seen.isNew { firsts[seen.probe] = UInt32(index + 1) }
        counted.count(seen.slot, newCode: seen.isNew)
        index += 1
      }
    }
    return counted
  }

  /// The rows' indices in the order of `zips`' key: by cell, code, country (bytewise, as SQLite's
  /// BINARY collation compares them), then id.
  ///
  /// Sorted first by cell alone, as integers (a cell has 32 bits, an index 24: one `UInt64`
  /// each), then each run of rows in one cell by the rest of the key: most cells hold one row.
  func keyOrder() -> [Int32] {
    var keys: [UInt64] = []
    keys.reserveCapacity(count)
    for chunk in rows {
      for row in chunk { keys.append(UInt64(row.cell) << 32 | UInt64(keys.count)) }
    }
    Self.sortByCell(&keys)
    var order = keys.map { Int32(truncatingIfNeeded: $0) }
    var start = 0
    while start < order.count {
      var end = start + 1
      while end < order.count, keys[end] >> 32 == keys[start] >> 32 { end += 1 }
      if end - start > 1 { order[start..<end].sort(by: precedes) }
      start = end
    }
    return order
  }

  /// Sorts `keys` by their high 32 bits (a cell), keeping the order of keys of one cell (their
  /// indices, which rise): two passes of a radix sort, 16 bits each, cheaper than comparing the
  /// keys (docs/benchmarks.md, "The import, read as bytes").
  static func sortByCell(_ keys: inout [UInt64]) {
    var sorted = [UInt64](repeating: 0, count: keys.count)
    for shift in [32, 48] as [UInt64] {
      var starts = [Int](repeating: 0, count: 1 << 16 + 1)
      for key in keys { starts[Int(truncatingIfNeeded: key >> shift & 0xFFFF) + 1] += 1 }
      for digit in 0..<(1 << 16) { starts[digit + 1] += starts[digit] }
      keys.withUnsafeBufferPointer { keys in
        sorted.withUnsafeMutableBufferPointer { sorted in
          starts.withUnsafeMutableBufferPointer { starts in
            for key in keys {
              let digit = Int(truncatingIfNeeded: key >> shift & 0xFFFF)
              sorted[starts[digit]] = key
              starts[digit] += 1
            }
          }
        }
      }
      swap(&keys, &sorted)
    }
  }

  /// Whether the row at `a` comes before the row at `b` in `zips`' key.
  private func precedes(_ a: Int32, _ b: Int32) -> Bool {
    let (x, y) = (row(Int(a)), row(Int(b)))
    if x.cell != y.cell { return x.cell < y.cell }
    let codes = withTexts(of: x) { code, country, _, _, _ in
      withTexts(of: y) { otherCode, otherCountry, _, _, _ in
        let codes = Self.compare(code, otherCode)
        return codes != 0 ? codes : Self.compare(country, otherCountry)
      }
    }
    return codes != 0 ? codes < 0 : x.id < y.id
  }

  // MARK: Rows and their texts

  private func row(_ index: Int) -> Row { rows[index >> 16][index & 0xFFFF] }

  /// Calls `body` with the row's five texts (`nil` where the field is NULL), in place.
  private func withTexts<T>(
    of row: Row,
    _ body: (
      _ code: UnsafeBufferPointer<UInt8>?, _ country: UnsafeBufferPointer<UInt8>?,
      _ place: UnsafeBufferPointer<UInt8>?, _ state: UnsafeBufferPointer<UInt8>?,
      _ county: UnsafeBufferPointer<UInt8>?
    ) throws -> T
  ) rethrows -> T {
    try texts[row.chunk].withUnsafeBufferPointer { chunk in
      var position = row.offset
      let code = Self.decode(chunk, at: &position)
      let country = Self.decode(chunk, at: &position)
      let place = Self.decode(chunk, at: &position)
      let state = Self.decode(chunk, at: &position)
      let county = Self.decode(chunk, at: &position)
      return try body(code, country, place, state, county)
    }
  }

  /// Appends `text` as its length plus one (0 for `nil`), 7 bits a byte, then its UTF-8.
  private static func encode(_ text: String?, into bytes: inout [UInt8]) {
    guard var text else {
      bytes.append(0)
      return
    }
    // Copied from the string's own UTF-8 in one move, where appending its `utf8` view went
    // through the view byte by byte (docs/benchmarks.md, "The import's last costs").
    text.withUTF8 { utf8 in
      var length = utf8.count + 1
      while length >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
        length >>= 7
      }
      bytes.append(UInt8(length))
      bytes.append(contentsOf: utf8)
    }
  }

  /// The text encoded at `position`, which moves past it.
  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) -> UnsafeBufferPointer<
    UInt8
  >? {
    var length = 0
    var shift = 0
    while true {
      let byte = bytes[position]
      position += 1
      length |= Int(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    guard length > 0 else { return nil }
    let start = position
    position += length - 1
    return UnsafeBufferPointer(rebasing: bytes[start..<position])
  }

  /// -1, 0 or 1 as `a` sorts before, with or after `b`, bytewise (`nil` first; never a code or a
  /// country).
  private static func compare(_ a: UnsafeBufferPointer<UInt8>?, _ b: UnsafeBufferPointer<UInt8>?) -> Int {
    guard let a, let b else { return a == nil ? (b == nil ? 0 : -1) : 1 }
    for (x, y) in zip(a, b) where x != y { return x < y ? -1 : 1 }
    return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
  }

  // MARK: The first row of each key

  /// The key of encoded texts: the code, the country and the place (empty when missing).
  private static func key(_ encoded: UnsafeBufferPointer<UInt8>) -> (
    code: UnsafeBufferPointer<UInt8>, country: UnsafeBufferPointer<UInt8>, place: UnsafeBufferPointer<UInt8>
  ) {
    var position = 0
    let code = decode(encoded, at: &position) ?? UnsafeBufferPointer(rebasing: encoded[0..<0])
    let country = decode(encoded, at: &position) ?? UnsafeBufferPointer(rebasing: encoded[0..<0])
    let place = decode(encoded, at: &position) ?? UnsafeBufferPointer(rebasing: encoded[0..<0])
    return (code, country, place)
  }

  /// The hash of a row's key: its code, its country and its place as they are encoded, each after
  /// its length, so that no two keys run together; a missing place and an empty one are left out
  /// alike (one place, as for the unique zip index). One run of bytes, hashed at once: six pieces
  /// hashed one by one cost each row more (docs/benchmarks.md, "The import's last costs").
  private static func keyHash(_ encoded: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var position = 0
    _ = decode(encoded, at: &position)
    _ = decode(encoded, at: &position)
    let afterCountry = position
    let place = decode(encoded, at: &position)
    let end = place?.isEmpty == false ? position : afterCountry
    var hasher = Hasher()
    hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: encoded[0..<end])))
    return UInt32(truncatingIfNeeded: hasher.finalize())
  }

  /// The encoded texts of the row at `index`, from its code to its county.
  private func withEncoded<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    let row = row(index)
    return texts[row.chunk].withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[row.offset...])) }
  }

  /// The index of the row with the same key as `encoded`, if any.
  private func firstRow(withKeyOf encoded: UnsafeBufferPointer<UInt8>, hash: UInt32) -> Int? {
    guard !slots.isEmpty else { return nil }
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    let tag = hash >> 24
    let wanted = Self.key(encoded)
    return slots.withUnsafeBufferPointer { slots in
      while slots[slot] != 0 {
        if slots[slot] >> 24 == tag {
          let index = Int(slots[slot] & 0xFF_FFFF) - 1
          let same = withEncoded(index) { stored in
            let found = Self.key(stored)
            return Self.compare(found.code, wanted.code) == 0 && Self.compare(found.country, wanted.country) == 0
              && Self.compare(found.place, wanted.place) == 0
          }
          if same { return index }
        }
        slot = (slot + 1) & mask
      }
      return nil
    }
  }

  /// Puts the row at `index` in the hash table, doubling it first when it would be over half full
  /// (the rows' hashes are kept: nothing is hashed again).
  private mutating func insert(_ index: Int, hash: UInt32) {
    if 2 * count > slots.count {
      slots = [UInt32](repeating: 0, count: max(1 << 12, 2 * slots.count))
      var earlier = 0
      for chunk in rows {
        for row in chunk where earlier < index {
          place(earlier, hash: row.hash)
          earlier += 1
        }
      }
    }
    place(index, hash: hash)
  }

  private mutating func place(_ index: Int, hash: UInt32) {
    let mask = slots.count - 1
    var slot = Int(hash) & mask
    while slots[slot] != 0 { slot = (slot + 1) & mask }
    slots[slot] = (hash >> 24) << 24 | UInt32(index + 1)
  }
}
