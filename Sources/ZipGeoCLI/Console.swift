import Foundation

/// Where a command writes: standard output for results, standard error for errors and warnings.
public struct Console: Sendable {
  public let out: @Sendable (String) -> Void
  public let err: @Sendable (String) -> Void

  public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void) {
    self.out = out
    self.err = err
  }

  /// The process's standard output and standard error.
  public static let standard = Console(
    out: { FileHandle.standardOutput.write(Data($0.utf8)) },
    err: { FileHandle.standardError.write(Data($0.utf8)) })
}
