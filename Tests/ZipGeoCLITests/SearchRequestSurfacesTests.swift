import Foundation
import Testing
import ZipGeo

/// The command line, SQL and the Swift API judge a search's centre, radius and count alike
/// (`SearchRequest`): the same inputs accepted, the same refused, each refusal giving the same
/// rule, whatever option or argument it names.
@Suite struct SearchRequestSurfacesTests {
  let sample: WorldSample
  init() throws { sample = try WorldSample() }

  /// What `SearchRequest` says of a value (nil: accepted), which every surface must say too.
  func expectAlike(
    cli: EndToEndTests.Result, sql: EndToEndTests.Result, swift: Result<Void, any Error>,
    rule: String?, _ input: String
  ) {
    if let rule {
      #expect(cli.status != 0 && cli.err.contains(rule), "CLI \(input): \(cli.err)")
      #expect(sql.status != 0 && sql.err.contains(rule), "SQL \(input): \(sql.err)")
      if case .failure(let error) = swift {
        #expect("\(error)".contains(rule), "Swift \(input): \(error)")
      } else {
        Issue.record("Swift \(input): accepted")
      }
    } else {
      #expect(cli.status == 0, "CLI \(input): \(cli.err)")
      #expect(sql.status == 0, "SQL \(input): \(sql.err)")
      if case .failure(let error) = swift { Issue.record("Swift \(input): \(error)") }
    }
  }

  func swift(_ body: (ZipDatabase) throws -> Void) -> Result<Void, any Error> {
    Result { try body(ZipDatabase(readingAt: sample.run.folder.appendingPathComponent("zipgeo.db").path)) }
  }

  @Test(arguments: [
    (0.0, 180.0), (0.0, 200.0), (0.0, -540.0), (90.0, 0.0), (-90.0, 0.0), (91.0, 0.0), (-91.0, 0.0), (0.0, -180.0),
  ])
  func aCentreIsJudgedAlike(latitude: Double, longitude: Double) throws {
    let rule =
      (try? SearchRequest.center(latitude: latitude, longitude: longitude)) == nil
      ? "\(SearchRequestError.center(Self.coordinateError(latitude, longitude)))" : nil
    let cli = try sample.zipgeo("near", "\(latitude),\(longitude)", "--km", "10")
    let sql = try sample.zipgeo("sql", "SELECT count(*) FROM zipgeo_within(\(latitude), \(longitude), 10)")
    let swift = swift { db in
      _ = try db.near(coordinate: Coordinate(latitude: latitude, longitude: longitude), within: Length(10, .kilometres))
    }
    expectAlike(cli: cli, sql: sql, swift: swift, rule: rule, "\(latitude),\(longitude)")
    let nearest = try sample.zipgeo("nearest", "\(latitude),\(longitude)", "-k", "1")
    let sqlNearest = try sample.zipgeo("sql", "SELECT count(*) FROM zipgeo_nearest(\(latitude), \(longitude), 1)")
    expectAlike(cli: nearest, sql: sqlNearest, swift: swift, rule: rule, "nearest \(latitude),\(longitude)")
  }

  static func coordinateError(_ latitude: Double, _ longitude: Double) -> CoordinateError {
    do {
      _ = try Coordinate(storedLatitude: latitude, longitude: longitude)
      return .latitudeOutOfRange(.nan)
    } catch {
      return error
    }
  }

  @Test(arguments: [0, 1, 1_000_000, 1_000_001, -3])
  func aCountIsJudgedAlike(count: Int) throws {
    let accepted = (try? SearchRequest.count(count)) != nil
    // The command line's message gives the rule; SQL's the value with it.
    let cli = try sample.zipgeo("nearest", "0,0", "-k", "\(count)")
    let sql = try sample.zipgeo("sql", "SELECT count(*) FROM zipgeo_nearest(0, 0, \(count))")
    let swift = swift { db in _ = try db.nearest(to: Coordinate(latitude: 0, longitude: 0), count: count) }
    expectAlike(
      cli: cli, sql: sql, swift: swift, rule: accepted ? nil : SearchRequestError.count(Double(count)).rule,
      "k \(count)")
  }

  @Test(arguments: ["0", "-1", "1e-300", "1e300", "20015.1", "1e306"])
  func aRadiusIsJudgedAlike(radius: String) throws {
    let value = Double(radius)!
    let rule: String? =
      switch Result(catching: { try SearchRequest.radius(value, .kilometres) }) {
      case .success: nil
      case .failure(let error): "\(error)"
      }
    let cli = try sample.zipgeo("near", "0,0", "--km", radius, "--limit", "1")
    let sql = try sample.zipgeo("sql", "SELECT count(*) FROM (SELECT 1 FROM zipgeo_within(0, 0, \(radius)) LIMIT 1)")
    let swift = swift { db in
      _ = try db.near(coordinate: Coordinate(latitude: 0, longitude: 0), within: Length(value, .kilometres), limit: 1)
    }
    expectAlike(cli: cli, sql: sql, swift: swift, rule: rule, "radius \(radius)")
  }
}
