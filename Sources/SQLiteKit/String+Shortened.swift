extension String {
  /// The text as quoted in an error message: at most 40 characters, with `...` when cut, and a
  /// NUL shown as `\0` (a C string, as SQLite carries messages, would end there).
  public var shortened: String {
    let cut = count <= 40 ? self : prefix(40) + "..."
    return cut.contains("\0") ? cut.replacingAll("\0", with: "\\0") : cut
  }

  /// The text with every `target` character replaced: `"a\"b".replacingAll("\"", with: "\"\"")`.
  public func replacingAll(_ target: Character, with replacement: String) -> String {
    var result = ""
    for character in self { if character == target { result += replacement } else { result.append(character) } }
    return result
  }

  /// The text as an SQL identifier, in double quotes: `"my ""table"""`.
  public var quotedIdentifier: String { "\"" + replacingAll("\"", with: "\"\"") + "\"" }
}
