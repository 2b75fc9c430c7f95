import CSQLiteAPI

/// SQL with an identity, for `Database.cachedStatement(_:)`: keep it in a constant.
///
/// ```swift
/// static let byZip = CachedSQL("SELECT * FROM zips WHERE zip = ?")
/// let statement = try db.cachedStatement(Self.byZip)
/// ```
public final class CachedSQL: Sendable {
  private let written: String?
  private let writing: (@Sendable () -> String)?

  /// The SQL, written when asked for (`init(writing:)`), which a connection asks once before it
  /// keeps the statement prepared.
  public var text: String { written ?? writing?() ?? "" }

  public init(_ text: String) { (written, writing) = (text, nil) }

  /// SQL that `write` writes when a connection first prepares it: a family of statements (one
  /// for each set of columns a caller reads, say) kept as constants, of which a process uses a
  /// few, costs only their identities until then.
  public init(writing write: @escaping @Sendable () -> String) { (written, writing) = (nil, write) }
}
