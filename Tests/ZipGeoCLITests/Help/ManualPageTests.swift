import Foundation
import TestSupport
import Testing

@testable import ZipGeoCLI

/// `zipgeo --generate-manual`: the manual page is the help, in roff.
@Suite struct ManualPageTests {
  let page = ManualPage(
    root: ZipGeoCommand.root, commands: ZipGeoCommand.subcommands.map(\.spec), prefix: "/opt/zip geo/"
  ).roff

  @Test func escapingKeepsRoffSpecialsLiteral() {
    #expect(ManualPage.escaped("--km") == "\\-\\-km")
    #expect(ManualPage.escaped("a\\b") == "a\\eb")
    #expect(ManualPage.escaped(".load x\n'quoted'\nplain") == "\\&.load x\n\\&'quoted'\nplain")
    #expect(ManualPage.escaped("Zürich – 5 km") == "Z\\[u00FC]rich \\[u2013] 5 km")
  }

  @Test func theManualHasTheSectionsOfAManualPage() {
    #expect(page.contains("\n.TH ZIPGEO 1 "))
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "ENVIRONMENT", "FILES", "\"EXIT STATUS\"",
      "EXAMPLES", "\"SEE ALSO\"",
    ] {
      #expect(page.contains("\n.SH \(section)\n"), "no \(section)")
    }
    #expect(page.contains(".SH NAME\nzipgeo \\- zip codes and distances on SQLite: import, radius search, lookups.\n"))
  }

  @Test func everyCommandItsUsageArgumentsOptionsAndExamplesAreInTheManual() {
    for command in ZipGeoCommand.subcommands.map(\.spec) {
      #expect(page.contains(".SS \"\(command.name)\"\n"))
      #expect(
        page.contains("\\fB\(ManualPage.escaped(command.commandLine))\\fR \(ManualPage.escaped(command.usage))\n"))
      #expect(page.contains(ManualPage.escaped(command.abstract)))
      for argument in command.arguments {
        #expect(
          page.contains(".TP\n\\fI\(ManualPage.escaped(argument.label))\\fR\n\(ManualPage.escaped(argument.help))\n"))
      }
      for option in command.options {
        #expect(page.contains("\\fB\\-\\-\(ManualPage.escaped(option.name))\\fR"))
        #expect(page.contains("\n\(ManualPage.escaped(option.help))\n"), "\(command.name) --\(option.name)")
      }
      for example in command.examples { #expect(page.contains("\\fB\(ManualPage.escaped(example.command))\\fR\n")) }
    }
    for option in ZipGeoCommand.root.options { #expect(page.contains("\n\(ManualPage.escaped(option.help))\n")) }
  }

  @Test func theFilesAreNamedUnderThePrefix() {
    // A path is one word, its space unbreakable, that may break after the prefix's slashes.
    #expect(page.contains("\n.I /\\:opt/\\:zip\\ geo/lib/zipgeo/zipgeo.so\n"))
    #expect(page.contains("\\fB.load /\\:opt/\\:zip\\ geo/lib/zipgeo/zipgeo\\fR"))
    #expect(page.contains("\n.I /\\:opt/\\:zip\\ geo/share/zipgeo/README.md\n"))
  }

  /// The manual tells where the database is when no --db is given, as the commands find it.
  @Test func theManualNamesEveryVariableAndFileThatChoosesTheDatabase() {
    for variable in ["ZIPGEO_DB", "XDG_DATA_HOME", "HOME", "ZIPGEO_DATA_DIR"] {
      #expect(page.contains("\n.B \(variable)\n"), "no \(variable)")
    }
    #expect(page.contains("\n.I ~/.local/share/zipgeo/zipgeo.db\n"))
    #expect(page.contains("makes it from \\fI/\\:opt/\\:zip\\ geo/share/zipgeo/zips.csv\\fR."))
  }

  @Test func generateManualPrintsThePageForTheDefaultPrefixOrTheOneGiven() throws {
    let zipgeo = buildProductsFolder.appendingPathComponent("zipgeo")
    let standard = try runCommand(zipgeo, ["--generate-manual"])
    #expect(standard.status == 0 && standard.out.contains("\n.I /\\:usr/\\:local/lib/zipgeo/zipgeo.so\n"))
    let given = try runCommand(zipgeo, ["--generate-manual", "/opt/zip geo/"])
    #expect(given.out == page)
    let relative = try runCommand(zipgeo, ["--generate-manual", "local"])
    #expect(relative.status == 64)
    #expect(
      relative.err.hasPrefix(
        "Error: The value 'local' is invalid for '--generate-manual <prefix>': give an absolute path\n"))
  }
}
