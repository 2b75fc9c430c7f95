import Geodesy

/// Every point, nearest `center` first (ties by zip), with its distance in `unit` as `model`
/// computes it in that unit: the brute force searches are compared with. Here, in a module the test
/// command builds optimised (`ZIPGEO_OPTIMIZED_TESTS=1`, Package.swift), because the tests rank
/// thousands of points for each of a thousand centres.
public func ranked(
  _ points: [(String, Coordinate)], around center: Coordinate, model: EarthModel = .sphere,
  in unit: LengthUnit = .kilometres
) -> [(zip: String, distance: Double)] {
  var all = points.map { (zip: $0.0, distance: model.distance(from: center, to: $0.1, in: unit)) }
  all.sort { $0.distance < $1.distance || ($0.distance == $1.distance && $0.zip < $1.zip) }
  return all
}
