import CSQLiteAPI

/// SQL with an identity, for `Database.cachedStatement(_:)`: keep it in a constant.
///
/// ```swift
/// static let byZip = CachedSQL("SELECT * FROM zips WHERE zip = ?")
/// let statement = try db.cachedStatement(Self.byZip)
/// ```
public final class CachedSQL: Sendable {
  public let text: String
  public init(_ text: String) { self.text = text }
}
