/// What a postal code is for: an area people live in, or a code nobody lives in that the data
/// still places on the map (a military post office, a CEDEX, the code of one company, PO boxes).
///
/// GeoNames marks none of these; each kind comes from a documented rule about the country's
/// codes (`CodeKind.Rule`), read off a row's zip, place, country and accuracy. A row no rule
/// matches is an area.
///
/// ```swift
/// CodeKind.of(londonMilitaryCode)   // .military (US FPO AE, placed in London)
/// CodeKind.classify(zip: "75060 CEDEX 02", place: "Paris 02", country: "FR", accuracy: 5).rule?.description
///   // "FR and its overseas departments: the code has the word CEDEX ..."
/// ```
public enum CodeKind: String, CaseIterable, Sendable, CustomStringConvertible {
  /// A place or an area people live in.
  case area
  /// A code of armed forces mail (US APO, FPO and DPO codes), placed where the mail is sorted.
  case military
  /// A French CEDEX code: mail to one organisation or to a post office's boxes.
  case cedex
  /// The code of one organisation (a German Großkundenpostleitzahl), or of a town's PO boxes.
  case organisation
  /// A code of PO boxes, named so in the data.
  case poBox = "po-box"

  public var description: String { rawValue }

  /// A rule that gives a kind: the countries it is for (empty: every country), and what it reads.
  public struct Rule: Sendable, CustomStringConvertible {
    public let kind: CodeKind
    /// The countries whose codes it judges; empty for every country.
    public let countries: Set<String>
    /// In words, for `info` and the docs.
    public let description: String
    /// What it reads of a row: a case, not a closure, so that judging a row retains nothing.
    let test: Test

    /// What a rule reads of a row.
    enum Test {
      /// The place is a US armed forces post office (`isMilitary`).
      case militaryPlace
      /// The code has the word CEDEX (`hasWord`).
      case cedexWord
      /// The accuracy is 0.
      case accuracyZero
      /// The place names PO boxes (`namesPOBoxes`).
      case poBoxPlace
    }

    /// Judges a row by the UTF-8 bytes of its zip and place: a search judges every row it gives,
    /// and most are judged without making a string of them.
    func matches(_ zip: UnsafeBufferPointer<UInt8>, _ place: UnsafeBufferPointer<UInt8>?, _ accuracy: Int?) -> Bool {
      switch test {
      case .militaryPlace: isMilitary(place)
      case .cedexWord: hasWord("CEDEX", in: String(decoding: zip, as: UTF8.self))
      case .accuracyZero: accuracy == 0
      case .poBoxPlace: namesPOBoxes(place)
      }
    }

    public var name: String { countries.isEmpty ? "*" : countries.sorted().joined(separator: ",") }
  }

  /// The countries of France's postal system, where CEDEX codes exist: France and its overseas
  /// departments and collectivities.
  static let frenchPost: Set<String> = ["FR", "GF", "GP", "MQ", "RE", "YT", "PM", "BL", "MF", "NC", "PF", "WF"]

  /// Every rule, in the order they are tried; the first that matches gives the kind.
  public static let rules: [Rule] = [
    Rule(
      kind: .military, countries: ["US"],
      description: "US: the place is APO, FPO or DPO (Army, Fleet, Diplomatic Post Office), alone or with AA, AE, AP"
        + " or STA: armed forces mail, which GeoNames places where it is sorted (London, Germany, Okinawa)",
      test: .militaryPlace),
    Rule(
      kind: .cedex, countries: frenchPost,
      description: "FR and its overseas departments: the code has the word CEDEX (75060 CEDEX 02), mail to one"
        + " organisation or to a post office's boxes",
      test: .cedexWord),
    Rule(
      kind: .organisation, countries: ["DE"],
      description: "DE: accuracy 0, which GeoNames gives the codes of one organisation (Großkundenpostleitzahlen,"
        + " named after it) and of a town's PO boxes, placed at the town",
      test: .accuracyZero),
    Rule(
      kind: .poBox, countries: [],
      description: "every country: the place names PO boxes (PO Box, P.O. Box, PO Boxes, Postfach)",
      test: .poBoxPlace),
  ]

  /// The kind of a row, and the rule that gave it (`nil` for an area no rule matched).
  public static func classify(zip: String, place: String?, country: String, accuracy: Int?) -> (
    kind: CodeKind, rule: Rule?
  ) {
    var zip = zip
    return zip.withUTF8 { zip in
      guard var place else { return classify(zip: zip, place: nil, country: country, accuracy: accuracy) }
      return place.withUTF8 { classify(zip: zip, place: $0, country: country, accuracy: accuracy) }
    }
  }

  /// The kind of a row given as the UTF-8 bytes of its zip and place, and the rule that gave it.
  static func classify(
    zip: UnsafeBufferPointer<UInt8>, place: UnsafeBufferPointer<UInt8>?, country: String, accuracy: Int?
  ) -> (kind: CodeKind, rule: Rule?) {
    classify(zip: zip, place: place, accuracy: accuracy, by: rules(for: country))
  }

  /// The rules that judge the codes of `country`: a search that judges many rows of one country
  /// picks them once.
  static func rules(for country: String) -> RuleSet {
    rulesByCountry[country] ?? rulesOfEveryCountry
  }

  /// Some of `rules`, by their places in it: a value a search keeps and reads at every row with
  /// no reference counted, where an array of rules was retained and released at each.
  struct RuleSet: Equatable {
    /// Bit `i` for `rules[i]` (of at most 32).
    let places: UInt32

    init(_ isIncluded: (Rule) -> Bool) {
      places = rules.indices.reduce(0) { isIncluded(rules[$1]) ? $0 | 1 << $1 : $0 }
    }
  }

  /// The rules of every country, and of each country a rule names, worked out once.
  private static let rulesOfEveryCountry = RuleSet { $0.countries.isEmpty }
  private static let rulesByCountry: [String: RuleSet] = Dictionary(
    uniqueKeysWithValues: Set(rules.flatMap(\.countries)).map { country in
      (country, RuleSet { $0.countries.isEmpty || $0.countries.contains(country) })
    })

  /// The kind of a row by `rules` (`rules(for:)` of its country), and the rule that gave it: the
  /// first of them, in the order of `rules`, that matches.
  static func classify(
    zip: UnsafeBufferPointer<UInt8>, place: UnsafeBufferPointer<UInt8>?, accuracy: Int?, by rules: RuleSet
  ) -> (kind: CodeKind, rule: Rule?) {
    guard let index = firstMatch(zip: zip, place: place, accuracy: accuracy, of: rules) else { return (.area, nil) }
    return (Self.rules[index].kind, Self.rules[index])
  }

  /// The kind of a row by `rules`, as `classify(zip:place:accuracy:by:)` gives it, without the
  /// rule (which a search would copy at every row, and retain).
  static func kind(
    zip: UnsafeBufferPointer<UInt8>, place: UnsafeBufferPointer<UInt8>?, accuracy: Int?, by rules: RuleSet
  ) -> CodeKind {
    firstMatch(zip: zip, place: place, accuracy: accuracy, of: rules).map { Self.rules[$0].kind } ?? .area
  }

  /// The place in `rules` of the first of `set` that matches the row, in their order.
  private static func firstMatch(
    zip: UnsafeBufferPointer<UInt8>, place: UnsafeBufferPointer<UInt8>?, accuracy: Int?, of set: RuleSet
  ) -> Int? {
    var places = set.places
    while places != 0 {
      let index = places.trailingZeroBitCount
      if rules[index].matches(zip, place, accuracy) { return index }
      places &= places - 1
    }
    return nil
  }

  /// The kind of `code`.
  public static func of(_ code: ZipCode) -> CodeKind {
    classify(zip: code.zip, place: code.place, country: code.country, accuracy: code.accuracy).kind
  }

  /// The kinds named in `text`, comma-separated (`military,cedex`), or every kind for `all`.
  /// `nil` when a name is not a kind.
  public static func parse(_ text: String) -> Set<CodeKind>? {
    if text.lowercased() == "all" { return Set(allCases) }
    var kinds = Set<CodeKind>()
    for name in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard let kind = CodeKind(rawValue: String(name).trimmingSpaces.lowercased()) else { return nil }
      kinds.insert(kind)
    }
    return kinds.isEmpty ? nil : kinds
  }

  static func isMilitary(_ place: UnsafeBufferPointer<UInt8>?) -> Bool {
    // "APO STA" is the longest such place: its length says so of most places, without words.
    guard let place, (3...7).contains(place.count) else { return false }
    let words = String(decoding: place, as: UTF8.self).split(separator: " ")
    guard let first = words.first, ["APO", "FPO", "DPO"].contains(first), words.count <= 2 else { return false }
    return words.count == 1 || ["AA", "AE", "AP", "STA"].contains(words[1])
  }

  /// Whether `bytes` hold "box" or "postfach", in any case: one pass over them, each byte compared
  /// once with `x` and `f` (a search judges every row it gives, and a scan for each word from each
  /// byte made its kind cost a row far more: `scripts/bench/column-cost.py` measures `kind`).
  static func mayNamePOBoxes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    func holds(_ letters: StaticString, at start: Int) -> Bool {
      let count = letters.utf8CodeUnitCount
      guard start >= 0, start + count <= bytes.count else { return false }
      for index in 0..<count where bytes[start + index] | 0x20 != letters.utf8Start[index] { return false }
      return true
    }
    for (index, byte) in bytes.enumerated() {
      switch byte | 0x20 {
      case UInt8(ascii: "x"): if holds("bo", at: index - 2) { return true }
      case UInt8(ascii: "f"): if holds("postfach", at: index - 4) { return true }
      default: continue
      }
    }
    return false
  }

  static func hasWord(_ word: String, in text: String) -> Bool {
    text.split { $0 == " " || $0 == "-" }.contains { $0.uppercased() == word }
  }

  static func namesPOBoxes(_ bytes: UnsafeBufferPointer<UInt8>?) -> Bool {
    // Most places have no "box" in them, which a scan of their bytes says without making words.
    guard let bytes, mayNamePOBoxes(bytes) else { return false }
    let place = String(decoding: bytes, as: UTF8.self)
    // Words of letters, lower-cased; `P.O.` and `P. O.` read as one word `po`.
    var words: [String] = []
    for word in place.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init) {
      if word == "o", words.last == "p" { words[words.count - 1] = "po" } else { words.append(word) }
    }
    for (index, word) in words.enumerated() {
      if word == "pobox" || word == "poboxes" || word.hasPrefix("postfach") { return true }
      if word == "po", index + 1 < words.count, words[index + 1] == "box" || words[index + 1] == "boxes" { return true }
    }
    return false
  }
}

extension ZipCode {
  /// What the code is for (`CodeKind`).
  public var kind: CodeKind { CodeKind.of(self) }
}
