import ZipGeo

/// `--kind <kinds>`: the kinds of code a search lists (`CodeKind`). By default areas only, so that
/// the US military codes GeoNames places in London never appear around it; `all` for every code.
enum KindOption {
  static let option = CommandSpec.Option(
    name: "kind", valueName: "kinds",
    help: "The kinds of code to list, comma-separated: \(names), or all. (default: area)")

  /// The kinds' names, as `--kind` takes them: `area, military, ...`.
  private static let names = CodeKind.allCases.map(\.rawValue).joined(separator: ", ")

  /// The kinds `--kind` names, by default areas only.
  static func value(_ arguments: ParsedArguments) throws(UsageError) -> Set<CodeKind> {
    guard let text = arguments.value("kind") else { return [.area] }
    guard let kinds = CodeKind.parse(text) else {
      throw UsageError(
        "The value '\(text.shortened)' is invalid for '--kind <kinds>': give \(names) or all, comma-separated")
    }
    return kinds
  }

  /// `zipgeo: left out 3 codes that are not areas here (military 3); --kind all lists them`, or
  /// `nil` when none was.
  static func leftOutNote(_ leftOut: [CodeKind: Int]) -> String? {
    let total = leftOut.values.reduce(0, +)
    guard total > 0 else { return nil }
    let each = leftOut.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key) \(grouped($0.value))" }
    return "zipgeo: left out \(grouped(total)) \(total == 1 ? "code" : "codes") of other kinds than asked"
      + " (\(each.joined(separator: ", "))); --kind all lists every code\n"
  }
}
