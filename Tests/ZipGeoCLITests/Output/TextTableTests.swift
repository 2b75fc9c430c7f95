import Testing

@testable import ZipGeoCLI

@Suite struct TextTableTests {
  @Test func columnsAlignAndNumbersAlignRight() {
    var table = TextTable(headers: ["zip", "place", "km"], rightAligned: [2])
    table.rows = [["75075", "Plano", "0.00"], ["75252", "Dallas", "10.25"]]
    #expect(table.render() == "zip    place      km\n75075  Plano    0.00\n75252  Dallas  10.25\n")
  }

  @Test func lineBreaksInDataNeverSplitARow() {
    var table = TextTable(headers: ["zip", "place"], rightAligned: [])
    table.rows = [["1", "two\nlines\tand a tab"]]
    #expect(table.render() == "zip  place\n1    " + #"two\nlines\tand a tab"# + "\n")
  }

  /// As every message shows them: escaped, so that a cell can neither clear the screen nor set the
  /// terminal's title, and the column stays as wide as what it shows.
  @Test func controlSequencesInDataAreEscaped() {
    var table = TextTable(headers: ["zip", "place"], rightAligned: [])
    table.rows = [["1", "\u{1B}]0;pwn\u{7}\u{1B}[2J\u{9B}"], ["2", "x"]]
    #expect(table.render() == "zip  place\n1    " + #"\u{1B}]0;pwn\u{7}\u{1B}[2J\u{9B}"# + "\n2    x\n")
  }

  @Test func linesNeverEndInSpaces() {
    var table = TextTable(headers: ["zip", "state"], rightAligned: [])
    table.rows = [["09001", ""], ["75075", "TX"]]
    #expect(!table.render().contains(" \n"))
  }
}
