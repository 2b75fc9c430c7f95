import TestSupport
import Testing

@testable import CSV

/// A record lies whole in one chunk or across several: the reader lends the fields of the first
/// in place and copies those of the others, and both ways must read a file alike.
@Suite struct CSVParserTests {
  /// Every record, its text and the error that ends the reading, as `next()` gives them.
  struct Reading: Equatable {
    var records: [CSVRecord] = []
    var error: CSVError?
  }

  static func read(
    _ bytes: [UInt8], chunk: Int, quoting: Bool, separator: UInt8, keepsText: Bool, limits: (Int, Int, Int)
  ) -> Reading {
    let reader = CSVReader(
      source: CSVReaderTests.Pieces(rest: bytes, size: chunk), separator: separator, maximumFieldBytes: limits.0,
      maximumFields: limits.1, maximumRecordBytes: limits.2)
    reader.quoting = quoting
    reader.keepsText = keepsText
    var reading = Reading()
    do {
      while let record = try reader.next() { reading.records.append(record) }
    } catch {
      reading.error = error
    }
    return reading
  }

  /// Bytes that each take a path of their own: separators, quotes, line ends, NUL, a tab, UTF-8
  /// whole and cut short, bytes that are never UTF-8.
  static let alphabet: [[UInt8]] = [
    [0x61], [0x62], [0x2C], [0x22], [0x0A], [0x0D], [0x0D, 0x0A], [0x09], [0x20], [0x00], [0xC3, 0xA9],
    [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xFF], [0xED, 0xA0, 0x80], [0xEF, 0xBB, 0xBF],
  ]

  /// Reads `bytes` whole, then in each size of `chunks`, with the quoting, separator, kept text
  /// and limits (the default ones, or `tightLimits`) that `round` picks, and expects the same
  /// records and error each way.
  /// - Returns: The reading of the whole.
  static func expectInPlaceAsInPieces(
    _ bytes: [UInt8], round: Int, tightLimits: (Int, Int, Int), chunks: [Int]
  ) -> Reading {
    let quoting = round % 2 == 0
    let separator: UInt8 = round % 3 == 0 ? 0x09 : 0x2C
    let keepsText = round % 5 < 2
    let limits = round % 4 == 0 ? tightLimits : (1 << 20, 100_000, 1 << 26)
    let whole = read(
      bytes, chunk: bytes.count + 1, quoting: quoting, separator: separator, keepsText: keepsText, limits: limits)
    for chunk in chunks {
      let pieces = read(
        bytes, chunk: chunk, quoting: quoting, separator: separator, keepsText: keepsText, limits: limits)
      #expect(pieces == whole, "\(bytes) in chunks of \(chunk), quoting \(quoting), limits \(limits)")
    }
    return whole
  }

  @Test func recordsReadInPlaceEqualRecordsReadByteByByte() {
    var rng = SeededGenerator(seed: 35)
    var inPlace = 0
    for round in 0..<6_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...40, using: &rng) {
        // Mostly plain letters and separators, so that most records are whole and valid.
        let pick = Int.random(in: 0..<30, using: &rng)
        bytes +=
          pick < 10 ? [0x61] : pick < 14 ? [0x2C] : pick < 17 ? [0x0A] : Self.alphabet[pick % Self.alphabet.count]
      }
      let whole = Self.expectInPlaceAsInPieces(
        bytes, round: round, tightLimits: (5, 4, 12), chunks: [1, 2, 3, Int.random(in: 4...16, using: &rng)])
      if whole.error == nil && !whole.records.isEmpty { inPlace += 1 }
    }
    // The rounds read files that end well often enough to compare their records, not only errors.
    #expect(inPlace > 1_000)
  }

  /// The reader passes over plain bytes eight at a time: runs of every length between the bytes
  /// that end, refuse or quote a field put each of them at every place in a word, and a byte
  /// past ASCII in one record is never taken for one in its neighbour.
  @Test func longPlainRunsReadInPlaceEqualRecordsReadByteByByte() {
    var rng = SeededGenerator(seed: 36)
    var inPlace = 0
    for round in 0..<4_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 1...12, using: &rng) {
        let letter = UInt8(ascii: "a") + UInt8(bytes.count % 26)
        bytes += Array(repeating: letter, count: Int.random(in: 0...19, using: &rng))
        // Mostly separators and line ends; now and then any byte of the alphabet.
        let pick = Int.random(in: 0..<10, using: &rng)
        bytes += pick < 4 ? [0x2C] : pick < 7 ? [0x0A] : Self.alphabet.randomElement(using: &rng)!
      }
      let whole = Self.expectInPlaceAsInPieces(
        bytes, round: round, tightLimits: (9, 3, 24), chunks: [1, 7, 8, 9, Int.random(in: 10...64, using: &rng)])
      if whole.error == nil && whole.records.count > 1 { inPlace += 1 }
    }
    #expect(inPlace > 500)
  }

  @Test func fieldsLentInPlaceAreTheFieldsOfTheRecord() throws {
    let reader = CSVReader(string: "zip,place,lat\n01001, Agawam ,42.07\r\n\n")
    let first = try reader.nextFields { fields in (0..<fields.count).map(fields.string(at:)) }
    #expect(first == ["zip", "place", "lat"])
    let second = try reader.nextFields { fields in (fields.line, fields.count, Array(fields[1]), fields.isBlank) }
    #expect(second?.0 == 2 && second?.1 == 3 && second?.2 == Array(" Agawam ".utf8) && second?.3 == false)
    #expect(try reader.nextFields { $0.isBlank } == true)
    #expect(try reader.nextFields { $0.count } == nil)
  }

  @Test func theUTF8CheckAgreesWithTheStandardLibraryOnEveryShortSequence() {
    var rng = SeededGenerator(seed: 8)
    // Every one- and two-byte sequence, then random ones of up to six bytes drawn near the edges
    // of UTF-8's ranges (overlong forms, surrogates, past U+10FFFF, cut short).
    var cases: [[UInt8]] = (0...255).map { [UInt8($0)] }
    for a in 0...255 { for b in stride(from: 0, through: 255, by: 3) { cases.append([UInt8(a), UInt8(b)]) } }
    let edges: [UInt8] = [
      0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1,
      0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
    ]
    for _ in 0..<200_000 {
      cases.append((0..<Int.random(in: 1...6, using: &rng)).map { _ in edges.randomElement(using: &rng)! })
    }
    for bytes in cases {
      let valid = bytes.withUnsafeBufferPointer(CSVFields.isUTF8)
      #expect(valid == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
    }
  }
}
