import ArchiveInput
import CSV
import ZipGeo

/// The CSV file a command's `--file` reads (`-`: standard input): its header, then its rows one
/// at a time, each with its text as the file writes it, so that the output can give it back
/// unchanged. Blank lines are left out; compressed and zipped files are read as `zipgeo import`
/// reads them.
///
/// ```swift
/// let input = try InputTable(path: "customers.csv")
/// let code = try input.column("postcode", option: "--column <name>")
/// while let row = try input.next() { print(row.fields[code]) }
/// ```
final class InputTable {
  /// The file as messages name it: its path as given, `<stdin>` for `-`.
  let name: String
  /// The first line that is not blank: the columns' names.
  let header: CSVRecord
  private let reader: CSVReader

  /// Opens `path` (`-` for standard input) and reads its header. While it waits for input from a
  /// pipe it asks `shouldStop` every 100 ms (and stops with `InputTable.Stopped` when told to).
  ///
  /// - Throws: `CommandFailure` naming the file when it cannot be opened, is empty, or is not CSV.
  init(path: String, shouldStop: @escaping () -> Bool) throws {
    name = path == "-" ? "<stdin>" : path
    do {
      reader = try CSVReader(unpacking: path == "-" ? "/dev/stdin" : path)
    } catch {
      throw CommandFailure("\(name): cannot read the file: \(error.message)")
    }
    reader.keepsText = true
    reader.shouldStop = shouldStop
    var first: CSVRecord?
    repeat { first = try Self.next(of: reader, name: name) } while first?.text?.isEmpty == true
    guard let first else { throw CommandFailure("\(name): the file is empty; expected a header naming its columns") }
    header = first
  }

  /// The input was stopped while it waited (`shouldStop`).
  struct Stopped: Error {}

  /// The index of the column `name` (as written, else as `zipgeo import` reads names: `Post
  /// Code` is `post_code`).
  ///
  /// - Throws: `UsageError` naming the file, the option and the columns it has.
  func column(_ name: String, option: String) throws(UsageError) -> Int {
    guard let index = ColumnMap.field(named: name, in: header.fields) else {
      throw UsageError("\(self.name) has no column '\(name.shortened)' (\(option)); its columns are \(columnList)")
    }
    return index
  }

  /// The index of the column of codes: the one named `name` (`column(_:option:)`), or without a
  /// name the one `zipgeo import` would read codes from (`zip`, else `zipcode`, `zip_code`,
  /// `postal_code`, `postcode`).
  ///
  /// - Throws: `UsageError` naming the file, the option and the columns it has.
  func codeColumn(named name: String?, option: String) throws(UsageError) -> Int {
    if let name { return try column(name, option: option) }
    if let found = ColumnMap.zipField(in: header.fields) { return found }
    let names = ColumnMap.zipColumnNames
    throw UsageError(
      "\(self.name) has no column named \(names.dropLast().joined(separator: ", ")) or \(names.last!): name the"
        + " column of its codes with \(option); its columns are \(columnList)")
  }

  /// `'id', 'name', 'postcode'`: the header's names, as messages list them.
  var columnList: String { header.fields.map { "'\($0.shortened)'" }.joined(separator: ", ") }

  /// The next row that is not a blank line, or `nil` at the end.
  ///
  /// - Throws: `CommandFailure` naming the file and the line for text that is not CSV (a quote
  ///   never closed, bytes that are not UTF-8) or a row of more or fewer fields than the header.
  func next() throws -> CSVRecord? {
    while let record = try Self.next(of: reader, name: name) {
      guard let text = record.text, !text.isEmpty else { continue }
      guard record.fields.count == header.fields.count else {
        throw CommandFailure(
          "\(name):\(record.line): the row has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s"),"
            + " the header \(header.fields.count): '\(text.shortened)'")
      }
      return record
    }
    return nil
  }

  /// How many bytes of the file the rows so far have used, and its size when it is known, for a
  /// progress line.
  var bytesRead: Int { reader.bytesRead }
  var totalBytes: Int? { reader.totalBytes }

  private static func next(of reader: CSVReader, name: String) throws -> CSVRecord? {
    do {
      return try reader.next()
    } catch {
      if let stop = reader.shouldStop, stop() { throw Stopped() }
      let member = reader.member.map { ":\($0)" } ?? ""
      throw CommandFailure("\(name)\(member)\(error.line.map { ":\($0)" } ?? ""): \(error.message)")
    }
  }
}
