import Foundation
import SQLiteKit
import TestSupport
import Testing

@testable import ZipGeo

/// Codes found by their place's name, through the index every import builds.
@Suite struct ZipDatabasePlacesTests {
  let folder: TemporaryFolder
  let dbPath: String
  let db: ZipDatabase

  static func row(_ country: String, _ code: String, _ place: String, _ state: String, _ lat: String, _ lon: String)
    -> [String]
  {
    [country, code, place, state, state, "", "", "", "", lat, lon, "4"]
  }

  static let rows = [
    row("US", "75075", "Plano", "TX", "33.025", "-96.7397"),
    row("US", "75023", "Plano", "TX", "33.055", "-96.7365"),
    row("US", "60545", "Plano", "IL", "41.667", "-88.5384"),
    row("US", "75001", "Addison", "TX", "32.96", "-96.838"),
    row("DE", "80331", "München", "BY", "48.1345", "11.571"),
    row("DE", "80333", "MUNCHEN", "BY", "48.1452", "11.5668"),
    row("DE", "60306", "Frankfurt am Main", "HE", "50.1159", "8.6702"),
    row("DE", "15230", "Frankfurt (Oder)", "BB", "52.3471", "14.5506"),
    row("BR", "01000-000", "São Paulo", "SP", "-23.627", "-46.635"),
    row("BR", "13000-000", "Campinas", "SP", "-22.9", "-47.06"),
    row("FR", "67000", "Strasbourg", "A", "48.5839", "7.7455"),
    row("FR", "75001", "Paris 01", "A", "48.8592", "2.3417"),
    row("HR", "21220", "Plano", "15", "43.5442", "16.2797"),
    row("US", "63101", "Saint Louis", "MO", "38.6346", "-90.1913"),
    row("US", "63102", "Saint Louis", "MO", "38.6352", "-90.1864"),
    row("CA", "S0N", "St. Louis", "SK", "52.9167", "-105.8"),
    row("AT", "3100", "Sankt Pölten", "NÖ", "48.2", "15.6333"),
    row("US", "76101", "Fort Worth", "TX", "32.7254", "-97.3208"),
    row("US", "10550", "Mount Vernon", "NY", "40.9079", "-73.838"),
    row("DE", "70173", "Stuttgart", "BW", "48.7823", "9.177"),
  ]

  init() throws {
    folder = try TemporaryFolder()
    dbPath = folder.path("places.db")
    let path = try folder.write("places.txt", ImporterCountryTests.geoNames(Self.rows))
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    db = try ZipDatabase(readingAt: dbPath)
  }

  func codes(_ matches: [PlaceMatch]) -> [String] { matches.map { "\($0.zipCode.country):\($0.zipCode.zip)" } }

  @Test func exactNamesComeFirstInAnyCaseAndWithoutDiacritics() throws {
    for written in ["München", "munchen", "MÜNCHEN", "Mu\u{0308}nchen"] {
      let matches = try db.places(named: written)
      // By folded name, country, then name as stored (MUNCHEN before München, as bytes).
      #expect(codes(matches) == ["DE:80333", "DE:80331"], "\(written)")
      #expect(matches.allSatisfy { $0.kind == .exact && $0.edits == 0 })
    }
    #expect(codes(try db.places(named: "sao paulo")) == ["BR:01000-000"])
  }

  /// Plano, TX has two codes, Plano, IL and Plano, HR one each: of places as important, by
  /// country, then state.
  @Test func aNameInSeveralCountriesAndStatesListsThemAllPlacesWithMoreCodesFirst() throws {
    #expect(codes(try db.places(named: "Plano")) == ["US:75023", "US:75075", "HR:21220", "US:60545"])
    #expect(codes(try db.places(named: "Plano", country: "US")) == ["US:75023", "US:75075", "US:60545"])
    #expect(codes(try db.places(named: "plano", state: "tx")) == ["US:75023", "US:75075"])
    #expect(codes(try db.places(named: "Plano", limit: 1)) == ["US:75023"])
  }

  @Test func theCountOfPlacesIsOfEveryPlaceThatMatchesUpToTheLimitAsked() throws {
    let plano = try db.placeMatches(named: "Plano", limit: 1)
    #expect(codes(plano.rows) == ["US:75023"])
    #expect(plano.placeCount == 3 && plano.isCountComplete)
    let few = try db.placeMatches(named: "Plano", limit: 1, countingUpTo: 2)
    #expect(few.placeCount == 2 && !few.isCountComplete)
    // Without a limit, the rows are all there is.
    let all = try db.placeMatches(named: "Plano", countingUpTo: 0)
    #expect(all.rows.count == 4 && all.placeCount == 3 && all.isCountComplete)
    #expect(try db.placeMatches(named: "plano", state: "Texas").placeCount == 1)
    #expect(try db.placeMatches(named: "Nowhere").placeCount == 0)
  }

  @Test func aWordMatchesItsSynonymsWhereTheNameHasSeveralWords() throws {
    // Saint Louis, MO has two codes, St. Louis, SK one.
    for written in ["St. Louis", "st louis", "Saint-Louis", "SAINT LOUIS", "Sankt Louis", "San Louis"] {
      #expect(codes(try db.places(named: written)) == ["US:63101", "US:63102", "CA:S0N"], "\(written)")
      #expect(try db.places(named: written).allSatisfy { $0.kind == .exact })
    }
    #expect(codes(try db.places(named: "St. Pölten")) == ["AT:3100"])
    #expect(codes(try db.places(named: "Ft Worth")) == ["US:76101"])
    #expect(codes(try db.places(named: "Mt. Vernon")) == ["US:10550"])
    // A synonym for the last word is a whole word; the word as written begins longer ones.
    #expect(codes(try db.places(named: "Saint Lou")) == ["US:63101", "US:63102", "CA:S0N"])
    #expect(codes(try db.places(named: "louis st")) == ["US:63101", "US:63102", "CA:S0N"])
    #expect(try db.places(named: "louis st")[0].kind == .contains)
    #expect(!codes(try db.places(named: "Saint Stu")).contains("DE:70173"))
  }

  @Test func aWordAloneIsTheNameItselfNotASynonym() throws {
    // `st` begins St. Louis, Strasbourg and Stuttgart; Saint Louis is no name beginning with `st`.
    #expect(codes(try db.places(named: "st")) == ["CA:S0N", "FR:67000", "DE:70173"])
    #expect(try db.places(named: "saint").map(\.zipCode.zip) == ["63101", "63102"])
  }

  @Test func aStateIsFoundByItsCodeItsNameOrItsISONameInAnyCase() throws {
    // The rows name no state (their names are their codes): ISO 3166-2 names TX and BY.
    for state in ["TX", "tx", "Texas", "TEXAS"] {
      #expect(codes(try db.places(named: "plano", state: state)) == ["US:75023", "US:75075"], "\(state)")
    }
    for state in ["BY", "Bayern", "bavaria", "BAVARIA"] {
      #expect(codes(try db.places(named: "Munchen", state: state)) == ["DE:80333", "DE:80331"], "\(state)")
    }
    #expect(try db.places(named: "plano", state: "Illinois").map(\.zipCode.zip) == ["60545"])
    // A state no row has is refused before any row is read.
    #expect(throws: ZipGeoError.unknownState(state: "Tex", path: "places.db", country: nil)) {
      try db.places(named: "plano", state: "Tex")
    }
  }

  @Test func namesThatBeginWithItComeNextThenNamesThatContainItsWords() throws {
    let frankfurt = try db.places(named: "frankfurt")
    #expect(codes(frankfurt) == ["DE:60306", "DE:15230"])
    #expect(frankfurt.allSatisfy { $0.kind == .begins })
    let oder = try db.places(named: "Oder")
    #expect(codes(oder) == ["DE:15230"] && oder[0].kind == .contains)
    // Several words, in any order, each the beginning of a word.
    #expect(codes(try db.places(named: "main frank")) == ["DE:60306"])
    #expect(codes(try db.places(named: "paulo")).first == "BR:01000-000")
    #expect(try db.places(named: "paulo")[0].kind == .contains)
  }

  @Test func typosAreLookedForOnlyWhenNothingMatchesAsWritten() throws {
    let typo = try db.places(named: "Straasborg")
    #expect(codes(typo) == ["FR:67000"])
    #expect(typo[0].kind == .typo && typo[0].edits == 2)
    #expect(codes(try db.places(named: "Plnao")) == ["US:75023", "US:75075", "HR:21220", "US:60545"])
    #expect(codes(try db.places(named: "Campinsa")) == ["BR:13000-000"])
    // Letters extra or missing change the length: two edits at the ends of the band.
    for written in ["Strasbourgxx", "Strasbou", "Strsbourgg", "Sxtrasbourg", "Srasbourg"] {
      #expect(codes(try db.places(named: written)) == ["FR:67000"], "\(written)")
    }
    // Three letters allow no edit, and a word seven letters away from any is nothing.
    #expect(try db.places(named: "Pla").isEmpty == false)
    #expect(try db.places(named: "Plx").isEmpty)
    #expect(try db.places(named: "Zzyzxville").isEmpty)
  }

  @Test func aNameWithNoLetterOrAnUnknownCountryIsAnError() throws {
    #expect(throws: ZipGeoError.invalidPlaceName(text: " -- ", reason: "it has no letter or digit")) {
      try db.places(named: " -- ")
    }
    #expect(throws: ZipGeoError.self) { try db.places(named: "Plano", country: "QQ") }
    #expect(try db.places(named: String(repeating: "a", count: 1_000)).isEmpty)
    #expect(throws: ZipGeoError.self) { try db.places(named: String(repeating: "a", count: 4_097)) }
    #expect(throws: ZipGeoError.self) { try db.places(named: String(repeating: "a ", count: 65)) }
  }

  @Test func theOnePlaceANameNamesIsTheCentreOfItsCodes() throws {
    let plano = try db.requirePlace(named: "Plano", state: "TX")
    #expect(plano.name == "Plano" && plano.country == "US" && plano.codes.count == 2)
    #expect(abs(plano.center.latitude - 33.04) < 0.01)
    #expect(throws: ZipGeoError.self) { try db.requirePlace(named: "Plano") }
    do {
      _ = try db.requirePlace(named: "Plano", country: "US")
      Issue.record("Plano in IL and TX is not one place")
    } catch let error as ZipGeoError {
      #expect(
        error.description
          == "'Plano' names 2 places: Plano, TX, US; Plano, IL, US (add --country or --state, or give a code)")
    }
    #expect(try db.requirePlace(named: "Straasborg").name == "Strasbourg")
    #expect(throws: ZipGeoError.unknownPlace(name: "Nowhere", path: "places.db")) {
      try db.requirePlace(named: "Nowhere")
    }
  }

  /// An import of one country keeps the others', and their names stay found.
  @Test func theIndexCoversTheRowsAnImportKept() throws {
    let path = try folder.write(
      "ch.txt", ImporterCountryTests.geoNames([Self.row("CH", "8001", "Zürich", "ZH", "47.3721", "8.5417")]))
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    let db = try ZipDatabase(readingAt: dbPath)
    #expect(codes(try db.places(named: "zurich")) == ["CH:8001"])
    #expect(codes(try db.places(named: "plano", state: "TX")) == ["US:75023", "US:75075"])
  }

  /// Rows another tool adds or renames are missing from the index until the next import, and
  /// the database says so; rows it removes are left out of the answers at once.
  @Test func anIndexThatAnotherToolOutdatedSaysSoUntilTheNextImport() throws {
    #expect(try db.placeIndexIsCurrent())
    let writer = try Database(path: dbPath)
    try writer.execute(
      "INSERT INTO zips (zip, place, state, lat, lon, country) VALUES ('75099', 'Plano', 'TX', 33, -96.7, 'US')")
    #expect(try !db.placeIndexIsCurrent())
    #expect(codes(try db.places(named: "plano", state: "TX")) == ["US:75023", "US:75075"])
    try writer.execute("DELETE FROM zips WHERE zip = '75023'")
    #expect(codes(try db.places(named: "plano", state: "TX")) == ["US:75075"])
    let path = try folder.write(
      "ch.txt", ImporterCountryTests.geoNames([Self.row("CH", "8001", "Zürich", "ZH", "47.3721", "8.5417")]))
    _ = try Importer().importFile(path, into: try ZipDatabase(writingAt: dbPath))
    #expect(try db.placeIndexIsCurrent())
    #expect(codes(try db.places(named: "plano", state: "TX")) == ["US:75075", "US:75099"])
  }

  @Test func aStateWithNoLetterIsAnErrorNotEveryState() throws {
    for state in ["", "%", "😀"] {
      #expect(throws: ZipGeoError.invalidPlaceName(text: state, reason: "as a state, it has no letter or digit")) {
        try db.places(named: "Plano", state: state)
      }
    }
  }

  /// A host that attached a zipgeo database to its own searches its names as it searches its
  /// `zips`: the index is found where SQLite finds the tables.
  @Test func anAttachedDatabasesNamesAreSearchedLikeItsZips() throws {
    let host = try Database.inMemory()
    try SQLFunctions.register(on: host)
    try host.execute("ATTACH '\(dbPath)' AS aux")
    #expect(try host.scalar("SELECT count(*) FROM zipgeo_near('US:75075', 10)") == .integer(2))
    let places = try host.rows("SELECT zip FROM zipgeo_search('Plano') WHERE country = 'US' ORDER BY zip")
    #expect(places.map(\.values) == [[.text("60545")], [.text("75023")], [.text("75075")]])
  }

  @Test func aDatabaseWithoutTheIndexSaysHowToMakeIt() throws {
    let writer = try Database(path: dbPath)
    try writer.execute(PlaceNameIndex.dropStatements)
    #expect(throws: ZipGeoError.noPlaceIndex(path: "places.db")) { try db.places(named: "Plano") }
  }

  /// A copy of the database with `damage` (SQL, with `arguments`) done to it, committed, and a
  /// connection that reads it.
  func damaged(_ damage: String, _ arguments: [any DatabaseValueConvertible] = []) throws -> ZipDatabase {
    let path = folder.path("damaged-\(UUID().uuidString.prefix(8)).db")
    try FileManager.default.copyItem(atPath: dbPath, toPath: path)
    let writer = try Database(path: path)
    try writer.execute(damage, arguments)
    try writer.close()
    return try ZipDatabase(readingAt: path)
  }

  /// A damaged or hand-made index is an error, never a read outside a blob.
  @Test func aDamagedIndexIsAnErrorNotACrash() throws {
    var random = SeededGenerator(seed: 7)
    let damages = [
      "UPDATE zipgeo_place_names SET entries = x'ff'",
      "UPDATE zipgeo_place_names SET entries = x'03ffffffffffffffffff7f'",
      "UPDATE zipgeo_place_names SET entries = substr(entries, 1, length(entries) / 2)",
      "UPDATE zipgeo_place_names SET entries = 'text'",
      "UPDATE zipgeo_place_names SET entries = x'00'",
      "UPDATE zipgeo_place_names SET entries = x'0100'",
      "UPDATE zipgeo_place_names SET entries = x''",
      "UPDATE zipgeo_place_words SET entries = x'02050000'",
      "UPDATE zipgeo_place_vocabulary SET words = x'0102'",
    ]
    var found = 0
    for damage in damages {
      let db = try damaged(damage)
      for name in ["plano", "Oder", "Straasborg", "pl"] {
        do {
          _ = try db.places(named: name)
        } catch let error as ZipGeoError {
          #expect(error == .damagedPlaceIndex, "\(damage): \(name)")
          found += 1
        } catch {
          Issue.record("\(damage): \(name): \(error)")
        }
      }
    }
    // Each damage of the names' blocks is found by the exact search at least.
    #expect(found >= 7, "\(found)")
    // An empty block is damage, not the end of the index.
    let emptyBlocks = try damaged("UPDATE zipgeo_place_names SET entries = x''")
    #expect(throws: ZipGeoError.damagedPlaceIndex) { try emptyBlocks.places(named: "plano") }
    // An entry of Plano whose codes are a thousand empty fields: damaged, not a thousand lookups.
    var plano: [UInt8] = [0xEB, 0x07]  // 1,003 fields, as a varint
    for field in ["plano", "US", "Plano"] { plano += [UInt8(field.utf8.count)] + Array(field.utf8) }
    plano += [UInt8](repeating: 0, count: 1_000)
    let emptyCodes = try damaged("UPDATE zipgeo_place_names SET entries = ?", [DatabaseValue.blob(plano)])
    #expect(throws: ZipGeoError.damagedPlaceIndex) { try emptyCodes.places(named: "plano") }
    // Random bytes in every block.
    let writer = try Database(path: dbPath)
    let blocks = try writer.rows("SELECT block FROM zipgeo_place_names").compactMap { $0[0].int64 }
    for block in blocks {
      let bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
      try writer.execute(
        "UPDATE zipgeo_place_names SET entries = ? WHERE block = ?",
        [DatabaseValue.blob(bytes), DatabaseValue.integer(block)])
    }
    for name in ["plano", "munchen", "a"] {
      _ = try? db.places(named: name)
    }
  }
}

/// The index built in memory and the one built through SQLite's sorter, past the row budget, are
/// the same, byte for byte.
@Suite struct PlaceNameIndexBuilderTests {
  /// Every row of the index's three tables, in order.
  static func indexContents(of db: Database) throws -> [[DatabaseValue]] {
    try [PlaceNameIndex.namesTable, PlaceNameIndex.wordsTable, PlaceNameIndex.vocabularyTable].flatMap { table in
      try db.rows("SELECT * FROM \(table) ORDER BY 1, 2").map(\.values)
    }
  }

  @Test func theStagedBuildWritesTheSameIndexAsTheBuildInMemory() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("places.db")
    var rows = ZipDatabasePlacesTests.rows
    var random = SeededGenerator(seed: 5)
    let syllables = ["san", "ta", "ma", "ri", "ü", "ö", "de", "la", "x", "-", " ", "é", "ß", "ñ", "1"]
    for index in 0..<3_000 {
      let name = (0..<Int.random(in: 1...6, using: &random)).map { _ in syllables.randomElement(using: &random)! }
        .joined()
      rows.append(
        ZipDatabasePlacesTests.row(
          ["US", "DE", "FR"].randomElement(using: &random)!, "\(index % 700)", name, "S", "10", "20"))
    }
    let file = try folder.write("places.txt", ImporterCountryTests.geoNames(rows))
    _ = try Importer().importFile(file, into: try ZipDatabase(writingAt: path))
    let db = try Database(path: path)
    func contents() throws -> [[DatabaseValue]] { try Self.indexContents(of: db) }
    // Made by the import from its rows in memory.
    let imported = try contents()
    #expect(imported.count > 10)
    // From the table, in memory and staged.
    try PlaceNameIndex.build(on: db)
    #expect(try contents() == imported)
    try PlaceNameIndex.build(on: db, rowBudget: 0)
    #expect(try contents() == imported)
    try PlaceNameIndex.build(on: db, rowBudget: 100)
    #expect(try contents() == imported)
    try PlaceNameIndex.build(on: db, byteBudget: 16 << 10)
    #expect(try contents() == imported)
  }

  /// Rows of long names (kept in a database, up to the 1,000 bytes a text may have) fill the
  /// byte budget before the row budget: the index is then built the staged way, in flat memory.
  @Test func placesInMemoryStopAtTheirByteBudget() {
    var places = PlaceNameIndexBuilder.Places(byteBudget: 1 << 20)
    var added = 0
    for index in 0..<10_000 {
      let name = Array("\(index) ".utf8) + [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: 990)
      let fits = name.withUnsafeBufferPointer { name in
        Array("DE".utf8).withUnsafeBufferPointer { country in
          Array("\(index)".utf8).withUnsafeBufferPointer { places.add(country: country, name: name, zip: $0) }
        }
      }
      guard fits else { break }
      added += 1
    }
    // A thousand rows of 1 KB at most, checked once every 1,024 rows.
    #expect(added > 0 && added < 2_100, "\(added) rows")
    #expect(places.memory < 4 << 20, "\(places.memory) bytes")
  }

  @Test func anImportIndexesTheRowsItKeepsBesideItsOwn() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("places.db")
    let rows = ZipDatabasePlacesTests.rows
    let europe = try folder.write(
      "europe.txt", ImporterCountryTests.geoNames(rows.filter { $0[0] != "US" }))
    let america = try folder.write("us.txt", ImporterCountryTests.geoNames(rows.filter { $0[0] == "US" }))
    _ = try Importer().importFile(europe, into: try ZipDatabase(writingAt: path))
    // The US rows come from memory, the kept European ones from the table, then again.
    _ = try Importer().importFile(america, into: try ZipDatabase(writingAt: path))
    _ = try Importer().importFile(america, into: try ZipDatabase(writingAt: path))
    let db = try Database(path: path)
    func contents() throws -> [[DatabaseValue]] { try Self.indexContents(of: db) }
    let imported = try contents()
    #expect(try db.scalar("SELECT count(DISTINCT country) FROM zips")?.int64 ?? 0 > 2)
    try PlaceNameIndex.build(on: db)
    #expect(try contents() == imported)
    let search = try ZipDatabase(readingAt: path)
    #expect(try !search.places(named: "München", country: nil, state: nil, limit: 5).isEmpty)
    #expect(try !search.places(named: "Plano", country: nil, state: nil, limit: 5).isEmpty)
  }
}

/// `zipgeo_search` makes its rows a part at a time, as SQLite reads them.
@Suite struct PlaceRowsTests {
  @Test func theRowsComeInPartsOfSixteenThenTwiceAsManyUpToTwoHundredFiftySix() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("springfield.db")
    let rows = (0..<700).map {
      ZipDatabasePlacesTests.row("US", String(format: "%05d", $0), "Springfield", "IL", "39.8", "-89.6")
    }
    let file = try folder.write("springfield.txt", ImporterCountryTests.geoNames(rows))
    _ = try Importer().importFile(file, into: try ZipDatabase(writingAt: path))
    let db = try Database(path: path)
    let search = try PlaceNameSearch(name: "springfield", country: nil, state: nil, shownAs: "springfield.db")
    let parts = try SQLFunctions.PlaceRows(search, on: db, function: "zipgeo_search")
    var sizes = [parts.rowCount]
    while try parts.advance() { sizes.append(parts.rowCount) }
    #expect(sizes == [16, 32, 64, 128, 256, 204])
  }
}
