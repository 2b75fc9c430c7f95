import SQLiteKit

/// The states each country's rows name, as stored, which a search by name with a state reads to
/// know, before it reads a row, which countries have that state: `search s --state TX` then reads
/// the places of the US alone, and `--state QQ` is refused at once.
///
/// Every import keeps each country's list in `zipgeo_settings` (`states.US`, the states joined by
/// line ends; empty for a country whose rows name none). A country the database holds without a
/// list (kept from an import of an older zipgeo, or whose states hold a line end) has states
/// unknown: a search reads its rows, as it did before.
struct CountryStates {
  /// The states of each country that has a list.
  let byCountry: [String: [String]]

  static let prefix = "states."

  /// The countries of `db` whose states include `state` (by its code or name, compared as
  /// `RegionNames` folds them), with those whose states are unknown; `nil` when the rows have
  /// changed since the last import (the lists may be out of date) or no list was kept.
  static func countries(having state: String, regions: RegionNames, on db: Database) throws -> Set<String>? {
    guard try PlaceNameIndex.isCurrent(on: db) else { return nil }
    let lists = try load(from: db)
    guard !lists.byCountry.isEmpty else { return nil }
    var found: Set<String> = []
    for held in try StoredCodes.countries(on: db).map(\.country) {
      guard let states = lists.byCountry[held] else {
        found.insert(held)
        continue
      }
      let wanted = regions.code(of: state, in: held)
      if states.contains(where: { regions.code(of: $0, in: held) == wanted }) { found.insert(held) }
    }
    return found
  }

  /// Reads the lists of `db` (none from a database without `zipgeo_settings`, or one of the
  /// user's own shape).
  static func load(from db: Database) throws -> CountryStates {
    guard try Schema.hasSettingsTable(db),
      let statement = try? db.cachedStatement("SELECT name, value FROM zipgeo_settings WHERE name GLOB 'states.??'")
    else { return CountryStates(byCountry: [:]) }
    defer { statement.reset() }
    var found: [String: [String]] = [:]
    while (try? statement.step()) == true {
      guard let name = statement.text(at: 0), let country = CountryCode(String(name.dropFirst(prefix.count))),
        let value = statement.text(at: 1)
      else { continue }
      found[country.text] = value.split(separator: "\n").map(String.init)
    }
    return CountryStates(byCountry: found)
  }

  /// Gathers the states of an import's rows, country by country.
  struct Counter {
    private(set) var states: [String: Set<String>] = [:]
    /// The last row's country and state: rows of a place come together.
    private var last: (country: String, state: String?) = ("", nil)

    mutating func count(country: String, state: String?) {
      guard country != last.country || state != last.state else { return }
      last = (country, state)
      if let state {
        states[country, default: []].insert(state)
      } else if states[country] == nil {
        states[country] = []
      }
    }
  }

  /// Replaces the lists of the countries `imported` with those `counted`, and makes those of the
  /// countries kept that have none (from a scan of their rows), inside the import's transaction.
  /// A `zipgeo_settings` of other columns (the user's own table) is left alone.
  static func record(_ counted: [String: Set<String>], imported: [String], in db: Database) throws {
    try db.execute(Schema.createSettingsTable)
    guard let remove = try? db.prepare("DELETE FROM zipgeo_settings WHERE name = ?"),
      let save = try? db.prepare("INSERT INTO zipgeo_settings (name, value) VALUES (?, ?)")
    else { return }
    func write(_ country: String, _ states: Set<String>?) throws {
      try remove.bind(values: [.text(prefix + country)])
      try remove.step()
      remove.reset()
      // A state with a line end cannot be listed: its country's states stay unknown.
      guard let states, !states.contains(where: { $0.utf8.contains(10) }) else { return }
      try save.bind(values: [.text(prefix + country), .text(states.sorted().joined(separator: "\n"))])
      try save.step()
      save.reset()
    }
    for country in imported { try write(country, counted[country] ?? []) }
    // An import that replaced every row leaves no list of a country it dropped.
    try db.execute(
      "DELETE FROM zipgeo_settings WHERE name GLOB 'states.*' AND substr(name, 8) NOT IN (SELECT country FROM countries)"
    )
    let listed = Set(try load(from: db).byCountry.keys).union(imported)
    let unlisted = try StoredCodes.countries(on: db).map(\.country).filter { !listed.contains($0) }
    guard !unlisted.isEmpty else { return }
    // One scan of the rows kept, once: the next import finds their lists.
    var kept: [String: Set<String>] = Dictionary(uniqueKeysWithValues: unlisted.map { ($0, []) })
    let scan = try db.prepare(
      "SELECT DISTINCT country, state FROM zips WHERE country IN (\(unlisted.map { _ in "?" }.joined(separator: ", ")))"
    )
    try scan.bind(values: unlisted.map { .text($0) })
    while try scan.step() {
      if let country = scan.text(at: 0), let state = scan.text(at: 1) { kept[country]?.insert(state) }
    }
    for country in unlisted { try write(country, kept[country]) }
  }
}
