/// Reads RFC 4180 CSV one record at a time, holding only one chunk of the file in memory.
///
/// ```swift
/// let reader = try CSVReader(path: "data/zips.csv")
/// while let record = try reader.next() { print(record.line, record.fields) }
/// ```
///
/// It accepts what real files contain: quoted fields with commas, doubled quotes and line
/// breaks; a UTF-8 byte-order mark; LF, CRLF or CR line ends; no final line end. It refuses, with
/// the line number, what cannot be read faithfully: an unterminated quote, text after a closing
/// quote, bytes that are not UTF-8, NUL bytes, UTF-16 files, and fields and records larger than
/// its limits, which keep memory bounded whatever the input.
public final class CSVReader {
  /// The largest field accepted, in bytes.
  public let maximumFieldBytes: Int
  /// The most fields a record may have: 100,000 by default, far more than any table's columns
  /// (SQLite allows 32,767 at most, spreadsheets 16,384), far less than the millions a line of
  /// commas makes, which would take about 20 bytes of memory each.
  public let maximumFields: Int
  /// The largest record accepted, all its fields together, in bytes (64 MiB by default).
  public let maximumRecordBytes: Int
  /// Asked while the reader waits for input from a pipe or a terminal, every 100 ms: `true`
  /// stops the reading with a `CSVError`, so that a stalled input cannot hold up a caller that
  /// wants to stop. (A regular file never makes the reader wait.)
  public var shouldStop: (() -> Bool)?
  /// The byte between fields: `,` by default; may be changed before the first `next()`, after
  /// `peekFirstLine()` has shown what the file holds.
  public var separator: UInt8 {
    didSet { if !quoting { quoteByte = separator } }
  }
  /// Whether `"` starts a quoted field (RFC 4180, the default). Off for tab-separated files such
  /// as GeoNames', where a `"` in a place name is literal. Set before the first `next()`.
  public var quoting = true {
    didSet { quoteByte = quoting ? quote : separator }
  }
  /// Whether each record keeps its text as the input writes it (`CSVRecord.text`): its quotes,
  /// doubled quotes and separators as they are, without its line end, so that a caller can pass
  /// the record through unchanged. Off by default (it copies every record's bytes once more); set
  /// before the first `next()`.
  public var keepsText = false
  /// The current record's bytes taken from earlier chunks, when `keepsText`.
  private var text: [UInt8] = []
  /// Where the current record's bytes start in `chunk`, when `keepsText`.
  private var textStart = 0
  /// The byte that opens a quoted field; the separator itself when quoting is off, which the
  /// loops test first, so that turning quotes off costs nothing per byte.
  private var quoteByte = quote
  private var source: any ByteSource
  private var chunk: [UInt8] = []
  private var position = 0
  /// Bytes taken from the source before the current chunk.
  private var bytesBeforeChunk = 0
  private var line = 1
  private var started = false
  private var finished = false
  private var field: [UInt8] = []
  /// The line the current record starts on, which its errors name (a quoted field may run on).
  private var recordStartLine = 1
  /// Bytes in the current record's fields so far.
  private var recordBytes = 0
  /// The previous record's field count, to size the next record's array once.
  private var lastFieldCount = 8

  /// Opens the file at `path` for reading, as it is (`CSVReader(unpacking:)` of the ArchiveInput
  /// module also reads compressed and zipped files).
  public convenience init(
    path: String, separator: UInt8 = UInt8(ascii: ","), maximumFieldBytes: Int = 1 << 20,
    maximumFields: Int = 100_000, maximumRecordBytes: Int = 1 << 26
  ) throws(CSVError) {
    self.init(
      source: try FileSource(path: path), separator: separator, maximumFieldBytes: maximumFieldBytes,
      maximumFields: maximumFields, maximumRecordBytes: maximumRecordBytes)
  }

  /// Reads CSV held in memory.
  public convenience init(
    bytes: [UInt8], separator: UInt8 = UInt8(ascii: ","), maximumFieldBytes: Int = 1 << 20,
    maximumFields: Int = 100_000, maximumRecordBytes: Int = 1 << 26
  ) {
    self.init(
      source: MemorySource(bytes: bytes), separator: separator, maximumFieldBytes: maximumFieldBytes,
      maximumFields: maximumFields, maximumRecordBytes: maximumRecordBytes)
  }

  /// Reads CSV held in a string.
  public convenience init(string: String) {
    self.init(bytes: Array(string.utf8))
  }

  /// Reads CSV from `source`: a file opened some other way, or bytes a decompressor hands out.
  ///
  /// ```swift
  /// let reader = CSVReader(source: try FileSource(path: "data/zips.csv"))
  /// ```
  ///
  /// Its `totalBytes`, `bytesRead` and `member` come from the source's `size`, `inputBytesRead`
  /// and `member`, so that a decompressor can report progress in the bytes of the file on disk.
  public init(
    source: any ByteSource, separator: UInt8 = UInt8(ascii: ","), maximumFieldBytes: Int = 1 << 20,
    maximumFields: Int = 100_000, maximumRecordBytes: Int = 1 << 26
  ) {
    self.source = source
    self.separator = separator
    self.quoteByte = quote
    self.maximumFieldBytes = maximumFieldBytes
    self.maximumFields = maximumFields
    self.maximumRecordBytes = maximumRecordBytes
    field.reserveCapacity(256)
  }

  /// The next record, or `nil` at the end of the file.
  public func next() throws(CSVError) -> CSVRecord? {
    if !started { try start() }
    if finished { return nil }
    let recordLine = line
    recordStartLine = line
    var fields: [String] = []
    fields.reserveCapacity(lastFieldCount)
    defer { lastFieldCount = min(fields.count, 1024) }
    recordBytes = 0
    var state = State.fieldStart
    field.removeAll(keepingCapacity: true)
    if keepsText {
      text.removeAll(keepingCapacity: true)
      textStart = position
    }

    while true {
      guard let byte = try nextByte() else {
        finished = true
        switch state {
        case .fieldStart where fields.isEmpty:
          return nil  // the file ended with a line end
        case .quoted:
          throw CSVError(line: recordLine, message: "a quoted field starting here is never closed")
        default:
          fields.append(try takeField(line: recordLine))
          return CSVRecord(line: recordLine, fields: fields, text: keepsText ? recordText(endingAt: position) : nil)
        }
      }
      switch state {
      case .quoted:
        if byte == quoteByte {
          state = .quoteInQuoted
        } else {
          if byte == lf { line += 1 }
          try append(byte)
          let quoteByte = self.quoteByte
          try appendRun { $0 == quoteByte || $0 == lf || $0 == cr || $0 == 0 }
        }
      case .quoteInQuoted where byte == quoteByte:
        try append(quoteByte)  // a doubled quote stands for one
        state = .quoted
      case .quoteInQuoted where byte != separator && byte != lf && byte != cr:
        throw CSVError(
          line: line,
          message: "unexpected \(describe(byte)) after a closing quote (a quote inside a quoted field is written \"\")")
      case .fieldStart, .unquoted, .quoteInQuoted:
        if byte == separator {
          fields.append(try takeField(line: recordLine))
          guard fields.count < maximumFields else {
            throw CSVError(
              line: recordLine, message: "the record has more than \(maximumFields) fields (the most a record may have)"
            )
          }
          state = .fieldStart
        } else if byte == lf || byte == cr {
          // The text ends before the line end, taken before the LF of a CRLF is looked for in
          // the next chunk.
          let text = keepsText ? recordText(endingAt: position - 1) : nil
          try endLine(after: byte)
          fields.append(try takeField(line: recordLine))
          return CSVRecord(line: recordLine, fields: fields, text: text)
        } else if byte == quoteByte && state == .fieldStart {
          state = .quoted
        } else {
          try append(byte)
          let separator = self.separator
          let quoteByte = self.quoteByte
          try appendRun { $0 == separator || $0 == lf || $0 == cr || $0 == quoteByte || $0 == 0 }
          state = .unquoted
        }
      }
    }
  }

  private enum State { case fieldStart, unquoted, quoted, quoteInQuoted }

  private func start() throws(CSVError) {
    started = true
    try fill()
    // A pipe may hand out fewer bytes than a byte-order mark at first: more are read only while
    // those so far begin one, so that a short first record (of a member of an archive read from
    // a pipe) is given before the reads that find what follows it.
    func mayBeginMark() -> Bool {
      let head = chunk[position...]
      return head.count < 3
        && [[0xEF, 0xBB, 0xBF], [0xFF, 0xFE], [0xFE, 0xFF]].contains { $0.count > head.count && $0.starts(with: head) }
    }
    while mayBeginMark() && !finishedPeeking {
      let more = try source.read(stoppingWhen: shouldStop)
      if more.isEmpty { finishedPeeking = true } else { chunk.append(contentsOf: more) }
    }
    let head = chunk[position..<min(chunk.count, position + 3)]
    if head.starts(with: [0xEF, 0xBB, 0xBF]) {
      position += 3
    } else if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
      throw CSVError(line: nil, message: "the file is UTF-16 text; save it as UTF-8")
    }
  }

  /// The first line of the input, without its line end, as text (invalid UTF-8 replaced), read
  /// ahead without being consumed: a caller can look at it to choose `separator` and `quoting`
  /// before the first `next()`, even when the input is a pipe that cannot be read twice. At most
  /// `maximumBytes` are looked at; `nil` for an empty input. Call it before `next()`.
  public func peekFirstLine(maximumBytes: Int = 1 << 16) throws(CSVError) -> String? {
    if !started { try start() }
    while true {
      let window = chunk[position...]
      if let end = window.firstIndex(where: { $0 == lf || $0 == cr }) {
        return String(decoding: chunk[position..<end], as: UTF8.self)
      }
      if window.count >= maximumBytes || finishedPeeking {
        return window.isEmpty ? nil : String(decoding: window.prefix(maximumBytes), as: UTF8.self)
      }
      // Grow the chunk instead of replacing it, so that nothing read is lost.
      let more = try source.read(stoppingWhen: shouldStop)
      if more.isEmpty { finishedPeeking = true } else { chunk.append(contentsOf: more) }
    }
  }

  /// Set when `peekFirstLine()` reached the end of the input.
  private var finishedPeeking = false

  private func nextByte() throws(CSVError) -> UInt8? {
    if position == chunk.count {
      try fill()
      if chunk.isEmpty { return nil }
    }
    let byte = chunk[position]
    position += 1
    return byte
  }

  private func peekByte() throws(CSVError) -> UInt8? {
    if position == chunk.count {
      try fill()
      if chunk.isEmpty { return nil }
    }
    return chunk[position]
  }

  private func fill() throws(CSVError) {
    if keepsText {
      text.append(contentsOf: chunk[textStart..<chunk.count])
      textStart = 0
    }
    bytesBeforeChunk += chunk.count
    chunk = try source.read(stoppingWhen: shouldStop)
    position = 0
  }

  /// How many bytes of the input the records so far have used. For a source that decompresses,
  /// the bytes of the file on disk it has taken (its `inputBytesRead`), a chunk ahead of the
  /// records, so that `bytesRead / totalBytes` is still how far the reading has come.
  public var bytesRead: Int { source.inputBytesRead ?? bytesBeforeChunk + position }

  /// The size of the input in bytes, when known (a regular file; compressed, as it is on disk),
  /// for progress reports.
  public var totalBytes: Int? { source.size }

  /// The member of a zip archive that the records come from (`DE.txt` in `DE.zip`), so that
  /// messages can name it: `DE.zip:DE.txt:12: ...`. `nil` unless the source reads an archive,
  /// and until the first `next()` has opened it.
  public var member: String? { source.member }

  /// The current record's text up to `end` in the chunk. Its fields are valid UTF-8 and the
  /// bytes between them ASCII, so the bytes decode as they are.
  private func recordText(endingAt end: Int) -> String {
    guard !text.isEmpty else { return String(decoding: chunk[textStart..<end], as: UTF8.self) }
    text.append(contentsOf: chunk[textStart..<end])
    return String(decoding: text, as: UTF8.self)
  }

  /// Counts a line end, taking the LF of a CRLF pair with its CR.
  private func endLine(after byte: UInt8) throws(CSVError) {
    line += 1
    if byte == cr, try peekByte() == lf { position += 1 }
  }

  /// Appends the bytes of the current chunk up to the next one that `stops` at once: most fields
  /// are plain text, and byte-at-a-time appends would dominate an import.
  @inline(__always)
  private func appendRun(until stops: (UInt8) -> Bool) throws(CSVError) {
    let end = chunk[position...].firstIndex(where: stops) ?? chunk.count
    guard end > position else { return }
    guard field.count + (end - position) <= maximumFieldBytes else {
      throw CSVError(line: recordStartLine, message: "a field is longer than \(maximumFieldBytes) bytes")
    }
    try count(bytes: end - position)
    field.append(contentsOf: chunk[position..<end])
    position = end
  }

  private func append(_ byte: UInt8) throws(CSVError) {
    if byte == 0 {
      throw CSVError(line: line, message: "the file holds a NUL byte: it is binary, not CSV text")
    }
    guard field.count < maximumFieldBytes else {
      throw CSVError(line: recordStartLine, message: "a field is longer than \(maximumFieldBytes) bytes")
    }
    try count(bytes: 1)
    field.append(byte)
  }

  /// Adds `bytes` to the record's size, refusing a record larger than `maximumRecordBytes`.
  @inline(__always)
  private func count(bytes: Int) throws(CSVError) {
    recordBytes += bytes
    guard recordBytes <= maximumRecordBytes else {
      throw CSVError(line: recordStartLine, message: "a record is longer than \(maximumRecordBytes) bytes")
    }
  }

  private func takeField(line recordLine: Int) throws(CSVError) -> String {
    // Plain ASCII, the usual case, needs no validation.
    if !field.contains(where: { $0 >= 0x80 }) {
      defer { field.removeAll(keepingCapacity: true) }
      return String(decoding: field, as: UTF8.self)
    }
    guard let text = String(validating: field, as: UTF8.self) else {
      throw CSVError(line: recordLine, message: "the text is not valid UTF-8")
    }
    field.removeAll(keepingCapacity: true)
    return text
  }

  private func describe(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }
}

private let lf = UInt8(ascii: "\n")
private let cr = UInt8(ascii: "\r")
private let quote = UInt8(ascii: "\"")
