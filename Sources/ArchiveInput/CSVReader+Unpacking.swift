import CSV

extension CSVReader {
  /// Opens the file at `path` for reading, unpacking it as it goes: a plain file or pipe, a gzip,
  /// xz, bzip2 or zstd file, or a zip archive holding one data file (and perhaps a readme), told
  /// apart by their first bytes, not their names. Compressed data is read as the records are,
  /// gzip through zlib (every member's CRC-32 checked), the others through libarchive.
  ///
  /// ```swift
  /// let reader = try CSVReader(unpacking: "DE.zip", separator: UInt8(ascii: "\t"))
  /// while let record = try reader.next() { print("DE.zip:\(reader.member ?? ""):\(record.line)") }
  /// ```
  ///
  /// Only opening the file can fail here. The format is told at the first `next()`, so that
  /// waiting for a pipe's first bytes can be stopped by `shouldStop`; a damaged archive, or a zip
  /// with no data file or several, fails there (a zip read from a pipe, which cannot be looked
  /// ahead in, fails on a second data file after the first one's records). `CSVError` messages
  /// name neither the file nor the member: the caller adds them. `bytesRead` and `totalBytes`
  /// count the file as it is on disk, so that their ratio is still how far the reading has come.
  ///
  /// - Parameter path: The file. The other parameters are those of `CSVReader(path:)`.
  public convenience init(
    unpacking path: String, separator: UInt8 = UInt8(ascii: ","), maximumFieldBytes: Int = 1 << 20,
    maximumFields: Int = 100_000, maximumRecordBytes: Int = 1 << 26
  ) throws(CSVError) {
    self.init(
      source: try InputFile(path: path), separator: separator, maximumFieldBytes: maximumFieldBytes,
      maximumFields: maximumFields, maximumRecordBytes: maximumRecordBytes)
  }
}
