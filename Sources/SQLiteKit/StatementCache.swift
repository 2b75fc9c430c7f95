/// Prepared statements kept for a connection, found by `Key`: at most `limit` of them, and when
/// full, a new one takes the place of the one asked for least recently.
struct StatementCache<Key: Hashable> {
  /// Each statement, what it must keep alive with it (a `CachedSQL` whose identity is its key),
  /// and when it was last asked for.
  private var entries: [Key: (statement: Statement, kept: AnyObject?, used: Int)] = [:]
  /// Asks so far, as a clock.
  private var uses = 0
  let limit: Int

  init(limit: Int) { self.limit = limit }

  /// The statement kept for `key`, or the one `prepare` makes, kept in its place.
  mutating func statement(for key: Key, keeping kept: AnyObject? = nil, prepare: () throws -> Statement) rethrows
    -> Statement
  {
    uses += 1
    if let index = entries.index(forKey: key) {
      entries.values[index].used = uses
      return entries.values[index].statement
    }
    let statement = try prepare()
    if entries.count >= limit, let oldest = entries.min(by: { $0.value.used < $1.value.used }) {
      entries[oldest.key] = nil
    }
    entries[key] = (statement, kept, uses)
    return statement
  }

  mutating func removeAll() { entries.removeAll() }
}
