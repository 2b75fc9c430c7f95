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
  public var maximumFieldBytes: Int { parser.maximumFieldBytes }
  /// The most fields a record may have: 100,000 by default, far more than any table's columns
  /// (SQLite allows 32,767 at most, spreadsheets 16,384), far less than the millions a line of
  /// commas makes, which would take about 20 bytes of memory each.
  public var maximumFields: Int { parser.maximumFields }
  /// The largest record accepted, all its fields together, in bytes (64 MiB by default).
  public var maximumRecordBytes: Int { parser.maximumRecordBytes }
  /// Asked while the reader waits for input from a pipe or a terminal, every 100 ms: `true`
  /// stops the reading with a `CSVError`, so that a stalled input cannot hold up a caller that
  /// wants to stop. (A regular file never makes the reader wait.)
  public var shouldStop: (() -> Bool)? {
    get { parser.shouldStop }
    set { parser.shouldStop = newValue }
  }
  /// The byte between fields: `,` by default; may be changed before the first `next()`, after
  /// `peekFirstLine()` has shown what the file holds.
  public var separator: UInt8 {
    get { parser.separator }
    set { parser.separator = newValue }
  }
  /// Whether `"` starts a quoted field (RFC 4180, the default). Off for tab-separated files such
  /// as GeoNames', where a `"` in a place name is literal. Set before the first `next()`.
  public var quoting: Bool {
    get { parser.quoting }
    set { parser.quoting = newValue }
  }
  /// Whether each record keeps its text as the input writes it (`CSVRecord.text`): its quotes,
  /// doubled quotes and separators as they are, without its line end, so that a caller can pass
  /// the record through unchanged. Off by default (it copies every record's bytes once more); set
  /// before the first `next()`.
  public var keepsText: Bool {
    get { parser.keepsText }
    set { parser.keepsText = newValue }
  }
  private var parser: CSVParser

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
    parser = CSVParser(
      source: source, separator: separator, maximumFieldBytes: maximumFieldBytes, maximumFields: maximumFields,
      maximumRecordBytes: maximumRecordBytes)
  }

  /// The next record, or `nil` at the end of the file.
  public func next() throws(CSVError) -> CSVRecord? {
    guard try parser.readRecord() else { return nil }
    let fields = parser.withFields { fields in (0..<fields.count).map(fields.string(at:)) }
    return CSVRecord(line: parser.recordStartLine, fields: fields, text: parser.recordText)
  }

  /// Reads the next record and calls `body` with its fields as bytes, lent for the call: no
  /// string is made of any field, so that a caller that checks fields and keeps a few pays for
  /// those alone. `nil` at the end of the file.
  ///
  /// ```swift
  /// while let zip = try reader.nextFields({ $0.count > 1 ? $0.string(at: 0) : nil }) { ... }
  /// ```
  public func nextFields<T>(_ body: (CSVFields) -> T) throws(CSVError) -> T? {
    guard try parser.readRecord() else { return nil }
    return parser.withFields(body)
  }

  /// The first line of the input, without its line end, as text (invalid UTF-8 replaced), read
  /// ahead without being consumed: a caller can look at it to choose `separator` and `quoting`
  /// before the first `next()`, even when the input is a pipe that cannot be read twice. At most
  /// `maximumBytes` are looked at; `nil` for an empty input. Call it before `next()`.
  public func peekFirstLine(maximumBytes: Int = 1 << 16) throws(CSVError) -> String? {
    try parser.peekFirstLine(maximumBytes: maximumBytes)
  }

  /// How many bytes of the input the records so far have used. For a source that decompresses,
  /// the bytes of the file on disk it has taken (its `inputBytesRead`), a chunk ahead of the
  /// records, so that `bytesRead / totalBytes` is still how far the reading has come.
  public var bytesRead: Int { parser.bytesRead }

  /// The size of the input in bytes, when known (a regular file; compressed, as it is on disk),
  /// for progress reports.
  public var totalBytes: Int? { parser.source.size }

  /// The member of a zip archive that the records come from (`DE.txt` in `DE.zip`), so that
  /// messages can name it: `DE.zip:DE.txt:12: ...`. `nil` unless the source reads an archive,
  /// and until the first `next()` has opened it.
  public var member: String? { parser.source.member }
}
