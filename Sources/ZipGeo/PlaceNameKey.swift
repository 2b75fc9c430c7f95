/// A place name as searches compare it: in lower case, without diacritics, its words (letters and
/// digits) separated by single spaces: `São Paulo`, `SAO PAULO` and `sao-paulo` are `sao paulo`;
/// `München` and `MÜNCHEN` are `munchen`; `L'Aquila` is `l aquila`.
///
/// Letters of the Latin, Greek and Cyrillic scripts lose their diacritics (`PlaceNameKey+Folding`),
/// and a few that people write without their stroke or ligature are spelt out (`ß` is `ss`, `ø`
/// is `o`, `æ` is `ae`); letters of other scripts are kept, in lower case where they have one.
public struct PlaceNameKey: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The folded name, as UTF-8; empty for a name with no letter or digit.
  public let text: String

  public init(_ name: some StringProtocol) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(name.utf8.count)
    if !Self.foldASCII(name.utf8, into: &bytes) {
      // A separator is written only before the next word, so that none leads or trails.
      var pendingSpace = false
      func append(_ byte: UInt8) {
        if pendingSpace && !bytes.isEmpty { bytes.append(0x20) }
        pendingSpace = false
        bytes.append(byte)
      }
      for scalar in name.unicodeScalars {
        switch Self.fold(scalar) {
        case .separator: pendingSpace = true
        case .nothing: break
        case .scalar(let kept): UTF8.encode(kept) { append($0) }
        case .text(let folded): for byte in folded.utf8 { append(byte) }
        }
      }
    }
    text = String(decoding: bytes, as: UTF8.self)
  }

  /// The folded bytes of the name whose UTF-8 is `name`, into `folded` (emptied first): an ASCII
  /// name without making a `String`, as an import folds a million of them.
  static func fold(bytes name: some Collection<UInt8>, into folded: inout [UInt8]) {
    if !foldASCII(name, into: &folded) {
      folded = Array(PlaceNameKey(String(decoding: name, as: UTF8.self)).text.utf8)
    }
  }

  /// Folds `name` into `folded` (emptied first) when it is ASCII; `false`, `folded` left
  /// empty, at its first byte that is not.
  private static func foldASCII(_ name: some Collection<UInt8>, into folded: inout [UInt8]) -> Bool {
    folded.removeAll(keepingCapacity: true)
    var pendingSpace = false
    for byte in name {
      switch byte {
      case 0x30...0x39, 0x61...0x7A, 0x41...0x5A:
        if pendingSpace && !folded.isEmpty { folded.append(0x20) }
        pendingSpace = false
        folded.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
      case 0x80...:
        folded.removeAll(keepingCapacity: true)
        return false
      default: pendingSpace = true
      }
    }
    return true
  }

  /// Whether the name has no letter or digit.
  public var isEmpty: Bool { text.isEmpty }

  /// The words, in order.
  public var words: [Substring] { text.split(separator: " ") }

  public var description: String { text }

  public static func < (a: PlaceNameKey, b: PlaceNameKey) -> Bool {
    // SQLite's order of texts (BINARY: their bytes), which the index keeps.
    a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
  }

  /// Whether `prefix` is where this name begins, character for character.
  func begins(with prefix: PlaceNameKey) -> Bool { text.utf8.starts(with: prefix.text.utf8) }

  private enum Folded {
    case separator
    case nothing
    case scalar(Unicode.Scalar)
    case text(String)
  }

  private static func fold(_ scalar: Unicode.Scalar) -> Folded {
    let value = scalar.value
    if value < 0x80 {
      switch value {
      case 0x30...0x39, 0x61...0x7A: return .scalar(scalar)
      case 0x41...0x5A: return .scalar(Unicode.Scalar(UInt8(value) | 0x20))
      default: return .separator
      }
    }
    if let folded = folding[value] { return .text(folded) }
    let properties = scalar.properties
    switch properties.generalCategory {
    // Combining marks (a decomposed `ü`) go with their letter; modifier letters are apostrophes
    // (`ʻ` of Hawaiʻi) or marks, and formats (a soft hyphen, a zero-width joiner) show nothing.
    case .nonspacingMark, .spacingMark, .enclosingMark, .modifierLetter, .format: return .nothing
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber, .letterNumber,
      .otherNumber:
      // Most letters of other scripts are their own lower case: kept without making a string.
      if !properties.changesWhenLowercased { return .scalar(scalar) }
      let lower = properties.lowercaseMapping
      guard lower.unicodeScalars.count > 1 else { return .text(lower) }
      // A lower case of several scalars (`İ` is `i` and a combining dot) keeps its letters.
      var kept = ""
      for part in lower.unicodeScalars
      where !part.properties.isDiacritic && part.properties.generalCategory != .nonspacingMark {
        kept.unicodeScalars.append(part)
      }
      return .text(kept)
    default: return .separator
    }
  }

  /// `foldings` as a dictionary of scalar values.
  private static let folding: [UInt32: String] = {
    var table: [UInt32: String] = [:]
    for line in foldings.split(separator: "\n") {
      guard let first = line.unicodeScalars.first else { continue }
      table[first.value] = String(line.unicodeScalars.dropFirst())
    }
    return table
  }()
}
