import SQLiteKit
import ZipGeo

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// `zipgeo sql [SQL]`: runs SQL with every zipgeo function registered.
enum SQLCommand {
  static let subcommand = Subcommand(spec: spec, run: run)

  static let spec = CommandSpec(
    name: "sql", abstract: "Run SQL on the database, with zipgeo's SQL functions, and print the results.",
    usage: "[<sql>] [--write] [--format <format>] [--db <path>]",
    arguments: [.init(name: "sql", help: "The SQL to run; read from standard input when left out.")],
    options: [
      .init(name: "write", valueName: nil, help: "Allow changes (the database is opened read-only otherwise)."),
      OutputFormat.option, .database,
    ],
    discussion: """
      Statements run one after another; each one that returns rows prints them as SQLite reads
      them, in every format, so memory stays flat however many rows there are. A table takes its
      column widths from its first 1,000 rows (or 1 MiB); a later, wider value is printed whole and pushes
      the rest of its line to the right. zipgeo's SQL functions are available, as in the loadable
      extension: distance(), geodesic_distance(), zipgeo_version() and the tables zipgeo_near(),
      zipgeo_within(), zipgeo_nearest() and zipgeo_search().
      """,
    optionalArguments: true,
    examples: [
      (
        "zipgeo sql \"SELECT zip, distance(lat, lon, 33.025, -96.7397) AS km FROM zips WHERE km < 5 ORDER BY km\"",
        "Run a radius query by hand."
      ),
      ("echo 'SELECT COUNT(*) FROM zips' | zipgeo sql --format json", "Read the SQL from standard input."),
    ]
  )

  static func run(_ arguments: ParsedArguments, context: Context) throws {
    let format = try OutputFormat(arguments)
    let sql = arguments.positionals.first ?? readStandardInput()
    let path = try context.queryDatabaseLocation(arguments).path
    let writable = arguments.flag("write")
    let db = try ZipDatabase.openConnection(path, mode: writable ? .readWriteCreate : .readOnly)
    // Read-only, a file SQLite cannot read (a WAL database in a folder this user cannot write)
    // fails here in one line, before any statement runs.
    if !writable { try ZipDatabase.checkReadable(db, path: path) }
    var output = OutputBuffer(console: context.console)
    // Rows printed before an error reach standard output before the error reaches standard error.
    defer { output.flush() }
    do {
      try runStatements(sql, on: db, format: format, writable: writable, to: &output)
    } catch let error as DatabaseError where error.resultCode == .readOnly && !writable {
      throw CommandFailure("\(error) (zipgeo sql opens the database read-only; add --write to change it)")
    }
  }

  /// Runs each statement of `sql` and prints the rows of those that return rows, each row as
  /// SQLite steps to it (`ResultWriter`), so that memory does not grow with the result.
  static func runStatements(
    _ sql: String, on db: Database, format: OutputFormat, writable: Bool, to output: inout OutputBuffer
  ) throws {
    var printed = false
    try db.forEachStatement(in: sql) { statement in
      // A read-only connection still lets `VACUUM INTO '/any/path'` write a file: without
      // --write, only statements SQLite reports as writing nothing run.
      guard writable || PragmaStatement.readsOnly(statement.sql, sqliteSaysReadOnly: statement.isReadOnly) else {
        throw CommandFailure(
          "'\(statement.sql.shortened)' would write, and zipgeo sql reads only; add --write to run it")
      }
      guard statement.columnCount > 0 else {
        try statement.execute()
        return
      }
      var writer = try ResultWriter(columns: statement.columnNames, format: format)
      // Tables are separated by a blank line, printed with the first text of the next one.
      var separated = !(printed && format == .table)
      func emit(_ text: String) {
        guard !text.isEmpty else { return }
        if !separated {
          output.append("\n")
          separated = true
        }
        output.append(text)
      }
      do {
        try statement.bind(values: [])
        let columns = 0..<statement.columnCount
        while try statement.step() {
          emit(writer.add(columns.map(statement.value(at:))))
        }
        emit(writer.finish())
      } catch {
        emit(writer.abandon())
        throw error
      }
      printed = true
    }
  }

  static func readStandardInput() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(0, &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
