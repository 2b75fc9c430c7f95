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
  private var places = MinHeap<Place>()

  /// A ranking of `entries` (the index's, in any order; of one key and country, one place each).
  init(entries: [[String]]) {
    var grouped: [String: [[String]]] = [:]
    var order: [String] = []
    for entry in entries where entry.count >= 3 {
      let key = entry[0] + "\u{0}" + entry[1]
      if grouped[key] == nil { order.append(key) }
      grouped[key, default: []].append(entry)
    }
    units = order.map { key in
      let group = grouped[key]!
      return Unit(entries: group, codes: group.reduce(0) { $0 + $1.count - 3 })
    }
    // Most codes first; of as many, in the index's order, so that the answer never depends on
    // the order the entries were found in.
    units.sort { ($0.codes, $1.entries[0][0], $1.entries[0][1]) > ($1.codes, $0.entries[0][0], $0.entries[0][1]) }
  }

  static var empty: PlaceRanking { PlaceRanking(entries: []) }

  /// The next best place, its rows read by `rows` (each row of an entry, passing the search's
  /// filters, with its state's code folded), or `nil` after the last.
  mutating func next(rows: (_ entry: [String]) throws -> [(zip: ZipCode, state: String)]) rethrows -> Place? {
    while true {
      // Every place of the units not read has at most `bound` codes: a place with more is the best.
      let bound = nextUnit < units.count ? units[nextUnit].codes : 0
      if let best = places.min, best.rows.count > bound { return places.popMin() }
      guard nextUnit < units.count else { return nil }
      var found: [String: Place] = [:]
      var order: [String] = []
      for entry in units[nextUnit].entries {
        for (zip, state) in try rows(entry) {
          if found[state] == nil {
            order.append(state)
            found[state] = Place(key: entry[0], country: entry[1], state: state, rows: [], bestAccuracy: -1)
          }
          found[state]!.rows.append(zip)
          found[state]!.bestAccuracy = max(found[state]!.bestAccuracy, zip.accuracy ?? -1)
        }
      }
      nextUnit += 1
      for state in order { places.insert(found[state]!) }
    }
  }
}
