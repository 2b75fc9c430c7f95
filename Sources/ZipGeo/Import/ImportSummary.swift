import CSV
import SQLiteKit

/// What an import did.
public struct ImportSummary: Equatable, Sendable {
  /// Zip codes now in the database.
  public let imported: Int
  /// Invalid lines left out (with `skipInvalid`).
  public let skipped: Int
  /// Rows left out because their zip appeared before.
  public let duplicates: Int
  /// Seconds the import took.
  public let seconds: Double
  /// Rows of the database the import replaced (those of the countries it holds, or every row
  /// with `replaceAll`).
  public let replaced: Int

  /// Whether the import replaced far more rows than it brought (more than twice as many): worth
  /// saying, since a wrong or truncated file empties most of a database as readily as a right
  /// one fills it.
  public var replacedFarMore: Bool { replaced > 2 * imported }
}
