import SQLiteKit

/// The places of every code of a connection's `zips` table, held in memory once the connection
/// has looked up many codes while its tables stayed as they were: a lookup then asks a
/// dictionary, where each form of a code tried cost SQLite a statement (two seeks and a halt).
/// A join of a table of codes with `zipgeo_lookup`, or a list from Python, tries hundreds of
/// thousands of forms.
///
/// Kept on the connection (`ConnectionFacts`) for one `DataStamp`: any change to any of its
/// tables, by it or another connection, and any failed statement, lets it go. Only tables of at
/// most `largestTable` rows are held (a file of one country; the world's codes would hold
/// hundreds of megabytes in a host's process), and only codes of ASCII text, whose equality in
/// Swift is SQLite's `BINARY` one; a table with a damaged row is not held, so that the lookup of
/// that row still fails naming it. Everything else is read from the table as before.
final class CodeIndex: ConnectionFacts {
  typealias Places = [(place: ZipCode, rowid: Int64)]

  private var stamp: DataStamp?
  /// Lookups read from the table since the stamp changed.
  private var lookups = 0
  private var held: [String: Places]?
  /// Whether the table of this stamp cannot be held (too large, damaged, unreadable).
  private var unfit = false

  /// How many lookups of one stamp are read from the table before it is held: what reading the
  /// whole table costs, about, so that a few lookups never pay for it.
  static let lookupsBeforeHolding = 2_048
  /// The most rows held.
  static let largestTable = 250_000

  init() {}

  func forget() { (stamp, lookups, held, unfit) = (nil, 0, nil, false) }

  /// The places of `code` (of `country`, when given) in the order of the file, when the
  /// connection holds its table's codes, or `nil`: then the caller reads the table.
  static func places(of code: String, country: String?, on db: Database) -> Places? {
    guard code.utf8.allSatisfy({ $0 < 0x80 }), let now = db.dataStamp else { return nil }
    let index = db.facts(CodeIndex.self)
    if index.stamp != now {
      index.forget()
      index.stamp = now
    }
    if index.held == nil {
      guard !index.unfit else { return nil }
      index.lookups += 1
      guard index.lookups >= lookupsBeforeHolding else { return nil }
      guard let read = try? read(db), db.dataStamp == now else {
        index.unfit = true
        return nil
      }
      index.held = read
    }
    guard let places = index.held?[code] else { return [] }
    return country.map { country in places.filter { $0.place.country == country } } ?? places
  }

  /// Every place of the table by code, each code's in the order of the file; `nil` for a table
  /// too large to hold or with a damaged row.
  private static func read(_ db: Database) throws -> [String: Places]? {
    let counted = try Schema.cachedStatement(db, countSQL)
    let rows = try counted.step() ? counted.int64(at: 0) : 0
    counted.reset()
    guard rows <= largestTable else { return nil }
    // A statement of its own, stepped to the end: a lookup's statements stay free.
    let statement = try db.prepare(readSQL)
    var held: [String: Places] = [:]
    held.reserveCapacity(Int(rows))
    while try statement.step() {
      let (place, rowid) = try StoredCodes.storedPlace(statement, shownAs: statement.text(at: 0) ?? "")
      guard place.zip.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
      held[place.zip, default: []].append((place, rowid))
    }
    for (code, places) in held where places.count > 1 {
      held[code] = places.sorted { $0.rowid < $1.rowid }
    }
    return held
  }

  private static let countSQL = CachedSQL("SELECT count(*) FROM zips")
  private static let readSQL = "SELECT \(Schema.placeColumns), id FROM zips"
}
