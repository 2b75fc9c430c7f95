import SQLiteKit
import ZipGeo

/// What became of the rows of a `--file`: how many there were, how many could not be answered
/// and why, and what is said once for the whole file rather than for each row (codes that lost
/// their leading zeros, codes finer than the data), each with its count and its first line.
///
/// ```
/// zipgeo: 2 codes had lost their leading zeros, as spreadsheets drop them, and were read with
///   them (line 3: 2134 as 02134)
/// zipgeo: customers.csv: 5 rows, 3 resolved, 2 not: unknown 1, ambiguous 1
/// ```
struct RowTally {
  /// What is said once for the file.
  enum Note: CaseIterable {
    /// A US code found with its leading zeros put back.
    case restoredZeros
    /// A code not found that would be a US code with them, its country not known to be the US.
    case suggestedZeros
    /// A code finer than the data, found as the coarser code it holds (`SW1A 1AA` as `SW1A`).
    case coarser
    /// A bare code that the home country lacks, found in another country.
    case otherCountry
  }

  /// The rows read.
  private(set) var rows = 0
  /// The rows that could not be answered.
  private(set) var failed = 0
  private var reasons: [String: Int] = [:]
  private var notes: [Note: (count: Int, first: String)] = [:]

  /// Counts a row, answered (`failure` `nil`) or not, for the reason `failure`.
  mutating func count(failure: String?) {
    rows += 1
    guard let failure else { return }
    failed += 1
    reasons[failure, default: 0] += 1
  }

  /// Counts `note`, with `example` (`line 3: 2134 as 02134`) when it is the first.
  mutating func note(_ note: Note, _ example: @autoclosure () -> String) {
    if let seen = notes[note] {
      notes[note] = (seen.count + 1, seen.first)
    } else {
      notes[note] = (1, example())
    }
  }

  /// Counts what is said once of the code of `lookup`, written on `line`: its leading zeros put
  /// back or suggested, its coarser code, or the other country than `home` (the home country,
  /// when the database holds it) it was found in.
  mutating func note(_ lookup: CodeLookup, line: Int, home: String?) {
    let written = lookup.written.shortened
    guard let code = lookup.code else {
      if let suggestion = lookup.suggestion { note(.suggestedZeros, "line \(line): \(written) as \(suggestion)") }
      return
    }
    if lookup.restoredLeadingZeros { note(.restoredZeros, "line \(line): \(written) as \(code.code)") }
    if let resolution = code.resolution { note(.coarser, "line \(line): \(resolution)") }
    if let home, lookup.reference?.country == nil, code.country != home {
      note(.otherCountry, "line \(line): \(written) as \(code)")
    }
  }

  /// The lines for standard error: the notes, then how many rows were `done` (`resolved`,
  /// `measured`) and how many not, by reason, the most frequent first.
  ///
  /// - Parameter home: The home country and where it comes from, for `otherCountry`.
  func summary(file: String, done: String, home: HomeCountry?) -> String {
    var text = ""
    for note in Note.allCases {
      guard let (count, first) = notes[note] else { continue }
      let codes = Self.count(count, "code")
      let one = count == 1
      switch note {
      case .restoredZeros:
        text +=
          "zipgeo: \(codes) had lost \(one ? "its" : "their") leading zeros, as spreadsheets drop them, and"
          + " \(one ? "was" : "were") read with them (\(first))\n"
      case .suggestedZeros:
        text +=
          "zipgeo: \(codes) not found \(one ? "is a US code" : "are US codes") with \(one ? "its" : "their") leading"
          + " zeros put back, as spreadsheets drop them (\(first)); --country US or a country column reads"
          + " \(one ? "it" : "them") so\n"
      case .coarser:
        text += "zipgeo: \(codes) \(one ? "was" : "were") finer than the data holds (\(first))\n"
      case .otherCountry:
        let shown = home.map { "\($0.country) (the home country, from \($0.origin))" } ?? "the home country"
        text +=
          "zipgeo: \(codes) \(one ? "is no code" : "are no codes") of \(shown); another country's"
          + " \(one ? "was" : "were") used (\(first))\n"
      }
    }
    let counted = "zipgeo: \(file): \(Self.count(rows, "row"))"
    guard rows > 0 else { return text + "zipgeo: \(file): no rows\n" }
    guard failed > 0 else { return text + "\(counted), all \(done)\n" }
    return text + "\(counted), \(grouped(rows - failed)) \(done), \(grouped(failed)) not: \(byReason)\n"
  }

  /// The rows not answered by reason, the most frequent first: `unknown 2, ambiguous 1`.
  var byReason: String {
    reasons.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \(grouped($0.value))" }
      .joined(separator: ", ")
  }

  /// `1 row`, `12,345 rows`.
  static func count(_ number: Int, _ noun: String) -> String {
    "\(grouped(number)) \(noun)\(number == 1 ? "" : "s")"
  }
}
