/// Where a `CSVReader`'s bytes come from: a file, memory, or a source another module makes (a
/// decompressor), handed to `CSVReader(source:)`.
///
/// ```swift
/// struct Chunks: ByteSource {
///   var rest: [[UInt8]]
///   mutating func read(stoppingWhen shouldStop: (() -> Bool)?) -> [UInt8] { rest.isEmpty ? [] : rest.removeFirst() }
/// }
/// let reader = CSVReader(source: Chunks(rest: [Array("zip,lat".utf8), Array(",lon\n".utf8)]))
/// ```
public protocol ByteSource {
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
  /// Unknown.
  public var size: Int? { nil }
  /// The bytes handed out are the input's.
  public var inputBytesRead: Int? { nil }
  /// Not an archive.
  public var member: String? { nil }
}
