/// Text on its way to the console, handed over in chunks of about 64 KiB instead of a write per
/// row, so that a command printing a million rows makes a few thousand writes, and holds no more
/// than a chunk.
///
/// ```swift
/// var output = OutputBuffer(console: context.console)
/// for line in lines { output.append(line) }
/// output.flush()
/// ```
struct OutputBuffer {
  /// How many bytes are collected before they are written.
  static let chunkSize = 64 * 1024

  private let console: Console
  private var pending = ""

  init(console: Console) {
    self.console = console
    pending.reserveCapacity(Self.chunkSize)
  }

  /// Adds `text`, writing what has been collected once it reaches a chunk.
  mutating func append(_ text: String) {
    pending += text
    if pending.utf8.count >= Self.chunkSize { flush() }
  }

  /// Writes what has been collected.
  mutating func flush() {
    guard !pending.isEmpty else { return }
    console.out(pending)
    pending.removeAll(keepingCapacity: true)
  }
}
