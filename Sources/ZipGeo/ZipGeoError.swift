/// What can go wrong when using a zipgeo database, in words a user can act on.
public enum ZipGeoError: Error, Equatable, Sendable, CustomStringConvertible {
  /// No file at the database path.
  case databaseMissing(path: String)
  /// The file cannot be opened or read as SQLite.
  case databaseUnreadable(path: String, reason: String)
  /// The file is SQLite but not a zipgeo database this version understands.
  case notAZipgeoDatabase(path: String, reason: String)
  /// The zip code is not in the database.
  case unknownZip(zip: String, path: String)
  /// A radius that is not a positive finite number.
  case invalidRadius(String)

  /// The message after `Error: `, as in `zip code '00000' is not in zipgeo.db`.
  public var description: String {
    switch self {
    case .databaseMissing(let path):
      "no database at '\(path)'; create one with: zipgeo import data/zips.csv"
    case .databaseUnreadable(let path, let reason):
      "cannot open '\(path)': \(reason)"
    case .notAZipgeoDatabase(let path, let reason):
      "'\(path)' is not a zipgeo database: \(reason)"
    case .unknownZip(let zip, let path):
      "zip code '\(zip)' is not in \(path)"
    case .invalidRadius(let text):
      "the radius must be a positive number, not '\(text)'"
    }
  }
}
