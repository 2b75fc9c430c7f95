import Geodesy
import SQLiteKit

/// Shell completion scripts for `zipgeo`, made from the same command specs as the help.
///
/// ```
/// zipgeo --generate-completion-script bash > /etc/bash_completion.d/zipgeo
/// ```
enum CompletionScript {
  enum Shell: String, CaseIterable {
    case bash, zsh, fish
  }

  /// Values an option takes, for options whose values are a fixed list or files.
  static func values(of option: CommandSpec.Option) -> [String]? {
    if let choices = option.choices { return choices }
    return switch option.name {
    case "format": OutputFormat.allCases.map(\.rawValue)
    case "model": EarthModel.allCases.map(\.rawValue)
    default: nil
    }
  }

  static func takesFile(_ option: CommandSpec.Option) -> Bool { option.name == "db" || option.name == "file" }

  static func script(for shell: Shell, commands: [CommandSpec]) -> String {
    switch shell {
    case .bash: bash(commands)
    case .zsh: zsh(commands)
    case .fish: fish(commands)
    }
  }

  /// Quoted for the shell inside single quotes.
  static func quoted(_ text: String) -> String {
    "'" + text.replacingAll("'", with: "'\\''") + "'"
  }

  static func bash(_ commands: [CommandSpec]) -> String {
    let names = (commands.map(\.name) + ["help", "--help", "--version"]).joined(separator: " ")
    var script = """
      # bash completion for zipgeo (zipgeo --generate-completion-script bash)
      _zipgeo() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" opts=""
        if [[ $COMP_CWORD -eq 1 ]]; then
          COMPREPLY=($(compgen -W "\(names)" -- "$cur"))
          return
        fi
        case "$prev" in

      """
    for option in Set(commands.flatMap(\.options).map(\.name)).sorted() {
      let specs = commands.flatMap(\.options).filter { $0.name == option }
      let spec = specs[0]  // from the same list
      // bash is not told the subcommand here: every value any subcommand's option takes.
      let values = specs.compactMap(values(of:)).reduce(into: [String]()) { all, more in
        all += more.filter { !all.contains($0) }
      }
      if !values.isEmpty {
        script +=
          "    --\(option)) COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\")); return ;;\n"
      } else if takesFile(spec) {
        script += "    --\(option)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
      }
    }
    script += "  esac\n  case \"${COMP_WORDS[1]}\" in\n"
    for command in commands {
      let options = (command.options.flatMap { ["--\($0.name)"] + ($0.short.map { ["-\($0)"] } ?? []) } + ["--help"])
        .joined(separator: " ")
      script += "    \(command.name)) opts=\"\(options)\" ;;\n"
    }
    script += """
        help) COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur")); return ;;
        esac
        if [[ "$cur" == -* ]]; then
          COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        elif [[ "${COMP_WORDS[1]}" == import ]]; then
          COMPREPLY=($(compgen -f -- "$cur"))
        fi
      }
      complete -F _zipgeo zipgeo

      """
    return script
  }

  static func zsh(_ commands: [CommandSpec]) -> String {
    var script = "#compdef zipgeo\n# zsh completion for zipgeo (zipgeo --generate-completion-script zsh)\n\n"
    script += "_zipgeo() {\n  local -a subcommands\n  subcommands=(\n"
    for command in commands {
      script += "    \(quoted("\(command.name):\(command.abstract)"))\n"
    }
    script += "  )\n  if (( CURRENT == 2 )); then\n    _describe 'subcommand' subcommands\n    return\n  fi\n"
    script += "  case $words[2] in\n"
    for command in commands {
      var specs = command.options.map { option -> String in
        let help = option.help.replacingAll("[", with: "(").replacingAll("]", with: ")")
        guard let valueName = option.valueName else { return quoted("--\(option.name)[\(help)]") }
        let action = values(of: option).map { "(\($0.joined(separator: " ")))" } ?? (takesFile(option) ? "_files" : "")
        return quoted("--\(option.name)[\(help)]:\(valueName):\(action)")
      }
      // Braces stay outside the quotes, for zsh to expand into two specs.
      specs.append("'(-h --help)'{-h,--help}'[Show help information.]'")
      if command.name == "import" { specs.append(quoted("*:file:_files")) }
      script +=
        "    \(command.name))\n      _arguments \\\n        " + specs.joined(separator: " \\\n        ")
        + "\n      ;;\n"
    }
    script += "  esac\n}\n\n_zipgeo \"$@\"\n"
    return script
  }

  static func fish(_ commands: [CommandSpec]) -> String {
    var script = "# fish completion for zipgeo (zipgeo --generate-completion-script fish)\ncomplete -c zipgeo -f\n"
    for command in commands {
      script += "complete -c zipgeo -n __fish_use_subcommand -a \(command.name) -d \(quotedFish(command.abstract))\n"
    }
    for command in commands {
      let condition = "'__fish_seen_subcommand_from \(command.name)'"
      for option in command.options {
        var line = "complete -c zipgeo -n \(condition) -l \(option.name)"
        if let short = option.short { line += " -s \(short)" }
        if option.valueName != nil { line += " -r" }
        if let values = values(of: option) { line += " -a \(quotedFish(values.joined(separator: " ")))" }
        if takesFile(option) { line += " -F" }
        script += line + " -d \(quotedFish(option.help))\n"
      }
      if command.name == "import" { script += "complete -c zipgeo -n \(condition) -F\n" }
    }
    return script
  }

  static func quotedFish(_ text: String) -> String {
    "'" + text.replacingAll("\\", with: "\\\\").replacingAll("'", with: "\\'") + "'"
  }
}
