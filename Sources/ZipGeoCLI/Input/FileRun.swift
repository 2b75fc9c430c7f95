import CInterrupt
import CSV
import SQLiteKit
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// One pass of a command over the rows of a `--file` (`zipgeo info --file`, `zipgeo distance
/// --file`): each row read, answered, and written with the columns the command appends as soon as
/// it is answered, so that memory stays flat for a file of any length; then, on standard error,
/// what became of the rows.
///
/// ```swift
/// let run = try FileRun(path: "orders.csv", context: context, db: db)
/// let from = try run.input.column("from", option: "--columns <from,to>")
/// try run.write(appending: ["distance_km", "reason"], format: .csv, done: "measured") { row, tally in
///   (values, failure)
/// }
/// ```
///
/// On a terminal whose output goes elsewhere (a file, a pipe), a progress line on standard error
/// shows rows, rows per second, the percent of the file read and the time left. Ctrl-C, `SIGTERM`
/// and `SIGHUP` stop the run between two rows (or while it waits for input): the rows answered
/// so far are written, whole, and the command ends with the signal's exit status. Output waits in
/// chunks of 64 KiB (`OutputBuffer`), and is written whenever the input keeps the run waiting for
/// more than 100 ms, so that rows piped in slowly come out as they are answered.
final class FileRun {
  let input: InputTable
  private let context: Context
  private let output: PendingOutput

  /// Opens the file at `path` (`-`: standard input) and reads its header; from now on Ctrl-C,
  /// `SIGTERM` and `SIGHUP` stop the run instead of ending the process.
  ///
  /// - Parameter db: The database the rows are answered from: read in one read transaction for
  ///   up to `rowsPerReading` rows (not a transaction per lookup, which would take SQLite's locks
  ///   and check the file each time), ended while the input keeps the run waiting, so that an
  ///   import is never held up for long.
  init(path: String, context: Context, db: ZipDatabase) throws {
    self.context = context
    // Codes in no order read pages all over the database: SQLite's cache, 2 MB by default, sent
    // most of them back to the file.
    try db.database.execute("PRAGMA cache_size = -\(Self.cacheKiB)")
    let output = PendingOutput(console: context.console, db: db)
    self.output = output
    interrupt_on_signals()
    do {
      input = try InputTable(path: path) {
        output.pause()
        return interrupt_signal() != 0
      }
    } catch is InputTable.Stopped {
      throw Self.interrupted(path == "-" ? "<stdin>" : path, rows: 0)
    }
  }

  /// Reads every row, hands it to `answer`, and writes it with the values `answer` gives it, in
  /// `format`, under the columns `columns` (renamed where the input has columns of theirs:
  /// `AppendedColumnsWriter`); then the tally on standard error.
  ///
  /// - Parameters:
  ///   - point: For GeoJSON, which of `columns` hold the latitude and the longitude.
  ///   - numbers: For a table, which of `columns` hold numbers, aligned to the right.
  ///   - done: What an answered row was, for the tally: `resolved`, `measured`.
  ///   - answer: The values of a row's new columns, and its failure (`nil` when answered), which
  ///     the tally counts; notes go to the tally it is handed.
  /// - Throws: `QuietExit` with `ExitCode.unanswered` when a row was not answered, once every
  ///   row is written; `CommandFailure` for input that is not CSV, or for a signal.
  func write(
    appending columns: [String], format: OutputFormat, point: (lat: Int, lon: Int)? = nil, numbers: Set<Int> = [],
    done: String,
    home: HomeCountry?, answer: (CSVRecord, inout RowTally) throws -> (values: [DatabaseValue], failure: String?)
  ) throws {
    try writeRows(
      appending: columns, format: format, point: point, numbers: numbers, done: done, home: home
    ) { record, tally in
      let (values, failure) = try answer(record, &tally)
      return ([values], failure)
    }
  }

  /// `write(appending:format:point:numbers:done:home:answer:)` for a command that answers a row
  /// with several rows (`nearest --file -k 3`): `answer` gives the values of each, written in
  /// its order, each after the input row's fields.
  func writeRows(
    appending columns: [String], format: OutputFormat, point: (lat: Int, lon: Int)? = nil, numbers: Set<Int> = [],
    done: String, home: HomeCountry?,
    answer: (CSVRecord, inout RowTally) throws -> (rows: [[DatabaseValue]], failure: String?)
  ) throws {
    var writer = try AppendedColumnsWriter(
      header: input.header, appending: columns, format: format, point: point, numbers: numbers)
    var tally = RowTally()
    let meter =
      isatty(2) != 0 && isatty(1) == 0
      ? ProgressMeter(file: input.name, console: context.console, doing: "reading") : nil
    let clock = ContinuousClock()
    let start = clock.now
    func showProgress() {
      guard let meter else { return }
      let elapsed = (clock.now - start).components
      let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
      let fraction = input.totalBytes.map { $0 > 0 ? min(1, Double(input.bytesRead) / Double($0)) : 1 }
      meter.show(rows: tally.rows, seconds: seconds, fraction: fraction)
    }
    defer { output.pause() }
    do {
      while let record = try input.next() {
        if tally.rows % Self.rowsPerReading == 0 { output.endReading() }
        try output.startReading()
        let (rows, failure) = try answer(record, &tally)
        tally.count(failure: failure)
        for values in rows { output.buffer.append(writer.add(record, values)) }
        if interrupt_signal() != 0 { throw InputTable.Stopped() }
        if tally.rows & 1023 == 1 { showProgress() }
      }
    } catch is InputTable.Stopped {
      output.buffer.append(writer.abandon())
      output.buffer.flush()
      meter?.clear()
      throw Self.interrupted(input.name, rows: tally.rows)
    } catch {
      // What was answered is written, whole; the output stays visibly unfinished (a JSON array
      // unclosed), as `zipgeo sql` leaves it after an error.
      output.buffer.append(writer.abandon())
      output.buffer.flush()
      meter?.clear()
      throw error
    }
    output.buffer.append(writer.finish())
    output.buffer.flush()
    meter?.clear()
    context.console.note(tally.summary(file: input.name, done: done, home: home))
    if tally.failed > 0 { throw QuietExit(exitCode: ZipGeoCommand.ExitCode.unanswered) }
  }

  /// The pages of the database a run keeps in memory: at most 32 MiB, all of the US data.
  static let cacheKiB = 32 * 1024

  /// The most rows answered in one read transaction.
  static let rowsPerReading = 1024

  /// `<file>: interrupted by SIGINT after 12,345 rows, which the output holds`, with the
  /// signal's exit status.
  static func interrupted(_ file: String, rows: Int) -> CommandFailure {
    CommandFailure(
      "\(file): interrupted\(ZipGeoCommand.interruptingSignalName) after \(RowTally.count(rows, "row")), which the"
        + " output holds", exitCode: ZipGeoCommand.interruptedExitCode)
  }
}

/// The output of a run and its read transaction, shared with the input's wait, which writes the
/// one and ends the other.
private final class PendingOutput {
  var buffer: OutputBuffer
  private let db: ZipDatabase
  private var reading = false

  init(console: Console, db: ZipDatabase) {
    buffer = OutputBuffer(console: console)
    self.db = db
  }

  /// Opens a read transaction unless one is open.
  func startReading() throws {
    guard !reading else { return }
    try db.database.execute("BEGIN DEFERRED")
    reading = true
  }

  /// Ends the read transaction, if one is open.
  func endReading() {
    guard reading else { return }
    // A transaction that only read has nothing to lose.
    try? db.database.execute("COMMIT")
    reading = false
  }

  /// Ends the read transaction, and writes the output so far: the rows answered before a wait.
  func pause() {
    endReading()
    buffer.flush()
  }
}

extension FileRun {
  /// The run of a `--file` command over `path`: the database it answers from, the country of its
  /// codes written without one (`--country`, else `$ZIPGEO_COUNTRY`; an error when the database
  /// lacks it, as for one code), and its home country (`home(of:environment:)`).
  static func opening(_ path: String, _ arguments: ParsedArguments, context: Context) throws -> (
    run: FileRun, db: ZipDatabase, country: String?, home: HomeCountry?
  ) {
    let country = try CountryOption.value(arguments, environment: context.environment)
    let db = try context.openQueryDatabase(arguments)
    if let country { try db.requireCountry(country) }
    let home = try home(of: db, environment: context.environment)
    return (try FileRun(path: path, context: context, db: db), db, country, home)
  }

  /// `--format` for a `--file` command whose rows are no points: CSV by default, GeoJSON refused.
  static func formatOfRowsWithoutPoints(_ arguments: ParsedArguments) throws -> OutputFormat {
    let format: OutputFormat = try arguments.choice("format", default: .csv)
    if format == .geojson {
      throw UsageError(
        "The value 'geojson' is invalid for '--format <format>' with --file: the rows are no points;"
          + " use table, csv, tsv, json or ndjson")
    }
    return format
  }

  /// The home country of bare codes that several countries have, when `db` holds it: a code
  /// found in another country is then counted as such (`RowTally.Note.otherCountry`).
  static func home(of db: ZipDatabase, environment: [String: String]) throws -> HomeCountry? {
    guard let home = try? HomeCountry.forDatabase(db, environment: environment), try db.holds(country: home.country)
    else { return nil }
    return home
  }

  /// The country `record` gives in its column `column` (`nil`: no such column, or empty there).
  static func country(of record: CSVRecord, in column: Int?) -> String? {
    guard let column else { return nil }
    let text = record.fields[column]
    return text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? nil : text
  }
}
