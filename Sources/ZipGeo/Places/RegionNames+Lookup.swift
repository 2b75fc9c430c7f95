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
  struct Lookup {
    private var known: [String: String?] = [:]
    private var hasTable: Bool?
    static let capacity = 4_096

    /// The name of `zip`'s state, as `RegionNames.name(of:)` gives it.
    mutating func name(of zip: ZipCode, on db: Database) -> String? {
      guard let state = zip.state else { return nil }
      return name(ofState: state, in: zip.country, on: db)
    }

    /// The name of `state` in `country`, or `nil` when neither the database nor ISO names it.
    mutating func name(ofState state: String, in country: String, on db: Database) -> String? {
      let key = RegionNames.key(country, state)
      if let name = known[key] { return name }
      if hasTable == nil { hasTable = (try? Schema.hasRegionsTable(db)) ?? false }
      var name: String?
      if hasTable == true,
        let statement = try? db.cachedStatement("SELECT name FROM regions WHERE country = ? AND state = ?")
      {
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
