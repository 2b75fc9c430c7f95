/// A row of a search by place name: a code whose place has the name, and how well it matches.
public struct PlaceMatch: Equatable, Sendable {
  /// How a place's name matches the name searched for, best first.
  public enum Kind: String, Sendable, CaseIterable, Comparable {
    /// The same name, in any case and with or without its diacritics (`sao paulo`, `São Paulo`).
    case exact
    /// A name that begins with it (`Frankfurt` finds `Frankfurt am Main`).
    case begins
    /// A name whose words begin with its words, in any order (`paulo` finds `São Paulo`).
    case contains
    /// A name a typo or two away from it, looked for only when no name matches as written.
    case typo

    public static func < (a: Kind, b: Kind) -> Bool { a.rank < b.rank }

    private var rank: Int {
      switch self {
      case .exact: 0
      case .begins: 1
      case .contains: 2
      case .typo: 3
      }
    }
  }

  /// The code and its place.
  public let zipCode: ZipCode
  /// How its place's name matches.
  public let kind: Kind
  /// The edits (letters changed, added, removed or swapped) between the name searched for and
  /// the place's: 0 but for typos.
  public let edits: Int
}
