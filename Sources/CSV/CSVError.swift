/// Why a CSV file could not be read, with the line where the problem is.
public struct CSVError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The 1-based line, or `nil` when the problem is with the file as a whole.
  public let line: Int?
  /// What is wrong, without the file name or line (the caller knows the file's name).
  public let message: String

  /// An error at `line` (1-based, or `nil` for the whole file): `CSVError(line: 3, message: "...")`.
  public init(line: Int?, message: String) {
    self.line = line
    self.message = message
  }

  /// `line 3: a quoted field starting here is never closed`.
  public var description: String {
    if let line { "line \(line): \(message)" } else { message }
  }
}
