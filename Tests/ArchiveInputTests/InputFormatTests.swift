import Testing

@testable import ArchiveInput

@Suite struct InputFormatTests {
  @Test func magicNumbersTellTheFormat() {
    #expect(InputFormat(head: [0x1F, 0x8B, 0x08, 0x00]) == .gzip)
    #expect(InputFormat(head: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00]) == .xz)
    #expect(InputFormat(head: Array("BZh91AY&SY".utf8)) == .bzip2)
    #expect(InputFormat(head: [0x28, 0xB5, 0x2F, 0xFD]) == .zstd)
    #expect(InputFormat(head: Array("PK\u{3}\u{4}".utf8)) == .zip)
    #expect(InputFormat(head: Array("PK\u{5}\u{6}".utf8)) == .zip, "an empty archive")
  }

  @Test func textThatBeginsLikeAMagicNumberIsPlain() {
    #expect(InputFormat(head: Array("BZh9,lat,lon\n".utf8)) == .plain)
    #expect(InputFormat(head: Array("PK,lat\n".utf8)) == .plain)
    #expect(InputFormat(head: Array("zip,lat,lon\n".utf8)) == .plain)
  }

  @Test func aFileTooShortForAMagicNumberIsPlain() {
    #expect(InputFormat(head: []) == .plain)
    #expect(InputFormat(head: [0x1F]) == .plain)
    #expect(InputFormat(head: [0xFD, 0x37, 0x7A]) == .plain)
  }
}
