/// How many edits turn one word into another: letters changed, added, removed, or two neighbours
/// swapped (the optimal string alignment distance), counted up to a limit.
public enum EditDistance {
  /// The edits between `a` and `b` (bytes of UTF-8), or `nil` when there are more than `limit`.
  public static func between(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>, limit: Int) -> Int? {
    var comparer = Comparer(Array(a), limit: limit)
    return Array(b).withUnsafeBytes { comparer.edits(to: $0) }
  }

  /// A word compared with many (the vocabulary, for typos), its rows of counts kept from one
  /// comparison to the next: no memory is allocated for each.
  ///
  /// Only the diagonal band the limit allows is computed, and the count stops as soon as every
  /// cell of a row is past it.
  struct Comparer {
    let word: [UInt8]
    let limit: Int
    /// Three rows: the one before the last (for swaps), the last, and this one.
    private var rows: [Int] = []

    init(_ word: [UInt8], limit: Int) {
      self.word = word
      self.limit = limit
    }

    /// The edits from the word to `other`, or `nil` when there are more than the limit.
    mutating func edits(to other: UnsafeRawBufferPointer) -> Int? {
      let (a, b, limit) = (word, other, limit)
      guard abs(a.count - b.count) <= limit else { return nil }
      if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
      let width = b.count + 1
      if rows.count < 3 * width { rows = [Int](repeating: 0, count: 3 * width) }
      let beyond = limit + 1
      return a.withUnsafeBufferPointer { a in
        rows.withUnsafeMutableBufferPointer { rows in
          var before = rows.baseAddress!
          var last = before + width
          var row = last + width
          for j in 0..<width {
            before[j] = beyond
            last[j] = min(j, beyond)
            row[j] = beyond
          }
          for i in 1...a.count {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            row[0] = min(i, beyond)
            if low > 1 { row[low - 1] = beyond }
            var best = row[0] <= limit && low == 1 ? row[0] : beyond
            if low <= high {
              for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(last[j - 1] + cost, last[j] + 1, row[j - 1] + 1)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                  value = min(value, before[j - 2] + 1)
                }
                row[j] = min(value, beyond)
                best = min(best, row[j])
              }
            }
            if high < b.count { row[high + 1] = beyond }
            guard best <= limit else { return nil }
            (before, last, row) = (last, row, before)
          }
          let distance = last[b.count]
          return distance <= limit ? distance : nil
        }
      }
    }
  }
}

extension EditDistance {
  /// The letters added or removed to turn `a` into `b` (a change is one of each): the length of
  /// both less twice their longest common subsequence. Among names the same edits away, it
  /// prefers the one that keeps the letters written (`Straasborg` is nearer `Strasbourg` than
  /// `Strasburg`).
  static func insertionsAndDeletions(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Int {
    let a = Array(a)
    let b = Array(b)
    var last = [Int](repeating: 0, count: b.count + 1)
    var row = last
    for i in a.indices {
      for j in b.indices {
        row[j + 1] = a[i] == b[j] ? last[j] + 1 : max(last[j + 1], row[j])
      }
      swap(&last, &row)
    }
    return a.count + b.count - 2 * (last.last ?? 0)
  }
}
