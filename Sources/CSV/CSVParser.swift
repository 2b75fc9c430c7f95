/// The state of a `CSVReader` and the loop that reads records: a value that the reader holds, so
/// that the loop's every access to its buffers is checked for exclusivity once a record, not once
/// a byte (as the stored properties of a class are).
struct CSVParser {
  let maximumFieldBytes: Int
  let maximumFields: Int
  let maximumRecordBytes: Int
  var shouldStop: (() -> Bool)?
  var separator: UInt8 {
    didSet { if !quoting { quoteByte = separator } }
  }
  var quoting = true {
    didSet { quoteByte = quoting ? quote : separator }
  }
  var keepsText = false
  /// The current record's bytes taken from earlier chunks, when `keepsText`.
  private var text: [UInt8] = []
  /// Where the current record's bytes start in `chunk`, when `keepsText`.
  private var textStart = 0
  /// The byte that opens a quoted field; the separator itself when quoting is off, which the
  /// loops test first, so that turning quotes off costs nothing per byte.
  private var quoteByte = quote
  private(set) var source: any ByteSource
  private var chunk: [UInt8] = []
  private var position = 0
  /// Bytes taken from the source before the current chunk.
  private var bytesBeforeChunk = 0
  private var line = 1
  private var started = false
  private var finished = false
  /// The current record's fields, unquoted, one after another: one buffer a record, reused, so
  /// that reading a field makes no string of it. Unused when the record lies whole in the chunk,
  /// without quotes: its fields are then lent where they are (`fieldsInChunk`).
  private var record: [UInt8] = []
  /// Where each field starts and ends, two numbers a field, in `record` or in `chunk`.
  private var fieldBounds: [Int] = []
  /// Whether `fieldBounds` are places in `chunk`, not in `record`.
  private var fieldsInChunk = false
  /// Where the current field starts in `record`.
  private var fieldStart = 0
  /// The line the current record starts on, which its errors name (a quoted field may run on).
  private(set) var recordStartLine = 1
  /// The current record's text, when `keepsText`.
  private(set) var recordText: String?

  init(source: any ByteSource, separator: UInt8, maximumFieldBytes: Int, maximumFields: Int, maximumRecordBytes: Int) {
    self.source = source
    self.separator = separator
    self.maximumFieldBytes = maximumFieldBytes
    self.maximumFields = maximumFields
    self.maximumRecordBytes = maximumRecordBytes
    record.reserveCapacity(256)
  }

  /// Calls `body` with the fields of the record last read. Mutating, though it changes nothing,
  /// so that the reader that holds the parser lends it in place instead of copying it (and
  /// retaining every buffer of it) for each record.
  mutating func withFields<T>(_ body: (CSVFields) -> T) -> T {
    (fieldsInChunk ? chunk : record).withUnsafeBufferPointer { bytes in
      fieldBounds.withUnsafeBufferPointer { bounds in
        body(CSVFields(line: recordStartLine, bytes: bytes, bounds: bounds))
      }
    }
  }

  /// Reads the next record, in place (`readRecordInChunk()`) or into `record`, and its fields'
  /// bounds into `fieldBounds`; false at the end of the file.
  mutating func readRecord() throws(CSVError) -> Bool {
    if !started { try start() }
    if finished { return false }
    let recordLine = line
    recordStartLine = line
    recordText = nil
    fieldBounds.removeAll(keepingCapacity: true)
    if readRecordInChunk() { return true }
    fieldsInChunk = false
    fieldBounds.removeAll(keepingCapacity: true)
    record.removeAll(keepingCapacity: true)
    fieldStart = 0
    var state = State.fieldStart
    if keepsText {
      text.removeAll(keepingCapacity: true)
      textStart = position
    }

    while true {
      guard let byte = try nextByte() else {
        finished = true
        switch state {
        case .fieldStart where fieldBounds.isEmpty:
          return false  // the file ended with a line end
        case .quoted:
          throw CSVError(line: recordLine, message: "a quoted field starting here is never closed")
        default:
          try endField()
          if keepsText { recordText = keptText(endingAt: position) }
          return true
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
          try endField()
          guard fieldBounds.count / 2 < maximumFields else {
            throw CSVError(
              line: recordLine, message: "the record has more than \(maximumFields) fields (the most a record may have)"
            )
          }
          state = .fieldStart
        } else if byte == lf || byte == cr {
          // The text ends before the line end, taken before the LF of a CRLF is looked for in
          // the next chunk.
          if keepsText { recordText = keptText(endingAt: position - 1) }
          try endLine(after: byte)
          try endField()
          return true
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

  private mutating func start() throws(CSVError) {
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
  mutating func peekFirstLine(maximumBytes: Int = 1 << 16) throws(CSVError) -> String? {
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

  private mutating func nextByte() throws(CSVError) -> UInt8? {
    if position == chunk.count {
      try fill()
      if chunk.isEmpty { return nil }
    }
    let byte = chunk[position]
    position += 1
    return byte
  }

  private mutating func peekByte() throws(CSVError) -> UInt8? {
    if position == chunk.count {
      try fill()
      if chunk.isEmpty { return nil }
    }
    return chunk[position]
  }

  private mutating func fill() throws(CSVError) {
    if keepsText {
      text.append(contentsOf: chunk[textStart..<chunk.count])
      textStart = 0
    }
    bytesBeforeChunk += chunk.count
    chunk = try source.read(stoppingWhen: shouldStop)
    position = 0
  }

  /// How many bytes of the input the records so far have used (`CSVReader.bytesRead`).
  var bytesRead: Int { source.inputBytesRead ?? bytesBeforeChunk + position }

  /// The current record's text up to `end` in the chunk. Its fields are valid UTF-8 and the
  /// bytes between them ASCII, so the bytes decode as they are.
  private mutating func keptText(endingAt end: Int) -> String {
    guard !text.isEmpty else { return String(decoding: chunk[textStart..<end], as: UTF8.self) }
    text.append(contentsOf: chunk[textStart..<end])
    return String(decoding: text, as: UTF8.self)
  }

  /// Counts a line end, taking the LF of a CRLF pair with its CR.
  private mutating func endLine(after byte: UInt8) throws(CSVError) {
    line += 1
    if byte == cr, try peekByte() == lf { position += 1 }
  }

  /// Appends the bytes of the current chunk up to the next one that `stops` at once: most fields
  /// are plain text, and byte-at-a-time appends would dominate an import.
  @inline(__always)
  private mutating func appendRun(until stops: (UInt8) -> Bool) throws(CSVError) {
    let end = chunk[position...].firstIndex(where: stops) ?? chunk.count
    guard end > position else { return }
    try checkRoom(for: end - position)
    record.append(contentsOf: chunk[position..<end])
    position = end
  }

  private mutating func append(_ byte: UInt8) throws(CSVError) {
    if byte == 0 {
      throw CSVError(line: line, message: "the file holds a NUL byte: it is binary, not CSV text")
    }
    try checkRoom(for: 1)
    record.append(byte)
  }

  /// Refuses `bytes` more when the field or the record would then be longer than its limit,
  /// naming the limit that the bytes, taken one by one, would pass first (the field's, when both
  /// at once), so that a file is refused alike however its chunks fall.
  @inline(__always)
  private func checkRoom(for bytes: Int) throws(CSVError) {
    let fieldRoom = maximumFieldBytes - (record.count - fieldStart)
    let recordRoom = maximumRecordBytes - record.count
    guard bytes > min(fieldRoom, recordRoom) else { return }
    if fieldRoom <= recordRoom {
      throw CSVError(line: recordStartLine, message: "a field is longer than \(maximumFieldBytes) bytes")
    }
    throw CSVError(line: recordStartLine, message: "a record is longer than \(maximumRecordBytes) bytes")
  }

  /// Ends the current field, refusing it unless it is UTF-8.
  private mutating func endField() throws(CSVError) {
    let valid = record.withUnsafeBufferPointer { bytes in
      CSVFields.isUTF8(UnsafeBufferPointer(rebasing: bytes[fieldStart...]))
    }
    guard valid else { throw CSVError(line: recordStartLine, message: "the text is not valid UTF-8") }
    fieldBounds.append(fieldStart)
    fieldBounds.append(record.count)
    fieldStart = record.count
  }

  /// Reads the next record where it lies, when the chunk holds the whole of it and its line end,
  /// no field of it starts with a quote, and nothing in it is refused: its fields are then lent
  /// in place (`fieldsInChunk`), not copied. False, having moved nothing, for any other record,
  /// which `readRecord()` then reads byte by byte (and refuses, when it must, with its message).
  private mutating func readRecordInChunk() -> Bool {
    let (separator, quoteByte, maximumFieldBytes) = (self.separator, self.quoteByte, self.maximumFieldBytes)
    let (maximumFields, maximumRecordBytes) = (self.maximumFields, self.maximumRecordBytes)
    var bounds = fieldBounds
    fieldBounds = []
    defer { fieldBounds = bounds }
    // The bytes a record's fields hold are mostly plain text: they are passed over eight at a
    // time, each word tested at once for the bytes that end or refuse a field (`specialBytes`),
    // and for any byte past ASCII, which alone needs the UTF-8 check.
    let (separators, quotes) = (Self.repeated(separator), Self.repeated(quoteByte))
    var highBits: UInt64 = 0
    let end: Int? = chunk.withUnsafeBufferPointer { chunk in
      guard let base = chunk.baseAddress else { return nil }
      let count = chunk.count
      var index = position
      var fieldStart = index
      var fieldBytes = 0
      while index < count {
        while index + 8 <= count {
          let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
          highBits |= word
          let special = Self.specialBytes(in: word, separators: separators, quotes: quotes)
          if special != 0 {
            index += special.trailingZeroBitCount >> 3
            break
          }
          index += 8
        }
        guard index < count else { break }
        let byte = chunk[index]
        highBits |= UInt64(byte)
        // The separator is tested first: when quotes are off, it is also `quoteByte`.
        if byte == separator || byte == lf || byte == cr {
          fieldBytes += index - fieldStart
          guard index - fieldStart <= maximumFieldBytes, fieldBytes <= maximumRecordBytes,
            bounds.count / 2 < maximumFields
          else { return nil }
          bounds.append(fieldStart)
          bounds.append(index)
          if byte != separator {
            // A CR is the line's end when the chunk shows what follows it (LF or not).
            if byte == cr && index + 1 == count { return nil }
            return index
          }
          index += 1
          fieldStart = index
        } else if byte == 0 || (byte == quoteByte && index == fieldStart) {
          return nil
        } else {
          index += 1
        }
      }
      return nil
    }
    guard let end else {
      bounds.removeAll(keepingCapacity: true)
      return false
    }
    // Bytes after the record's end may have been tested too: a byte past ASCII there only asks
    // for a check this record did not need.
    let valid =
      highBits & 0x8080_8080_8080_8080 == 0
      || chunk.withUnsafeBufferPointer { CSVFields.isUTF8(UnsafeBufferPointer(rebasing: $0[position..<end])) }
    guard valid else {
      bounds.removeAll(keepingCapacity: true)
      return false
    }
    if keepsText { recordText = String(decoding: chunk[position..<end], as: UTF8.self) }
    position = end + (chunk[end] == cr && chunk[end + 1] == lf ? 2 : 1)
    line += 1
    fieldsInChunk = true
    return true
  }

  /// `byte` in each byte of a word.
  private static func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

  /// A word whose lowest set bit is in the first of `word`'s bytes (from its lowest) that is a
  /// separator, a quote, LF, CR or NUL; zero when there is none. (Bytes after that one may be
  /// marked too, wrongly: only the first is used.)
  @inline(__always)
  private static func specialBytes(in word: UInt64, separators: UInt64, quotes: UInt64) -> UInt64 {
    func zeroBytes(_ x: UInt64) -> UInt64 { (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080 }
    return zeroBytes(word ^ separators) | zeroBytes(word ^ quotes) | zeroBytes(word ^ repeated(lf))
      | zeroBytes(word ^ repeated(cr)) | zeroBytes(word)
  }

  private func describe(_ byte: UInt8) -> String {
    (0x20..<0x7F).contains(byte) ? "'\(Character(UnicodeScalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
  }
}

private let lf = UInt8(ascii: "\n")
private let cr = UInt8(ascii: "\r")
private let quote = UInt8(ascii: "\"")
