/// Where the bytes come from.
protocol ByteSource {
  /// The next chunk of bytes; empty at the end. While it waits for input it asks `shouldStop`
  /// every 100 ms, and throws when that says to stop.
  mutating func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8]
  /// The size of the whole input in bytes, when it is known in advance.
  var size: Int? { get }
  /// The bytes of the input taken so far, when they are not the bytes handed out (a compressed
  /// file, whose `size` is its compressed size).
  var inputBytesRead: Int? { get }
  /// The archive member the bytes come from (`DE.txt` in `DE.zip`), once the first chunk is read.
  var member: String? { get }
}

extension ByteSource {
  var size: Int? { nil }
  var inputBytesRead: Int? { nil }
  var member: String? { nil }
}
