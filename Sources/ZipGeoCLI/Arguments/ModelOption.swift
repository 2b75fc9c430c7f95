import Geodesy

extension EarthModel {
  /// `--model sphere|wgs84`, for the commands that search by distance.
  static let option = CommandSpec.Option(
    name: "model", valueName: "model",
    help: "Earth model: sphere (radius 6371.0088 km) or wgs84 (the GPS ellipsoid). (default: sphere)")

  /// The model chosen with `--model`, or the sphere.
  init(_ arguments: ParsedArguments) throws(UsageError) {
    self = try arguments.choice("model", default: .sphere)
  }
}
