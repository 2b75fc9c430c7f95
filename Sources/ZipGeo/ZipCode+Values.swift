import SQLiteKit

extension ZipCode {
  /// The columns a zip code has in SQL results and machine-readable output.
  public static let columns = ["zip", "place", "state", "county", "lat", "lon", "country", "accuracy"]

  /// The values of `columns`, typed: text for names (so `01001` keeps its zero), reals for
  /// coordinates, NULL where the data set has nothing.
  public var values: [DatabaseValue] {
    values(then: [])
  }

  /// `values` followed by `more`, in one array.
  func values(then more: [DatabaseValue]) -> [DatabaseValue] {
    var values: [DatabaseValue] = [
      .text(zip), place.map(DatabaseValue.text) ?? .null, state.map(DatabaseValue.text) ?? .null,
      county.map(DatabaseValue.text) ?? .null, .real(coordinate.latitude), .real(coordinate.longitude),
      .text(country), accuracy.map { .integer(Int64($0)) } ?? .null,
    ]
    values.reserveCapacity(values.count + more.count)
    values += more
    return values
  }
}
