import CSQLiteAPI

/// An error raised inside an SQL function; SQLite reports its message as the statement's error.
public struct FunctionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text SQLite reports, as in `distance(): lat1 (argument 1) is 91.5, outside [-90, 90]`.
  public let message: String
  /// `throw FunctionError("twice(): argument 1 is not a number")`.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}
