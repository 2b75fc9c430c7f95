/// Where a zip archive's end of central directory record is: the last 22 bytes of the archive
/// before its comment, which can be up to 65,535 bytes long.
///
/// ```swift
/// // A file of 70,000 bytes whose archive has a comment of 30,000 bytes.
/// ZipEndRecord(tail: lastBytes, endingAt: 70_000)?.end  // 40_000
/// ```
///
/// libarchive's seekable zip reader looks for the record within the last 16 KiB of the file only,
/// and takes an archive with a longer comment for no zip at all, though `unzip` and the streaming
/// reader read it: `ArchiveSource` finds the record here and shows libarchive the file up to the
/// record's end, without the comment, which it does not read anyway.
struct ZipEndRecord {
  /// The offset in the file of the record's first byte.
  let offset: Int64

  /// The record's length without the comment.
  static let length = 22
  /// The most of a file's last bytes that can hold the record and its comment.
  static let searchLength = length + 0xFFFF

  /// The offset in the file just past the record (where the comment starts).
  var end: Int64 { offset + Int64(Self.length) }

  /// Finds the record in `tail`, the last bytes of a file of `fileSize` bytes (up to
  /// `searchLength` of them): the last signature `PK\5\6` whose comment length reaches exactly to
  /// the end of the file (a comment that merely holds these four bytes is passed over).
  ///
  /// - Returns: `nil` when there is none, for libarchive to look and give its reason.
  init?(tail: [UInt8], endingAt fileSize: Int64) {
    guard tail.count >= Self.length else { return nil }
    for start in stride(from: tail.count - Self.length, through: 0, by: -1)
    where tail[start] == 0x50 && tail[start + 1] == 0x4B && tail[start + 2] == 0x05 && tail[start + 3] == 0x06 {
      let commentLength = Int(tail[start + 20]) | Int(tail[start + 21]) << 8
      if start + Self.length + commentLength == tail.count {
        offset = fileSize - Int64(tail.count - start)
        return
      }
    }
    return nil
  }
}
