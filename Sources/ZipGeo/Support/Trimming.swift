extension String {
  /// The string without leading and trailing spaces and tabs.
  ///
  /// Much cheaper than Foundation's `trimmingCharacters(in:)` on the import's hot path: a field
  /// with nothing to trim is returned as it is.
  var trimmingSpaces: String { trimming(UInt8.isSpaceOrTab) }

  /// The string without leading and trailing spaces, tabs, line feeds and carriage returns: a
  /// code pasted with its line end is the code.
  var trimmingWhitespace: String { trimming { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } }

  /// The string without the leading and trailing bytes `isTrimmed` says are to go (ASCII bytes
  /// only, so that the rest stays whole UTF-8); itself when there are none.
  private func trimming(_ isTrimmed: (UInt8) -> Bool) -> String {
    let utf8 = self.utf8
    guard let first = utf8.first, let last = utf8.last, isTrimmed(first) || isTrimmed(last) else { return self }
    let start = utf8.firstIndex { !isTrimmed($0) } ?? utf8.endIndex
    guard start != utf8.endIndex else { return "" }
    let end = utf8.lastIndex { !isTrimmed($0) }.map(utf8.index(after:)) ?? utf8.endIndex
    return String(self[start..<end])
  }
}

extension UnsafeBufferPointer<UInt8> {
  /// The bytes without leading and trailing spaces and tabs, as `String.trimmingSpaces` trims.
  var trimmingSpaces: UnsafeBufferPointer<UInt8> {
    var (start, end) = (startIndex, endIndex)
    while start < end, UInt8.isSpaceOrTab(self[start]) { start += 1 }
    while end > start, UInt8.isSpaceOrTab(self[end - 1]) { end -= 1 }
    return UnsafeBufferPointer(rebasing: self[start..<end])
  }
}

extension UInt8 {
  /// Whether the byte is a space or a tab: what `trimmingSpaces` trims, of strings and of bytes.
  static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
