import TestSupport
import Testing

@testable import ZipGeo

/// Edits between words: letters changed, added, removed, or two neighbours swapped.
@Suite struct EditDistanceTests {
  func edits(_ a: String, _ b: String, limit: Int = 2) -> Int? {
    EditDistance.between(Array(a.utf8), Array(b.utf8), limit: limit)
  }

  @Test func eachKindOfEditCountsOne() {
    #expect(edits("paris", "paris") == 0)
    #expect(edits("paris", "parus") == 1)
    #expect(edits("paris", "pari") == 1)
    #expect(edits("paris", "parisi") == 1)
    #expect(edits("paris", "pairs") == 1)
    #expect(edits("straasborg", "strasbourg") == 2)
    #expect(edits("", "ab") == 2)
    #expect(edits("ab", "") == 2)
  }

  @Test func moreThanTheLimitIsNil() {
    #expect(edits("paris", "london") == nil)
    #expect(edits("abc", "abcdef") == nil)
    #expect(edits("abcd", "dcba", limit: 1) == nil)
    #expect(edits("a", "b", limit: 0) == nil)
  }

  /// Against the full table of the same distance, on random short words of a small alphabet.
  @Test func theBandedCountAgreesWithTheFullTable() {
    var random = SeededGenerator(seed: 21)
    func word() -> [UInt8] {
      (0..<Int.random(in: 0...7, using: &random)).map { _ in UInt8.random(in: 97...100, using: &random) }
    }
    for _ in 0..<5_000 {
      let (a, b) = (word(), word())
      let full = Self.fullDistance(a, b)
      for limit in 0...3 {
        #expect(EditDistance.between(a, b, limit: limit) == (full <= limit ? full : nil), "\(a) \(b) \(limit)")
      }
    }
  }

  /// One comparer of a word with many, as the typo search uses it: its rows, kept from one word
  /// to the next (longer, shorter, given up on early), never change a count.
  @Test func aComparerUsedForManyWordsCountsEachAsAFreshOneWould() {
    var random = SeededGenerator(seed: 22)
    func word() -> [UInt8] {
      (0..<Int.random(in: 0...9, using: &random)).map { _ in UInt8.random(in: 97...100, using: &random) }
    }
    for limit in 0...3 {
      let target = word()
      var comparer = EditDistance.Comparer(target, limit: limit)
      for _ in 0..<2_000 {
        let other = word()
        let full = Self.fullDistance(target, other)
        #expect(other.withUnsafeBytes { comparer.edits(to: $0) } == (full <= limit ? full : nil), "\(target) \(other)")
      }
    }
  }

  @Test func insertionsAndDeletionsPreferTheLettersWritten() {
    let written = Array("straasborg".utf8)
    #expect(EditDistance.insertionsAndDeletions(written, Array("strasbourg".utf8)) == 2)
    #expect(EditDistance.insertionsAndDeletions(written, Array("strasburg".utf8)) == 3)
    #expect(EditDistance.insertionsAndDeletions([], Array("ab".utf8)) == 2)
  }

  /// The optimal string alignment distance, every cell computed.
  static func fullDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }
}
