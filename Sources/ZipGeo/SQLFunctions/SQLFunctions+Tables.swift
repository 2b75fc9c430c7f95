import Geodesy
import SQLiteKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Radius and nearest searches as SQL table functions, for shell users: the same index-assisted,
/// exact searches as `zipgeo near` and `zipgeo nearest`, without writing the prefilter by hand.
///
/// ```sql
/// SELECT zip, distance FROM zipgeo_near('75075', 10);
/// SELECT zip, place, country, distance FROM zipgeo_near('DE:10115', 5);
/// SELECT * FROM zipgeo_within(33.025, -96.7397, 5, 'mi');
/// SELECT zip, distance FROM zipgeo_nearest(33.025, -96.7397, 3);
/// SELECT zip, distance FROM zipgeo_within(33.025, -96.7397, 5, 'km', 'wgs84');
/// ```
///
/// Each takes an optional last argument, the Earth model: `'sphere'` (the default) or `'wgs84'`.
extension SQLFunctions {
  /// The arguments given as text, declared so: SQLite then keeps `'01001'` of an `IN` list text,
  /// where an untyped column let it become the number 1001. (The numbers stay untyped, so that a
  /// radius given as text is refused as it always was.)
  static let textArguments = ["center_zip": "TEXT", "unit": "TEXT", "model": "TEXT", "only_country": "TEXT"]

  /// The columns of every search: the zip code's, then the distance from the centre, then two
  /// derived from the row: its state's name (`RegionNames`) and what its code is for
  /// (`CodeKind`, as `zipgeo_kind` gives it), so that `WHERE kind = 'area'` leaves out the codes
  /// nobody lives in.
  static let searchColumns = ZipCode.columns + ["distance", "state_name", "kind"]

  /// Where `searchColumns` holds the distance, the state's name and the kind.
  static let distanceColumn = ZipCode.columns.count
  static let stateNameColumn = distanceColumn + 1
  static let kindColumn = distanceColumn + 2

  /// The order a search from a point gives its rows in (`NearestFirstSearch`): `ORDER BY distance`,
  /// `ORDER BY distance, zip` and `ORDER BY distance, zip, country` cost no sort. (From a code,
  /// `zipgeo_near` puts the code's own rows first of those as near: only distance order.)
  static let searchOrder = ["distance", "zip", "country"]

  /// `zipgeo_near(zip, radius [, unit [, model]])`: the zip codes within `radius` of the zip code `zip`
  /// (`'75075'`, `'DE:10115'`; a code with several places is centred on their mean position),
  /// and every place of `zip` itself, within the radius or not; nearest first, and of rows as
  /// near the code's own places first, then its country's codes, then by zip; `distance` in
  /// `unit` (default `'km'`).
  public static let nearTable = TableFunction(
    "zipgeo_near", columns: searchColumns, arguments: ["center_zip", "radius", "unit", "model"],
    argumentTypes: textArguments, required: 2, orderedBy: ["distance"]
  ) { arguments, call in
    let function = "zipgeo_near"
    let zip: String
    switch arguments.value(at: 0) {
    case .text(let text): zip = text
    case .integer(let number): zip = String(number)
    default: throw FunctionError("\(function)(): center_zip (argument 1) must be a zip code, as text")
    }
    let unit = try optionalUnit(arguments, at: 2, function: function)
    let radius = try searchRadius(arguments, at: 1, in: unit, function: function)
    let model = try optionalModel(arguments, at: 3, function: function)
    return try reportingErrors(of: function) {
      let reference: CodeReference
      do {
        reference = try CodeReference(parsing: zip)
      } catch {
        throw FunctionError("\(function)(): center_zip (argument 1): \(error)")
      }
      let found: PostalCode?
      do {
        found = try Schema.diagnosingTable(call.database) {
          // A bare code that several countries share is the database's home country's.
          try StoredCodes.postalCode(
            reference, on: call.database, shownAs: "the zips table",
            home: { try StoredCodes.recordedHome(on: call.database) })
        }
      } catch ZipGeoError.ambiguousCode(let code, let countries, let places) {
        // The command line's message suggests --country and ZIPGEO_COUNTRY, which SQL has not.
        throw FunctionError(
          "\(function)(): \(ZipGeoError.sharedCode(code, countries: countries, places: places)); write CC:\(code),"
            + " or record a home country in the database (zipgeo home CC)")
      }
      guard let center = found?.center else {
        let suggestion = try StoredCodes.withLeadingZeros(reference, on: call.database)
        throw FunctionError(
          "\(function)(): "
            + ZipGeoError.unknownZip(
              zip: reference.description.shortened, path: "the zips table", suggestion: suggestion,
              hint: suggestion == nil ? StoredCodes.hint(for: reference, on: call.database) : nil
            )
            .description)
      }
      let query = try RadiusQuery(center: center, radius: radius, model: model)
      // Every place of the code is in its answer, at its distance from their mean.
      let used = SearchRows.columns(used: call)
      let search = CenteredSearch(from: found, search: NearestFirstSearch(query, reads: SearchRows.reads(of: used)))
      return try SearchRows(search, call: call, used: used, function: function)
    }
  }

  /// `zipgeo_within(lat, lon, radius [, unit [, model]])`: the zip codes within `radius` of a point,
  /// nearest first (ties by zip); `distance` in `unit` (default `'km'`).
  public static let withinTable = TableFunction(
    "zipgeo_within", columns: searchColumns, arguments: ["center_lat", "center_lon", "radius", "unit", "model"],
    argumentTypes: textArguments, required: 3, orderedBy: searchOrder
  ) { arguments, call in
    let function = "zipgeo_within"
    let query = try radiusQuery(arguments, function: function)
    return try reportingErrors(of: function) {
      let used = SearchRows.columns(used: call)
      let search = CenteredSearch(from: nil, search: NearestFirstSearch(query, reads: SearchRows.reads(of: used)))
      return try SearchRows(search, call: call, used: used, function: function)
    }
  }

  /// `zipgeo_nearest(lat, lon [, k [, model [, only_country]]])`: the `k` zip codes nearest a point
  /// (default 5), nearest first (ties by zip), exactly, of every country or only of `only_country`
  /// (`'JP'`: a `WHERE country = 'JP'` would filter the `k` rows after they were chosen);
  /// `distance` in km.
  public static let nearestTable = TableFunction(
    "zipgeo_nearest", columns: searchColumns, arguments: ["center_lat", "center_lon", "k", "model", "only_country"],
    argumentTypes: textArguments, required: 2, orderedBy: searchOrder
  ) { arguments, call in
    let function = "zipgeo_nearest"
    let center = try point(arguments, function: function)
    var count = 5
    if arguments.count > 2 && !arguments.isNull(at: 2) {
      let k = try arguments.number(at: 2, of: function, named: "k")
      do {
        count = try SearchRequest.count(k)
      } catch {
        throw FunctionError("\(function)(): k (argument 3): \(error)")
      }
    }
    let model = try optionalModel(arguments, at: 3, function: function)
    var country: String?
    if arguments.count > 4 && !arguments.isNull(at: 4) {
      guard case .text(let text) = arguments.value(at: 4), let code = CountryCode(text)?.text else {
        let given = arguments.text(at: 4).map { "'\($0.shortened)'" } ?? "not text"
        throw FunctionError(
          "\(function)(): only_country (argument 5) \(given) is not a two-letter country code, as 'JP'")
      }
      country = code
    }
    return try reportingErrors(of: function) {
      // A country the table lacks would widen the search to the whole Earth to find nothing.
      if let country, try !StoredCodes.holds(country, on: call.database) {
        throw ZipGeoError.unknownCountry(
          country: country, path: "the zips table", known: try StoredCodes.countries(on: call.database).map(\.country))
      }
      let used = SearchRows.columns(used: call)
      let search = try NearestFirstSearch(
        nearestTo: center, count: count, model: model, unit: .kilometres, country: country,
        reads: SearchRows.reads(of: used))
      return try SearchRows(CenteredSearch(from: nil, search: search), call: call, used: used, function: function)
    }
  }

  /// `zipgeo_cover(lat, lon, radius [, unit [, model]])`: ranges of the `zips` table's cells,
  /// `first_cell` to `last_cell`, ascending and disjoint, that hold every zip code within `radius`
  /// of a point (`CellCovering`): joined to `zips` on `cell BETWEEN first_cell AND last_cell`,
  /// SQLite reads those ranges of the clustered table itself, and `distance()` (or
  /// `geodesic_distance()`) in `WHERE` keeps the rows within the radius, unordered, for joins and
  /// aggregates.
  public static let coverTable = TableFunction(
    "zipgeo_cover", columns: ["first_cell", "last_cell"],
    arguments: ["center_lat", "center_lon", "radius", "unit", "model"], argumentTypes: textArguments, required: 3,
    orderedBy: ["first_cell"]
  ) { arguments, call in
    let function = "zipgeo_cover"
    let query = try radiusQuery(arguments, function: function)
    return try reportingErrors(of: function) {
      // The table the ranges are joined to is checked as a search checks it: a view, a table of
      // the wrong types, or rows whose cells do not match them would give a join that silently
      // misses rows.
      try Schema.diagnosingTable(call.database) {
        try Schema.requireCurrentLayout(call.database)
        let check = try call.database.cachedStatement(Schema.columnsCheckSQL)
        defer { check.reset() }
        _ = try check.step()
        try Schema.requireSearchable(check, columns: Schema.columnsChecked)
      }
      return CellCovering(query).ranges().map {
        [.integer(Int64($0.lowerBound)), .integer(Int64($0.upperBound))]
      }
    }
  }

  /// The search of `zipgeo_within` and `zipgeo_cover`: `(lat, lon, radius [, unit [, model]])`,
  /// each argument checked, the query's own errors said as the function's.
  private static func radiusQuery(_ arguments: borrowing FunctionArguments, function: String) throws -> RadiusQuery {
    let center = try point(arguments, function: function)
    let unit = try optionalUnit(arguments, at: 3, function: function)
    let radius = try searchRadius(arguments, at: 2, in: unit, function: function)
    let model = try optionalModel(arguments, at: 4, function: function)
    return try reportingErrors(of: function) { try RadiusQuery(center: center, radius: radius, model: model) }
  }

  /// The table functions, in registration order.
  public static let tableFunctions = [
    nearTable, withinTable, nearestTable, coverTable, searchTable, lookupTable, codesTable,
  ]

  /// `zipgeo_search_distance(lat, lon, center_lat, center_lon, unit, model)`: the distance a
  /// search measures from the centre to a point, in unit number `unit` of `LengthUnit.allCases`
  /// on model number `model` of `EarthModel.allCases`, to the last bit; NULL for anything else
  /// (never an error). Searches counted their rows with it until they handed them to
  /// `SearchRowCollector`; it stays, for the queries written with it (docs/sql.md).
  static let searchDistance = DatabaseFunction("zipgeo_search_distance", argumentCount: 6, nullPropagating: false) {
    arguments in
    guard let lat = arguments.double(at: 0), let lon = arguments.double(at: 1),
      let centerLat = arguments.double(at: 2), let centerLon = arguments.double(at: 3),
      let unitNumber = arguments.double(at: 4), let modelNumber = arguments.double(at: 5),
      lat >= -90 && lat <= 90, centerLat >= -90 && centerLat <= 90, lon.isFinite, centerLon.isFinite,
      let unit = searchCode(unitNumber, of: LengthUnit.allCases),
      let model = searchCode(modelNumber, of: EarthModel.allCases)
    else { return .null }
    let center = Coordinate(uncheckedLatitude: centerLat, longitude: centerLon)
    return .real(model.distance(from: center, to: Coordinate(uncheckedLatitude: lat, longitude: lon), in: unit))
  }

  /// Element `number` of `cases`, or `nil` when `number` is not one of its indices.
  @inline(__always)
  private static func searchCode<T>(_ number: Double, of cases: [T]) -> T? {
    guard number >= 0, number < Double(cases.count), number == number.rounded(.down) else { return nil }
    return cases[Int(number)]
  }

  /// Which of place, state, county and accuracy `used` (indices of `searchColumns`) needs,
  /// directly or for a derived column: the search reads no others.
  static func details(among used: [Int]) -> FoundRows.Details {
    var details: FoundRows.Details = []
    for index in used where detailsOfColumn.indices.contains(index) { details.formUnion(detailsOfColumn[index]) }
    return details
  }

  /// What each of `searchColumns` needs of place, state, county and accuracy, by its index: made
  /// once: a one-row search would otherwise build a dictionary at every call.
  private static let detailsOfColumn: [FoundRows.Details] = searchColumns.map { column in
    switch column {
    case "place": .place
    case "state", "state_name": .state
    case "county": .county
    case "accuracy": .accuracy
    case "kind": [.place, .accuracy]
    default: []
    }
  }

  /// The rows of a search, one band at a time (`NearestFirstSearch`): each zip code's columns,
  /// then its distance in the unit it was measured in (the unit `distance(..., unit)` would give,
  /// to the last bit). Each value goes to SQLite from the bytes the search read, when SQLite reads
  /// it, and only for the columns the query uses; the next band is read when SQLite has read this
  /// one, so a LIMIT reads no more than it needs and memory holds the rows near the search's
  /// frontier, whatever the answer's size.
  final class SearchRows: TableFunctionRows {
    private var search: CenteredSearch
    private let database: Database
    private let function: String
    /// The columns the query reads (of `searchColumns`).
    private let used: [Int]
    private(set) var band: SearchBand
    /// The band's values as SQLite reads them.
    private(set) var cells: TableFunctionCells?
    /// The texts of the band's derived columns, which its reads do not hold.
    private var texts = TableFunctionTexts()
    /// The names of the states the search meets, kept on the connection while its tables stay as
    /// they are (`RegionNames.Lookup`): taken once the search has read, and so has seen any
    /// commit of another connection since the last statement.
    private lazy var stateNames = RegionNames.Lookup.current(on: database)
    /// The most rows of a band (`SearchTuning.tableFunctionBandRows`).
    static let budget = SearchTuning.tableFunctionBandRows
    /// Judges the `kind` column of the rows read.
    private var judge = KindJudge()

    /// The columns of the table function that `call`'s query uses.
    static func columns(used call: TableFunction.Call) -> [Int] {
      searchColumns.indices.filter { call.uses(column: $0) }
    }

    /// What a search reads for a query that uses columns `used` (`columns(used:)`): only those,
    /// in bands of at most `budget` rows. A query that reads no column of a zip code cannot tell
    /// apart rows as near: with the distance alone they are read for it, with nothing
    /// (`count(*)`) counted.
    static func reads(of used: [Int]) -> NearestFirstSearch.Reads {
      NearestFirstSearch.Reads(
        details: details(among: used),
        reading: used.contains { $0 != distanceColumn } ? .rows : used.isEmpty ? .count : .distances,
        budget: budget)
    }

    /// The search (its `NearestFirstSearch` made with `reads(of: used)`, `used` the columns
    /// `call`'s query uses), with its first band read (so that its errors fail the call itself).
    init(_ search: consuming CenteredSearch, call: TableFunction.Call, used: [Int], function: String) throws {
      let database = call.database
      // Consumed, and read from here on as `self.search`: a copy of a search retains each of
      // its references, and releases them again.
      self.search = search
      self.database = database
      self.function = function
      self.used = used
      band = SearchBand()
      band = try reportingErrors(of: function) { try self.search.nextRows(on: database) } ?? SearchBand()
      cells = makeCells()
    }

    var rowCount: Int { band.count }

    /// Never asked: SQLite reads these rows from their cells (`makeCells`), and rows without
    /// cells are those of a query that reads no column.
    func value(row: Int, column: Int) -> DatabaseValue { .null }

    /// The value of `column` (not the distance) of one of the code's own places.
    private func ownValue(_ zip: ZipCode, column: Int) -> DatabaseValue {
      switch column {
      case kindColumn: return .text(zip.kind.rawValue)
      case stateNameColumn: return stateNames.name(of: zip, on: database).map { .text($0) } ?? .null
      default: return zip.value(column: column)
      }
    }

    /// The states and countries whose states were named in this band, latest first, at most
    /// `SearchTuning.statesNamedPerBand`, and their names (in `texts`).
    private var namedStates: [(state: [UInt8], country: [UInt8], name: UnsafeBufferPointer<UInt8>?)] = []

    /// The name of the state of row `row` of `rows`, in `texts`: each state of a band is looked up
    /// once (of the last `SearchTuning.statesNamedPerBand`).
    private func stateName(of rows: FoundRows, row: Int32) -> UnsafeBufferPointer<UInt8>? {
      guard let state = rows.textBytes(row: row, column: 2), let country = rows.textBytes(row: row, column: 4) else {
        return nil
      }
      let key = Self.stateKey(state: state, country: country)
      if let key, let last = lastNamed, last.key == key { return last.name }
      let name: UnsafeBufferPointer<UInt8>?
      if let kept = namedStates.firstIndex(where: { Self.same($0.state, state) && Self.same($0.country, country) }) {
        name = namedStates[kept].name
      } else {
        name = stateNames.name(
          ofState: String(decoding: state, as: UTF8.self), in: String(decoding: country, as: UTF8.self), on: database
        ).map { texts.bytes(of: $0) }
        if namedStates.count == SearchTuning.statesNamedPerBand { namedStates.removeLast() }
        namedStates.insert((Array(state), Array(country), name), at: 0)
      }
      lastNamed = key.map { ($0, name) }
      return name
    }

    /// The state of the last row named, as `stateKey(state:country:)` packs it, and its name (in
    /// `texts`): rows mostly follow one of the same state, and are named with no array read.
    private var lastNamed: (key: UInt64, name: UnsafeBufferPointer<UInt8>?)?

    /// A state of at most five bytes and its country of two, packed with the state's length into
    /// one number that no other such pair has; `nil` for longer ones.
    static func stateKey(state: UnsafeBufferPointer<UInt8>, country: UnsafeBufferPointer<UInt8>) -> UInt64? {
      guard country.count == 2, state.count <= 5 else { return nil }
      var key = UInt64(country[0]) << 56 | UInt64(country[1]) << 48 | UInt64(state.count) << 40
      for (index, byte) in state.enumerated() { key |= UInt64(byte) << (32 - 8 * index) }
      return key
    }

    /// Whether `kept` holds the bytes `bytes` holds: one `memcmp`, where `elementsEqual` compared
    /// byte by byte through a generic sequence.
    private static func same(_ kept: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      kept.count == bytes.count
        && kept.withUnsafeBufferPointer { kept in
          kept.count == 0 || memcmp(kept.baseAddress!, bytes.baseAddress!, kept.count) == 0
        }
    }

    /// The band's cells: the columns the query reads, the texts pointing into the band's reads
    /// (the derived columns' into `texts`, made anew for each band).
    private func makeCells() -> TableFunctionCells? {
      // Rows of which nothing is read need no cells.
      guard !used.isEmpty else { return nil }
      texts = TableFunctionTexts()
      namedStates.removeAll(keepingCapacity: true)
      lastNamed = nil
      // One array of the owners, made as such (`band.stores + [texts]` made three, and cast each).
      var owners: [AnyObject] = []
      owners.reserveCapacity(band.stores.count + 1)
      for store in band.stores { owners.append(store) }
      owners.append(texts)
      let cells = TableFunctionCells(rows: band.rows.count, columns: searchColumns.count, owners: owners)
      let columns = used.filter { $0 < distanceColumn }
      let (withStateName, withKind) = (used.contains(stateNameColumn), used.contains(kindColumn))
      let withDistance = used.contains(distanceColumn)
      var (lastStore, rows): (Int32, FoundRows?) = (SearchBand.ownStore, nil)
      for (index, (store, row)) in band.rows.enumerated() {
        if withDistance { cells.set(band.distances[index], row: index, column: distanceColumn) }
        if store == SearchBand.ownStore {
          fill(cells, at: index, with: band.own[Int(row)])
          continue
        }
        // The read of the row before, mostly: taken from the band's stores (a retain and a
        // release) only when it changes.
        if store != lastStore { (lastStore, rows) = (store, band.stores[Int(store)]) }
        guard let rows else { continue }
        if !columns.isEmpty { rows.fill(cells, at: index, row: row, columns: columns) }
        if withStateName {
          cells.set(terminatedText: stateName(of: rows, row: row), row: index, column: stateNameColumn)
        }
        if withKind, let kind = judge.kind(of: rows, row: row) {
          cells.set(terminatedText: kind.terminatedName, row: index, column: kindColumn)
        }
      }
      return cells
    }

    /// Fills row `index` of `cells` with the columns the query uses (but the distance) of one of
    /// the code's own places, its texts in `texts`.
    private func fill(_ cells: TableFunctionCells, at index: Int, with zip: ZipCode) {
      for column in used where column != distanceColumn {
        switch ownValue(zip, column: column) {
        case .text(let text): cells.set(terminatedText: texts.bytes(of: text), row: index, column: column)
        case .real(let number): cells.set(number, row: index, column: column)
        case .integer(let number): cells.set(number, row: index, column: column)
        default: break
        }
      }
    }

    func advance() throws -> Bool {
      cells = nil
      guard let next = try reportingErrors(of: function, { try search.nextRows(on: database) }) else {
        band = SearchBand()
        return false
      }
      band = next
      cells = makeCells()
      return true
    }
  }

  /// Runs a search, turning what goes wrong in it (a `zips` table that cannot be searched, a
  /// damaged row, SQLite's own errors) into one message that names the function.
  static func reportingErrors<T>(of function: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as FunctionError {
      throw error
    } catch let error as DatabaseError {
      throw FunctionError("\(function)(): \(error.message)")
    } catch {
      throw FunctionError("\(function)(): \(error)")
    }
  }

  /// The centre given as arguments 0 and 1, checked as every coordinate is.
  static func point(_ arguments: borrowing FunctionArguments, function: String) throws -> Coordinate {
    let lat = try arguments.number(at: 0, of: function, named: "center_lat")
    let lon = try arguments.number(at: 1, of: function, named: "center_lon")
    do {
      return try SearchRequest.center(latitude: lat, longitude: lon)
    } catch {
      throw FunctionError("\(function)(): the centre \(lat),\(lon) is not a point: \(error)")
    }
  }

  /// The radius at `index` in `unit`, checked by `Length(radius:_:)` after the unit is known:
  /// 1e306 km is finite, but not in metres.
  static func searchRadius(
    _ arguments: borrowing FunctionArguments, at index: Int, in unit: LengthUnit, function: String
  ) throws -> Length {
    let radius = try arguments.number(at: index, of: function, named: "radius")
    do {
      return try SearchRequest.radius(radius, unit)
    } catch {
      throw FunctionError("\(function)(): radius (argument \(index + 1)): \(error)")
    }
  }

  static func optionalModel(_ arguments: borrowing FunctionArguments, at index: Int, function: String) throws
    -> EarthModel
  {
    guard arguments.count > index, !arguments.isNull(at: index) else { return .sphere }
    let valid = EarthModel.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
    guard let name = arguments.text(at: index) else {
      throw FunctionError("\(function)(): model (argument \(index + 1)) must be text, one of \(valid)")
    }
    guard let model = EarthModel(rawValue: name.trimmingSpaces.lowercased()) else {
      throw FunctionError("\(function)(): unknown model '\(name.shortened)' (argument \(index + 1)); use \(valid)")
    }
    return model
  }

  static func optionalUnit(_ arguments: borrowing FunctionArguments, at index: Int, function: String) throws
    -> LengthUnit
  {
    guard arguments.count > index, !arguments.isNull(at: index) else { return .kilometres }
    return try unit(arguments, at: index, function: function)
  }
}

extension CodeKind {
  /// The kind's name (`rawValue`), a NUL after it, in memory that lasts as long as the program:
  /// a table function's cells point at it.
  fileprivate var terminatedName: UnsafeBufferPointer<UInt8> {
    let name: StaticString =
      switch self {
      case .area: "area"
      case .military: "military"
      case .cedex: "cedex"
      case .organisation: "organisation"
      case .poBox: "po-box"
      }
    return UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
  }
}
