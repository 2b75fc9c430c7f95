import SQLiteKit

/// A database file as an import found it, so that an import that fails can leave the file byte
/// for byte as it was, and not only its rows.
///
/// ```swift
/// let before = try DatabaseFileState(of: db)  // in rollback-journal mode, before the import
/// // ... the import switches to WAL, fails, rolls back, switches back ...
/// _ = try before.restoreHeader(of: db)  // the file's bytes as they were
/// ```
///
/// Why: an import into an existing database switches it to write-ahead logging for its
/// transaction and back. Each switch is a write of the header, which bumps its file change
/// counter (bytes 24-27), with the "version valid for" number (92-95) and the SQLite version that
/// wrote it (96-99): after a failed import the rows are the same, the file is not.
///
/// Putting those 12 bytes back is safe only when everything else in the file is as it was: other
/// connections keep pages they have read and trust them while the change counter is the one they
/// saw, so a counter put back over data that another writer changed meanwhile would have them
/// read old pages as current. No cheaper sign proves that nobody changed it: `PRAGMA data_version`
/// changes by one both for the import's own switch to WAL and for a commit of another connection
/// just before it (the two count once), and a commit in WAL mode that leaves page 1 alone does not
/// touch the counter. So the file is compared whole: its size and a 128-bit digest of every byte
/// but those 12, read once before the import and again at the end, under the EXCLUSIVE lock that
/// keeps every other connection out while the header is written. Both reads go through SQLite's
/// own open file, so no descriptor of ours opens or closes on it (which would drop SQLite's POSIX
/// locks). The cost: reading the file once more, before each import into an existing database.
struct DatabaseFileState: Equatable {
  /// The file's length in bytes.
  let size: Int64
  /// Its first 100 bytes, the database header.
  let header: [UInt8]
  /// A digest of every byte but the 12 that switching the journal mode rewrites.
  let digest: Digest

  /// The bytes of the header that a change of journal mode rewrites: the change counter, the
  /// number it is valid for, and the SQLite version that wrote them.
  static let rewrittenByModeSwitch: [Range<Int>] = [24..<28, 92..<100]

  /// Reads the file of `db`, in a read transaction, so that no other connection changes it meanwhile.
  init(of db: Database) throws {
    self = try db.inTransaction(.deferred) {
      // The read takes the SHARED lock, which keeps writers out until the end of the transaction.
      _ = try db.scalar("SELECT COUNT(*) FROM sqlite_master")
      return try Self(reading: db)
    }
  }

  /// Reads the file of `db` under whatever lock its caller holds.
  private init(reading db: Database) throws {
    size = try db.mainFileSize()
    var digest = Digest()
    var offset: Int64 = 0
    var first: [UInt8] = []
    while offset < size {
      var chunk = try db.readMainFile(count: Int(min(1 << 20, size - offset)), at: offset)
      if offset == 0 {
        first = Array(chunk.prefix(100))
        for range in Self.rewrittenByModeSwitch where range.upperBound <= chunk.count {
          for index in range { chunk[index] = 0 }
        }
      }
      digest.add(chunk)
      offset += Int64(chunk.count)
    }
    header = first
    self.digest = digest
  }

  /// Whether the database was in write-ahead-logging mode (header bytes 18 and 19 are 2).
  var isInWALMode: Bool { header.count == 100 && header[18] == 2 && header[19] == 2 }

  /// Puts back the header bytes a change of journal mode rewrote, when the file of `db` is
  /// otherwise exactly as this state found it, and returns whether the file is now as it was.
  /// Takes the file's EXCLUSIVE lock (`BEGIN EXCLUSIVE`) at once or not at all: with another
  /// connection reading, the file keeps its new counter, which is as valid.
  func restoreHeader(of db: Database) throws -> Bool {
    try db.inTransaction(.exclusive) {
      let now = try Self(reading: db)
      guard now.size == size, now.digest == digest, now.header.count == 100, header.count == 100 else {
        return false
      }
      if now.header == header { return true }
      // Bytes 28-91 are equal (the digest covers them): one write of 24-99, within the first
      // sector, which a power cut leaves old or new (either is a valid header).
      try db.writeMainFile(Array(header[24..<100]), at: 24)
      try db.syncMainFile()
      return true
    }
  }

  /// A 128-bit digest of a sequence of bytes: two lanes of xxHash64's round, each with its own
  /// seed, over 8-byte words, then the length. Not cryptographic: it tells a file changed by
  /// another writer from the same file, where nobody chooses the bytes to collide.
  struct Digest: Equatable {
    private var lanes: (UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F)
    private var length: UInt64 = 0

    static func == (a: Digest, b: Digest) -> Bool {
      a.lanes == b.lanes && a.length == b.length
    }

    private static func round(_ lane: UInt64, _ word: UInt64, _ prime: UInt64) -> UInt64 {
      let mixed = lane &+ word &* 0xC2B2_AE3D_27D4_EB4F
      return ((mixed << 31) | (mixed >> 33)) &* prime
    }

    /// Adds `bytes`, which must be a multiple of 8 long except for the last call.
    mutating func add(_ bytes: [UInt8]) {
      bytes.withUnsafeBytes { raw in
        var index = 0
        while index + 8 <= raw.count {
          let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          lanes.0 = Self.round(lanes.0, word, 0x9E37_79B1_85EB_CA87)
          lanes.1 = Self.round(lanes.1, word ^ 0x27D4_EB2F_1656_67C5, 0x1656_67B1_9E37_79F9)
          index += 8
        }
        var tail: UInt64 = 0
        for (shift, byte) in raw[index...].enumerated() { tail |= UInt64(byte) << (8 * UInt64(shift)) }
        if index < raw.count {
          lanes.0 = Self.round(lanes.0, tail, 0x9E37_79B1_85EB_CA87)
          lanes.1 = Self.round(lanes.1, tail ^ 0x27D4_EB2F_1656_67C5, 0x1656_67B1_9E37_79F9)
        }
      }
      length &+= UInt64(bytes.count)
    }
  }
}
