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
    let from = try coordinate(arguments, latitudeAt: 0, function: "distance")
    let to = try coordinate(arguments, latitudeAt: 2, function: "distance")
    return .real(LengthUnit.kilometres.fromMetres(Sphere.earth.distance(from: from, to: to)))
  }

  /// Every function, in registration order.
  public static let all = [distance]

  /// Registers every zipgeo SQL function on `db`.
  public static func register(on db: Database) throws {
    for function in all { try db.add(function: function) }
  }

  private static let argumentNames = ["lat1", "lon1", "lat2", "lon2"]

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
