import Testing

@testable import ZipGeoCLI

@Suite struct CommandSpecTests {
  let near = NearCommand.spec

  @Test func optionValuesMayFollowASpaceOrAnEqualsSign() throws {
    #expect(try near.parse(["75075", "--km", "10"]).value("km") == "10")
    #expect(try near.parse(["75075", "--km=10"]).value("km") == "10")
    #expect(try near.parse(["--km=10", "75075"]).positionals == ["75075"])
  }

  @Test func doubleDashEndsOptions() throws {
    #expect(try near.parse(["--km", "1", "--", "--odd-zip"]).positionals == ["--odd-zip"])
  }

  @Test func negativeNumbersAreValuesNotOptions() throws {
    #expect(try near.parse(["75075", "--km", "-5"]).value("km") == "-5")
  }

  @Test func unknownOptionsAreUsageErrors() {
    #expect(throws: UsageError("Unknown option '--foo'")) { try near.parse(["75075", "--foo=1"]) }
    #expect(throws: UsageError("Unknown option '-x'")) { try near.parse(["75075", "-x"]) }
  }

  @Test func missingAndExtraArgumentsAreUsageErrors() {
    #expect(throws: UsageError("Missing expected argument '<name>'")) {
      try SearchCommand.spec.parse(["--format", "csv"])
    }
    #expect(throws: UsageError("Unexpected argument '2'")) { try near.parse(["1", "2"]) }
    #expect(throws: UsageError("Missing value for '--km <km>'")) { try near.parse(["1", "--km"]) }
  }

  @Test func shortOptionsTakeTheirValueAfterASpaceOrAttached() throws {
    let nearest = NearestCommand.spec
    #expect(try nearest.parse(["1,2", "-k", "3"]).value("count") == "3")
    #expect(try nearest.parse(["1,2", "-k3"]).value("count") == "3")
    #expect(try nearest.parse(["1,2", "--count=3"]).value("count") == "3")
    #expect(throws: UsageError("Unknown option '-q'")) { try nearest.parse(["1,2", "-q"]) }
  }

  @Test func helpWinsOverEverythingElse() throws {
    #expect(try near.parse(["-h"]).wantsHelp)
    #expect(try near.parse(["75075", "--help"]).wantsHelp)
  }

  @Test func helpListsEverySection() {
    let help = near.help()
    #expect(help.hasPrefix("OVERVIEW: List the zip codes within a radius of a zip code or a point, nearest first.\n"))
    #expect(
      help.contains(
        "\nUSAGE: zipgeo near (<center> | --place <name> [--state <state>]) (--km <km> | --mi <mi>)"
          + " [--country <cc>] [--kind <kinds>] [--limit <limit>] [--model <model>] [--format <format>] [--db <path>]\n"
      ))
    #expect(help.contains("\nARGUMENTS:\n  <center>                The code at the centre (75075, or DE:10115"))
    #expect(help.contains("\n  --km <km>               The radius in kilometres.\n"))
    #expect(help.contains("  -h, --help              Show help information.\n"))
    #expect(help.contains("\nEXAMPLES:\n  zipgeo near 75075 --km 10\n"))
  }

}
