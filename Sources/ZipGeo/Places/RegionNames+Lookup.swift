import ISO3166
import SQLiteKit

extension RegionNames {
  /// The names of states, read from the `regions` table one code at a time as rows need them:
  /// the same names as `RegionNames.name(of:)` (the database's, else ISO 3166-2's), for a search
  /// that meets a few states and should not read the whole table to name them (a join runs one
  /// search a row).
  ///
  /// A `regions` table of another shape (a user's own) names nothing, and ISO names stand.
  /// It remembers at most `capacity` codes, so that a database with another state in every row
  /// costs no more memory than one with a few.
  ///
  /// One is kept on a connection between its statements (`current(on:)`) while its databases hold
  /// what they held when it was made (`Database.dataStamp`), so that a one-row search names its
  /// state without a query. Any change to any table of the connection committed since, by it or
  /// another, makes a new one; inside a transaction (whose own changes the stamp does not see)
  /// every statement makes its own. A class, whose every access is short: a lookup's query may
  /// fail and have the connection forget its facts (`ConnectionFacts`) in the middle of it.
  final class Lookup: ConnectionFacts {
    private var known: [String: String?] = [:]
    private var hasTable: Bool?
    /// The connection's stamp when this was made, for the one kept on it.
    private var stamp: DataStamp?
    static let capacity = 4_096

    init() {}

    func forget() { (known, hasTable, stamp) = ([:], nil, nil) }

    /// The lookup for a statement on `db` to name its rows' states with: the one kept on the
    /// connection, made anew when its databases changed since, or one of the statement's own.
    static func current(on db: Database) -> Lookup {
      guard let stamp = db.dataStamp else { return Lookup() }
      let kept = db.facts(Lookup.self)
      if kept.stamp != stamp {
        kept.forget()
        kept.stamp = stamp
      }
      return kept
    }

    /// The name of `zip`'s state, as `RegionNames.name(of:)` gives it.
    func name(of zip: ZipCode, on db: Database) -> String? {
      guard let state = zip.state else { return nil }
      return name(ofState: state, in: zip.country, on: db)
    }

    /// The name of `state` in `country`, or `nil` when neither the database nor ISO names it.
    func name(ofState state: String, in country: String, on db: Database) -> String? {
      let key = RegionNames.key(country, state)
      if let name = known[key] { return name }
      let hasTable = self.hasTable ?? ((try? Schema.hasRegionsTable(db)) ?? false)
      self.hasTable = hasTable
      var name: String?
      if hasTable, let statement = try? db.cachedStatement("SELECT name FROM regions WHERE country = ? AND state = ?") {
        defer { statement.reset() }
        if (try? statement.bind(.text(country), at: 1)) != nil, (try? statement.bind(.text(state), at: 2)) != nil,
          (try? statement.step()) == true
        {
          name = statement.text(at: 0)
        }
      }
      name = name ?? SubdivisionName.of(state, in: country)
      if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
      known[key] = name
      return name
    }
  }
}
