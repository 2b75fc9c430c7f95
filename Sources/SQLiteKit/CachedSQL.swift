import CSQLiteAPI

/// SQL with an identity, for `Database.cachedStatement(_:)`: keep it in a constant.
///
/// ```swift
/// static let byZip = CachedSQL("SELECT * FROM zips WHERE zip = ?")
/// let statement = try db.cachedStatement(Self.byZip)
/// ```
public final class CachedSQL: Sendable {
  /// The SQL, or what writes it when asked for.
  private enum Source {
    case written(String)
    case writing(@Sendable () -> String)
  }
  private let source: Source

  /// The SQL, written when asked for (`init(writing:)`), which a connection asks once before it
  /// keeps the statement prepared.
  public var text: String {
    switch source {
    case .written(let text): text
    case .writing(let write): write()
    }
  }

  public init(_ text: String) { source = .written(text) }

  /// SQL that `write` writes when a connection first prepares it: a family of statements (one
  /// for each set of columns a caller reads, say) kept as constants, of which a process uses a
  /// few, costs only their identities until then.
  public init(writing write: @escaping @Sendable () -> String) { source = .writing(write) }
}
