/// Entries of the place-name index, packed into one blob: the index holds its entries, sorted, in
/// blocks (written by `PlaceNameIndexBuilder.BlockWriter`) of a few kilobytes (one row each), so that an import writes a few thousand rows instead
/// of a million, and a search reads a block or two.
///
/// An entry is a few fields of bytes, its first the one it is found by. Each is written as its
/// number of fields, then each field's length and bytes, the numbers as LEB128 varints. Reading
/// checks every length against the blob: a damaged or hand-made database file gives an error,
/// never a read outside the blob.
enum PlaceIndexBlock {
  /// The size past which a block is written and the next begins.
  static let targetSize = 4_096

  /// The entries of a blob, each as its fields' texts.
  /// - Throws: `ZipGeoError.damagedPlaceIndex` when a length runs past the blob.
  static func entries(of blob: [UInt8]) throws(ZipGeoError) -> [[String]] {
    var entries: [[String]] = []
    var position = 0
    func number() throws(ZipGeoError) -> Int {
      var value = 0
      var shift = 0
      while true {
        guard position < blob.count, shift < 63 else { throw .damagedPlaceIndex }
        let byte = blob[position]
        position += 1
        value |= Int(byte & 0x7F) << shift
        if byte < 0x80 { break }
        shift += 7
      }
      guard value >= 0, value <= blob.count - position else { throw .damagedPlaceIndex }
      return value
    }
    while position < blob.count {
      let fields = try number()
      var entry: [String] = []
      entry.reserveCapacity(fields)
      for _ in 0..<fields {
        let length = try number()
        entry.append(String(decoding: blob[position..<position + length], as: UTF8.self))
        position += length
      }
      entries.append(entry)
    }
    return entries
  }
}
