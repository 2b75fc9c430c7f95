import Foundation
import TestSupport
import Testing

/// From a code, the code comes first: each of its places at its true distance, even past the
/// radius, then the rest nearest first, ties with the code's country first.
@Suite struct CenteredSearchTests {
  let world: WorldCommands

  init() throws { world = try WorldCommands() }

  /// The zips and distances of a CSV answer.
  func rows(_ result: EndToEndTests.Result) -> [(zip: String, country: String, km: Double)] {
    result.out.split(separator: "\r\n").dropFirst().map { line in
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      return (String(fields[0]), String(fields[6]), Double(fields[fields.count - 1]) ?? -1)
    }
  }

  @Test func aCodeWhosePlacesLieAwayFromTheirMeanIsFirstInItsOwnRadius() throws {
    let near = try world.zipgeo("near", "FR:75008", "--km", "1", "--format", "csv")
    #expect(near.status == 0)
    let found = rows(near)
    // Both places of 75008, 1.69 km from their mean, past the 1 km radius, then the rest within it.
    #expect(
      found.prefix(2).map(\.zip) == ["75008", "75008"] && found.prefix(2).allSatisfy { $0.km > 1.6 && $0.km < 1.8 })
    #expect(found.dropFirst(2).allSatisfy { $0.zip != "75008" && $0.km <= 1 })
    #expect(zip(found.dropFirst(2), found.dropFirst(3)).allSatisfy { $0.km <= $1.km })
    // Every code within the radius of the same point, and the two places of 75008 besides.
    let point = try world.zipgeo("near", "48.864851005524926,2.3335534891638514", "--km", "1", "--format", "csv")
    #expect(found.count == rows(point).filter { $0.zip != "75008" }.count + 2, "\(found.count)")
    let limited = try world.zipgeo("near", "FR:75008", "--km", "1", "--limit", "3", "--format", "csv")
    #expect(rows(limited).map(\.zip) == ["75008", "75008", "75002"])
    let nearest = try world.zipgeo("nearest", "--zip", "FR:75008", "-k", "3", "--format", "csv")
    #expect(rows(nearest).map(\.zip) == ["75008", "75008", "75002"])
  }

  @Test func atOneDistanceTheCodeComesFirstThenItsCountrysCodesThenTheRest() throws {
    for arguments in [["near", "EC1A 1BB", "--km", "1", "--limit", "3"], ["nearest", "--zip", "EC1A 1BB", "-k", "3"]] {
      let result = try world.zipgeo(arguments + ["--format", "csv"])
      #expect(result.status == 0)
      #expect(rows(result).map(\.zip) == ["EC1A", "EC1M", "EC1N"], "\(arguments) \(result.out)")
    }
    // The US military codes GeoNames puts at that point come after every British one there.
    let all = rows(try world.zipgeo("near", "EC1A", "--km", "0.001", "--format", "csv", "--kind", "all"))
    let firstUS = try #require(all.firstIndex { $0.country == "US" })
    #expect(
      firstUS > 3 && all[..<firstUS].allSatisfy { $0.country == "GB" }
        && all[firstUS...].allSatisfy { $0.country == "US" })
    #expect(all.allSatisfy { $0.km == 0 })
  }

  @Test func aPointCentreAndACodeOfOnePlaceAtItsMeanAnswerAsBefore() throws {
    let us = ["--country", "US", "--format", "csv"]
    let code = rows(try world.zipgeo(["near", "75075", "--km", "5"] + us))
    let point = rows(try world.zipgeo(["near", "33.0198,-96.6989", "--km", "5"] + us))
    #expect(code.first?.zip == "75075" && code.first?.km == 0 && code.count == 5)
    #expect(zip(code, code.dropFirst()).allSatisfy { $0.km <= $1.km })
    #expect(!point.isEmpty && zip(point, point.dropFirst()).allSatisfy { $0.km <= $1.km })
  }
}
