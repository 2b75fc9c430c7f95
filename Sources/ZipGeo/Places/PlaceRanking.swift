/// The places of one stage of a search by name (`PlaceNameSearch`), best first: a place is one
/// name in one country and state, and the more codes it has, the more it matters (Paris, FR has
/// 21; Paris, ON one); of places with as many, the one whose best code is the most accurate, then
/// by folded name, country and state.
///
/// Places are read lazily. The stage's entries of the index are sorted by how many codes they
/// hold, which bounds the codes of every place in them; an entry's rows are read only when the best
/// place read so far could be beaten by it, so a search that wants ten places of a common name
/// reads the rows of few more.
struct PlaceRanking {
  /// The entries of the index of one name in one country (several when the data spells it in
  /// several ways): each entry's fields are its folded name, country, place as stored, then codes.
  struct Unit {
    let entries: [[String]]
    /// How many codes the entries hold: at least the codes of each place in them.
    let codes: Int
  }

  /// A place, with its rows.
  struct Place: Comparable {
    let key: String
    let country: String
    /// The state's code, folded (`RegionNames.code(of:in:)`), or empty.
    let state: String
    var rows: [ZipCode]
    var bestAccuracy: Int

    static func < (a: Place, b: Place) -> Bool {
      if a.rows.count != b.rows.count { return a.rows.count > b.rows.count }
      if a.bestAccuracy != b.bestAccuracy { return a.bestAccuracy > b.bestAccuracy }
      return (a.key, a.country, a.state) < (b.key, b.country, b.state)
    }

    static func == (a: Place, b: Place) -> Bool { (a.key, a.country, a.state) == (b.key, b.country, b.state) }
  }

  private var units: [Unit]
  private var nextUnit = 0
  /// The units not yet read end before this one: `nextUnordered` reads them from the last.
  private var endUnit: Int
  private var places = MinHeap<Place>()
  /// The places `nextUnordered` read and has not given yet.
  private var unordered: [Place] = []

  /// A ranking of `entries` (the index's, in any order; of one key and country, one place each).
  init(entries: [[String]]) {
    // The index gives a key's entries together, country by country: a unit is a run of them.
    // Entries in another order (of several spellings) are put in the index's order first.
    func precedes(_ a: [String], _ b: [String]) -> Bool { (a[0], a[1]) < (b[0], b[1]) }
    var entries = entries.filter { $0.count >= 3 }
    if zip(entries, entries.dropFirst()).contains(where: { precedes($1, $0) }) {
      entries = entries.indices.sorted { (entries[$0][0], entries[$0][1], $0) < (entries[$1][0], entries[$1][1], $1) }
        .map { entries[$0] }
    }
    var grouped: [[[String]]] = []
    for entry in entries {
      if let last = grouped.last?.last, last[0] == entry[0], last[1] == entry[1] {
        grouped[grouped.count - 1].append(entry)
      } else {
        grouped.append([entry])
      }
    }
    let found = grouped.map { group in Unit(entries: group, codes: group.reduce(0) { $0 + $1.count - 3 }) }
    // Most codes first; of as many, in the index's order (by key, then country), so that the
    // answer never depends on the order the entries were found in: the units are in that order.
    units = found.indices.sorted { (found[$0].codes, $1) > (found[$1].codes, $0) }.map { found[$0] }
    endUnit = units.count
  }

  static var empty: PlaceRanking { PlaceRanking(entries: []) }

  /// The next best place, its rows read by `rows` (each row of an entry, passing the search's
  /// filters, with its state's code folded), or `nil` after the last.
  mutating func next(rows: (_ entry: [String]) throws -> [(zip: ZipCode, state: String)]) rethrows -> Place? {
    while true {
      // Every place of the units not read has at most `bound` codes: a place with more is the best.
      let bound = nextUnit < endUnit ? units[nextUnit].codes : 0
      if let best = places.min, best.rows.count > bound { return places.popMin() }
      guard nextUnit < endUnit else { return nil }
      for place in try Self.places(of: units[nextUnit], rows: rows) { places.insert(place) }
      nextUnit += 1
    }
  }

  /// The next place in no order, for a count: those already read, then those of the units not
  /// read, fewest codes first, so that counting a thousand places of `a` reads a thousand rows,
  /// not the 50,000 of the places with the most codes. `next` is not called after it.
  mutating func nextUnordered(rows: (_ entry: [String]) throws -> [(zip: ZipCode, state: String)]) rethrows
    -> Place?
  {
    while true {
      if let place = places.popMin() ?? unordered.popLast() { return place }
      guard nextUnit < endUnit else { return nil }
      endUnit -= 1
      unordered = try Self.places(of: units[endUnit], rows: rows)
    }
  }

  /// The places of `unit`, one per state, from its rows.
  private static func places(
    of unit: Unit, rows: (_ entry: [String]) throws -> [(zip: ZipCode, state: String)]
  ) rethrows -> [Place] {
    var found: [String: Place] = [:]
    var order: [String] = []
    for entry in unit.entries {
      for (zip, state) in try rows(entry) {
        if found[state] == nil {
          order.append(state)
          found[state] = Place(key: entry[0], country: entry[1], state: state, rows: [], bestAccuracy: -1)
        }
        found[state]!.rows.append(zip)
        found[state]!.bestAccuracy = max(found[state]!.bestAccuracy, zip.accuracy ?? -1)
      }
    }
    return order.map { found[$0]! }
  }
}
