import SQLiteKit

/// The accuracy most rows of a country have (GeoNames' `accuracy`: 4 for most of the US, 6 for
/// Germany, 5 for France), which the command line's tables compare each row's with: a row less
/// accurate than its country's usual (`1`, estimated) shows its accuracy, the others none.
///
/// Every import counts its rows' accuracies and keeps each imported country's usual one in
/// `zipgeo_settings` (`usual_accuracy.FR`, `5`); a country whose rows have none (a CSV without an
/// `accuracy` column) has no row there.
///
/// ```swift
/// let usual = try db.usualAccuracies()
/// usual["DE"]   // 6
/// ```
public struct UsualAccuracy: Sendable {
  /// The usual accuracy of each country that has one.
  public let byCountry: [String: Int]

  /// Whether `zip`'s accuracy is below its country's usual one (`false` where either is unknown).
  public func isBelowUsual(_ zip: ZipCode) -> Bool {
    guard let accuracy = zip.accuracy, let usual = byCountry[zip.country] else { return false }
    return accuracy < usual
  }

  /// The accuracy a table shows for `zip`: its own where it is below its country's usual one,
  /// else `nil` (an empty cell).
  public func shown(_ zip: ZipCode) -> Int? { isBelowUsual(zip) ? zip.accuracy : nil }

  /// Whether any country has a usual accuracy: a database of data/zips.csv has none.
  public var isEmpty: Bool { byCountry.isEmpty }

  static let prefix = "usual_accuracy."

  /// Reads the usual accuracies of `db` (none from a database that has no `zipgeo_settings`).
  static func load(from db: Database) throws -> UsualAccuracy {
    guard try Schema.hasSettingsTable(db) else { return UsualAccuracy(byCountry: [:]) }
    var found: [String: Int] = [:]
    // A table of that name with other columns (the user's own) records nothing zipgeo reads.
    guard
      let statement = try? db.cachedStatement(
        "SELECT name, value FROM zipgeo_settings WHERE name GLOB 'usual_accuracy.??'")
    else { return UsualAccuracy(byCountry: [:]) }
    defer { statement.reset() }
    while (try? statement.step()) == true {
      // Only what an import writes: a country code and a small integer.
      guard let name = statement.text(at: 0), let country = CountryCode(String(name.dropFirst(prefix.count))),
        case .integer(let value) = statement.value(at: 1), (0...9).contains(value)
      else { continue }
      found[country.text] = Int(value)
    }
    return UsualAccuracy(byCountry: found)
  }

  /// Counts an import's rows' accuracies, country by country.
  struct Counter {
    /// Rows by country and accuracy (0...9; others are not counted).
    private var counts: [String: [Int]] = [:]
    /// The last row's country and its counts, not yet added: rows of a country come together.
    private var last = ""
    private var lastCounts = [Int](repeating: 0, count: 10)

    mutating func count(country: String, accuracy: Int?) {
      guard let accuracy, (0...9).contains(accuracy) else { return }
      if country != last {
        flush()
        last = country
      }
      lastCounts[accuracy] += 1
    }

    private mutating func flush() {
      guard lastCounts.contains(where: { $0 > 0 }) else { return }
      var total = counts[last] ?? [Int](repeating: 0, count: 10)
      for index in total.indices { total[index] += lastCounts[index] }
      counts[last] = total
      lastCounts = [Int](repeating: 0, count: 10)
    }

    /// Each country's most frequent accuracy (of two as frequent, the higher).
    mutating func usual() -> [String: Int] {
      flush()
      var found: [String: Int] = [:]
      for (country, rows) in counts {
        let best = rows.indices.max { (rows[$0], $0) < (rows[$1], $1) }
        if let best, rows[best] > 0 { found[country] = best }
      }
      return found
    }
  }

  /// Replaces the usual accuracies of the countries `imported` with `usual`, inside the import's
  /// transaction. A `zipgeo_settings` of other columns (the user's own table) is left alone: the
  /// import records nothing there, and its tables show no accuracy column.
  static func record(_ usual: [String: Int], imported: [String], in db: Database) throws {
    try db.execute(Schema.createSettingsTable)
    guard let remove = try? db.prepare("DELETE FROM zipgeo_settings WHERE name = ?"),
      let save = try? db.prepare("INSERT INTO zipgeo_settings (name, value) VALUES (?, ?)")
    else { return }
    for country in imported {
      try remove.bind(values: [.text(prefix + country)])
      try remove.step()
      remove.reset()
      guard let accuracy = usual[country] else { continue }
      try save.bind(values: [.text(prefix + country), .integer(Int64(accuracy))])
      try save.step()
      save.reset()
    }
    // An import that replaced every row leaves no usual accuracy of a country it dropped.
    try db.execute(
      "DELETE FROM zipgeo_settings WHERE name GLOB 'usual_accuracy.*' AND substr(name, 16) NOT IN (SELECT country FROM countries)"
    )
  }
}
