import ISO3166
import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The names of states and regions by their codes, from the `regions` table every import fills:
/// for each country and state code of `zips` that its file named (GeoNames' admin_code1 beside
/// admin_name1, a CSV's `state_abbr` beside `state`), the name its rows give most often.
///
/// `zips.state` keeps the code (`TX`; `40` for Tokyo); the table keeps its name apart, for a join
/// (`JOIN regions USING (country, state)`) and for the command line's tables, which show the
/// name where the code is only a number:
///
/// ```swift
/// let regions = try db.regionNames()
/// regions.shown(tokyo)   // "Tokyo To", where tokyo.state is "40"
/// ```
public struct RegionNames: Sendable {
  /// The names, read from the database as they are first needed.
  private let source: Source

  /// The state as a table shows it: its name when its code is only digits and the database
  /// names it, else the state as stored.
  public func shown(_ zip: ZipCode) -> String? {
    guard let state = zip.state, Self.isNumber(state) else { return zip.state }
    return source.name(of: state, in: zip.country) ?? state
  }

  /// The name of a row's state: the one the database's rows give it, else its ISO 3166-2 name
  /// (`SubdivisionName`: `Texas` for `TX`, where the rows named none), else `nil`.
  public func name(of zip: ZipCode) -> String? {
    guard let state = zip.state else { return nil }
    return name(ofState: state, in: zip.country)
  }

  func name(ofState state: String, in country: String) -> String? {
    source.name(of: state, in: country) ?? SubdivisionName.of(state, in: country)
  }

  /// The code of a state written as its code or its name (`BY`, `Bayern`, `bayern`; `Texas`,
  /// which ISO 3166-2 names where the rows do not) in `country`, folded; the state itself,
  /// folded, when neither the database nor ISO names such a state.
  public func code(of state: String, in country: String) -> PlaceNameKey {
    if source.name(of: state, in: country) != nil { return PlaceNameKey(state) }
    let folded = PlaceNameKey(state)
    if let code = source.code(ofFolded: Self.key(country, folded.text))
      ?? Self.englishCodes[Self.key(country, folded.text)]
      ?? SubdivisionName.code(of: folded, in: country)
    {
      return PlaceNameKey(code)
    }
    return folded
  }

  /// The English names of German states that GeoNames' German rows give without a code, and the
  /// codes (ISO 3166-2:DE) that other rows give the German names beside: `Bayern` is `BY`.
  static let englishNames = [
    "DE:Bavaria": "BY", "DE:Land Berlin": "BE", "DE:Lower Saxony": "NI", "DE:Saxony": "SN",
    "DE:Saxony-Anhalt": "ST", "DE:Thuringia": "TH", "DE:Mecklenburg-Western Pomerania": "MV",
  ]

  /// `englishNames` by folded name (`DE:bavaria`).
  private static let englishCodes = Dictionary(
    uniqueKeysWithValues: englishNames.map {
      (key($0.key.prefix(2) + "", PlaceNameKey($0.key.dropFirst(3)).text), $0.value)
    })

  /// A state's code or name with its country, as the tables here are keyed: `DE:BY`, `JP:40`
  /// (the staged import writes the same in SQL: `country || ':' || state`).
  static func key(_ country: String, _ state: String) -> String { country + ":" + state }

  static func isNumber(_ code: String) -> Bool { !code.isEmpty && code.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }

  /// The regions of `db` (none when it has no `regions` table, as a database an older zipgeo
  /// made, or a `regions` table of the user's own without these columns), read as they are first
  /// needed: a command that shows a few states reads those, not every region's name.
  static func load(from db: Database) throws -> RegionNames {
    RegionNames(source: Source(db: try Schema.hasRegionsTable(db) ? db : nil))
  }

  /// Where the names come from: the `regions` table, a name at a time as rows need it, and every
  /// name, folded, the first time a state is looked up by its name. A class, shared by the copies
  /// of one `RegionNames`, that any thread may ask.
  final class Source: @unchecked Sendable {
    private let db: Database?
    private var names: [String: String?] = [:]
    private var codes: [String: String]?
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init(db: Database?) {
      self.db = db
      pthread_mutex_init(mutex, nil)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    }

    /// The database's name of `state` in `country`, or `nil`.
    func name(of state: String, in country: String) -> String? {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      let key = RegionNames.key(country, state)
      if let known = names[key] { return known }
      var found: String?
      if let db, let statement = try? db.cachedStatement("SELECT name FROM regions WHERE country = ? AND state = ?") {
        defer { statement.reset() }
        // A statement kept from before another connection put a table of another shape in the
        // place of zipgeo's fails at its step: no name.
        if (try? statement.bind(.text(country), at: 1)) != nil, (try? statement.bind(.text(state), at: 2)) != nil,
          (try? statement.step()) == true
        {
          found = statement.text(at: 0)
        }
      }
      names[key] = .some(found)
      return found
    }

    /// The code of the state whose folded name, with its country, is `key` (`DE:bayern`).
    func code(ofFolded key: String) -> String? {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      if codes == nil {
        var folded: [String: String] = [:]
        if let db, let statement = try? db.cachedStatement("SELECT country, state, name FROM regions") {
          defer { statement.reset() }
          while (try? statement.step()) == true {
            guard let country = statement.text(at: 0), let state = statement.text(at: 1),
              let name = statement.text(at: 2)
            else { continue }
            folded[RegionNames.key(country, PlaceNameKey(name).text)] = state
          }
        }
        codes = folded
      }
      return codes?[key]
    }
  }

  /// Counts the names an import's rows give their state codes, row by row.
  struct Counter {
    /// Rows by country, code and name.
    private var counts: [Triple: Int] = [:]
    /// The last row's, not yet counted: rows of one state mostly come together.
    private var last: Triple?
    private var lastRows = 0
    /// The codes rows gave without a name (`US:TX`), and the last.
    private var unnamed: Set<String> = []
    private var lastUnnamed = (country: "", code: "")

    struct Triple: Hashable {
      let country: String
      let code: String
      let name: String
    }

    mutating func count(country: String, code: String, name: String) {
      if let last, last.code == code, last.name == name, last.country == country {
        lastRows += 1
        return
      }
      flush()
      last = Triple(country: country, code: code, name: name)
      lastRows = 1
    }

    /// Notes a row that gives its state's code without a name (a CSV of `state` codes alone).
    mutating func countUnnamed(country: String, code: String) {
      guard lastUnnamed.code != code || lastUnnamed.country != country else { return }
      lastUnnamed = (country, code)
      unnamed.insert(RegionNames.key(country, code))
    }

    mutating func flush() {
      guard let last else { return }
      counts[last, default: 0] += lastRows
      self.last = nil
    }

    /// For each country and name of a state, the code it is given most often (of codes as often,
    /// the first in byte order), by `country:name`, for the rows that give the name alone: the
    /// German data writes `Bayern` beside `BY` in most rows and alone in some. A name that is
    /// also a code of its country is left as it is, and so are the English names the German
    /// data writes alone (`Bavaria`), which no row gives a code beside; those of `englishNames`
    /// are known.
    func codesByName() -> [String: String] {
      var codes: Set<String> = []
      var best: [String: (code: String, rows: Int)] = [:]
      for (triple, rows) in counts {
        codes.insert(RegionNames.key(triple.country, triple.code))
        let key = RegionNames.key(triple.country, triple.name)
        if let known = best[key], known.rows > rows || (known.rows == rows && known.code < triple.code) { continue }
        best[key] = (triple.code, rows)
      }
      var found: [String: String] = [:]
      for (key, value) in best where !codes.contains(key) { found[key] = value.code }
      for (key, code) in RegionNames.englishNames where found[key] == nil && codes.contains(key.prefix(3) + code) {
        found[key] = code
      }
      return found
    }

    /// For each country and code, the name given most often (of names as often, the first in
    /// byte order); for a code no row named, its ISO 3166-2 name (`SubdivisionName`), if any.
    func names() -> [(country: String, code: String, name: String)] {
      var best: [Triple: (name: String, rows: Int)] = [:]
      for (triple, rows) in counts {
        let key = Triple(country: triple.country, code: triple.code, name: "")
        if let known = best[key], known.rows > rows || (known.rows == rows && known.name < triple.name) { continue }
        best[key] = (triple.name, rows)
      }
      var found = best.map { ($0.key.country, $0.key.code, $0.value.name) }
      let named = Set(found.map { RegionNames.key($0.0, $0.1) })
      for key in unnamed.subtracting(named).sorted() {
        let (country, code) = (String(key.prefix(2)), String(key.dropFirst(3)))
        if let name = SubdivisionName.of(code, in: country) { found.append((country, code, name)) }
      }
      return found
    }
  }
}

extension Schema {
  /// One row per state code of a country: the name its imported rows give it most often.
  static let createRegionsTable = """
    CREATE TABLE regions (
      country TEXT NOT NULL, state TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (country, state)
    ) WITHOUT ROWID;
    """

  static func hasRegionsTable(_ db: Database) throws -> Bool {
    // Cached: a lookup of each code of a table asks it.
    let exists = try db.cachedStatement("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'regions'")
    defer { exists.reset() }
    return try exists.step()
  }

  /// The columns of a `regions` table that is not zipgeo's (the user's own, of other columns
  /// than `country`, `state` and `name`), which an import leaves as it is; `nil` for zipgeo's, or
  /// none.
  static func foreignRegionsColumns(_ db: Database) throws -> [String]? {
    let columns = try db.rows("SELECT name FROM pragma_table_info('regions')").compactMap { $0[0].string }
    guard !columns.isEmpty, Set(columns.map { $0.lowercased() }) != ["country", "state", "name"] else { return nil }
    return columns
  }

  /// Makes the `regions` table in a database without it (any an older zipgeo made).
  static func addRegionsTable(_ db: Database) throws {
    guard try !hasRegionsTable(db) else { return }
    try db.execute(createRegionsTable)
  }
}
