import Geodesy
import SQLiteKit

/// zipgeo's SQL functions, registered on every connection zipgeo opens.
///
/// ```sql
/// SELECT zip, distance(lat, lon, 33.025, -96.7397) AS km FROM zips WHERE km <= 10 ORDER BY km;
/// ```
public enum SQLFunctions {
  /// `distance(lat1, lon1, lat2, lon2)`: the great-circle distance in kilometres on a sphere of
  /// radius 6371.0088 km (the IUGG mean Earth radius); degrees in.
  ///
  /// NULL in any argument gives NULL. A non-numeric argument, a latitude outside [-90, 90] or an
  /// infinite longitude is an SQL error that names the function and the argument.
  public static let distance = DatabaseFunction("distance", argumentCount: 4, nullPropagating: false) {
    arguments in
    guard let (from, to) = try coordinates(arguments) else { return .null }
    return .real(Sphere.earth.distance(from: from, to: to, in: .kilometres))
  }

  /// `distance(lat1, lon1, lat2, lon2, unit)`: the same distance in `unit`, one of `'km'`, `'m'`,
  /// `'mi'` (international mile), `'nmi'` (nautical mile) or `'ft'`, in any case.
  ///
  /// An unknown unit is an SQL error listing the valid ones.
  public static let distanceInUnit = DatabaseFunction("distance", argumentCount: 5, nullPropagating: false) {
    arguments in
    if arguments.isNull(at: 4) { return .null }
    guard let (from, to) = try coordinates(arguments) else { return .null }
    let unit = try SQLFunctions.unit(arguments, at: 4, function: "distance")
    return .real(Sphere.earth.distance(from: from, to: to, in: unit))
  }

  /// `geodesic_distance(lat1, lon1, lat2, lon2)`: the length of the shortest path on the WGS84
  /// ellipsoid (the Earth of GPS), in kilometres, to a fraction of a millimetre; degrees in.
  ///
  /// The same rules for NULL and bad arguments as `distance`.
  public static let geodesicDistance = DatabaseFunction(
    "geodesic_distance", argumentCount: 4, nullPropagating: false
  ) { arguments in
    guard let (from, to) = try coordinates(arguments, function: "geodesic_distance") else { return .null }
    return .real(EarthModel.wgs84.distance(from: from, to: to, in: .kilometres))
  }

  /// `geodesic_distance(lat1, lon1, lat2, lon2, unit)`: the same in `unit`, as for `distance`.
  public static let geodesicDistanceInUnit = DatabaseFunction(
    "geodesic_distance", argumentCount: 5, nullPropagating: false
  ) { arguments in
    if arguments.isNull(at: 4) { return .null }
    guard let (from, to) = try coordinates(arguments, function: "geodesic_distance") else { return .null }
    let unit = try SQLFunctions.unit(arguments, at: 4, function: "geodesic_distance")
    return .real(EarthModel.wgs84.distance(from: from, to: to, in: unit))
  }

  /// `zipgeo_version()`: the version of zipgeo that registered the functions, such as `'0.2.0'`.
  public static let version = DatabaseFunction("zipgeo_version", argumentCount: 0) { _ in .text(zipgeoVersion) }

  /// `zipgeo_kind(zip, place, country, accuracy)`: what a row's code is for (`CodeKind`):
  /// `'area'`, `'military'`, `'cedex'`, `'organisation'` or `'po-box'`, by the rules the command
  /// line uses, so that `WHERE zipgeo_kind(zip, place, country, accuracy) = 'area'` leaves out the
  /// codes nobody lives in. NULL for a NULL zip; a NULL country is US (an older table's rows).
  public static let kind = DatabaseFunction("zipgeo_kind", argumentCount: 4, nullPropagating: false) { arguments in
    guard let zip = arguments.text(at: 0) else { return .null }
    let accuracy: Int? =
      switch arguments.value(at: 3) {
      case .integer(let number): Int(truncatingIfNeeded: number)
      case .real(let number) where number == number.rounded() && abs(number) < 1e9: Int(number)
      default: nil
      }
    return .text(
      CodeKind.classify(
        zip: zip, place: arguments.text(at: 1), country: arguments.text(at: 2) ?? "US", accuracy: accuracy
      ).kind.rawValue)
  }

  /// Every function, in registration order.
  public static let all =
    [distance, distanceInUnit, geodesicDistance, geodesicDistanceInUnit, version, kind] + distances
    + pairsWithin

  /// The two coordinates in arguments 0...3, checked, or `nil` when one of them is NULL.
  ///
  /// This is the hot path of every radius query, so NULL is found here, on the slow path of the
  /// number check, rather than by a separate pass over the arguments.
  @inline(__always)
  private static func coordinates(_ arguments: borrowing FunctionArguments, function: StaticString = "distance")
    throws -> (Coordinate, Coordinate)?
  {
    // Coordinate(latitude:longitude:)'s rule, inlined for speed; the slow path asks it which
    // argument broke the rule.
    guard let lat1 = arguments.double(at: 0), let lon1 = arguments.double(at: 1), let lat2 = arguments.double(at: 2),
      let lon2 = arguments.double(at: 3), lat1 >= -90 && lat1 <= 90, lat2 >= -90 && lat2 <= 90, lon1.isFinite,
      lon2.isFinite
    else {
      if (0..<4).contains(where: { arguments.isNull(at: $0) }) { return nil }
      // The guard failed and no argument is NULL, so one of the two coordinates is wrong.
      let name = "\(function)"
      throw coordinateError(arguments, latitudeAt: 0, function: name)
        ?? coordinateError(arguments, latitudeAt: 2, function: name) ?? FunctionError("\(name)(): invalid coordinates")
    }
    return (Coordinate(uncheckedLatitude: lat1, longitude: lon1), Coordinate(uncheckedLatitude: lat2, longitude: lon2))
  }

  /// The unit named by the text argument at `index`.
  static func unit(_ arguments: borrowing FunctionArguments, at index: Int, function: String) throws -> LengthUnit {
    let valid = LengthUnit.allCases.map { "'\($0.symbol)'" }.joined(separator: ", ")
    guard let symbol = arguments.text(at: index) else {
      throw FunctionError("\(function)(): unit (argument \(index + 1)) must be text, one of \(valid)")
    }
    // Spaces around a unit are ignored, as they are around numbers.
    guard let unit = LengthUnit(symbol: symbol.trimmingSpaces) else {
      throw FunctionError(
        "\(function)(): unknown unit '\(symbol.shortened)' (argument \(index + 1)); use one of \(valid)")
    }
    return unit
  }

  /// Registers every zipgeo SQL function and table function on `db`.
  public static func register(on db: Database) throws {
    for function in all { try db.add(function: function) }
    for function in tableFunctions { try db.add(tableFunction: function) }
    try db.add(function: searchDistance)
    try db.add(function: SearchRowCollector.function)
  }

  static let argumentNames = ["lat1", "lon1", "lat2", "lon2", "unit"]

  /// What is wrong with the coordinate at `index` (latitude) and `index + 1` (longitude) of
  /// `distance()`, or `nil` when nothing is: the path of `coordinates(_:function:)` once its
  /// checks have failed.
  static func coordinateError(
    _ arguments: borrowing FunctionArguments, latitudeAt index: Int, function: String = "distance"
  ) -> FunctionError? {
    for position in [index, index + 1] where arguments.double(at: position) == nil {
      return arguments.notANumber(at: position, of: function, named: argumentNames[position])
    }
    // The rule itself is Coordinate's; this only names the argument that broke it.
    let latitude = arguments.double(at: index) ?? .nan
    let longitude = arguments.double(at: index + 1) ?? .nan
    do {
      _ = try Coordinate(latitude: latitude, longitude: longitude)
    } catch {
      switch error {
      case .latitudeOutOfRange(let value):
        return FunctionError(
          "\(function)(): \(argumentNames[index]) (argument \(index + 1)) is \(value), outside [-90, 90]")
      case .longitudeNotFinite(let value):
        return FunctionError(
          "\(function)(): \(argumentNames[index + 1]) (argument \(index + 2)) is \(value), not a finite number")
      case .longitudeOutOfRange(let value):
        return FunctionError(
          "\(function)(): \(argumentNames[index + 1]) (argument \(index + 2)) is \(value), outside [-180, 180]")
      }
    }
    return nil
  }
}
