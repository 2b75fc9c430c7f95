/// Where the bytes come from.
protocol ByteSource {
  /// The next chunk of bytes; empty at the end. While it waits for input it asks `shouldStop`
  /// every 100 ms, and throws when that says to stop.
  mutating func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8]
  /// The size of the whole input in bytes, when it is known in advance.
  var size: Int? { get }
}

extension ByteSource {
  var size: Int? { nil }
}
