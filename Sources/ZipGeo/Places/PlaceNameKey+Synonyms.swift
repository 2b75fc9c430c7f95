extension PlaceNameKey {
  /// The words that name one thing in place names, as the data writes them in several ways:
  /// `St. Louis` and `Saint Louis`, `Sankt Pölten`, `San José` and `Santa Fe` (each a form of
  /// *saint*), `Mt. Vernon` and `Mount Vernon`, `Ft. Worth` and `Fort Worth`. Folded words.
  static let synonymGroups: [[String]] = [
    ["saint", "st", "sainte", "ste", "sankt", "san", "santa", "santo", "sta"],
    ["mount", "mt"],
    ["fort", "ft"],
  ]

  /// The words of `word`'s group of synonyms, `word` first, or `nil` for a word that has none.
  static func synonyms(of word: some StringProtocol) -> [String]? {
    guard let group = synonymsByWord[String(word)] else { return nil }
    return [String(word)] + synonymGroups[group].filter { $0 != word }
  }

  private static let synonymsByWord: [String: Int] = {
    var groups: [String: Int] = [:]
    for (index, group) in synonymGroups.enumerated() {
      for word in group { groups[word] = index }
    }
    return groups
  }()

  /// The ways to write a name of these words with their synonyms (`st louis`: `saint louis`,
  /// `sankt louis`, ...), as written first: at most `limit` (past it, words are kept as written). Each says whether its last word is as written, so that it may begin a longer word
  /// (`saint lou` finds `saint louis`); a synonym put in its place is a whole word.
  static func spellings(of words: [String], limit: Int = 64) -> [(text: String, lastWritten: Bool)] {
    var spellings: [[String]] = [[]]
    var lastWritten = [true]
    for (index, word) in words.enumerated() {
      let choices = synonyms(of: word) ?? [word]
      var next: [[String]] = []
      var nextLast: [Bool] = []
      for (number, spelling) in spellings.enumerated() {
        for (choice, written) in zip(choices, [true] + Array(repeating: false, count: choices.count - 1)) {
          // Room is kept for each spelling still to come as written.
          if !written && next.count + 1 + (spellings.count - number - 1) > limit { continue }
          next.append(spelling + [choice])
          nextLast.append(index == words.count - 1 ? written : true)
        }
      }
      spellings = next
      lastWritten = nextLast
    }
    return zip(spellings, lastWritten).map { ($0.joined(separator: " "), $1) }
  }
}
