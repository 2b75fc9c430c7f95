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
