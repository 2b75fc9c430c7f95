import SQLiteKit

/// A search of the codes whose place has a name, through `PlaceNameIndex`: exact names first,
/// then names that begin with it, then names whose words begin with its words, and, when none
/// of these is found, names a typo or two away. A word matches its synonyms (`St.`, `Saint`,
/// `Sankt`, `San`: `PlaceNameKey.synonyms(of:)`). Within each stage, places come by importance
/// (`PlaceRanking`: the more codes, the sooner); typos by their edits first. Rows come one at a
/// time, so that a caller that wants ten reads little more than ten places.
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
  /// Only codes of these kinds.
  let kinds: Set<CodeKind>?
  /// The name as written, then with synonyms for its words.
  private let spellings: [(text: String, lastWritten: Bool)]
  /// The database's regions, read when a state is asked for, and the state's code in each
  /// country met.
  private var regions: RegionNames?
  private var stateCodes: [String: PlaceNameKey] = [:]
  /// The countries that have the state asked for (`CountryStates`), or `nil` for any: entries of
  /// others are passed over before their rows are read.
  private var stateCountries: Set<String>?

  private enum Stage {
    case start
    case exact
    case begins
    case contains
    /// The names a typo or two away, best first, and the next to rank.
    case typos([(key: String, edits: Int)], next: Int)
    case done
  }

  private var stage = Stage.start
  /// The places of the current stage, and how they match.
  private var ranking = PlaceRanking.empty
  private var kind = PlaceMatch.Kind.exact
  private var edits = 0
  /// The entries beginning with the name, found with the exact ones, ranked after them.
  private var beginning: [[String]] = []
  private var pending: [PlaceMatch] = []
  private var nextPending = 0
  private var foundAny = false
  /// The names given by the stages so far, which later stages leave out: those of the first two
  /// stages are kept as a list until a later stage needs them (a search that ends sooner, as most
  /// do, hashes none of the 50,000 names beginning with `a`).
  private var given: Set<String> = []
  private var givenFirst: [String] = []
  /// The longest word (of those without synonyms, where one has none), which finds the names with
  /// words that begin with the words.
  private let anchor: String
  /// How many places (a name in one country and state) the search has given, or begun to.
  private(set) var placesGiven = 0
  /// Once set (`countRest(upTo:)`), places are counted, in no order, up to one past this many.
  private var countLimit: Int?

  /// The longest name searched for, in bytes folded (GeoNames' longest is 120), and its most
  /// words: a name of a million words would be compared with every name that has one of them.
  static let longestName = 4_096
  static let mostWords = 64

  /// - Throws: `ZipGeoError.invalidPlaceName` for a name with no letter or digit, or longer than
  ///   any place's.
  init(
    name written: String, country: String?, state: String?, kinds: Set<CodeKind>? = nil, shownAs path: String
  ) throws(ZipGeoError) {
    self.path = path
    name = PlaceNameKey(written)
    guard !name.isEmpty else { throw .invalidPlaceName(text: written.shortened, reason: "it has no letter or digit") }
    words = name.words.map(String.init)
    guard name.text.utf8.count <= Self.longestName, words.count <= Self.mostWords else {
      throw .invalidPlaceName(
        text: written.shortened,
        reason: "zipgeo searches names of at most \(Self.longestName) bytes and \(Self.mostWords) words")
    }
    let plain = words.filter { PlaceNameKey.synonyms(of: $0) == nil }
    anchor = (plain.isEmpty ? words : plain).max { $0.utf8.count < $1.utf8.count } ?? name.text
    // A word alone is the name itself: `st` is no saint, `san` no Santa.
    spellings = words.count > 1 ? PlaceNameKey.spellings(of: words) : [(name.text, true)]
    self.country = country
    if let state, PlaceNameKey(state).isEmpty {
      // A state of no letter would match none, or (were it dropped) every one.
      throw .invalidPlaceName(text: state.shortened, reason: "as a state, it has no letter or digit")
    }
    self.state = state
    self.kinds = kinds
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
      // Taken out while it reads, as reading rows changes the search.
      var current = ranking
      ranking = .empty
      let place =
        countLimit == nil
        ? try current.next(rows: { try rows(of: $0, on: db) })
        : try current.nextUnordered(rows: { try rows(of: $0, on: db) })
      ranking = current
      if let place {
        placesGiven += 1
        if let countLimit {
          if placesGiven > countLimit { return nil }
          continue
        }
        pending = place.rows.map { PlaceMatch(zipCode: $0, kind: kind, edits: edits) }
        continue
      }
      switch stage {
      case .start:
        // An older zipgeo's table, which has no index either: the error names the upgrade.
        try Schema.requireCurrentLayout(db)
        guard try PlaceNameIndex.exists(on: db) else { throw ZipGeoError.noPlaceIndex(path: path) }
        if let state {
          if regions == nil { regions = try RegionNames.load(from: db) }
          stateCountries = try CountryStates.countries(having: state, regions: regions!, on: db)
          if let stateCountries, stateCountries.isDisjoint(with: country.map { [$0] } ?? stateCountries) {
            throw ZipGeoError.unknownState(state: state.shortened, path: path, country: country)
          }
        }
        var exact: [[String]] = []
        for spelling in spellings {
          var cursor = try PlaceNameIndex.Cursor(table: PlaceNameIndex.namesTable, from: spelling.text, on: db)
          while let entry = try cursor.next(), entry[0].utf8.starts(with: spelling.text.utf8) {
            let whole = entry[0] == spelling.text
            // A synonym put in for the last word is a whole word: `st` for `saint` finds no `stuttgart`.
            guard whole || spelling.lastWritten || entry[0].utf8.starts(with: (spelling.text + " ").utf8) else {
              if spelling.lastWritten { continue } else { break }
            }
            // Of one spelling, the index gives each entry once; of several, an entry may come twice.
            guard passesCountry(entry),
              spellings.count == 1 || given.insert(entry[0] + "\u{0}" + entry[1] + "\u{0}" + entry[2]).inserted
            else { continue }
            if whole { exact.append(entry) } else { beginning.append(entry) }
          }
        }
        given = []
        givenFirst = exact.map { $0[0] } + beginning.map { $0[0] }
        (stage, kind, ranking) = (.exact, .exact, PlaceRanking(entries: exact))
      case .exact:
        (stage, kind, ranking) = (.begins, .begins, PlaceRanking(entries: beginning))
        beginning = []
      case .begins:
        (stage, kind, ranking) = (.contains, .contains, PlaceRanking(entries: try containing(on: db)))
      case .contains:
        stage = try typoStage(on: db)
      case .typos(let keys, let next):
        guard next < keys.count else {
          stage = .done
          continue
        }
        stage = .typos(keys, next: next + 1)
        var entries: [[String]] = []
        var cursor = try PlaceNameIndex.Cursor(table: PlaceNameIndex.namesTable, from: keys[next].key, on: db)
        while let entry = try cursor.next(), entry[0] == keys[next].key {
          if passesCountry(entry) { entries.append(entry) }
        }
        (kind, edits, ranking) = (.typo, keys[next].edits, PlaceRanking(entries: entries))
      case .done:
        return nil
      }
    }
  }

  /// Counts the places not given yet, with those given, up to one past `limit`, reading the
  /// fewest rows it can; the search gives no more rows after it.
  /// - Returns: Whether every place was counted (`placesGiven` is then their number).
  mutating func countRest(upTo limit: Int, on db: Database) throws -> Bool {
    // The rows not given are of a place counted.
    pending.removeAll()
    nextPending = 0
    countLimit = limit
    _ = try next(on: db)
    return placesGiven <= limit
  }

  private func passesCountry(_ entry: [String]) -> Bool {
    entry.count < 2
      || ((country == nil || entry[1] == country) && (stateCountries.map { $0.contains(entry[1]) } ?? true))
  }

  /// The entries of names whose words begin with every word searched for and no earlier stage
  /// gave: those whose first word begins with the anchor (for a name of several words), then
  /// those with a later word that does.
  private mutating func containing(on db: Database) throws -> [[String]] {
    given.formUnion(givenFirst)
    givenFirst = []
    var found: [[String]] = []
    let anchors = ((words.count > 1 ? PlaceNameKey.synonyms(of: anchor) : nil) ?? [anchor]).enumerated().map {
      ($1, $0 == 0)
    }
    for (word, written) in anchors {
      func begins(_ text: String) -> Bool {
        text.utf8.starts(with: word.utf8)
          && (written || text == word || text.utf8.starts(with: (word + " ").utf8))
      }
      if words.count > 1 {
        var first = try PlaceNameIndex.Cursor(table: PlaceNameIndex.namesTable, from: word, on: db)
        while let entry = try first.next(), entry[0].utf8.starts(with: word.utf8) {
          guard begins(entry[0]), !given.contains(entry[0]), contains(entry[0]) else { continue }
          if passesCountry(entry) { found.append(entry) }
        }
      }
      var later = try PlaceNameIndex.Cursor(table: PlaceNameIndex.wordsTable, from: word, on: db)
      var keys: [String] = []
      while let entry = try later.next(), entry.count == 2, entry[0].utf8.starts(with: word.utf8) {
        guard written || entry[0] == word, !given.contains(entry[1]), contains(entry[1]) else { continue }
        keys.append(entry[1])
      }
      for key in found.map({ $0[0] }) { given.insert(key) }
      for key in keys where given.insert(key).inserted {
        var cursor = try PlaceNameIndex.Cursor(table: PlaceNameIndex.namesTable, from: key, on: db)
        while let entry = try cursor.next(), entry[0] == key {
          if passesCountry(entry) { found.append(entry) }
        }
      }
    }
    return found
  }

  /// Whether every word searched for begins a word of `key` (or is one of its synonyms).
  private func contains(_ key: String) -> Bool {
    let keyWords = key.split(separator: " ")
    return words.allSatisfy { word in
      let synonyms = words.count > 1 ? PlaceNameKey.synonyms(of: word) ?? [] : []
      return keyWords.contains { $0.utf8.starts(with: word.utf8) || synonyms.contains(String($0)) }
    }
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
        let synonyms = (words.count > 1 ? PlaceNameKey.synonyms(of: word) ?? [] : []).map { Array($0.utf8) }
        let best = keyWords.compactMap { keyWord in
          synonyms.contains(keyWord) ? 0 : EditDistance.between(bytes, keyWord, limit: allowed)
        }.min()
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

  /// The rows of a names entry (folded name, country, place, codes) that pass the filters, each
  /// with its state's code folded.
  private mutating func rows(of entry: [String], on db: Database) throws -> [(zip: ZipCode, state: String)] {
    guard entry.count >= 3 else { throw ZipGeoError.damagedPlaceIndex }
    let (entryCountry, place) = (entry[1], entry[2])
    if regions == nil { regions = try RegionNames.load(from: db) }
    var found: [(zip: ZipCode, state: String)] = []
    for code in entry.dropFirst(3) {
      let statement = try Schema.cachedStatement(db, Self.rowSQL)
      defer { statement.reset() }
      try statement.bind(values: [.text(code), .text(entryCountry), .text(place)])
      while try statement.step() {
        // A damaged row is an error naming it, never a place at a point that does not exist.
        _ = try StoredCodes.storedCoordinate(
          zip: code, latitude: statement.value(at: 4), longitude: statement.value(at: 5))
        let zip = StoredCodes.zipCode(from: statement)
        if let kinds, !kinds.contains(zip.kind) { continue }
        let code = zip.state.map { regions!.code(of: $0, in: zip.country) }
        if let state {
          if stateCodes[zip.country] == nil { stateCodes[zip.country] = regions!.code(of: state, in: zip.country) }
          if stateCodes[zip.country] != code { continue }
        }
        found.append((zip, code?.text ?? ""))
      }
    }
    return found
  }

  private static let rowSQL = CachedSQL(
    "SELECT \(Schema.placeColumns) FROM zips WHERE zip = ?1 AND country = ?2 AND ifnull(place, '') = ?3 ORDER BY id")
}
