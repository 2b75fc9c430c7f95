import SQLiteKit

extension SQLFunctions {
  /// `zipgeo_lookup(code [, code_country])`: the code as a person or a spreadsheet wrote it,
  /// resolved as `zipgeo info` resolves it (`CodeLookup`), as one row: its centre, and what its
  /// places have in common; or no row, never an error, for a code it cannot resolve, so that a
  /// join over a table of customers goes on past a bad one.
  ///
  /// ```sql
  /// SELECT c.*, l.lat, l.lon FROM customers c LEFT JOIN zipgeo_lookup(c.postcode, c.country) l;
  /// SELECT zip, resolution FROM zipgeo_lookup('sw1a 1aa');   -- SW1A|coarser
  /// ```
  public static let lookupTable = TableFunction(
    "zipgeo_lookup", columns: ZipCode.columns + ["state_name", "kind", "places", "place_names", "resolution"],
    arguments: ["code", "code_country"], argumentTypes: ["code": "TEXT", "code_country": "TEXT"], required: 1,
    leftOutWhenNull: ["code_country"]
  ) { arguments, call in
    let none: [[DatabaseValue]] = []
    let written: String
    switch arguments.value(at: 0) {
    case .text(let text): written = text
    case .integer(let number): written = String(number)
    // A code a spreadsheet read as a number (`2134.0`) is that number's digits.
    case .real(let number) where number.rounded() == number && abs(number) < 1e15: written = String(Int64(number))
    default: return none
    }
    var country: String?
    if arguments.count > 1 && !arguments.isNull(at: 1) {
      guard case .text(let text) = arguments.value(at: 1) else { return none }
      country = text
    }
    return try reportingErrors(of: "zipgeo_lookup") {
      let found = try Schema.diagnosingTable(call.database) {
        try CodeLookup.lookUp(
          written, country: country, on: call.database, shownAs: "the zips table",
          home: { try StoredCodes.recordedHome(on: call.database) })
      }
      guard let code = found.code, let resolution = found.resolution else { return none }
      let summary = code.summary
      // The columns a query does not read are left NULL: a join that reads lat and lon asks no
      // state's name and classifies no code.
      let first = ZipCode.columns.count
      var stateName = DatabaseValue.null
      if call.uses(column: first) {
        let stateNames = RegionNames.Lookup.current(on: call.database)
        stateName = stateNames.name(of: summary, on: call.database).map { .text($0) } ?? .null
      }
      var names = DatabaseValue.null
      if call.uses(column: first + 3) {
        var distinct: [String] = []
        for place in code.places { if let name = place.place, !distinct.contains(name) { distinct.append(name) } }
        if !distinct.isEmpty { names = .text(distinct.joined(separator: ", ")) }
      }
      return [
        ZipCode.columns.indices.map { summary.value(column: $0) } + [
          stateName, call.uses(column: first + 1) ? .text(CodeKind.of(code.places[0]).rawValue) : .null,
          .integer(Int64(code.places.count)), names, .text(resolution.rawValue),
        ]
      ]
    }
  }
}
