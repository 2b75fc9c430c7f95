/// What a command accepts, for parsing and for its help text.
struct CommandSpec: Sendable {
  struct Argument: Sendable {
    let name: String
    let help: String
    var label: String { "<\(name)>" }
  }

  struct Option: Sendable {
    /// The long name without dashes, as in `km` for `--km`.
    let name: String
    /// The name of its value, or `nil` for a flag that takes none.
    let valueName: String?
    let help: String
    /// A one-letter alias, as in `k` for `-k`.
    var short: Character? = nil
    /// The values it takes, when they are a fixed list other than the usual one for its name
    /// (completion scripts offer them).
    var choices: [String]? = nil
    var label: String {
      let names = short.map { "-\($0), --\(name)" } ?? "--\(name)"
      return valueName.map { "\(names) <\($0)>" } ?? names
    }
    /// The form the usage line shows.
    var usageLabel: String { valueName.map { "--\(name) <\($0)>" } ?? "--\(name)" }
  }

  /// The name as typed after `zipgeo`, or empty for `zipgeo` itself.
  let name: String
  let abstract: String
  /// The usage line after `zipgeo <name>`.
  let usage: String
  let arguments: [Argument]
  let options: [Option]
  var discussion: String? = nil
  /// Whether the positional arguments may be left out.
  var optionalArguments = false
  /// Whether the last positional argument may be given more than once (`<file>...`).
  var repeatsLastArgument = false
  /// Command lines with what they do, shown under EXAMPLES in the help.
  var examples: [(command: String, meaning: String)] = []

  var commandLine: String { name.isEmpty ? "zipgeo" : "zipgeo \(name)" }
  var usageLine: String { "\(commandLine) \(usage)" }
}

extension CommandSpec {
  /// Parses `arguments` the way swift-argument-parser does: `--name value` and `--name=value`,
  /// `--` ends options, `-h`/`--help` anywhere asks for help, and a dash followed by a digit is a
  /// value (a negative number), not an option.
  func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(token) {
        parsed.positionals.append(token)
        continue
      }
      if token == "--" {
        optionsEnded = true
        continue
      }
      if token == "-h" || token == "--help" {
        parsed.wantsHelp = true
        continue
      }
      let isLong = token.hasPrefix("--")
      let body = token.dropFirst(isLong ? 2 : 1)
      // A short option may carry its value: -k5 as -k 5.
      let name = isLong ? String(body.prefix { $0 != "=" }) : String(body.prefix(1))
      var inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
      if !isLong && body.count > 1 && inlineValue == nil { inlineValue = String(body.dropFirst()) }
      let found = options.first { isLong ? $0.name == name : $0.short.map(String.init) == name }
      guard let option = found else {
        throw UsageError("Unknown option '\(token.prefix { $0 != "=" })'")
      }
      if option.valueName == nil {
        if inlineValue != nil { throw UsageError("The option '--\(option.name)' takes no value") }
        parsed.flags.insert(option.name)
      } else if let inlineValue {
        parsed.values[option.name] = inlineValue
      } else {
        guard index < arguments.count, !Self.looksLikeOption(arguments[index]) else {
          throw UsageError("Missing value for '\(option.usageLabel)'")
        }
        parsed.values[option.name] = arguments[index]
        index += 1
      }
    }
    if parsed.wantsHelp { return parsed }
    if parsed.positionals.count < self.arguments.count && !optionalArguments {
      throw UsageError("Missing expected argument '\(self.arguments[parsed.positionals.count].label)'")
    }
    if parsed.positionals.count > self.arguments.count && !repeatsLastArgument {
      throw UsageError("Unexpected argument '\(parsed.positionals[self.arguments.count])'")
    }
    return parsed
  }

  /// `-x` and `--x` are options; `-`, `-5` and `-0.5` are values.
  static func looksLikeOption(_ token: String) -> Bool {
    guard token.hasPrefix("-"), token.count > 1 else { return false }
    let second = token[token.index(after: token.startIndex)]
    return !(second.isNumber || second == ".")
  }

  /// The help text, laid out as swift-argument-parser lays it out.
  func help(subcommands: [CommandSpec] = []) -> String {
    var text = "OVERVIEW: \(abstract)\n"
    if let discussion { text += "\n\(discussion)\n" }
    text += "\nUSAGE: \(usageLine)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n" + arguments.map { Self.row($0.label, $0.help) }.joined()
    }
    text += "\nOPTIONS:\n" + options.map { Self.row($0.label, $0.help) }.joined()
    text += Self.row("-h, --help", "Show help information.")
    if !examples.isEmpty {
      text += "\nEXAMPLES:\n" + examples.map { "  \($0.command)\n      \($0.meaning)\n" }.joined()
    }
    if !subcommands.isEmpty {
      text += "\nSUBCOMMANDS:\n" + subcommands.map { Self.row($0.name, $0.abstract) }.joined()
      text += "\n  See 'zipgeo help <subcommand>' for detailed help.\n"
    }
    return text
  }

  /// The usage error text: message, usage line, pointer to help.
  func usageErrorText(_ error: UsageError) -> String {
    "Error: \(error.message)\nUsage: \(usageLine)\n  See '\(commandLine) --help' for more information.\n"
  }

  private static func row(_ label: String, _ help: String) -> String {
    let indent = String(repeating: " ", count: 26)
    let lead = "  \(label)"
    if lead.count < 26 {
      return lead + String(repeating: " ", count: 26 - lead.count) + help + "\n"
    }
    return lead + "\n" + indent + help + "\n"
  }
}
