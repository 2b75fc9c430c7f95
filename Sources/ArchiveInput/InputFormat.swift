/// How a file's bytes are packed, told by its first bytes (its magic number), never by its name:
/// a `.gz` that holds plain text is plain, and a gzip file named `.csv` is gzip.
///
/// ```swift
/// InputFormat(head: [0x1F, 0x8B, 0x08, 0x00])  // .gzip
/// InputFormat(head: Array("zip,lat,lon\n".utf8))  // .plain
/// ```
enum InputFormat: Equatable, CustomStringConvertible {
  case plain, gzip, xz, bzip2, zstd, zip

  /// The most bytes `init(head:)` looks at.
  static let headLength = 10

  /// The format whose magic number `head` starts with; `.plain` for anything else, including a
  /// file too short to hold one.
  init(head: [UInt8]) {
    func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
    let bzip2Block: [UInt8] = [0x31, 0x41, 0x59, 0x26, 0x53, 0x59]  // π, before each block
    let bzip2End: [UInt8] = [0x17, 0x72, 0x45, 0x38, 0x50, 0x90]  // √π, the end of an empty stream
    if starts([0x1F, 0x8B]) {
      self = .gzip
    } else if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) {
      self = .xz
    } else if starts(Array("BZh".utf8)), head.count >= 10, (0x31...0x39).contains(head[3]),
      head[4...].starts(with: bzip2Block) || head[4...].starts(with: bzip2End)
    {
      // "BZh" and a block size could begin a line of text; the block magic after them cannot.
      self = .bzip2
    } else if starts([0x28, 0xB5, 0x2F, 0xFD]) {
      self = .zstd
    } else if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06])
      || starts([0x50, 0x4B, 0x07, 0x08])
    {
      // A member, the end record of an empty archive, or the marker of a split archive.
      self = .zip
    } else {
      self = .plain
    }
  }

  /// `gzip`, `zip`: the format's name.
  var name: String {
    switch self {
    case .plain: "plain"
    case .gzip: "gzip"
    case .xz: "xz"
    case .bzip2: "bzip2"
    case .zstd: "zstd"
    case .zip: "zip"
    }
  }

  /// `gzip file`, `zip archive`: what messages call the file.
  var description: String {
    switch self {
    case .plain: "file"
    case .zip: "zip archive"
    default: "\(name) file"
    }
  }
}
