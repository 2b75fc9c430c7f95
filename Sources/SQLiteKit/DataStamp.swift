/// What a connection's databases held when it was taken (`Database.dataStamp`): equal stamps of
/// one connection mean that none of its tables changed between them.
public struct DataStamp: Equatable, Sendable {
  /// For each database, its name, file and data version.
  let bytes: [UInt8]

  /// The most bytes a stamp holds (about 30 attached databases of long paths): a connection
  /// with more has none, and whatever is kept by stamp is read anew.
  static let capacity = 4_096
}
