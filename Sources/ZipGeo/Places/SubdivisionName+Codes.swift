import ISO3166

extension SubdivisionName {
  /// The code of the subdivision of `country` whose ISO name, folded (`PlaceNameKey`), is `name`
  /// (`texas`: `TX`), or `nil`.
  static func code(of name: PlaceNameKey, in country: String) -> String? {
    codes[RegionNames.key(country, name.text)]
  }

  /// Codes by `country:folded name`, made once from the table: only a place search asks for them,
  /// and folding every name is most of their cost. Of two subdivisions of one name (a region and
  /// a province), the first in code order.
  private static let codes: [String: String] = {
    var codes: [String: String] = [:]
    for (country, code, name) in all() {
      let folded = RegionNames.key(country, PlaceNameKey(name).text)
      if codes[folded] == nil { codes[folded] = code }
    }
    return codes
  }()
}
