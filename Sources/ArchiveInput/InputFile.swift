import CSV

/// A file to read CSV from, plain, compressed or a zip archive, told apart by its first bytes.
///
/// A plain file or pipe is read as `FileSource` reads it, chunk by chunk, with nothing between; a
/// gzip file goes through zlib (`GzipSource`), which checks every member's trailer, and anything
/// else through libarchive (`ArchiveSource`). The first bytes are read at the first `read`, not on
/// opening, so that waiting on a pipe can be stopped by `shouldStop`. Once its first chunk is
/// read, a decompressor goes on on a thread of its own (`ReadAhead`), while the records of the
/// chunks it has handed out are read.
final class InputFile: ByteSource {
  private let file: FileSource
  private var decompressed: ReadAhead?
  private var formatKnown = false

  init(path: String) throws(CSVError) {
    file = try FileSource(path: path)
  }

  var size: Int? { file.size }
  var inputBytesRead: Int? { decompressed?.inputBytesRead }
  var member: String? { decompressed?.member }

  func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
    if let decompressed { return try decompressed.read(stoppingWhen: shouldStop) }
    if formatKnown { return try file.read(stoppingWhen: shouldStop) }
    formatKnown = true
    let head = try file.readHead(atLeast: InputFormat.headLength, stoppingWhen: shouldStop)
    let format = InputFormat(head: head)
    if format == .plain { return head }
    var source: any ByteSource =
      format == .gzip ? try GzipSource(file: file, head: head) : ArchiveSource(file: file, head: head, format: format)
    // The first chunk is read here, so that a file that cannot be opened as its format fails
    // at once, and the member it reads is known.
    let first = try source.read(stoppingWhen: shouldStop)
    decompressed = ReadAhead(source)
    return first
  }
}
