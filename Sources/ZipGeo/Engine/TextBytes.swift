/// The bytes of the texts of one read as it goes (`FoundRows.Builder`), in memory that grows by
/// doubling and that the read's `FoundRows` then takes over (copied only when much of it is
/// unused): a text is appended with one copy of its bytes and a NUL, where an array's append
/// checked its storage's uniqueness and capacity twice and copied through a generic path.
final class TextBytes {
  private var base: UnsafeMutablePointer<UInt8>?
  private(set) var count = 0
  private var capacity = 0

  init() {}

  deinit { base?.deallocate() }

  /// Appends `bytes` and a NUL; returns where the bytes start.
  @inline(__always)
  func append(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    let start = count
    let needed = start + bytes.count + 1
    if needed > capacity { grow(to: needed) }
    let at = base! + start
    if let source = bytes.baseAddress { at.update(from: source, count: bytes.count) }
    at[bytes.count] = 0
    count = needed
    return start
  }

  private func grow(to needed: Int) {
    let capacity = max(needed, 2 * self.capacity, 256)
    let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    if let base {
      grown.update(from: base, count: count)
      base.deallocate()
    }
    (base, self.capacity) = (grown, capacity)
  }

  /// The bytes so far, read in place.
  func withBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    body(UnsafeBufferPointer(start: base, count: count))
  }

  /// The bytes, now the caller's to deallocate (at least one byte), and none left here. Memory
  /// more than an eighth larger than the bytes is given back first (a copy): the reads whose
  /// rows wait for their band hold their texts, and a world-wide search holds many.
  func takeBytes() -> UnsafeMutableBufferPointer<UInt8> {
    if base == nil { grow(to: 1) }
    if capacity - count > count / 8 + 16 {
      let exact = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count))
      exact.update(from: base!, count: count)
      base!.deallocate()
      (base, capacity) = (exact, max(1, count))
    }
    let taken = UnsafeMutableBufferPointer(start: base!, count: count)
    (base, count, capacity) = (nil, 0, 0)
    return taken
  }
}
