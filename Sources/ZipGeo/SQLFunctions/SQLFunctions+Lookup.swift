import SQLiteKit

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

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
    "zipgeo_lookup", columns: lookupColumns,
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
      return [lookupRow(code, resolution: resolution, call: call, stateNames: RegionNames.Lookup.current)]
    }
  }

  /// The columns of `zipgeo_lookup` and `zipgeo_codes` after `ZipCode.columns`.
  static let lookupColumns = ZipCode.columns + ["state_name", "kind", "places", "place_names", "resolution"]

  /// `code`, found as `resolution` says, as a row of `lookupColumns`: its summary (the centre,
  /// and what its places have in common), its state's name, its kind, how many places it names
  /// and their names. The columns a query does not read are left NULL: a join that reads lat and
  /// lon asks no state's name and classifies no code.
  static func lookupRow(
    _ code: PostalCode, resolution: CodeLookup.Resolution, call: TableFunction.Call,
    stateNames: (Database) -> RegionNames.Lookup
  ) -> [DatabaseValue] {
    let summary = code.summary
    let first = ZipCode.columns.count
    var stateName = DatabaseValue.null
    if call.uses(column: first) {
      stateName = stateNames(call.database).name(of: summary, on: call.database).map { .text($0) } ?? .null
    }
    var names = DatabaseValue.null
    if call.uses(column: first + 3) {
      var distinct: [String] = []
      for place in code.places { if let name = place.place, !distinct.contains(name) { distinct.append(name) } }
      if !distinct.isEmpty { names = .text(distinct.joined(separator: ", ")) }
    }
    return ZipCode.columns.indices.map { summary.value(column: $0) } + [
      stateName, call.uses(column: first + 1) ? .text(CodeKind.of(code.places[0]).rawValue) : .null,
      .integer(Int64(code.places.count)), names, .text(resolution.rawValue),
    ]
  }

  /// `zipgeo_codes([country])`: every code of `country` as `zipgeo_lookup(code, country)` answers
  /// it when the code is written as stored, in the same columns, ordered by code: the table a host
  /// joins a whole column with by its exact text (`zipgeo_sqlite.frame`) or writes out, leaving
  /// `zipgeo_lookup` the codes written some other way. Left out or NULL, `country` is the one a
  /// bare code is read in first (`StoredCodes.bareCodeCountry`): the home the database records,
  /// else the country of a database of one; a database of several without a home gives no rows.
  ///
  /// ```sql
  /// SELECT zip, lat, lon, places FROM zipgeo_codes('US') LIMIT 2;
  /// SELECT c.country, z.zip FROM countries c, zipgeo_codes(c.country) z;   -- every country's
  /// ```
  public static let codesTable = TableFunction(
    "zipgeo_codes", columns: lookupColumns, arguments: ["code_country"], argumentTypes: ["code_country": "TEXT"],
    required: 0, orderedBy: ["zip"], leftOutWhenNull: ["code_country"]
  ) { arguments, call in
    var country: String?
    if arguments.count > 0 && !arguments.isNull(at: 0) {
      guard let text = arguments.text(at: 0), let code = CountryCode(text) else {
        throw FunctionError(
          "zipgeo_codes(): code_country (argument 1) must be a two-letter country code such as 'US',"
            + " not '\(arguments.value(at: 0).description.shortened)'")
      }
      country = code.text
    }
    return try reportingErrors(of: "zipgeo_codes") {
      try Schema.diagnosingTable(call.database) {
        guard let read = try country ?? StoredCodes.bareCodeCountry(on: call.database) else {
          return [[DatabaseValue]]()
        }
        return try StoredCodeRows(country: read, call: call)
      }
    }
  }

  /// The rows of `zipgeo_codes`: the country's places read in the table's own order (a read in
  /// the order of codes seeks a row in the table for each of them), grouped by code and sorted;
  /// each part's rows made when SQLite reaches it.
  final class StoredCodeRows: TableFunctionRows {
    private let call: TableFunction.Call
    private let stateNames: RegionNames.Lookup
    /// Each code's places, with their ids, sorted by code.
    private let codes: [[ZipCode]]
    private var rows: [[DatabaseValue]] = []
    private var made = 0
    private static let partSize = 1_024

    init(country: String, call: TableFunction.Call) throws {
      let db = call.database
      try Schema.requireCurrentLayout(db)
      // A statement of its own: two calls of the function may be read at once.
      let statement = try db.prepare("SELECT \(Schema.placeColumns), id FROM zips WHERE country = ?1")
      try statement.bind(.text(country), at: 1)
      var places: [ZipCode] = []
      var ids: [Int64] = []
      while try statement.step() {
        let (place, id) = try StoredCodes.storedPlace(statement, shownAs: "\(country):\(statement.text(at: 0) ?? "")")
        places.append(place)
        ids.append(id)
      }
      // By code in SQLite's order of text (BINARY: by bytes), as the promise of `orderedBy` needs,
      // and a code's places in the order of the file, as `StoredCodes` gives them. Positions are
      // sorted, not the places, whose every move retains and releases their texts.
      let zips = places.map(\.zip)
      // The first eight bytes of each code, as a number whose order is theirs: most codes differ
      // there, and only those that do not are compared byte by byte.
      let prefixes = zips.map { zip in
        var prefix: UInt64 = 0
        var taken = 0
        for byte in zip.utf8.prefix(8) {
          prefix = prefix << 8 | UInt64(byte)
          taken += 1
        }
        return prefix << (8 * UInt64(8 - taken))
      }
      let order = places.indices.sorted { a, b in
        if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
        let order = zips[a] == zips[b] ? 0 : bytesOrder(zips[a], zips[b])
        return order != 0 ? order < 0 : ids[a] < ids[b]
      }
      var codes: [[ZipCode]] = []
      var start = 0
      for index in order.indices.dropFirst() where zips[order[index]] != zips[order[start]] {
        codes.append(order[start..<index].map { places[$0] })
        start = index
      }
      if !order.isEmpty { codes.append(order[start...].map { places[$0] }) }
      self.codes = codes
      self.call = call
      stateNames = RegionNames.Lookup.current(on: db)
      _ = try advance()
    }

    var rowCount: Int { rows.count }
    func value(row: Int, column: Int) -> DatabaseValue { rows[row][column] }

    func advance() throws -> Bool {
      rows.removeAll(keepingCapacity: true)
      let end = min(codes.count, made + Self.partSize)
      for index in made..<end {
        // The places in the order of the file, as `StoredCodes` gives a code's.
        if let code = PostalCode(places: codes[index]) {
          rows.append(lookupRow(code, resolution: .asWritten, call: call, stateNames: { _ in self.stateNames }))
        }
      }
      made = end
      return !rows.isEmpty
    }
  }

  /// The order of `a` and `b` by their UTF-8 bytes, as `memcmp` gives it: SQLite's BINARY order.
  private static func bytesOrder(_ a: String, _ b: String) -> Int32 {
    var (a, b) = (a, b)
    return a.withUTF8 { x in
      b.withUTF8 { y in
        let common = min(x.count, y.count)
        let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
        return order != 0 ? order : x.count < y.count ? -1 : x.count > y.count ? 1 : 0
      }
    }
  }
}
