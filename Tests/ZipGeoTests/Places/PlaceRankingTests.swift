import Geodesy
import TestSupport
import Testing

@testable import ZipGeo

/// Places found by name come by importance: the more codes, the sooner.
@Suite struct PlaceRankingTests {
  /// An entry of the index: folded name, country, place, codes.
  static func entry(_ key: String, _ country: String, _ codes: [String]) -> [String] {
    [key, country, key.capitalized] + codes
  }

  static func zip(_ code: String, _ country: String, state: String?, accuracy: Int? = 4) -> ZipCode {
    ZipCode(
      zip: code, place: nil, state: state, county: nil, coordinate: Coordinate(uncheckedLatitude: 0, longitude: 0),
      country: country, accuracy: accuracy)
  }

  @Test func placesWithMoreCodesComeFirstAndAnEntryIsReadOnlyWhenItCouldWin() throws {
    // Springfield, US spans states: IL (3 codes) and MA (1) are two places; Paris, FR has 2.
    let entries = [
      Self.entry("paris", "CA", ["P1"]), Self.entry("springfield", "US", ["I1", "I2", "I3", "M1"]),
      Self.entry("paris", "FR", ["F1", "F2"]),
    ]
    var ranking = PlaceRanking(entries: entries)
    var read: [String] = []
    func rows(_ entry: [String]) -> [(zip: ZipCode, state: String)] {
      read.append(entry[1])
      return entry.dropFirst(3).map { code in
        let state = entry[1] == "US" ? (code.hasPrefix("I") ? "il" : "ma") : ""
        return (Self.zip(code, entry[1], state: state), state)
      }
    }
    let next = ranking.next(rows: rows)
    let first = try #require(next)
    #expect(first.rows.map(\.zip) == ["I1", "I2", "I3"] && first.state == "il")
    // Springfield's 4 codes bound every place in it: no other entry could beat 3, none was read.
    #expect(read == ["US"])
    #expect(ranking.next(rows: rows)?.rows.map(\.zip) == ["F1", "F2"])
    // Of places with one code, by name, country and state.
    #expect(ranking.next(rows: rows)?.country == "CA")
    #expect(ranking.next(rows: rows)?.state == "ma")
    #expect(ranking.next(rows: rows) == nil)
    #expect(read == ["US", "FR", "CA"])
  }

  @Test func ofPlacesWithAsManyCodesTheMostAccurateComesFirst() {
    var ranking = PlaceRanking(entries: [Self.entry("a", "DE", ["1"]), Self.entry("b", "DE", ["2"])])
    let accuracies = ["a": 1, "b": 6]
    var order: [String] = []
    while let place = ranking.next(rows: { entry in
      [(Self.zip(entry[3], entry[1], state: nil, accuracy: accuracies[entry[0]]), "")]
    }) {
      order.append(place.key)
    }
    #expect(order == ["b", "a"])
  }

  @Test func entriesOfOneNameAndCountryAreOnePlaceWhateverTheirSpelling() {
    // `Saint-Louis` and `Saint Louis` fold alike: one place of two codes.
    var ranking = PlaceRanking(entries: [
      ["saint louis", "US", "Saint-Louis", "1"], ["saint louis", "US", "Saint Louis", "2"],
      ["saint louis", "CA", "St. Louis", "3"],
    ])
    let first = ranking.next { entry in entry.dropFirst(3).map { (Self.zip($0, entry[1], state: "mo"), "mo") } }
    #expect(first?.rows.map(\.zip) == ["1", "2"])
  }

  /// The first place of well-known names on the world database.
  @Test func wellKnownNamesStartWithThePlaceMostPeopleMean() throws {
    let db = try ZipDatabase(readingAt: try WorldDatabase.path())
    let expected: [(name: String, country: String, state: String, place: String)] = [
      ("Paris", "FR", "11", "Paris"), ("New York", "US", "NY", "New York"), ("London", "GB", "ENG", "London"),
      ("Berlin", "DE", "BE", "Berlin"), ("Springfield", "US", "IL", "Springfield"),
      ("St. Louis", "US", "MO", "Saint Louis"), ("St Etienne", "FR", "84", "Saint-Étienne"),
      ("Sydney", "AU", "NSW", "Sydney"), ("Toronto", "CA", "ON", "Toronto"),
      ("Frankfurt", "DE", "HE", "Frankfurt am Main"), ("Madrid", "ES", "MD", "Madrid"), ("Roma", "IT", "07", "Roma"),
      ("zurich", "CH", "ZH", "Zürich"), ("Lisboa", "PT", "14", "Lisboa"), ("Warszawa", "PL", "78", "Warszawa"),
      ("San Francisco", "US", "CA", "San Francisco"), ("Mt Vernon", "US", "NY", "Mount Vernon"),
      ("Ft. Worth", "US", "TX", "Fort Worth"),
    ]
    for (name, country, state, place) in expected {
      let first = try #require(try db.places(named: name, limit: 1).first, "\(name)")
      #expect(
        (first.zipCode.country, first.zipCode.state, first.zipCode.place) == (country, state, place),
        "\(name): \(first.zipCode)")
    }
    // With its country, St. Louis is Missouri's first; with its state, Texas by its name.
    #expect(try db.places(named: "st louis", country: "US", limit: 1).first?.zipCode.state == "MO")
  }

  @Test func aStateIsFoundByItsNameInEveryCountryThatNamesIt() throws {
    let db = try ZipDatabase(readingAt: try WorldDatabase.path())
    let cases: [(name: String, state: String, country: String, code: String)] = [
      ("Plano", "Texas", "US", "TX"), ("Munchen", "Bavaria", "DE", "BY"), ("Munchen", "bayern", "DE", "BY"),
      ("Sydney", "New South Wales", "AU", "NSW"), ("Toronto", "ontario", "CA", "ON"),
      ("Paris", "Île-de-France", "FR", "11"), ("Paris", "ile de france", "FR", "11"),
      ("Chiyoda", "Tokyo To", "JP", "40"), ("Zurich", "Kanton Zürich", "CH", "ZH"),
    ]
    for (name, state, country, code) in cases {
      let found = try db.places(named: name, state: state, limit: 50)
      #expect(
        !found.isEmpty && found.allSatisfy { $0.zipCode.country == country && $0.zipCode.state == code },
        "\(name) \(state)")
    }
  }
}
