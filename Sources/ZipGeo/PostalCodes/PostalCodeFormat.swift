/// How one country's postal codes are written in the data zipgeo imports (GeoNames' postal code
/// file), and how a code as people write it becomes the form that data holds.
///
/// ```swift
/// let japan = PostalCodeFormat.of("JP")!
/// japan.forms(of: "1000001")     // ["100-0001"]
/// PostalCodeFormat.of("GB")!.coarserForms(of: "sw1a 1aa")   // ["SW1A", "SW1"]
/// ```
///
/// `all` is the one table of these rules, a row for each of the world file's 121 countries: the
/// shapes its codes take there (most common first), an example, and how the data is coarser than
/// the codes people write, where it is. docs/postcodes.md explains them.
public struct PostalCodeFormat: Sendable, Equatable {
  /// The country, as two upper-case letters.
  public let country: String
  /// The shapes the data's codes take: `#` a digit, `@` a letter, a space or a hyphen a
  /// separator, any other letter itself (`L-####`: Luxembourg's codes begin with `L-`).
  public let shapes: [String]
  /// A code of the data, in its first shape.
  public let example: String
  /// How the data is coarser than the codes people write, if it is.
  public let coarser: Coarser?
  /// Each shape as bytes, its characters without separators, and the letters it begins with.
  private let compiled: [(shape: [UInt8], skeleton: [UInt8], prefix: [UInt8])]
  /// The lengths a code's key may have in this country's shapes (with or without their prefix).
  private let keyLengths: Set<Int>

  /// `PostalCodeFormat(country: "JP", shapes: ["###-####"], example: "100-0001", coarser: nil)`.
  public init(country: String, shapes: [String], example: String, coarser: Coarser?) {
    (self.country, self.shapes, self.example, self.coarser) = (country, shapes, example, coarser)
    compiled = shapes.map { shape in
      let bytes = Array(shape.utf8)
      let skeleton = bytes.filter { !Self.isSeparator($0) }
      return (bytes, skeleton, Array(skeleton.prefix(while: Self.isLetter)))
    }
    keyLengths = Set(compiled.flatMap { [$0.skeleton.count, $0.skeleton.count - $0.prefix.count] })
  }

  public static func == (a: PostalCodeFormat, b: PostalCodeFormat) -> Bool {
    a.country == b.country && a.shapes == b.shapes && a.example == b.example && a.coarser == b.coarser
  }

  /// The ways the data holds a part of the codes people write.
  public enum Coarser: Sendable, Equatable {
    /// The United Kingdom's outward code (`SW1A` of `SW1A 1AA`), else its district (`SW1`).
    case outwardCode
    /// Canada's forward sortation area, the first three characters (`K1A` of `K1A 0B1`).
    case forwardSortationArea
    /// The Netherlands' four digits (`1012` of `1012 AB`).
    case fourDigits
    /// Ireland's routing key, the first three characters of an Eircode (`D02` of `D02 X285`).
    case routingKey
    /// The five digits of a US ZIP+4 (`75075` of `75075-1234`).
    case zip5
    /// Brazil's one code for each city, the first of its range (Sao Paulo's `01000-000` holds
    /// `01310-100`).
    case cityRange
    /// Malta's three letters (`VLT` of `VLT 1117`).
    case localityCode

    /// Whether a code whose key has `length` characters may be finer than a code the data holds
    /// (`coarserForms(ofKey:)`; Brazil's ranges are found from codes of the data's shapes).
    func mayHoldCodeOf(keyLength length: Int) -> Bool {
      switch self {
      case .outwardCode: length >= 3
      case .forwardSortationArea, .fourDigits: length == 6
      case .routingKey, .localityCode: length == 7
      case .zip5: length == 9
      case .cityRange: false
      }
    }

    /// What the data holds, as a message says it: "the GB data holds outward codes".
    public var holds: String {
      switch self {
      case .outwardCode: "outward codes"
      case .forwardSortationArea: "forward sortation areas (the first three characters)"
      case .fourDigits: "the four digits"
      case .routingKey: "routing keys (the first three characters)"
      case .zip5: "five-digit ZIP codes"
      case .cityRange: "one code for each city, the first of its range"
      case .localityCode: "the three letters"
      }
    }
  }

  /// The rules of `country`, or `nil` for a country the world file does not have.
  public static func of(_ country: String) -> PostalCodeFormat? { byCountry[country] }

  private static let byCountry = Dictionary(uniqueKeysWithValues: all.map { ($0.country, $0) })

  /// The rules that may find a code whose key (`shortKey`) is `key`, of any country: those with a
  /// shape of its length, or of its length less two when it begins with their country's code,
  /// and those whose data is coarser (`SW1A1AA` is no shape of GB's data). The others' forms of
  /// it are none, so a code without a country is not tried against all 121.
  static func candidates(forKey key: [UInt8]) -> [PostalCodeFormat] {
    var found = (byKeyLength[key.count] ?? []).filter { $0.hasShape(fitting: key[...]) }
    if key.count > 2, let format = of(String(decoding: key.prefix(2), as: UTF8.self)),
      format.keyLengths.contains(key.count - 2), format.hasShape(fitting: key.dropFirst(2)),
      !found.contains(where: { $0.country == format.country })
    {
      found.append(format)
    }
    for format in coarserData
    where format.coarser!.mayHoldCodeOf(keyLength: key.count)
      && !found.contains(where: { $0.country == format.country })
    {
      found.append(format)
    }
    return found
  }

  /// Whether `key` fits one of the shapes (`fit(of:in:)`): when none does,
  /// `forms(ofKey:written:)` gives no form of it.
  private func hasShape(fitting key: ArraySlice<UInt8>) -> Bool {
    compiled.contains { Self.fit(of: key, in: $0) != nil }
  }

  /// How a key fits a shape: as it is, or without the letters the shape begins with (`1111` of
  /// LU's `L-####`).
  private enum Fit {
    case asWritten
    case withoutPrefix
  }

  private static func fit(
    of key: ArraySlice<UInt8>, in shape: (shape: [UInt8], skeleton: [UInt8], prefix: [UInt8])
  ) -> Fit? {
    if fits(key, shape.skeleton[...]) { return .asWritten }
    // (Not before fewer than three: `1` is no way to write Guernsey's GY1.)
    if !shape.prefix.isEmpty, key.count >= 3, fits(key, shape.skeleton.dropFirst(shape.prefix.count)) {
      return .withoutPrefix
    }
    return nil
  }

  /// The rules with a shape of each key length, in the order of `all`.
  private static let byKeyLength: [Int: [PostalCodeFormat]] = {
    var table: [Int: [PostalCodeFormat]] = [:]
    for format in all {
      for length in format.keyLengths.sorted() { table[length, default: []].append(format) }
    }
    return table
  }()

  /// The rules of the countries whose data is coarser than the codes people write.
  private static let coarserData = all.filter { $0.coarser != nil }

  /// The forms of `written` that this country's data may hold, most likely first: upper case, with
  /// the separators of a shape that fits its letters and digits (`1000001` -> `100-0001` in JP),
  /// with or without a prefix the shape has (`1111` -> `L-1111` in LU) or the country's code in
  /// front (`LU-1111`). `written` itself is not among them.
  public func forms(of written: String) -> [String] {
    guard let key = Self.shortKey(written) else { return [] }
    return forms(ofKey: key, written: written)
  }

  /// `forms(of: written)`, for `key`, which is `shortKey(written)` (worked out once for every
  /// country a lookup tries).
  func forms(ofKey key: [UInt8], written: String) -> [String] {
    var variants = [key[...]]
    if key.count > 2, key.starts(with: country.utf8) { variants.append(key.dropFirst(2)) }
    // Most countries' shapes have no code of this length: no more to do.
    guard variants.contains(where: { keyLengths.contains($0.count) }) else { return [] }
    var forms: [String] = []
    for compiledShape in compiled {
      for variant in variants {
        let bytes: [UInt8]
        switch Self.fit(of: variant, in: compiledShape) {
        case .asWritten: bytes = Array(variant)
        case .withoutPrefix: bytes = compiledShape.prefix + variant
        case nil: continue
        }
        let form = Self.written(bytes, as: compiledShape.shape)
        if form != written, !forms.contains(form) { forms.append(form) }
      }
    }
    return forms
  }

  /// The coarser codes the data may hold for `written`, finest first, each in the data's form:
  /// `SW1A 1AA` -> `SW1A`, `SW1` in GB. Empty when the data is not coarser, or `written` is not
  /// a finer code of this country.
  public func coarserForms(of written: String) -> [String] {
    guard let key = Self.shortKey(written) else { return [] }
    return coarserForms(ofKey: key)
  }

  /// `coarserForms(of:)` of the code whose key is `key`.
  func coarserForms(ofKey key: [UInt8]) -> [String] {
    var forms: [String] = []
    forEachCoarserForm(ofKey: key) { form in
      forms.append(form)
      return false
    }
    return forms
  }

  /// Calls `body` with each of `coarserForms(ofKey: key)`, in order, until it returns `true`:
  /// each part's other forms are worked out only when `body` has not taken the part as it is
  /// (`SW1A` of `SW1A 1AA`, found at once, is all a lookup needs).
  func forEachCoarserForm(ofKey key: [UInt8], _ body: (String) throws -> Bool) rethrows {
    var tried: [String] = []
    for part in coarserParts(ofKey: key) {
      let text = String(decoding: part, as: UTF8.self)
      if !tried.contains(text) && fits(text) {
        tried.append(text)
        if try body(text) { return }
      }
      for form in forms(of: text) where !tried.contains(form) && fits(form) {
        tried.append(form)
        if try body(form) { return }
      }
    }
  }

  /// The parts of a finer code that the coarser codes of the data may be, finest first.
  private func coarserParts(ofKey key: [UInt8]) -> [ArraySlice<UInt8>] {
    guard let coarser else { return [] }
    var parts: [ArraySlice<UInt8>] = []
    switch coarser {
    case .outwardCode:
      // An outward code of 2 to 4 characters, then the inward code: a digit and two letters.
      var outward = key[...]
      if (5...7).contains(key.count), Self.fits(key.suffix(3), Self.inwardCode) {
        outward = key.dropLast(3)
        parts.append(outward)
      }
      // The district: the outward code without the letter it may end in (`SW1A` -> `SW1`).
      if outward.count >= 3, let last = outward.last, Self.isLetter(last) { parts.append(outward.dropLast()) }
    case .forwardSortationArea:
      if Self.fits(key[...], Self.canadianCode) { parts.append(key.prefix(3)) }
    case .fourDigits:
      if Self.fits(key[...], Self.dutchCode) { parts.append(key.prefix(4)) }
    case .routingKey:
      if key.count == 7, Self.fits(key.prefix(3), Self.routingKeys.0) || Self.fits(key.prefix(3), Self.routingKeys.1) {
        parts.append(key.prefix(3))
      }
    case .zip5:
      if Self.fits(key[...], Self.zipPlus4) { parts.append(key.prefix(5)) }
    case .localityCode:
      if Self.fits(key[...], Self.malteseCode) { parts.append(key.prefix(3)) }
    case .cityRange:
      // The city is found in the data (the code at or before this one): see `ZipDatabase`.
      break
    }
    return parts
  }

  /// The shapes of the finer codes `coarserForms(ofKey:)` takes apart, without separators.
  private static let inwardCode = Array("#@@".utf8)[...]
  private static let canadianCode = Array("@#@#@#".utf8)[...]
  private static let dutchCode = Array("####@@".utf8)[...]
  private static let routingKeys = (Array("@##".utf8)[...], Array("@#@".utf8)[...])
  private static let zipPlus4 = Array("#########".utf8)[...]
  private static let malteseCode = Array("@@@####".utf8)[...]

  /// Whether `code` has one of the data's shapes, as it is written.
  public func fits(_ code: String) -> Bool {
    let bytes = Array(code.utf8)
    return compiled.contains { Self.fits(bytes[...], $0.shape[...]) }
  }

  // MARK: Bytes

  private static let digit = UInt8(ascii: "#")
  private static let letter = UInt8(ascii: "@")

  /// The longest text a code may be written as: the longest code of the data (`13020 CEDEX 20`)
  /// with room for separators and a country's prefix. Longer text is no code, and is not read.
  static let longestWritten = 32

  /// `key(written)`, or `nil` for text longer than any code is written.
  static func shortKey(_ written: String) -> [UInt8]? {
    written.utf8.count <= longestWritten ? key(written) : nil
  }

  /// `written` in upper case (ASCII letters only), without spaces, hyphens, dots, slashes,
  /// underscores, tabs or line ends.
  static func key(_ written: String) -> [UInt8] {
    written.utf8.compactMap { byte in
      if isSeparator(byte) || [UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "_"), 9, 10, 13].contains(byte) {
        return nil
      }
      return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
    }
  }

  private static func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") }
  private static func isLetter(_ byte: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) }
  private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

  /// Whether `bytes` fit `shape` character for character (a separator fits itself).
  private static func fits(_ bytes: ArraySlice<UInt8>, _ shape: ArraySlice<UInt8>) -> Bool {
    bytes.count == shape.count
      && zip(bytes, shape).allSatisfy { byte, want in
        switch want {
        case digit: isDigit(byte)
        case letter: isLetter(byte)
        default: byte == want
        }
      }
  }

  /// `bytes` (which fit the shape's characters other than separators) with the shape's
  /// separators put back.
  private static func written(_ bytes: [UInt8], as shape: [UInt8]) -> String {
    var result: [UInt8] = []
    var next = bytes.makeIterator()
    for want in shape {
      if isSeparator(want) {
        result.append(want)
      } else if let byte = next.next() {
        result.append(byte)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }
}

extension PostalCodeFormat {
  /// Every country of the world file: the shapes of its codes there (most common first), a code
  /// of its data, and how the data is coarser than the codes people write. Derived from
  /// data/world.txt.xz (a letter every code of a shape shares is written as itself); the
  /// coarser rules are the countries' own postcode systems.
  public static let all: [PostalCodeFormat] = [
    PostalCodeFormat(country: "AD", shapes: ["AD###"], example: "AD100", coarser: nil),
    PostalCodeFormat(country: "AE", shapes: ["##### #####"], example: "00004 62392", coarser: nil),
    PostalCodeFormat(country: "AI", shapes: ["@@-####"], example: "AI-2640", coarser: nil),
    PostalCodeFormat(country: "AL", shapes: ["####"], example: "1001", coarser: nil),
    PostalCodeFormat(country: "AR", shapes: ["####"], example: "1601", coarser: nil),
    PostalCodeFormat(country: "AS", shapes: ["#####"], example: "96799", coarser: nil),
    PostalCodeFormat(country: "AT", shapes: ["####"], example: "1010", coarser: nil),
    PostalCodeFormat(country: "AU", shapes: ["####"], example: "0800", coarser: nil),
    PostalCodeFormat(country: "AX", shapes: ["#####"], example: "22100", coarser: nil),
    PostalCodeFormat(country: "AZ", shapes: ["AZ ####"], example: "AZ 0100", coarser: nil),
    PostalCodeFormat(country: "BD", shapes: ["####"], example: "1000", coarser: nil),
    PostalCodeFormat(country: "BE", shapes: ["####"], example: "1000", coarser: nil),
    PostalCodeFormat(country: "BG", shapes: ["####"], example: "1000", coarser: nil),
    PostalCodeFormat(country: "BM", shapes: ["@@ ##", "@@ @@"], example: "CR 01", coarser: nil),
    PostalCodeFormat(country: "BR", shapes: ["#####-###"], example: "01000-000", coarser: .cityRange),
    PostalCodeFormat(country: "BY", shapes: ["######"], example: "210000", coarser: nil),
    PostalCodeFormat(country: "CA", shapes: ["@#@", "@#@ #@#"], example: "A0A", coarser: .forwardSortationArea),
    PostalCodeFormat(country: "CC", shapes: ["####"], example: "6799", coarser: nil),
    PostalCodeFormat(country: "CH", shapes: ["####"], example: "1000", coarser: nil),
    PostalCodeFormat(country: "CL", shapes: ["#######"], example: "1000000", coarser: nil),
    PostalCodeFormat(country: "CN", shapes: ["######"], example: "010000", coarser: nil),
    PostalCodeFormat(country: "CO", shapes: ["######"], example: "050001", coarser: nil),
    PostalCodeFormat(country: "CR", shapes: ["#####"], example: "10101", coarser: nil),
    PostalCodeFormat(country: "CX", shapes: ["####"], example: "6798", coarser: nil),
    PostalCodeFormat(country: "CY", shapes: ["####"], example: "1010", coarser: nil),
    PostalCodeFormat(country: "CZ", shapes: ["### ##"], example: "100 00", coarser: nil),
    PostalCodeFormat(country: "DE", shapes: ["#####"], example: "01053", coarser: nil),
    PostalCodeFormat(country: "DK", shapes: ["####"], example: "0800", coarser: nil),
    PostalCodeFormat(country: "DO", shapes: ["#####"], example: "10101", coarser: nil),
    PostalCodeFormat(country: "DZ", shapes: ["#####"], example: "01000", coarser: nil),
    PostalCodeFormat(country: "EC", shapes: ["######"], example: "010101", coarser: nil),
    PostalCodeFormat(country: "EE", shapes: ["#####"], example: "10001", coarser: nil),
    PostalCodeFormat(country: "ES", shapes: ["#####"], example: "01001", coarser: nil),
    PostalCodeFormat(country: "FI", shapes: ["#####"], example: "00002", coarser: nil),
    PostalCodeFormat(country: "FK", shapes: ["@@@@ #@@"], example: "FIQQ 1ZZ", coarser: nil),
    PostalCodeFormat(country: "FM", shapes: ["#####"], example: "96941", coarser: nil),
    PostalCodeFormat(country: "FO", shapes: ["###"], example: "100", coarser: nil),
    PostalCodeFormat(
      country: "FR",
      shapes: [
        "#####", "##### CEDEX", "##### CEDEX #", "##### CEDEX ##", "##### SP ##", "##### AIR", "##### @@@@@@@@@",
      ], example: "01000", coarser: nil),
    PostalCodeFormat(
      country: "GB", shapes: ["@@##", "@@#", "@##", "@#", "@@#@", "@#@"], example: "AB10", coarser: .outwardCode),
    PostalCodeFormat(
      country: "GF", shapes: ["##### CEDEX", "#####", "##### @@@@@ #"], example: "97305 CEDEX", coarser: nil),
    PostalCodeFormat(country: "GG", shapes: ["GY#", "@@##"], example: "GY1", coarser: .outwardCode),
    PostalCodeFormat(country: "GI", shapes: ["@@## #@@"], example: "GX11 1AA", coarser: nil),
    PostalCodeFormat(country: "GL", shapes: ["####"], example: "2412", coarser: nil),
    PostalCodeFormat(country: "GP", shapes: ["##### CEDEX", "#####"], example: "97001 CEDEX", coarser: nil),
    PostalCodeFormat(country: "GS", shapes: ["@@@@ #@@"], example: "SIQQ 1ZZ", coarser: nil),
    PostalCodeFormat(country: "GT", shapes: ["#####"], example: "01001", coarser: nil),
    PostalCodeFormat(country: "GU", shapes: ["#####"], example: "96910", coarser: nil),
    PostalCodeFormat(country: "HK", shapes: ["######"], example: "999077", coarser: nil),
    PostalCodeFormat(country: "HM", shapes: ["####"], example: "7151", coarser: nil),
    PostalCodeFormat(country: "HN", shapes: ["#####"], example: "11101", coarser: nil),
    PostalCodeFormat(country: "HR", shapes: ["#####"], example: "10000", coarser: nil),
    PostalCodeFormat(country: "HT", shapes: ["HT####"], example: "HT1110", coarser: nil),
    PostalCodeFormat(country: "HU", shapes: ["####"], example: "1007", coarser: nil),
    PostalCodeFormat(country: "ID", shapes: ["#####"], example: "10110", coarser: nil),
    PostalCodeFormat(country: "IE", shapes: ["@##", "@#@"], example: "A41", coarser: .routingKey),
    PostalCodeFormat(country: "IM", shapes: ["IM#"], example: "IM1", coarser: .outwardCode),
    PostalCodeFormat(country: "IN", shapes: ["######"], example: "110001", coarser: nil),
    PostalCodeFormat(country: "IO", shapes: ["@@@@ #@@"], example: "BBND 1ZZ", coarser: nil),
    PostalCodeFormat(country: "IS", shapes: ["###"], example: "101", coarser: nil),
    PostalCodeFormat(country: "IT", shapes: ["#####"], example: "00010", coarser: nil),
    PostalCodeFormat(country: "JE", shapes: ["JE#"], example: "JE1", coarser: .outwardCode),
    PostalCodeFormat(country: "JP", shapes: ["###-####"], example: "001-0000", coarser: nil),
    PostalCodeFormat(country: "KE", shapes: ["#####"], example: "00100", coarser: nil),
    PostalCodeFormat(country: "KR", shapes: ["#####"], example: "01000", coarser: nil),
    PostalCodeFormat(country: "LI", shapes: ["####"], example: "9485", coarser: nil),
    PostalCodeFormat(country: "LK", shapes: ["#####"], example: "00100", coarser: nil),
    PostalCodeFormat(country: "LT", shapes: ["#####"], example: "00001", coarser: nil),
    PostalCodeFormat(country: "LU", shapes: ["L-####"], example: "L-1111", coarser: nil),
    PostalCodeFormat(country: "LV", shapes: ["LV-####"], example: "LV-1001", coarser: nil),
    PostalCodeFormat(country: "MA", shapes: ["#####"], example: "11022", coarser: nil),
    PostalCodeFormat(country: "MC", shapes: ["#####"], example: "98000", coarser: nil),
    PostalCodeFormat(country: "MD", shapes: ["MD-####"], example: "MD-2000", coarser: nil),
    PostalCodeFormat(country: "MH", shapes: ["#####"], example: "96960", coarser: nil),
    PostalCodeFormat(country: "MK", shapes: ["####"], example: "1000", coarser: nil),
    PostalCodeFormat(country: "MO", shapes: ["######"], example: "999078", coarser: nil),
    PostalCodeFormat(country: "MP", shapes: ["#####"], example: "96950", coarser: nil),
    PostalCodeFormat(
      country: "MQ", shapes: ["##### CEDEX", "#####", "##### CEDEX #"], example: "97201 CEDEX", coarser: nil),
    PostalCodeFormat(country: "MT", shapes: ["@@@"], example: "ATD", coarser: .localityCode),
    PostalCodeFormat(country: "MW", shapes: ["######"], example: "101100", coarser: nil),
    PostalCodeFormat(country: "MX", shapes: ["#####"], example: "01000", coarser: nil),
    PostalCodeFormat(country: "MY", shapes: ["#####"], example: "01000", coarser: nil),
    PostalCodeFormat(country: "NC", shapes: ["#####"], example: "98800", coarser: nil),
    PostalCodeFormat(country: "NF", shapes: ["####"], example: "2899", coarser: nil),
    PostalCodeFormat(country: "NL", shapes: ["####"], example: "1011", coarser: .fourDigits),
    PostalCodeFormat(country: "NO", shapes: ["####"], example: "0001", coarser: nil),
    PostalCodeFormat(country: "NR", shapes: ["@@@##"], example: "NRU68", coarser: nil),
    PostalCodeFormat(country: "NU", shapes: ["####"], example: "9974", coarser: nil),
    PostalCodeFormat(country: "NZ", shapes: ["####"], example: "0110", coarser: nil),
    PostalCodeFormat(country: "PA", shapes: ["#####"], example: "01001", coarser: nil),
    PostalCodeFormat(country: "PE", shapes: ["#####"], example: "01000", coarser: nil),
    PostalCodeFormat(country: "PF", shapes: ["#####"], example: "98701", coarser: nil),
    PostalCodeFormat(country: "PH", shapes: ["####"], example: "0400", coarser: nil),
    PostalCodeFormat(country: "PK", shapes: ["#####"], example: "10010", coarser: nil),
    PostalCodeFormat(country: "PL", shapes: ["##-###"], example: "00-002", coarser: nil),
    PostalCodeFormat(country: "PM", shapes: ["#####"], example: "97500", coarser: nil),
    PostalCodeFormat(country: "PN", shapes: ["@@@@ #@@"], example: "PCRN 1ZZ", coarser: nil),
    PostalCodeFormat(country: "PR", shapes: ["#####"], example: "00601", coarser: nil),
    PostalCodeFormat(country: "PT", shapes: ["####-###"], example: "1000-001", coarser: nil),
    PostalCodeFormat(country: "PW", shapes: ["#####"], example: "96940", coarser: nil),
    PostalCodeFormat(
      country: "RE", shapes: ["##### CEDEX", "#####", "##### CEDEX #"], example: "97401 CEDEX", coarser: nil),
    PostalCodeFormat(country: "RO", shapes: ["######"], example: "010011", coarser: nil),
    PostalCodeFormat(country: "RS", shapes: ["#####"], example: "11000", coarser: nil),
    PostalCodeFormat(country: "RU", shapes: ["######"], example: "101000", coarser: nil),
    PostalCodeFormat(country: "SE", shapes: ["### ##"], example: "100 04", coarser: nil),
    PostalCodeFormat(country: "SG", shapes: ["######"], example: "018906", coarser: nil),
    PostalCodeFormat(country: "SI", shapes: ["####"], example: "1000", coarser: nil),
    PostalCodeFormat(country: "SJ", shapes: ["####"], example: "8099", coarser: nil),
    PostalCodeFormat(country: "SK", shapes: ["### ##"], example: "010 01", coarser: nil),
    PostalCodeFormat(country: "SM", shapes: ["#####"], example: "47890", coarser: nil),
    PostalCodeFormat(country: "TC", shapes: ["@@@@ #@@"], example: "TKCA 1ZZ", coarser: nil),
    PostalCodeFormat(country: "TH", shapes: ["#####"], example: "10100", coarser: nil),
    PostalCodeFormat(country: "TR", shapes: ["#####"], example: "01010", coarser: nil),
    PostalCodeFormat(country: "UA", shapes: ["#####"], example: "01001", coarser: nil),
    PostalCodeFormat(country: "US", shapes: ["#####"], example: "00501", coarser: .zip5),
    PostalCodeFormat(country: "UY", shapes: ["#####"], example: "11000", coarser: nil),
    PostalCodeFormat(country: "VA", shapes: ["#####"], example: "00120", coarser: nil),
    PostalCodeFormat(country: "VI", shapes: ["#####"], example: "00801", coarser: nil),
    PostalCodeFormat(country: "WF", shapes: ["#####"], example: "98600", coarser: nil),
    PostalCodeFormat(country: "WS", shapes: ["@@ #####"], example: "AS 96799", coarser: nil),
    PostalCodeFormat(country: "YT", shapes: ["#####"], example: "97600", coarser: nil),
    PostalCodeFormat(country: "ZA", shapes: ["####"], example: "0002", coarser: nil),
  ]
}
