extension String {
  /// The string as a shell word, for commands printed for a user to copy: as it is when it holds
  /// only letters, digits and `_./-+:=@,%`, else in single quotes (`'it'\''s'`).
  public var shellQuoted: String {
    let plain =
      !isEmpty
      && utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
          || "_./-+:=@,%".utf8.contains(byte)
      }
    guard !plain else { return self }
    return "'" + split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
  }
}
