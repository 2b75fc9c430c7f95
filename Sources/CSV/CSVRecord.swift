/// One CSV record and the line it starts on.
public struct CSVRecord: Equatable, Sendable {
  /// The 1-based physical line where the record starts (a quoted field may span several lines).
  public let line: Int
  /// The fields, unquoted: `["01001", "Agawam", "42.0702"]`.
  public let fields: [String]
  /// The record as the input writes it, quotes and separators as they are, without its line end
  /// (`"Washington, DC",20001`), when the reader keeps it (`CSVReader.keepsText`); else `nil`.
  public let text: String?

  /// A record: `CSVRecord(line: 2, fields: ["01001", "42.0702", "-72.6227"])`.
  public init(line: Int, fields: [String], text: String? = nil) {
    self.line = line
    self.fields = fields
    self.text = text
  }

  /// Whether the record came from an empty line.
  public var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }
}
