import SQLiteKit

extension SQLFunctions {
  /// `zipgeo_search(name [, only_country])`: the codes whose place has `name`, best matches first,
  /// as `zipgeo search` lists them (`ZipDatabase.places(named:)`): exact names, then names that
  /// begin with it, then names whose words begin with its words, and only when none of these
  /// exists, names a typo or two away. `match` says which (`exact`, `begins`, `contains`,
  /// `typo`); `edits` counts a typo's edits; `state_name` and `kind` are as in `zipgeo_near`.
  ///
  /// ```sql
  /// SELECT zip, place, state FROM zipgeo_search('Plano') WHERE state = 'TX';
  /// SELECT zip, place FROM zipgeo_search('sao paulo', 'BR') LIMIT 1;
  /// ```
  public static let searchTable = TableFunction(
    "zipgeo_search", columns: ZipCode.columns + ["match", "edits", "state_name", "kind"],
    arguments: ["name", "only_country"],
    argumentTypes: ["name": "TEXT", "only_country": "TEXT"], required: 1
  ) { arguments, call in
    let function = "zipgeo_search"
    let name: String
    switch arguments.value(at: 0) {
    case .text(let text): name = text
    case .integer(let number): name = String(number)
    default: throw FunctionError("\(function)(): name (argument 1) must be a place's name, as text")
    }
    var country: String?
    if arguments.count > 1 && !arguments.isNull(at: 1) {
      guard case .text(let text) = arguments.value(at: 1), let code = CountryCode(text)?.text else {
        let given = arguments.text(at: 1).map { "'\($0.shortened)'" } ?? "not text"
        throw FunctionError(
          "\(function)(): only_country (argument 2) \(given) is not a two-letter country code, as 'DE'")
      }
      country = code
    }
    return try reportingErrors(of: function) {
      if let country, try !StoredCodes.holds(country, on: call.database) {
        throw ZipGeoError.unknownCountry(
          country: country, path: "the zips table", known: try StoredCodes.countries(on: call.database).map(\.country))
      }
      let search = try PlaceNameSearch(name: name, country: country, state: nil, shownAs: "the database")
      return try PlaceRows(search, on: call.database, function: function)
    }
  }

  /// The rows of a `zipgeo_search` call, made a part at a time as SQLite reads them: a query with
  /// a LIMIT reads little more than it shows.
  final class PlaceRows: TableFunctionRows {
    private var search: PlaceNameSearch
    private let database: Database
    private let function: String
    private var rows: [PlaceMatch] = []
    /// The names of the states the search meets, kept on the connection while its tables stay as
    /// they are (`RegionNames.Lookup`): taken once the search has read, and so has seen any
    /// commit of another connection since the last statement.
    private lazy var stateNames = RegionNames.Lookup.current(on: database)
    /// The rows of the next part: 16 at first, twice as many each part after, up to 256, so that
    /// a LIMIT of a few rows makes few more (a code's places are read whole: a part may hold more).
    private var partSize = 16
    static let largestPart = 256

    init(_ search: PlaceNameSearch, on database: Database, function: String) throws {
      self.search = search
      self.database = database
      self.function = function
      _ = try advance()
    }

    var rowCount: Int { rows.count }

    func value(row: Int, column: Int) -> DatabaseValue {
      guard row < rows.count else { return .null }
      let match = rows[row]
      switch column - ZipCode.columns.count {
      case 0: return .text(match.kind.rawValue)
      case 1: return .integer(Int64(match.edits))
      case 2: return stateNames.name(of: match.zipCode, on: database).map { .text($0) } ?? .null
      case 3: return .text(CodeKind.of(match.zipCode).rawValue)
      default: return match.zipCode.value(column: column)
      }
    }

    func advance() throws -> Bool {
      rows.removeAll(keepingCapacity: true)
      try SQLFunctions.reportingErrors(of: function) {
        while rows.count < partSize, let match = try search.next(on: database) { rows.append(match) }
      }
      partSize = min(partSize * 2, Self.largestPart)
      return !rows.isEmpty
    }
  }
}
