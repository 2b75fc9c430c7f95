import Foundation
import TestSupport
import Testing

/// scripts/plot-geojson.py, which draws README's picture of a search circle.
@Suite struct PlotGeoJSONScriptTests {
  let python = URL(fileURLWithPath: "/usr/bin/python3")
  let script = repositoryFolder.appendingPathComponent("scripts/plot-geojson.py").path

  @Test func theCommittedPictureIsWhatTheScriptDrawsFromTheCommittedAnswer() throws {
    let folder = try TemporaryFolder()
    let answer = repositoryFolder.appendingPathComponent("docs/near-75075-10km.geojson").path
    let result = try runCommand(python, [script, answer, folder.path("near.svg")])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "wrote \(folder.path("near.svg")): 14 points, circle of 10 km\n")
    let drawn = try Data(contentsOf: folder.url.appendingPathComponent("near.svg"))
    #expect(drawn == (try Data(contentsOf: repositoryFolder.appendingPathComponent("docs/near-75075-10km.svg"))))
  }

  @Test(arguments: [[], ["only-one.geojson"], ["a", "b", "c"], ["--help"]])
  func withoutItsTwoArgumentsTheScriptPrintsItsUsageAndFails(arguments: [String]) throws {
    let result = try runCommand(python, [script] + arguments)
    #expect(result.status == 1)
    #expect(result.err.hasPrefix("usage: python3 scripts/plot-geojson.py ANSWER.geojson PICTURE.svg\n"))
    #expect(!result.err.contains("Traceback"))
  }

  @Test func anAnswerWithNoPointsIsDrawnAsItsCircleAlone() throws {
    let folder = try TemporaryFolder()
    let answer = try folder.write(
      "empty.geojson",
      #"{"type": "FeatureCollection", "features": [], "properties": {"center": "99950", "#
        + #""center_lat": 55.5, "center_lon": -131.6, "radius": 1, "unit": "km"}}"#)
    let result = try runCommand(python, [script, answer, folder.path("empty.svg")])
    #expect(result.status == 0, "\(result.err)")
    #expect(result.out == "wrote \(folder.path("empty.svg")): 0 points, circle of 1 km\n")
  }

  @Test(arguments: ["not json", #"{"features": [{"geometry": {}}]}"#, "[]"])
  func aFileThatIsNotAnAnswerIsOneLineOfErrorNotATraceback(text: String) throws {
    let folder = try TemporaryFolder()
    let answer = try folder.write("bad.geojson", text)
    let result = try runCommand(python, [script, answer, folder.path("bad.svg")])
    #expect(result.status == 1)
    #expect(result.err.hasPrefix("plot-geojson: \(answer): not a zipgeo GeoJSON answer ("))
    #expect(!result.err.contains("Traceback"))
  }
}
