import SQLiteKit

/// A search of the codes whose place has a name, through `PlaceNameIndex`: exact names first,
/// then names that begin with it, then names whose words begin with its words, and, when none
/// of these is found, names a typo or two away. Rows come one at a time, in that order (within
/// each kind by folded name, then country, place and code; typos by their edits first), so that
/// a caller that wants ten reads little more than ten.
struct PlaceNameSearch {
  /// The name searched for, folded.
  let name: PlaceNameKey
  /// Its words.
  let words: [String]
  /// Only places of this country.
  let country: String?
  /// The database as messages name it.
  let path: String
  /// Only places whose state is this one (its code or its name, as `RegionNames` tells them).
  let state: String?
  /// The database's regions, read when a state is asked for, and the state's code in each
  /// country met.
  private var regions: RegionNames?
  private var stateCodes: [String: PlaceNameKey] = [:]

  private enum Stage {
    case start
    /// Names from the one searched for: exact, then beginning with it.
    case names(PlaceNameIndex.Cursor)
    /// Names whose first word begins with `anchor` (for a name of several words).
    case firstWords(PlaceNameIndex.Cursor)
    /// Names with a later word that begins with `anchor`.
    case laterWords(PlaceNameIndex.Cursor)
    /// The names a typo or two away, best first, and the next to give.
    case typos([(key: String, edits: Int)], next: Int)
    case done
  }

  private var stage = Stage.start
  private var pending: [PlaceMatch] = []
  private var nextPending = 0
  private var foundAny = false
  /// The names given by the stages after the first (a name can have several matching words).
  private var given: Set<String> = []
  /// The longest word, which finds the names with words that begin with the words.
  private let anchor: String

  /// The longest name searched for, in bytes folded (GeoNames' longest is 120), and its most
  /// words: a name of a million words would be compared with every name that has one of them.
  static let longestName = 4_096
  static let mostWords = 64

  /// - Throws: `ZipGeoError.invalidPlaceName` for a name with no letter or digit, or longer than
  ///   any place's.
  init(name written: String, country: String?, state: String?, shownAs path: String) throws(ZipGeoError) {
    self.path = path
    name = PlaceNameKey(written)
    guard !name.isEmpty else { throw .invalidPlaceName(text: written.shortened, reason: "it has no letter or digit") }
    words = name.words.map(String.init)
    guard name.text.utf8.count <= Self.longestName, words.count <= Self.mostWords else {
      throw .invalidPlaceName(
        text: written.shortened,
        reason: "zipgeo searches names of at most \(Self.longestName) bytes and \(Self.mostWords) words")
    }
    anchor = words.max { $0.utf8.count < $1.utf8.count } ?? name.text
    self.country = country
    if let state, PlaceNameKey(state).isEmpty {
      // A state of no letter would match none, or (were it dropped) every one.
      throw .invalidPlaceName(text: state.shortened, reason: "as a state, it has no letter or digit")
    }
    self.state = state
  }

  /// The next row, or `nil` after the last.
  mutating func next(on db: Database) throws -> PlaceMatch? {
    while true {
      if nextPending < pending.count {
        defer { nextPending += 1 }
        foundAny = true
        return pending[nextPending]
      }
      pending.removeAll(keepingCapacity: true)
      nextPending = 0
      switch stage {
      case .start:
        guard try PlaceNameIndex.exists(on: db) else { throw ZipGeoError.noPlaceIndex(path: path) }
        stage = .names(try PlaceNameIndex.Cursor(table: PlaceNameIndex.namesTable, from: name.text, on: db))
      case .names(var cursor):
        guard let entry = try cursor.next(), entry[0].utf8.starts(with: name.text.utf8) else {
          // Of a name of several words, the names that begin with one of them come first.
          stage =
            words.count > 1
            ? .firstWords(try PlaceNameIndex.Cursor(table: PlaceNameIndex.namesTable, from: anchor, on: db))
            : .laterWords(try PlaceNameIndex.Cursor(table: PlaceNameIndex.wordsTable, from: anchor, on: db))
          continue
        }
        stage = .names(cursor)
        try addRows(of: entry, kind: entry[0] == name.text ? .exact : .begins, edits: 0, on: db)
      case .laterWords(var cursor):
        guard let entry = try cursor.next(), entry.count == 2, entry[0].utf8.starts(with: anchor.utf8) else {
          stage = try typoStage(on: db)
          continue
        }
        stage = .laterWords(cursor)
        try addContaining(key: entry[1], on: db)
      case .firstWords(var cursor):
        guard let entry = try cursor.next(), entry[0].utf8.starts(with: anchor.utf8) else {
          stage = .laterWords(try PlaceNameIndex.Cursor(table: PlaceNameIndex.wordsTable, from: anchor, on: db))
          continue
        }
        stage = .firstWords(cursor)
        if !entry[0].utf8.starts(with: name.text.utf8) && contains(entry[0]) {
          try addRows(of: entry, kind: .contains, edits: 0, on: db)
        }
      case .typos(let keys, let next):
        guard next < keys.count else {
          stage = .done
          continue
        }
        stage = .typos(keys, next: next + 1)
        var cursor = try PlaceNameIndex.Cursor(table: PlaceNameIndex.namesTable, from: keys[next].key, on: db)
        while let entry = try cursor.next(), entry[0] == keys[next].key {
          try addRows(of: entry, kind: .typo, edits: keys[next].edits, on: db)
        }
      case .done:
        return nil
      }
    }
  }

  /// Adds the rows of the names entry of `key`, a name found through one of its later words, when
  /// its words begin with every word searched for and no earlier stage gave it.
  private mutating func addContaining(key: String, on db: Database) throws {
    guard !given.contains(key), !key.utf8.starts(with: name.text.utf8), contains(key) else { return }
    given.insert(key)
    var cursor = try PlaceNameIndex.Cursor(table: PlaceNameIndex.namesTable, from: key, on: db)
    while let entry = try cursor.next(), entry[0] == key {
      try addRows(of: entry, kind: .contains, edits: 0, on: db)
    }
  }

  /// Whether every word searched for begins a word of `key`.
  private func contains(_ key: String) -> Bool {
    let keyWords = key.split(separator: " ")
    return words.allSatisfy { word in keyWords.contains { $0.utf8.starts(with: word.utf8) } }
  }

  /// How many edits a word of this many bytes may have: none below 4, one below 8, else two.
  static func allowedEdits(_ length: Int) -> Int { length < 4 ? 0 : length < 8 ? 1 : 2 }

  /// The stage of typos, when no earlier stage found a row: the names each of whose words
  /// searched for is a word of the name but for the edits its length allows, fewest edits first.
  private func typoStage(on db: Database) throws -> Stage {
    guard !foundAny else { return .done }
    let limit = Self.allowedEdits(anchor.utf8.count)
    guard limit > 0, anchor.utf8.count <= PlaceNameIndex.longestComparedWord else { return .done }
    let target = Array(anchor.utf8)
    let targetMask = PlaceNameIndex.mask(of: target)
    var similar: [String] = []
    var comparer = EditDistance.Comparer(target, limit: limit)
    for length in max(1, target.count - limit)...min(PlaceNameIndex.longestComparedWord, target.count + limit) {
      // An edit changes at most two letters of the mask, and one that changes the length at most
      // one: a word `d` letters longer or shorter differs in at most `2 * limit - d` of them.
      let differing = 2 * limit - abs(length - target.count)
      try PlaceNameIndex.forEachVocabularyPart(length: length, on: db) { bytes, count in
        for index in 0..<count {
          let mask = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
          guard (mask ^ targetMask).nonzeroBitCount <= differing else { continue }
          let start = count * 8 + index * length
          let word = UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
          if comparer.edits(to: word) != nil {
            similar.append(String(decoding: word, as: UTF8.self))
          }
        }
      }
    }
    // The names with one of those words, first or later.
    var keys: Set<String> = []
    for word in similar {
      var first = try PlaceNameIndex.Cursor(table: PlaceNameIndex.namesTable, from: word, on: db)
      while let entry = try first.next(), entry[0].utf8.starts(with: word.utf8) {
        if entry[0] == word || entry[0].utf8.starts(with: (word + " ").utf8) { keys.insert(entry[0]) }
      }
      var later = try PlaceNameIndex.Cursor(table: PlaceNameIndex.wordsTable, from: word, on: db)
      while let entry = try later.next(), entry.count == 2, entry[0] == word { keys.insert(entry[1]) }
    }
    var scored: [(key: String, edits: Int, indels: Int)] = []
    for key in keys {
      let keyWords = key.split(separator: " ").map { Array($0.utf8) }
      var total = 0
      for word in words {
        let bytes = Array(word.utf8)
        let allowed = Self.allowedEdits(bytes.count)
        let best = keyWords.compactMap { EditDistance.between(bytes, $0, limit: allowed) }.min()
        guard let best else {
          total = -1
          break
        }
        total += best
      }
      // The names searched are at most `longestName` bytes, and names are short: the common
      // subsequence costs little.
      if total >= 0 {
        scored.append((key, total, EditDistance.insertionsAndDeletions(name.text.utf8, key.utf8)))
      }
    }
    scored.sort {
      ($0.edits, $0.indels, $0.key.utf8.count) != ($1.edits, $1.indels, $1.key.utf8.count)
        ? ($0.edits, $0.indels, $0.key.utf8.count) < ($1.edits, $1.indels, $1.key.utf8.count)
        : $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
    }
    return .typos(scored.map { ($0.key, $0.edits) }, next: 0)
  }

  /// Adds the rows of a names entry (folded name, country, place, codes) that pass the filters.
  private mutating func addRows(of entry: [String], kind: PlaceMatch.Kind, edits: Int, on db: Database) throws {
    guard entry.count >= 3 else { throw ZipGeoError.damagedPlaceIndex }
    if kind != .exact && kind != .begins { given.insert(entry[0]) }
    let (entryCountry, place) = (entry[1], entry[2])
    if let country, entryCountry != country { return }
    if state != nil && regions == nil { regions = try RegionNames.load(from: db) }
    for code in entry.dropFirst(3) {
      let statement = try Schema.cachedStatement(db, Self.rowSQL)
      defer { statement.reset() }
      try statement.bind(values: [.text(code), .text(entryCountry), .text(place)])
      while try statement.step() {
        // A damaged row is an error naming it, never a place at a point that does not exist.
        _ = try ZipDatabase.storedCoordinate(
          zip: code, latitude: statement.value(at: 4), longitude: statement.value(at: 5))
        let zip = ZipDatabase.zipCode(from: statement)
        if let state, let regions {
          if stateCodes[zip.country] == nil { stateCodes[zip.country] = regions.code(of: state, in: zip.country) }
          if stateCodes[zip.country] != zip.state.map({ regions.code(of: $0, in: zip.country) }) { continue }
        }
        pending.append(PlaceMatch(zipCode: zip, kind: kind, edits: edits))
      }
    }
  }

  private static let rowSQL = Schema.Variants {
    """
    SELECT \(Schema.placeColumns($0)) FROM zips
    WHERE zip = ?1 AND \($0.hasCountries ? "country" : "'US'") = ?2 AND ifnull(place, '') = ?3
    ORDER BY \($0.order)
    """
  }
}
