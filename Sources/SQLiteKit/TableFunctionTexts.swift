/// Texts a table function's cells point at that are not in memory it already holds: names it
/// looks up and words it derives for each row (`TableFunctionCells.set(terminatedText:row:column:)`).
///
/// Each distinct text is kept once, a NUL after it, at an address that stays put while this object
/// lives: make it one of the cells' `owners`. It holds every text it was asked for, so keep one for
/// as many rows as the cells hold, not for a whole search.
public final class TableFunctionTexts {
  private var kept: [String: UnsafeMutableBufferPointer<UInt8>] = [:]

  public init() {}

  deinit {
    for buffer in kept.values { buffer.deallocate() }
  }

  /// How many distinct texts are kept.
  public var count: Int { kept.count }

  /// The UTF-8 bytes of `text`, a NUL after them (not counted), the same bytes for every call
  /// with the same text.
  public func bytes(of text: String) -> UnsafeBufferPointer<UInt8> {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    if let found = kept[text] {
      buffer = found
    } else {
      let utf8 = text.utf8
      buffer = .allocate(capacity: utf8.count + 1)
      let end = buffer.initialize(fromContentsOf: utf8)
      buffer[end] = 0
      kept[text] = buffer
    }
    return UnsafeBufferPointer(rebasing: buffer[..<(buffer.count - 1)])
  }
}
