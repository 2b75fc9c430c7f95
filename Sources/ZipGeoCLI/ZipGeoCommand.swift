import CInterrupt
import SQLiteKit
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// The `zipgeo` command line.
///
/// ```swift
/// let status = ZipGeoCommand.run(["near", "75075", "--km", "10"])
/// ```
public enum ZipGeoCommand {
  /// Exit codes, as swift-argument-parser uses them.
  public enum ExitCode {
    /// The command did what it was asked.
    public static let success: Int32 = 0
    /// A runtime failure: unknown zip, bad file, missing database.
    public static let failure: Int32 = 1
    /// `--file`: every row was written, and some of them could not be answered (a code not found,
    /// say): their reason column says why.
    public static let unanswered: Int32 = 2
    /// The command line does not fit the command.
    public static let usage: Int32 = 64
    /// Stopped by Ctrl-C (128 + SIGINT), as shells report it; SIGTERM gives 143, SIGHUP 129.
    public static let interrupted: Int32 = 130
  }

  static let root = CommandSpec(
    name: "", abstract: "Zip codes and distances on SQLite: import, radius search, lookups.",
    usage: "<subcommand>", arguments: [],
    options: [
      CommandSpec.Option(name: "version", valueName: nil, help: "Show the version."),
      CommandSpec.Option(
        name: "generate-completion-script", valueName: "shell",
        help: "Print a completion script for bash, zsh or fish."),
      CommandSpec.Option(
        name: "generate-manual", valueName: "prefix",
        help:
          "Print the manual page, zipgeo(1), in roff, naming the files installed under the prefix. (default: /usr/local)"
      ),
    ])

  static let subcommands: [Subcommand] = [
    ImportCommand.subcommand, NearCommand.subcommand, NearestCommand.subcommand, DistanceCommand.subcommand,
    InfoCommand.subcommand, SearchCommand.subcommand,
    SQLCommand.subcommand, CountriesCommand.subcommand, HomeCommand.subcommand, WhereCommand.subcommand,
    UpgradeCommand.subcommand,
  ]

  /// Runs one command line and returns the exit code.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: Where `ZIPGEO_DB`, `XDG_DATA_HOME`, `HOME` and `ZIPGEO_DATA_DIR` are looked up.
  ///   - console: Where output goes.
  public static func run(
    _ arguments: [String], environment: [String: String] = processEnvironment(),
    console: Console = .standard
  ) -> Int32 {
    let context = Context(environment: environment, console: console)
    guard let first = arguments.first else {
      console.out(root.help(subcommands: subcommands.map(\.spec)))
      return ExitCode.success
    }
    switch first {
    case "--version":
      console.out(zipgeoVersion + "\n")
      return ExitCode.success
    case "--generate-completion-script":
      let name = arguments.dropFirst().first ?? ""
      guard let shell = CompletionScript.Shell(rawValue: name) else {
        console.err(
          root.usageErrorText(
            UsageError(
              "The value '\(name)' is invalid for '--generate-completion-script <shell>': use bash, zsh or fish")))
        return ExitCode.usage
      }
      console.out(CompletionScript.script(for: shell, commands: subcommands.map(\.spec)))
      return ExitCode.success
    case "--generate-manual":
      // The prefix is optional: the manual of a /usr/local install without it.
      let prefix = arguments.dropFirst().first ?? ManualPage.defaultPrefix
      guard arguments.count <= 2, prefix.hasPrefix("/") else {
        let message =
          arguments.count > 2
          ? "Unexpected argument '\(arguments[2])'"
          : "The value '\(prefix)' is invalid for '--generate-manual <prefix>': give an absolute path"
        console.err(root.usageErrorText(UsageError(message)))
        return ExitCode.usage
      }
      console.out(ManualPage(root: root, commands: subcommands.map(\.spec), prefix: prefix).roff)
      return ExitCode.success
    case "-h", "--help":
      console.out(root.help(subcommands: subcommands.map(\.spec)))
      return ExitCode.success
    case "help":
      guard let name = arguments.dropFirst().first else {
        console.out(root.help(subcommands: subcommands.map(\.spec)))
        return ExitCode.success
      }
      guard let command = subcommands.first(where: { $0.spec.name == name }) else {
        console.err(root.usageErrorText(UsageError("Unknown subcommand '\(name.shortened)'")))
        return ExitCode.usage
      }
      console.out(command.spec.help())
      return ExitCode.success
    default:
      break
    }
    guard let command = subcommands.first(where: { $0.spec.name == first }) else {
      let message =
        first.hasPrefix("-")
        ? "Unknown option '\(first.shortened)'"
        : "Unknown subcommand '\(first.shortened)'"
          + (nearestSubcommand(to: first).map { "; did you mean '\($0)'?" } ?? "")
      console.err(root.usageErrorText(UsageError(message)))
      return ExitCode.usage
    }
    let spec = command.spec
    // Set by a command that takes --country, when $ZIPGEO_COUNTRY chose the country.
    var countryFromEnvironment: String?
    // For the hint of an error that a `./zipgeo.db` hiding the per-user database may explain.
    var parsedArguments: ParsedArguments?
    do {
      let parsed = try spec.parse(Array(arguments.dropFirst()))
      parsedArguments = parsed
      if CountryOption.commands.contains(spec.name), parsed.value("country") == nil {
        countryFromEnvironment = try? CountryOption.value(environment: environment)
      }
      if parsed.wantsHelp {
        console.out(spec.help())
        return ExitCode.success
      }
      try command.run(parsed, context)
      return ExitCode.success
    } catch let exit as QuietExit {
      return exit.exitCode
    } catch ZipGeoError.databaseMissing(let path) {
      console.err("Error: \(context.missingDatabaseMessage(path))\n")
      return ExitCode.failure
    } catch let error as UsageError {
      console.err(spec.usageErrorText(error))
      return ExitCode.usage
    } catch let error as ImportError where error.option != nil {
      // An option that does not fit the files (--country for files that all have a country
      // column), known only once their first lines are read.
      console.err(spec.usageErrorText(UsageError(error.description)))
      return ExitCode.usage
    } catch let error as ImportError where error.isInterruption {
      let action = error.interruptedAction ?? "import"
      console.err("Error: \(error.file): \(action) interrupted\(interruptingSignalName); the database is unchanged\n")
      return interruptedExitCode
    } catch {
      // The user may not know that the country was chosen for them.
      let chosen =
        error is ZipGeoError
        ? countryFromEnvironment.map {
          " (the country is \($0), from $\(CountryOption.variable); --country all for every country)"
        } ?? "" : ""
      let hidden = parsedArguments.map { context.hiddenDatabaseHint(for: error, arguments: $0) } ?? ""
      console.err("Error: \(error)\(chosen)\(hidden)\n")
      return (error as? CommandFailure)?.exitCode ?? ExitCode.failure
    }
  }

  /// The subcommand a mistyped name is nearest to (`neer`: `near`), within two edits; of those as
  /// near, the first listed.
  static func nearestSubcommand(to name: String) -> String? {
    let typed = Array(name.lowercased().utf8.prefix(64))
    var best: (name: String, edits: Int)?
    for command in subcommands {
      guard let edits = EditDistance.between(typed, command.spec.name.utf8, limit: 2) else { continue }
      if best == nil || edits < best!.edits { best = (command.spec.name, edits) }
    }
    return best?.name
  }

  /// ` by SIGTERM`, naming the signal that stopped an import, or `""`.
  static var interruptingSignalName: String {
    [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP"][interrupt_signal()].map { " by \($0)" } ?? ""
  }

  /// 128 + the number of the signal that stopped an import, as shells report a process a signal
  /// ended.
  static var interruptedExitCode: Int32 {
    let signal = interrupt_signal()
    return signal == 0 ? ExitCode.interrupted : 128 + signal
  }
}
