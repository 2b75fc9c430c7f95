/// Facts a library works out once per connection and keeps on it, typed and owned by that
/// library (ZipGeo's `Schema` keeps the layout of `zips` it found): `db.facts(LayoutFacts.self)`.
/// SQLiteKit makes one of each type per connection, and has each forget what it holds whenever a
/// statement of the connection fails with an SQL error, since the schema it was found from may
/// have changed under it (another connection replaced a table).
///
/// ```swift
/// final class CountedRows: ConnectionFacts {
///   var count: Int?
///   init() {}
///   func forget() { count = nil }
/// }
/// let counted = db.facts(CountedRows.self)
/// if counted.count == nil { counted.count = Int(try db.scalar("SELECT count(*) FROM t")?.int64 ?? 0) }
/// ```
public protocol ConnectionFacts: AnyObject {
  /// Facts not yet found.
  init()
  /// Forgets what might have changed with the schema.
  func forget()
}

extension Database {
  /// The facts of type `type` this connection keeps, made on first use.
  public func facts<Facts: ConnectionFacts>(_ type: Facts.Type) -> Facts {
    if let kept = keptFacts[ObjectIdentifier(type)] as? Facts { return kept }
    let made = Facts()
    keptFacts[ObjectIdentifier(type)] = made
    return made
  }
}
