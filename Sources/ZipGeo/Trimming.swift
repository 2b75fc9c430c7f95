extension String {
  /// The string without leading and trailing spaces and tabs.
  ///
  /// Much cheaper than Foundation's `trimmingCharacters(in:)` on the import's hot path: a field
  /// with nothing to trim is returned as it is.
  var trimmingSpaces: String {
    let utf8 = self.utf8
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
    guard let first = utf8.first, let last = utf8.last, isSpace(first) || isSpace(last) else { return self }
    let start = utf8.firstIndex { !isSpace($0) } ?? utf8.endIndex
    guard start != utf8.endIndex else { return "" }
    let end = utf8.lastIndex { !isSpace($0) }.map(utf8.index(after:)) ?? utf8.endIndex
    return String(self[start..<end])
  }

  /// The string without leading and trailing spaces, tabs, line feeds and carriage returns: a
  /// code pasted with its line end is the code.
  var trimmingWhitespace: String {
    let utf8 = self.utf8
    func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    let start = utf8.firstIndex { !isSpace($0) } ?? utf8.endIndex
    guard start != utf8.endIndex else { return "" }
    let end = utf8.lastIndex { !isSpace($0) }.map(utf8.index(after:)) ?? utf8.endIndex
    return String(self[start..<end])
  }
}
