extension String {
  /// The text as quoted in an error message: at most 40 characters, with `...` when cut.
  public var shortened: String {
    count <= 40 ? self : prefix(40) + "..."
  }

  /// The text with every `target` character replaced: `"a\"b".replacingAll("\"", with: "\"\"")`.
  public func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self { if character == target { result += replacement } else { result.append(character) } }
    return result
  }
}
