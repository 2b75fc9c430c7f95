import CInterrupt
import ZipGeo

/// `zipgeo upgrade`: brings a database an older zipgeo wrote up to this version's layout, keeping
/// every row, so that this zipgeo can read it.
enum UpgradeCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "upgrade", abstract: "Upgrade a database an older zipgeo made, keeping every row.",
    usage: "[--db <path>]", arguments: [],
    options: [.database],
    discussion: """
      zipgeo reads the layout of its own version only: a database an older zipgeo made (schema
      version 1 or 2) is refused by every command, with this command in the error. The upgrade lays
      the rows out anew, clustered by grid cell, keeps every row in its order, and rebuilds what an
      import builds (the index of codes, the index of place names, the names of the states), in one
      transaction: readers go on reading the old rows until it is done, and an upgrade that fails
      or is interrupted leaves the file as it was. What you added to the old table that the new
      one would lose (a column, an index, a trigger, a view that reads rowid) is named, and the
      file left as it was. A database of this version is left as it is. zipgeo import upgrades a
      database too, before it imports.
      """,
    examples: [
      ("zipgeo upgrade", "Upgrade the database the commands read here."),
      ("zipgeo upgrade --db old.db", "Upgrade old.db in place."),
    ])

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let location = DatabaseLocation(option: arguments.value("db"), environment: context.environment)
    let shown = location.source == .perUser ? context.shownPath(location.path) : location.path
    let hook = TestHook(environment: context.environment)
    interrupt_on_signals()
    let clock = ContinuousClock()
    let start = clock.now
    let summary = try Importer().upgradeDatabase(
      at: location.path, notify: { context.console.err("warning: \($0)\n") },
      shouldStop: { interrupt_signal() != 0 }, phase: { hook?.reached($0.description) })
    guard summary.upgraded else {
      context.console.outText("\(shown) is already at schema version \(Schema.version); nothing to do\n")
      return
    }
    let elapsed = (clock.now - start).components
    let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    context.console.outText(
      "Upgraded \(shown) from schema version \(summary.fromVersion) to \(Schema.version): "
        + "\(ImportCommand.count(summary.rows, "zip code")) kept, \(fixed(seconds, decimals: 2)) s\n")
  }
}
