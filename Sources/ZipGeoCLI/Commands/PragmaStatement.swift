/// A `PRAGMA` statement as SQLite reads it, found by tokens rather than by words, so that comments,
/// quotes and line breaks cannot disguise one: `PRAGMA main.table_info(zips)`,
/// `pragma /* x */ "cache_size" = 1`.
///
/// `zipgeo sql` without `--write` runs a pragma only when it asks and changes nothing:
/// `sqlite3_stmt_readonly` alone is not enough, since it reports a pragma that changes a setting of
/// the connection or the process (`temp_store_directory`, `cache_size`, `locking_mode`) as
/// writing nothing to the database.
struct PragmaStatement: Equatable {
  /// The pragma's name, lower-cased: `table_info`.
  let name: String
  /// Whether a value follows it (`= 1` or `(zips)`).
  let hasValue: Bool

  /// Pragmas whose value only names what to describe or check.
  static let describing: Set<String> = [
    "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo", "foreign_key_list",
    "foreign_key_check", "integrity_check", "quick_check",
  ]

  /// Pragmas that only ask when given no value, though SQLite reports them as writing.
  static let askingWithoutValue: Set<String> = ["journal_mode"]

  /// Whether the statement reads only: `readOnly` is what `sqlite3_stmt_readonly` says of it.
  static func readsOnly(_ sql: String, sqliteSaysReadOnly readOnly: Bool) -> Bool {
    guard let pragma = PragmaStatement(sql) else { return readOnly }
    if pragma.hasValue { return readOnly && describing.contains(pragma.name) }
    return readOnly || askingWithoutValue.contains(pragma.name)
  }

  /// `PragmaStatement(name: "cache_size", hasValue: true)`.
  init(name: String, hasValue: Bool) {
    self.name = name
    self.hasValue = hasValue
  }

  /// The pragma `sql` is, or `nil` when it is another kind of statement.
  init?(_ sql: String) {
    var tokens = SQLTokens(sql)
    var first = tokens.next()?.lowercased()
    // SQLite applies a pragma's setting when it prepares the statement, even under EXPLAIN.
    if first == "explain" {
      first = tokens.next()?.lowercased()
      if first == "query" {
        guard tokens.next()?.lowercased() == "plan" else { return nil }
        first = tokens.next()?.lowercased()
      }
    }
    guard first == "pragma", var name = tokens.next() else { return nil }
    var following = tokens.next()
    if following == "." {
      guard let afterSchema = tokens.next() else { return nil }
      name = afterSchema
      following = tokens.next()
    }
    self.name = name.lowercased()
    hasValue = following == "=" || following == "("
  }
}

/// The tokens of SQL text, with whitespace and comments skipped and quoted identifiers unquoted:
/// enough of SQLite's tokenizer to read a statement's first words.
struct SQLTokens: IteratorProtocol {
  private let bytes: [UInt8]
  private var position = 0

  init(_ sql: String) { bytes = Array(sql.utf8) }

  mutating func next() -> String? {
    skipSpaceAndComments()
    guard position < bytes.count else { return nil }
    let start = position
    let byte = bytes[position]
    let closing: UInt8? =
      switch byte {
      case UInt8(ascii: "\""): UInt8(ascii: "\"")
      case UInt8(ascii: "`"): UInt8(ascii: "`")
      case UInt8(ascii: "["): UInt8(ascii: "]")
      case UInt8(ascii: "'"): UInt8(ascii: "'")
      default: nil
      }
    if let closing {
      // A quoted name or string; a doubled closing quote stands for one.
      position += 1
      var text: [UInt8] = []
      while position < bytes.count {
        if bytes[position] == closing {
          if closing != UInt8(ascii: "]"), position + 1 < bytes.count, bytes[position + 1] == closing {
            text.append(closing)
            position += 2
            continue
          }
          position += 1
          break
        }
        text.append(bytes[position])
        position += 1
      }
      return String(decoding: text, as: UTF8.self)
    }
    if Self.isWordByte(byte) {
      while position < bytes.count, Self.isWordByte(bytes[position]) { position += 1 }
    } else {
      position += 1
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
  }

  private mutating func skipSpaceAndComments() {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
        position += 1
      } else if byte == UInt8(ascii: "-"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "-") {
        while position < bytes.count, bytes[position] != 0x0A { position += 1 }
      } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
        position += 2
        while position + 1 < bytes.count,
          !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/"))
        {
          position += 1
        }
        position = min(bytes.count, position + 2)
      } else {
        return
      }
    }
  }
}
