/// The arguments of one command, parsed against its spec.
struct ParsedArguments: Equatable {
  var positionals: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []
  var wantsHelp = false

  /// The value of option `--name`, if given.
  func value(_ name: String) -> String? { values[name] }

  /// The value of option `--name` as a whole number of 1 or more, if given.
  func positiveInteger(_ name: String, shownAs label: String) throws(UsageError) -> Int? {
    guard let text = values[name] else { return nil }
    guard let number = Int(text), number > 0 else {
      throw UsageError("The value '\(text)' is invalid for '\(label)': give a whole number of 1 or more")
    }
    return number
  }
  func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of option `--name` as one of `T`'s cases (in any letter case), or `fallback` when
  /// the option is not given.
  func choice<T: CaseIterable & RawRepresentable<String>>(_ name: String, default fallback: T) throws(UsageError)
    -> T
  {
    guard let text = values[name] else { return fallback }
    guard let choice = T(rawValue: text.lowercased()) else {
      let valid = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("The value '\(text)' is invalid for '--\(name) <\(name)>': use one of \(valid)")
    }
    return choice
  }
}
