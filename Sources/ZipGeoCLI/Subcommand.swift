import CInterrupt
import SQLiteKit
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// One `zipgeo` subcommand: what it accepts and what it does.
struct Subcommand: Sendable {
  let spec: CommandSpec
  let run: @Sendable (ParsedArguments, Context) throws -> Void
}

extension CommandSpec.Option {
  /// The database a command reads, or `zipgeo import` writes (`DatabaseLocation`).
  static let database = CommandSpec.Option(
    name: "db", valueName: "path",
    help: "The database file. (default: $ZIPGEO_DB, else ./zipgeo.db if it exists, else the per-user database)")
}

extension CommandSpec.Option {
  /// `--file <csv>`: the CSV file whose rows a command writes with the columns it appends.
  static func file(appending columns: String) -> CommandSpec.Option {
    CommandSpec.Option(
      name: "file", valueName: "csv",
      help: "A CSV file with a header (-: standard input): each row is written with \(columns) appended.")
  }
}
