import Geodesy
import SQLiteKit

/// The rows of one read of a search (`NearestFirstSearch`), collected inside SQLite: the read's
/// statement hands each row of its squares to `function` as arguments, in its `WHERE`
/// (`... AND zipgeo_search_rows(...) IS 0`, never true, so that its one step reads every range),
/// instead of stepping to each row and reading its columns one call at a time. A function's
/// arguments take no mutex as they are read, and the statement steps once a read, not once a
/// row: the lean path of every search of a table of the current layout on a connection that
/// registered the function (`SQLFunctions.register`).
final class SearchRowCollector {
  /// The type the collector's address is bound with (`Statement.bind(pointer:type:at:)`): SQL
  /// sees NULL, and no SQL can make one.
  static let pointerType: StaticString = "zipgeo_search_rows"

  // Variables of a class are checked for exclusive access at each access, on the path of every
  // row here: unchecked, as nothing but the read statement's step reaches them, one row at a time
  // (SQLite calls the function on the thread that steps).
  /// The rows collected since the last `take()`.
  @exclusivity(unchecked) private var rows: FoundRows.Builder
  /// The rows handed to the collector since the last `takeCounts()`, and of them those within the
  /// radius.
  @exclusivity(unchecked) private var handed = 0
  @exclusivity(unchecked) private var kept = 0
  private let center: Coordinate
  private let model: EarthModel
  private let unit: LengthUnit
  private let farthest: Double
  private let details: FoundRows.Details
  private let reading: NearestFirstSearch.Reading

  init(
    center: Coordinate, model: EarthModel, unit: LengthUnit, farthest: Double, details: FoundRows.Details,
    reading: NearestFirstSearch.Reading
  ) {
    (self.center, self.model, self.unit, self.farthest, self.details, self.reading) =
      (center, model, unit, farthest, details, reading)
    rows = FoundRows.Builder(hasColumns: reading == .rows)
  }

  /// The rows collected since the last call, and none kept.
  func take() -> FoundRows.Builder {
    var taken = FoundRows.Builder(hasColumns: reading == .rows)
    swap(&taken, &rows)
    return taken
  }

  /// The rows handed over since the last call (a read's rows within its box), and of them those
  /// within the radius; none counted after.
  func takeCounts() -> (handed: Int, kept: Int) {
    defer { (handed, kept) = (0, 0) }
    return (handed, kept)
  }

  /// Keeps the row of `arguments` (the read statement's columns, in its order) when it lies within
  /// the radius; whether it does.
  private func collect(_ arguments: borrowing FunctionArguments) -> Bool {
    handed += 1
    let point = Coordinate(uncheckedLatitude: arguments.real(at: 4), longitude: arguments.real(at: 5))
    let distance = model.distance(from: center, to: point, in: unit)
    guard distance <= farthest else { return false }
    kept += 1
    switch reading {
    case .rows: rows.append(from: arguments, distance: distance, details: details)
    case .distances: rows.append(distance: distance)
    case .count: break
    }
    return true
  }

  /// `zipgeo_search_rows(zip, place, state, county, lat, lon, country, accuracy, cell, order,
  /// collector)`: keeps the row in the collector bound as the last argument, when it lies within
  /// its search's radius, and gives 1; NULL when it does not, or when the last argument is no
  /// collector (any value SQL can make).
  static let function = DatabaseFunction(
    "zipgeo_search_rows", argumentCount: Int32(argumentCount), pure: false, nullPropagating: false
  ) { arguments in
    guard arguments.count == argumentCount, let collector = arguments.pointer(at: argumentCount - 1, type: pointerType)
    else { return .null }
    // Not retained and released at each row: the search holds the collector while its statement
    // steps (`NearestFirstSearch.collect(_:on:)`).
    return Unmanaged<SearchRowCollector>.fromOpaque(collector)._withUnsafeGuaranteedRef { $0.collect(arguments) }
      ? .integer(1) : .null
  }

  /// The function's arguments: the ten columns of a search's statement, and the collector.
  static let argumentCount = 11
}
