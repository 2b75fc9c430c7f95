import CSV
import SQLiteKit

/// A point an import has reached, reported as it passes it: for progress displays, and for tests
/// that stop or kill an import at a chosen point (`zipgeo`'s `ZIPGEO_TEST_HOOK`).
public enum ImportPhase: Equatable, Sendable, CustomStringConvertible {
  /// The database (or, for a new database, the file it is built in) is open; nothing is read.
  case opened
  /// The file's header has been read and its columns found.
  case headerRead
  /// Another batch of rows is inserted, `rows` in all so far.
  case inserted(rows: Int)
  /// Every row is inserted.
  case rowsInserted
  /// The unique zip index is built (and any duplicates removed).
  case zipIndexBuilt
  /// The index of place names is built.
  case placeIndexBuilt
  /// The search index and triggers are built; the transaction is about to commit.
  case committing
  /// The transaction is committed: readers now see the new data.
  case committed
  /// The new data has been copied from the `-wal` file into the database file.
  case checkpointed
  /// A new database is committed and on disk under a temporary name.
  case synced
  /// A new database is in place under its name.
  case linked
  /// The import is done.
  case finished

  /// `opened`, `inserted:2048`, `committed`, ...
  public var description: String {
    switch self {
    case .opened: "opened"
    case .headerRead: "header-read"
    case .inserted(let rows): "inserted:\(rows)"
    case .rowsInserted: "rows-inserted"
    case .zipIndexBuilt: "zip-index-built"
    case .placeIndexBuilt: "place-index-built"
    case .committing: "committing"
    case .committed: "committed"
    case .checkpointed: "checkpointed"
    case .synced: "synced"
    case .linked: "linked"
    case .finished: "finished"
    }
  }
}
