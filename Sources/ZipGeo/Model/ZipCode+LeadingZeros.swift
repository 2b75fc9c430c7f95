extension ZipCode {
  /// `code` with the leading zeros a spreadsheet drops put back (`1001` -> `01001`, `501` ->
  /// `00501`), when it is 3 or 4 ASCII digits, as a US zip code that lost them is; else `nil`.
  ///
  /// Only for the US: 4 digits are whole postal codes in many countries (AU, CH, DK, ...).
  public static func restoringLeadingZeros(_ code: String) -> String? {
    guard (3...4).contains(code.utf8.count), code.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
    return String(repeating: "0", count: 5 - code.utf8.count) + code
  }
}
