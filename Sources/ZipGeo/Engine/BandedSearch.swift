import SQLiteKit

/// A search that gives its answer a band of rows at a time, nearest first (`NearestFirstSearch`,
/// `CenteredSearch`).
public protocol BandedSearch {
  /// The next rows, or `nil` after the last; never an empty band.
  mutating func nextBand(on database: Database) throws -> [NearbyZip]?
}

extension BandedSearch {
  /// Every band, one after the other: the whole answer, for callers that need it at once, read
  /// in one transaction (unless one is open), so that it is one version of the data.
  public mutating func allRows(on database: Database) throws -> [NearbyZip] {
    var hits: [NearbyZip] = []
    func readAll() throws {
      while let band = try nextBand(on: database) { hits += band }
    }
    if database.isAutocommit { try database.inTransaction(.deferred, readAll) } else { try readAll() }
    return hits
  }
}
