import CSV
import SQLiteKit

/// A problem with an import file, naming the file, the line and the value.
///
/// ```
/// data/x.csv:3: latitude '91.5' is outside [-90, 90]
/// ```
public struct ImportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file, as the caller named it.
  public let file: String
  /// The 1-based line, or `nil` for the file as a whole.
  public let line: Int?
  /// What is wrong, with the value.
  public let message: String
  /// The option the import was given that does not fit its files (`country`, for `--country`),
  /// when the error is in how the import was asked for rather than in a file.
  public let option: String?
  /// Whether the import was asked to stop (`interrupted(file:)`), which is no fault of a file.
  public let isInterruption: Bool
  /// What was interrupted (`import`, `upgrade`), when `isInterruption`.
  public private(set) var interruptedAction: String?

  /// `ImportError(file: "x.csv", line: 3, message: "latitude '91.5' is outside [-90, 90]")`.
  init(file: String, line: Int?, message: String, option: String? = nil, isInterruption: Bool = false) {
    self.file = file
    self.line = line
    self.message = message
    self.option = option
    self.isInterruption = isInterruption
  }

  /// `data/x.csv:3: latitude '91.5' is outside [-90, 90]`.
  public var description: String {
    if let line { "\(file):\(line): \(message)" } else { "\(file): \(message)" }
  }

  /// The import (or another `action` on a database, such as an upgrade) was asked to stop
  /// (Ctrl-C) and nothing was changed.
  public static func interrupted(file: String, action: String = "import") -> ImportError {
    var error = ImportError(
      file: file, line: nil, message: "\(action) interrupted; the database is unchanged", isInterruption: true)
    error.interruptedAction = action
    return error
  }
}

extension ImportError {
  /// A problem with one line of an import file, before the importer knows which: it then makes
  /// the `ImportError` that names the file and the line.
  public struct Problem: Error, Equatable, Sendable {
    /// What is wrong, as in `latitude '91.5' is outside [-90, 90]`.
    public let message: String
    /// `ImportError.Problem("zip is empty")`.
    public init(_ message: String) { self.message = message }
  }
}
