import CSV

/// A file to read CSV from, plain, compressed or a zip archive, told apart by its first bytes.
///
/// A plain file or pipe is read as `FileSource` reads it, chunk by chunk, with nothing between; a
/// gzip file goes through zlib (`GzipSource`), which checks every member's trailer, and anything
/// else through libarchive (`ArchiveSource`). The first bytes are read at the first `read`, not on
/// opening, so that waiting on a pipe can be stopped by `shouldStop`.
final class InputFile: ByteSource {
  private let file: FileSource
  private var gzip: GzipSource?
  private var archive: ArchiveSource?
  private var formatKnown = false

  init(path: String) throws(CSVError) {
    file = try FileSource(path: path)
  }

  var size: Int? { file.size }
  var inputBytesRead: Int? { gzip?.inputBytesRead ?? archive?.inputBytesRead }
  var member: String? { archive?.member }

  func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
    if let gzip { return try gzip.read(stoppingWhen: shouldStop) }
    if let archive { return try archive.read(stoppingWhen: shouldStop) }
    if formatKnown { return try file.read(stoppingWhen: shouldStop) }
    formatKnown = true
    let head = try file.readHead(atLeast: InputFormat.headLength, stoppingWhen: shouldStop)
    let format = InputFormat(head: head)
    if format == .plain { return head }
    if format == .gzip {
      let gzip = try GzipSource(file: file, head: head)
      self.gzip = gzip
      return try gzip.read(stoppingWhen: shouldStop)
    }
    let archive = ArchiveSource(file: file, head: head, format: format)
    self.archive = archive
    return try archive.read(stoppingWhen: shouldStop)
  }
}
