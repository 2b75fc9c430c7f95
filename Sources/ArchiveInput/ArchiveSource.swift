import CArchive
import CSV

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the data inside a compressed file (xz, bzip2, zstd) or a zip archive through libarchive,
/// one chunk at a time, so memory stays bounded whatever the file's size. (A gzip file is read
/// through zlib, by `GzipSource`, which checks every member's trailer; libarchive checks none.)
///
/// libarchive reads the file through `FileSource`, so a pipe is waited on in the same steps as a
/// plain file and `shouldStop` still stops a stalled one. A zip archive holds one data file,
/// perhaps beside a readme (GeoNames' `DE.zip` holds `DE.txt` and `readme.txt`); that one is read.
final class ArchiveSource: ByteSource {
  let format: InputFormat
  private(set) var member: String?
  private let file: FileSource
  /// libarchive's reader; made at the first `read`, which may wait on a pipe.
  private var archive: OpaquePointer?
  /// Bytes read from the file to tell its format, handed to libarchive before any others.
  private var head: ArraySlice<UInt8>
  /// Where libarchive's read callback puts what it reads.
  private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
  /// The offset in the file of the next byte libarchive is handed.
  private var offset: Int64 = 0
  /// The caller's question, kept while libarchive calls back during one `read`.
  private var shouldStop: (() -> Bool)?
  /// Why the read callback failed (stopped, or an I/O error): the error to throw, not libarchive's.
  private var callbackProblem: CSVError?
  private var finished = false
  /// Where the zip archive in a regular file ends before its comment: libarchive is shown the
  /// file up to here (see `ZipEndRecord`).
  private var zipEnd: Int64?

  /// Reads `file`, whose first bytes `head` have already been read and show it to be `format`.
  init(file: FileSource, head: [UInt8], format: InputFormat) {
    self.file = file
    self.head = head[...]
    self.format = format
  }

  deinit {
    if let archive { archive_read_free(archive) }
    buffer.deallocate()
  }

  var size: Int? { file.size }
  var inputBytesRead: Int? { Int(offset) }

  func read(stoppingWhen shouldStop: (() -> Bool)?) throws(CSVError) -> [UInt8] {
    if finished { return [] }
    self.shouldStop = shouldStop
    defer { self.shouldStop = nil }
    if archive == nil {
      try openMember()
      if finished { return [] }
    }
    let capacity = 1 << 16
    var bytes = [UInt8](repeating: 0, count: capacity)
    let count = bytes.withUnsafeMutableBytes { archive_read_data(archive, $0.baseAddress, capacity) }
    guard count >= 0 else { throw problem() }
    if count == 0 {
      finished = true
      if format == .zip && !file.isSeekable { try checkNoOtherDataMember() }
      return []
    }
    bytes.removeLast(capacity - count)
    return bytes
  }

  // MARK: Choosing what to read

  /// Opens the archive and moves to the data: the one data member of a zip archive, the only
  /// stream of a compressed file.
  private func openMember() throws(CSVError) {
    if format == .zip && head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
      // An archive that starts with its end record has no members; libarchive does not take it
      // for a zip archive at all.
      throw CSVError(line: nil, message: "the zip archive is empty")
    }
    if format == .zip && file.isSeekable { try locateZipEnd() }
    try openArchive()
    guard format == .zip else {
      // The only stream, libarchive's "raw" format; none for empty data (the "empty" format).
      if try nextMember() == nil { finished = true }
      return
    }
    if file.isSeekable {
      // Read the list of members first (libarchive reads a seekable zip's central directory and
      // skips the data), so that an archive with two data files fails before any record.
      var names: [(index: Int, name: String)] = []
      var index = 0
      var others: [String] = []
      while let entry = try nextMember() {
        let name = Self.name(of: entry)
        if Self.isData(entry, named: name) { names.append((index, name)) } else { others.append(name) }
        index += 1
      }
      member = try Self.dataMember(names.map(\.name), besides: others)
      // Read it from the start again, straight to the chosen member.
      archive_read_free(archive)
      archive = nil
      guard file.seek(to: 0, from: SEEK_SET) == 0 else {
        throw CSVError(line: nil, message: "cannot read the file again")
      }
      head = []
      offset = 0
      try openArchive()
      for _ in 0...names[0].index { _ = try nextMember() }  // dataMember found exactly one
    } else {
      // A pipe is read once, in order: read the first data member, and check the rest after it.
      var others: [String] = []
      while let entry = try nextMember() {
        let name = Self.name(of: entry)
        if Self.isData(entry, named: name) {
          member = name
          return
        }
        others.append(name)
      }
      _ = try Self.dataMember([], besides: others)  // throws: there is no data member
    }
  }

  /// Finds the end record of the zip archive in a regular file (`zipEnd`), then goes back to the
  /// file's start, for libarchive to read it all.
  private func locateZipEnd() throws(CSVError) {
    guard let size = file.size.map(Int64.init) else { return }
    let tailStart = max(0, size - Int64(ZipEndRecord.searchLength))
    guard file.seek(to: tailStart, from: SEEK_SET) == tailStart else {
      throw CSVError(line: nil, message: "cannot read the end of the file")
    }
    var tail: [UInt8] = []
    while Int64(tail.count) < size - tailStart {
      let count = try file.read(into: buffer, stoppingWhen: nil)
      if count == 0 { break }  // shorter than it was when opened
      tail += buffer.prefix(count)
    }
    zipEnd = ZipEndRecord(tail: tail, endingAt: tailStart + Int64(tail.count))?.end
    guard file.seek(to: 0, from: SEEK_SET) == 0 else {
      throw CSVError(line: nil, message: "cannot read the file again")
    }
    head = []
    offset = 0
  }

  /// After the data member of a zip read from a pipe: fails if another data member follows.
  private func checkNoOtherDataMember() throws(CSVError) {
    var names = member.map { [$0] } ?? []
    while let entry = try nextMember() {
      let name = Self.name(of: entry)
      if Self.isData(entry, named: name) { names.append(name) }
    }
    _ = try Self.dataMember(names, besides: [])
  }

  /// The one data member among `names`, or an error saying there is none or more than one.
  private static func dataMember(_ names: [String], besides others: [String]) throws(CSVError) -> String {
    if names.count == 1 { return names[0] }
    if names.count > 1 {
      throw CSVError(
        line: nil,
        message: "the zip archive holds \(names.count) data files (\(Self.list(names))); it should hold one")
    }
    if others.isEmpty { throw CSVError(line: nil, message: "the zip archive is empty") }
    throw CSVError(line: nil, message: "the zip archive holds no data file, only \(Self.list(others))")
  }

  /// `DE.txt, AT.txt`: the names, the first five of them and a count of the rest when there are
  /// more, so that an archive of 60,000 members gives an error line, not a page.
  private static func list(_ names: [String]) -> String {
    let shown = 5
    let first = names.prefix(shown).joined(separator: ", ")
    return names.count > shown ? "\(first) and \(names.count - shown) more" : first
  }

  /// Whether a member holds data rather than documentation or folders: GeoNames puts a
  /// `readme.txt` beside the data, and a zip made on a Mac holds `__MACOSX/` copies of each file.
  private static func isData(_ entry: OpaquePointer, named name: String) -> Bool {
    if zipgeo_archive_entry_is_directory(entry) != 0 || name.hasSuffix("/") { return false }
    if name.hasPrefix("__MACOSX/") { return false }
    let base = name.split(separator: "/").last.map { $0.lowercased() } ?? ""
    return base != "readme" && !base.hasPrefix("readme.")
  }

  private static func name(of entry: OpaquePointer) -> String {
    if let name = archive_entry_pathname_utf8(entry) ?? archive_entry_pathname(entry) {
      return String(decoding: UnsafeRawBufferPointer(start: name, count: strlen(name)), as: UTF8.self)
    }
    return "(a member without a name)"
  }

  // MARK: libarchive

  /// Makes libarchive's reader for `format`, reading through `file`.
  private func openArchive() throws(CSVError) {
    guard let archive = archive_read_new() else { throw CSVError(line: nil, message: "out of memory") }
    self.archive = archive
    switch format {
    case .xz: archive_read_support_filter_xz(archive)
    case .bzip2: archive_read_support_filter_bzip2(archive)
    case .zstd: archive_read_support_filter_zstd(archive)
    case .zip: break
    case .gzip, .plain: preconditionFailure("InputFile reads \(format) files without libarchive")
    }
    if format == .zip {
      // The seekable reader trusts the central directory at the end, as unzip does; a pipe can
      // only be read member by member.
      if file.isSeekable {
        archive_read_support_format_zip_seekable(archive)
      } else {
        archive_read_support_format_zip_streamable(archive)
      }
    } else {
      archive_read_support_format_raw(archive)
      archive_read_support_format_empty(archive)
    }
    archive_read_set_callback_data(archive, Unmanaged.passUnretained(self).toOpaque())
    archive_read_set_read_callback(archive) { _, context, chunk in
      // The context is this source, which outlives its archive (freed in deinit).
      Unmanaged<ArchiveSource>.fromOpaque(context!).takeUnretainedValue().supply(chunk!)
    }
    if file.isSeekable {
      archive_read_set_seek_callback(archive) { _, context, offset, whence in
        Unmanaged<ArchiveSource>.fromOpaque(context!).takeUnretainedValue().seek(to: offset, from: whence)
      }
    }
    guard archive_read_open1(archive) == ARCHIVE_OK else { throw problem() }
    // Should libarchive not take the file for `format` after all (a header cut short), it would
    // read the compressed bytes as they are: they are not the data.
    if let filter = Self.filterCode(of: format), archive_filter_code(archive, 0) != filter {
      throw CSVError(line: nil, message: "the \(format) is damaged or incomplete: its header is not \(format.name)'s")
    }
  }

  /// libarchive's code for the filter that decompresses `format`; `nil` for a zip archive.
  private static func filterCode(of format: InputFormat) -> Int32? {
    switch format {
    case .xz: ARCHIVE_FILTER_XZ
    case .bzip2: ARCHIVE_FILTER_BZIP2
    case .zstd: ARCHIVE_FILTER_ZSTD
    case .zip, .gzip, .plain: nil
    }
  }

  /// libarchive's read callback: hands it the head, then chunks of the file.
  private func supply(_ chunk: UnsafeMutablePointer<UnsafeRawPointer?>) -> Int {
    var count = 0
    if !head.isEmpty {
      count = min(head.count, buffer.count)
      head.prefix(count).withUnsafeBytes { buffer.copyMemory(from: $0) }
      head = head.dropFirst(count)
    } else {
      // Not past the end record of a zip, so that libarchive finds it at the end.
      let room = zipEnd.map { Int(max(0, min(Int64(buffer.count), $0 - offset))) } ?? buffer.count
      do {
        count = room == 0 ? 0 : try file.read(into: .init(rebasing: buffer[..<room]), stoppingWhen: shouldStop)
      } catch {
        callbackProblem = error
        return Int(ARCHIVE_FATAL)
      }
    }
    offset += Int64(count)
    chunk.pointee = UnsafeRawPointer(buffer.baseAddress)
    return count
  }

  /// libarchive's seek callback, for a zip archive in a regular file.
  private func seek(to requested: Int64, from whence: Int32) -> Int64 {
    // The file's own position is past the head, which libarchive may not have had yet; its end,
    // for libarchive, is the zip's end record.
    let target: Int64?
    if whence == SEEK_CUR {
      target = file.seek(to: offset + requested, from: SEEK_SET)
    } else if whence == SEEK_END, let zipEnd {
      target = file.seek(to: zipEnd + requested, from: SEEK_SET)
    } else {
      target = file.seek(to: requested, from: whence)
    }
    guard let target else { return Int64(ARCHIVE_FATAL) }
    head = []
    offset = target
    return target
  }

  /// The next member's header, or `nil` after the last.
  private func nextMember() throws(CSVError) -> OpaquePointer? {
    var entry: OpaquePointer?
    switch archive_read_next_header(archive, &entry) {
    case ARCHIVE_EOF: return nil
    case ARCHIVE_OK, ARCHIVE_WARN: return entry
    default: throw problem()
    }
  }

  /// Why libarchive failed: the read callback's own error, else libarchive's message.
  private func problem() -> CSVError {
    if let callbackProblem { return callbackProblem }
    let detail = archive_error_string(archive).map { String(cString: $0) } ?? "libarchive gave no reason"
    return CSVError(line: nil, message: "the \(format) is damaged or incomplete: \(detail)")
  }
}
