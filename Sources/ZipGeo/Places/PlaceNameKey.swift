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
    var folder = Folder()
    var bytes: [UInt8] = []
    folder.fold(bytes: name.utf8, into: &bytes)
    text = String(decoding: bytes, as: UTF8.self)
  }

  /// Folds names given as UTF-8 bytes, without making a `String` of them, remembering how it
  /// folded each letter beyond ASCII: an import folds a million names, a fifth of them with such
  /// letters, and working each one's properties out again took most of the index's build.
  struct Folder {
    /// How each scalar beyond ASCII met so far folds.
    private var folded: [UInt32: Folded] = [:]

    /// The folded bytes of the name whose UTF-8 is `name`, into `folded` (emptied first). Bytes
    /// that are not UTF-8 separate words, as the replacement character they decode to does.
    mutating func fold(bytes name: some Collection<UInt8>, into bytes: inout [UInt8]) {
      if PlaceNameKey.foldASCII(name, into: &bytes) { return }
      // A separator is written only before the next word, so that none leads or trails.
      var pendingSpace = false
      var iterator = name.makeIterator()
      var decoder = UTF8()
      while true {
        let scalar: Unicode.Scalar
        switch decoder.decode(&iterator) {
        case .scalarValue(let decoded): scalar = decoded
        case .emptyInput: return
        case .error: scalar = "\u{FFFD}"
        }
        if scalar.value < 0x80 {
          if let byte = PlaceNameKey.fold(ascii: UInt8(scalar.value)) {
            if pendingSpace && !bytes.isEmpty { bytes.append(0x20) }
            pendingSpace = false
            bytes.append(byte)
          } else {
            pendingSpace = true
          }
          continue
        }
        let folding: Folded
        if let known = folded[scalar.value] {
          folding = known
        } else {
          folding = PlaceNameKey.fold(scalar)
          folded[scalar.value] = folding
        }
        switch folding {
        case .separator: pendingSpace = true
        case .nothing: break
        case .bytes(let kept):
          if pendingSpace && !bytes.isEmpty && !kept.isEmpty { bytes.append(0x20) }
          if !kept.isEmpty { pendingSpace = false }
          bytes.append(contentsOf: kept)
        }
      }
    }
  }

  /// The folded bytes of the name whose UTF-8 is `name`, into `folded` (emptied first).
  static func fold(bytes name: some Collection<UInt8>, into folded: inout [UInt8]) {
    var folder = Folder()
    folder.fold(bytes: name, into: &folded)
  }

  /// Folds `name` into `folded` (emptied first) when it is ASCII; `false`, `folded` left
  /// empty, at its first byte that is not.
  fileprivate static func foldASCII(_ name: some Collection<UInt8>, into folded: inout [UInt8]) -> Bool {
    folded.removeAll(keepingCapacity: true)
    var pendingSpace = false
    for byte in name {
      guard byte < 0x80 else {
        folded.removeAll(keepingCapacity: true)
        return false
      }
      if let kept = fold(ascii: byte) {
        if pendingSpace && !folded.isEmpty { folded.append(0x20) }
        pendingSpace = false
        folded.append(kept)
      } else {
        pendingSpace = true
      }
    }
    return true
  }

  /// An ASCII letter or digit in lower case; `nil` for any other ASCII byte, which separates
  /// words.
  private static func fold(ascii byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39, 0x61...0x7A: byte
    case 0x41...0x5A: byte | 0x20
    default: nil
    }
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

  /// What a scalar folds to: a separator of words, nothing, or bytes of a word.
  fileprivate enum Folded {
    case separator
    case nothing
    case bytes([UInt8])
  }

  /// How a scalar beyond ASCII folds.
  fileprivate static func fold(_ scalar: Unicode.Scalar) -> Folded {
    let value = scalar.value
    if let folded = folding[value] { return .bytes(Array(folded.utf8)) }
    let properties = scalar.properties
    switch properties.generalCategory {
    // Combining marks (a decomposed `ü`) go with their letter; modifier letters are apostrophes
    // (`ʻ` of Hawaiʻi) or marks, and formats (a soft hyphen, a zero-width joiner) show nothing.
    case .nonspacingMark, .spacingMark, .enclosingMark, .modifierLetter, .format: return .nothing
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber, .letterNumber,
      .otherNumber:
      if !properties.changesWhenLowercased { return .bytes(Array(String(scalar).utf8)) }
      let lower = properties.lowercaseMapping
      guard lower.unicodeScalars.count > 1 else { return .bytes(Array(lower.utf8)) }
      // A lower case of several scalars (`İ` is `i` and a combining dot) keeps its letters.
      var kept = ""
      for part in lower.unicodeScalars
      where !part.properties.isDiacritic && part.properties.generalCategory != .nonspacingMark {
        kept.unicodeScalars.append(part)
      }
      return .bytes(Array(kept.utf8))
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
