/// Bytes held in memory, handed out at once.
struct MemorySource: ByteSource {
  var bytes: [UInt8]
  mutating func read(stoppingWhen shouldStop: (() -> Bool)?) -> [UInt8] {
    defer { bytes = [] }
    return bytes
  }
}
