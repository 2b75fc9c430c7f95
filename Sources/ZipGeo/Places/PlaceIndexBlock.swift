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

  /// The entry of `blob` that starts at `position`, as its fields' texts, unless its key (its
  /// first field) sorts before `key`; and where the next entry starts.
  /// - Throws: `ZipGeoError.damagedPlaceIndex` when a length runs past the blob, an entry has no
  ///   field, or a code (a field after the fourth's start: key, country, place, then codes) is
  ///   empty, which no zip is: so that an entry holds at most half as many codes as its blob has
  ///   bytes, each a search looks up.
  static func entry(in blob: [UInt8], at start: Int, from key: [UInt8]) throws(ZipGeoError) -> ([String]?, Int) {
    var position = start
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
    let fields = try number()
    guard fields > 0 else { throw .damagedPlaceIndex }
    var entry: [String]?
    for index in 0..<fields {
      let length = try number()
      guard length > 0 || index < 3 else { throw .damagedPlaceIndex }
      let field = blob[position..<position + length]
      position += length
      if index == 0 {
        if field.lexicographicallyPrecedes(key) {
          // Skipped: its other fields are passed over unread.
          for _ in 1..<fields { position += try number() }
          return (nil, position)
        }
        entry = []
        entry?.reserveCapacity(fields)
      }
      entry?.append(String(decoding: field, as: UTF8.self))
    }
    return (entry, position)
  }
}
