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
    #expect(table.render() == "zip  place\n1    two lines and a tab\n")
  }

  @Test func linesNeverEndInSpaces() {
    var table = TextTable(headers: ["zip", "state"], rightAligned: [])
    table.rows = [["09001", ""], ["75075", "TX"]]
    #expect(!table.render().contains(" \n"))
  }
}
