import SQLiteKit
import ZipGeo

/// The manual page `zipgeo(1)`, in roff with the man(7) macros, made from the same command specs
/// as the help, so that `man zipgeo` says what `zipgeo <command> --help` says.
///
/// ```
/// zipgeo --generate-manual /usr/local > /usr/local/share/man/man1/zipgeo.1
/// ```
struct ManualPage {
  /// `zipgeo` itself: its abstract and root options.
  let root: CommandSpec
  /// The subcommands, in the order the help lists them.
  let commands: [CommandSpec]
  /// The folder zipgeo is installed under, as in `/usr/local`: FILES names the extension and the
  /// data below it.
  let prefix: String

  /// The prefix a manual names when it is given none.
  static let defaultPrefix = "/usr/local"

  /// The whole page.
  var roff: String {
    var page =
      ".\\\" The manual of zipgeo \(zipgeoVersion), made by zipgeo --generate-manual: edit the help, not this.\n"
    page += ".TH ZIPGEO 1 \"\" \"zipgeo \(Self.escaped(zipgeoVersion))\" \"User Commands\"\n"
    // Left-aligned and unhyphenated, so that an option such as --replace-all reads whole.
    page += ".ad l\n.nh\n"
    page += ".SH NAME\nzipgeo \\- \(Self.escaped(Self.lowercasingFirst(root.abstract)))\n"
    page += synopsis + description + commandsSection + optionsSection
    page += environment + files + exitStatus + examples + seeAlso
    return page
  }

  private var synopsis: String {
    var text = ".SH SYNOPSIS\n"
    for (index, command) in ([root] + commands).enumerated() {
      if index > 0 { text += ".br\n" }
      text += "\\fB\(Self.escaped(command.commandLine))\\fR \(Self.escaped(command.usage))\n"
    }
    return text
  }

  private var description: String {
    ".SH DESCRIPTION\n\(Self.escaped(root.abstract))\n.PP\n"
      + "Each command is described under COMMANDS as \\fBzipgeo help\\fR \\fIcommand\\fR and "
      + "\\fBzipgeo\\fR \\fIcommand\\fR \\fB\\-\\-help\\fR print it. Results go to standard output; "
      + "errors and warnings to standard error.\n"
  }

  private var commandsSection: String {
    var text = ".SH COMMANDS\n"
    for command in commands {
      text += ".SS \"\(Self.escaped(command.name))\"\n"
      text += "\\fB\(Self.escaped(command.commandLine))\\fR \(Self.escaped(command.usage))\n.PP\n"
      text += Self.escaped(command.abstract) + "\n"
      if let discussion = command.discussion { text += Self.paragraphs(discussion) }
      if !command.arguments.isEmpty {
        text += ".PP\nArguments:\n"
        for argument in command.arguments {
          text += ".TP\n\\fI\(Self.escaped(argument.label))\\fR\n\(Self.escaped(argument.help))\n"
        }
      }
      text += ".PP\nOptions:\n" + Self.optionList(command.options)
    }
    return text
  }

  private var optionsSection: String {
    ".SH OPTIONS\nOptions of \\fBzipgeo\\fR itself, given instead of a command:\n" + Self.optionList(root.options)
  }

  private var environment: String {
    """
    .SH ENVIRONMENT
    .TP
    .B ZIPGEO_DB
    The database file of a command given no \\fB\\-\\-db\\fR (when not empty).
    .TP
    .B ZIPGEO_COUNTRY
    The country of \\fBnear\\fR, \\fBnearest\\fR, \\fBdistance\\fR and \\fBinfo\\fR given no
    \\fB\\-\\-country\\fR (when not empty): of codes written without one, and the only one
    searched. \\fB\\-\\-country all\\fR searches every country.
    .TP
    .B XDG_DATA_HOME
    Where the per\\-user database is kept, as \\fI$XDG_DATA_HOME/zipgeo/zipgeo.db\\fR, when it is an
    absolute path; else \\fI$HOME/.local/share/zipgeo/zipgeo.db\\fR.
    .TP
    .B HOME
    The home folder, for the per\\-user database when \\fBXDG_DATA_HOME\\fR is unset (an absolute
    path only).
    .TP
    .B ZIPGEO_DATA_DIR
    The folder of the data the first query makes the per\\-user database from (\\fIzips.csv\\fR),
    instead of \\fIshare/zipgeo\\fR beside the command's \\fIbin\\fR folder.

    """
  }

  private var files: String {
    // "/usr/local/" and "/" as "/usr/local" and "": each path below adds its own slash.
    // A path is one word (its spaces unbreakable, `\ `) that may break after a slash (`\:`), for a
    // prefix longer than a line.
    let prefix = Self.escaped(String(prefix.reversed().drop { $0 == "/" }.reversed()))
      .replacingAll(" ", with: "\\ ").replacingAll("/", with: "/\\:")
    return """
      .SH FILES
      .TP
      .I ./zipgeo.db
      The database \\fBzipgeo import\\fR writes when given neither \\fB\\-\\-db\\fR nor
      \\fBZIPGEO_DB\\fR, and the one the other commands read then, when it is there.
      .TP
      .I ~/.local/share/zipgeo/zipgeo.db
      The per\\-user database (see \\fBXDG_DATA_HOME\\fR) the other commands read when there is no
      \\fI./zipgeo.db\\fR; the first of them makes it from \\fI\(prefix)/share/zipgeo/zips.csv\\fR.
      \\fBzipgeo where\\fR names the database in use.
      .TP
      .I \(prefix)/lib/zipgeo/zipgeo.so
      The loadable SQLite extension: the SQL functions of \\fBzipgeo sql\\fR in any SQLite, as in
      \\fB.load \(prefix)/lib/zipgeo/zipgeo\\fR in \\fBsqlite3\\fR(1).
      .TP
      .I \(prefix)/share/zipgeo/zips.csv
      The US zip codes, to import.
      .TP
      .I \(prefix)/share/zipgeo/world.txt.xz
      The postal codes of the world (GeoNames), to import.
      .TP
      .I \(prefix)/share/zipgeo/README.md
      Where the data come from, and their licences.

      """
  }

  private var exitStatus: String {
    typealias Code = ZipGeoCommand.ExitCode
    let codes: [(Int32, String)] = [
      (Code.success, "The command did what it was asked."),
      (Code.failure, "A runtime failure: an unknown zip code, a bad file, a missing database."),
      (Code.usage, "The command line does not fit the command."),
      (Code.interrupted, "Stopped by Ctrl\\-C (SIGINT); SIGTERM gives 143, SIGHUP 129."),
    ]
    return ".SH \"EXIT STATUS\"\n" + codes.map { ".TP\n.B \($0.0)\n\($0.1)\n" }.joined()
  }

  private var examples: String {
    var text = ".SH EXAMPLES\n"
    for command in commands {
      for example in command.examples {
        text += ".TP\n\\fB\(Self.escaped(example.command))\\fR\n\(Self.escaped(example.meaning))\n"
      }
    }
    return text
  }

  private var seeAlso: String {
    ".SH \"SEE ALSO\"\n\\fBsqlite3\\fR(1)\n"
  }

  /// Options as a list of tagged paragraphs, with `-h, --help` last as in the help.
  private static func optionList(_ options: [CommandSpec.Option]) -> String {
    let rows = options.map { ($0.label, $0.help) } + [("-h, --help", "Show help information.")]
    return rows.map { label, help in ".TP\n\(option(label))\n\(escaped(help))\n" }.joined()
  }

  /// `--km <km>` as `\fB\-\-km\fR \fI<km>\fR`: names bold, values italic.
  private static func option(_ label: String) -> String {
    label.split(separator: " ", omittingEmptySubsequences: false).map { word in
      word.hasPrefix("<") ? "\\fI\(escaped(String(word)))\\fR" : "\\fB\(escaped(String(word)))\\fR"
    }.joined(separator: " ")
  }

  /// Help text of several lines as filled paragraphs: a blank line starts a new one.
  private static func paragraphs(_ text: String) -> String {
    var result = ""
    for paragraph in text.split(separator: "\n\n") {
      let lines = paragraph.split(separator: "\n").map { $0.drop { $0 == " " } }.filter { !$0.isEmpty }
      result += ".PP\n" + lines.map { escaped(String($0)) + "\n" }.joined()
    }
    return result
  }

  private static func lowercasingFirst(_ text: String) -> String {
    guard let first = text.first, first.isUppercase, !text.dropFirst().prefix(1).allSatisfy(\.isUppercase) else {
      return text
    }
    return first.lowercased() + text.dropFirst()
  }

  /// `text` as roff reads it literally: backslashes as `\e`, hyphens as `\-`, characters beyond
  /// ASCII as `\[uXXXX]`, and a leading `.` or `'` (which would start a request) after `\&`.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case "\n": result += "\n"
      case _ where scalar.value > 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
    }.joined(separator: "\n")
  }
}
