import CSV
import SQLiteKit

/// Something an import reports as it goes, without stopping.
public enum ImportNotice: Equatable, Sendable, CustomStringConvertible {
  /// An invalid line left out (with `skipInvalid`).
  case skipped(ImportError)
  /// `count` US zip codes of 3 or 4 digits, as a spreadsheet leaves them (the first on `line` of
  /// `file`), imported as they are (`padZeros` puts their zeros back).
  case shortUSZips(count: Int, file: String, line: Int, zip: String)
  /// A zip seen again; the first row is kept.
  case duplicate(file: String, zip: String, line: Int, firstLine: Int)
  /// A zip seen again, first in another file of the same import; the first row is kept.
  case duplicateOfOtherFile(file: String, zip: String, line: Int, firstFile: String, firstLine: Int)
  /// Rows of `zips` kept from before (written by another tool) that repeat a country, code and
  /// place: `zip` is the first, as warnings name rows, `count` how many rows were left out.
  case repeatedInDatabase(zip: String, count: Int)
  /// Rows of `zips` kept from before (written by another tool) that the index of place names
  /// leaves out: those with an empty zip or a place longer than an import writes.
  case leftOutOfPlaceIndex(count: Int, first: String, reason: String)
  /// A table of zipgeo's name that holds other columns than zipgeo's (the user's own), which the
  /// import leaves as it is, and records nothing in.
  case foreignTableLeftAlone(table: String, columns: [String])
  /// Another connection holds the database (another import, or a reader while the import
  /// switches the file to write-ahead logging); the import waits for it.
  case waiting(database: String)
  /// The import is committed, but its data could not be copied from the `-wal` file beside the
  /// database into the database file (usually because a reader still reads the old data).
  case newDataInWAL(database: String, reason: String)
  /// The data is all in the database file, but another connection kept it open, so the file
  /// stays in write-ahead-logging mode, which users who cannot write its folder can read only
  /// while its `-wal` and `-shm` files exist.
  case leftInWALMode(database: String)

  /// The notice as `zipgeo import` prints it after `warning: `.
  public var description: String {
    switch self {
    case .skipped(let error): "\(error) (line skipped)"
    case .shortUSZips(let count, let file, let line, let zip):
      "\(file):\(line): \(count == 1 ? "a US zip code has" : "\(count) US zip codes have") 3 or 4 digits"
        + (count == 1 ? "" : " (the first: '\(zip)')") + ", as a spreadsheet leaves them when it drops leading zeros;"
        + " imported as they are: --pad-zeros imports '\(zip)' as '\(ZipCode.restoringLeadingZeros(zip) ?? zip)'"
    case .duplicate(let file, let zip, let line, let firstLine):
      "\(file):\(line): zip '\(zip)' already appeared on line \(firstLine); keeping line \(firstLine)"
    case .duplicateOfOtherFile(let file, let zip, let line, let firstFile, let firstLine):
      "\(file):\(line): zip '\(zip)' already appeared in \(firstFile):\(firstLine); keeping the first"
    case .repeatedInDatabase(let zip, let count):
      "the database held \(count == 1 ? "a row" : "\(count) rows") that repeated an earlier one (same country, code"
        + " and place) and did not come from this import (the first: \(zip)); \(count == 1 ? "it was" : "they were")"
        + " left out"
    case .leftOutOfPlaceIndex(let count, let first, let reason):
      "\(count == 1 ? "a row" : "\(count) rows") of the database, not from this import, \(count == 1 ? "has" : "have")"
        + " \(reason) (the first: \(first)): left out of the index of place names, so that a search by name does not"
        + " find \(count == 1 ? "it" : "them")"
    case .foreignTableLeftAlone(let table, let columns):
      "the table '\(table)' has columns zipgeo does not make (\(columns.map { $0.shortened }.joined(separator: ", "))),"
        + " so it is taken for one of your own and left as it is: the import records no state names there, and"
        + " tables show those of ISO 3166-2"
    case .waiting(let database):
      "\(database) is in use by another import (or a long query); waiting for it (Ctrl-C stops)"
    case .leftInWALMode(let database):
      "another connection has \(database) open, so it stays in write-ahead-logging mode (its data is all in "
        + "\(database)); users who cannot write its folder can read it only while \(database)-wal and -shm "
        + "exist: once that connection is closed, run: zipgeo sql --write --db=\(database.shellQuoted) "
        + "'PRAGMA journal_mode = DELETE'"
    case .newDataInWAL(let database, let reason):
      "the new data is saved, but stays in \(database)-wal until it is copied into \(database) (\(reason)); "
        + "once that is done, run: zipgeo sql --write --db=\(database.shellQuoted) 'PRAGMA journal_mode = DELETE'"
    }
  }
}
