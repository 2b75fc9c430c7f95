import SQLiteKit

extension ZipCode {
  /// The columns a zip code has in SQL results and machine-readable output.
  public static let columns = ["zip", "place", "state", "county", "lat", "lon", "country", "accuracy"]

  /// The values of `columns`, typed: text for names (so `01001` keeps its zero), reals for
  /// coordinates, NULL where the data set has nothing.
  public var values: [DatabaseValue] {
    Self.columns.indices.map(value(column:))
  }

  /// The value of `columns[column]`.
  func value(column: Int) -> DatabaseValue {
    switch column {
    case 0: .text(zip)
    case 1: place.map(DatabaseValue.text) ?? .null
    case 2: state.map(DatabaseValue.text) ?? .null
    case 3: county.map(DatabaseValue.text) ?? .null
    case 4: .real(coordinate.latitude)
    case 5: .real(coordinate.longitude)
    case 6: .text(country)
    default: accuracy.map { .integer(Int64($0)) } ?? .null
    }
  }
}
