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
  public static let distance = DatabaseFunction("distance", argumentCount: 4) { arguments in
    .real(LengthUnit.kilometres.fromMetres(try metres(arguments)))
  }

  /// `distance(lat1, lon1, lat2, lon2, unit)`: the same distance in `unit`, one of `'km'`, `'m'`,
  /// `'mi'` (international mile), `'nmi'` (nautical mile) or `'ft'`, in any case.
  ///
  /// An unknown unit is an SQL error listing the valid ones.
  public static let distanceInUnit = DatabaseFunction("distance", argumentCount: 5) { arguments in
    let unit = try SQLFunctions.unit(arguments, at: 4, function: "distance")
    return .real(unit.fromMetres(try metres(arguments)))
  }

  /// `zipgeo_version()`: the version of zipgeo that registered the functions, such as `'0.1.0'`.
  public static let version = DatabaseFunction("zipgeo_version", argumentCount: 0) { _ in .text(zipgeoVersion) }

  /// Every function, in registration order.
  public static let all = [distance, distanceInUnit, version]

  /// The great-circle distance in metres between the coordinates in arguments 0...3.
  private static func metres(_ arguments: borrowing FunctionArguments) throws -> Double {
    let from = try coordinate(arguments, latitudeAt: 0, function: "distance")
    let to = try coordinate(arguments, latitudeAt: 2, function: "distance")
    return Sphere.earth.distance(from: from, to: to)
  }

  /// The unit named by the text argument at `index`.
  static func unit(_ arguments: borrowing FunctionArguments, at index: Int, function: String) throws -> LengthUnit {
    let valid = LengthUnit.allCases.map { "'\($0.symbol)'" }.joined(separator: ", ")
    guard let symbol = arguments.text(at: index) else {
      throw FunctionError("\(function)(): unit (argument \(index + 1)) must be text, one of \(valid)")
    }
    guard let unit = LengthUnit(symbol: symbol) else {
      throw FunctionError(
        "\(function)(): unknown unit '\(symbol.prefix(40))' (argument \(index + 1)); use one of \(valid)")
    }
    return unit
  }

  /// Registers every zipgeo SQL function on `db`.
  public static func register(on db: Database) throws {
    for function in all { try db.add(function: function) }
  }

  private static let argumentNames = ["lat1", "lon1", "lat2", "lon2", "unit"]

  /// Reads a latitude at `index` and a longitude after it.
  static func coordinate(_ arguments: borrowing FunctionArguments, latitudeAt index: Int, function: String) throws
    -> Coordinate
  {
    let latitude = try arguments.number(at: index, of: function, named: argumentNames[index])
    let longitude = try arguments.number(at: index + 1, of: function, named: argumentNames[index + 1])
    do {
      return try Coordinate(latitude: latitude, longitude: longitude)
    } catch .latitudeOutOfRange {
      throw FunctionError(
        "\(function)(): \(argumentNames[index]) (argument \(index + 1)) is \(latitude), outside [-90, 90]")
    } catch {
      throw FunctionError(
        "\(function)(): \(argumentNames[index + 1]) (argument \(index + 2)) is \(longitude), not a finite number")
    }
  }
}
