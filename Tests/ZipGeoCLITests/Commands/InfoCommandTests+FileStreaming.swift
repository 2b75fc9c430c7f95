import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// `zipgeo info --file` streams: a file of any length in flat memory, rows written as they are
/// answered, a closed pipe or Ctrl-C ending it cleanly, progress on a terminal.
@Suite struct InfoFileStreamingTests {
  static let zipgeo = CodeFileDatabases.zipgeo
  let temporary: TemporaryFolder

  init() throws {
    temporary = try TemporaryFolder()
  }

  /// A file of `rows` rows, `id,zip`: the first 1,000 codes of data/zips.csv over and over, and
  /// every 1,000th row the unknown code 99999.
  func codes(_ rows: Int, name: String = "codes.csv") throws -> String {
    let zips = try String(contentsOfFile: zipsCSVPath, encoding: .utf8).split(separator: "\n").dropFirst().prefix(1000)
      .map { Array($0.prefix { $0 != "," }.utf8) }
    var bytes = Array("id,zip\n".utf8)
    bytes.reserveCapacity(rows * 14)
    for id in 0..<rows {
      bytes += Array(String(id).utf8)
      bytes.append(UInt8(ascii: ","))
      bytes += id % 1000 == 999 ? Array("99999".utf8) : zips[id % 1000]
      bytes.append(UInt8(ascii: "\n"))
    }
    return try temporary.write(name, bytes: bytes)
  }

  @Test func aMillionRowsAreAnsweredInFlatMemory() throws {
    let db = try CodeFileDatabases.us.get()
    var (peaks, printed): ([Int: Int], [Int: Int]) = ([:], [:])
    for rows in [1000, 1_000_000] {
      let input = try codes(rows)
      let output = temporary.path("out-\(rows)")
      let errors = temporary.path("err-\(rows)")
      let run = try MeasuredRun(
        Self.zipgeo, ["info", "--file", input, "--db", db], standardOutput: output, standardError: errors)
      let err = try String(contentsOfFile: errors, encoding: .utf8)
      #expect(run.exitCode == 2, "\(err)")
      #expect(
        err.hasSuffix(
          ": \(grouped(rows)) rows, \(grouped(rows - rows / 1000)) resolved, \(grouped(rows / 1000)) not: unknown \(grouped(rows / 1000))\n"
        ), "\(err)")
      peaks[rows] = run.peakResidentBytes
      printed[rows] = try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int
      if rows == 1_000_000 {
        let end = try tail(output)
        let code = try lastCode(998)
        #expect(end.contains("\r\n999998,\(code),\(code),US,"), "\(end)")
        #expect(end.hasSuffix("\r\n999999,99999,,,,,,,unknown\r\n"), "\(end)")
      }
    }
    // Memory does not grow with the file: a million rows take what a thousand do, give or take
    // a share of what they print (rows held would take more than that).
    let small = try #require(peaks[1000])
    let large = try #require(peaks[1_000_000])
    let answer = try #require(printed[1_000_000])
    #expect(
      large - small < answer / 10,
      "peak \(small >> 20) MB for 1,000 rows, \(large >> 20) MB for 1,000,000 (\(answer >> 20) MB printed)")
  }
}

extension InfoFileStreamingTests {
  /// The `index`th code of data/zips.csv.
  func lastCode(_ index: Int) throws -> String {
    let lines = try String(contentsOfFile: zipsCSVPath, encoding: .utf8).split(separator: "\n")
    return String(lines[index + 1].prefix { $0 != "," })
  }

  /// The last kilobyte or so of a file.
  func tail(_ path: String) throws -> String {
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: size > 1024 ? size - 1024 : 0)
    return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
  }

  /// A number as zipgeo writes counts: `1,000,000`.
  func grouped(_ number: Int) -> String {
    number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
  }

  @Test func aClosedOutputPipeEndsTheRunQuietlyAsItEndsEveryCommand() throws {
    let db = try CodeFileDatabases.us.get()
    let input = try codes(200_000)
    for arguments in [["info", "--file", input], ["sql", "SELECT * FROM zips"]] {
      let errors = temporary.path("err")
      let child = try ChildProcess(
        Self.zipgeo, arguments + ["--db", db], standardOutput: nil, standardError: errors, timeLimit: 120)
      // Read the first line, then go, as `| head -1` does: megabytes of output are still to come.
      #expect(!child.readLine().isEmpty)
      try child.output?.close()
      let exit = child.wait()
      #expect(exit.wasSignalled && exit.status == SIGPIPE, "\(arguments[0]): \(exit)")
      #expect(try String(contentsOfFile: errors, encoding: .utf8).isEmpty, "\(arguments[0])")
    }
  }

  @Test func ctrlCInTheMiddleWritesTheRowsAnsweredSoFarWholeAndSaysHowMany() throws {
    let errors = temporary.path("err")
    let child = try ChildProcess(
      Self.zipgeo, ["info", "--file", try codes(1_000_000), "--db", try CodeFileDatabases.us.get()],
      standardOutput: nil, standardError: errors, timeLimit: 120)
    let header = child.readLine()
    #expect(header == "id,zip,zipgeo_zip,country,place,state,lat,lon,reason\r\n")
    child.kill(SIGINT)
    let rest = String(decoding: try child.output?.readToEnd() ?? Data(), as: UTF8.self)
    let exit = child.wait()
    #expect(!exit.wasSignalled && exit.status == 130, "\(exit)")
    let message = try String(contentsOfFile: errors, encoding: .utf8)
    let match = try #require(
      message.wholeMatch(
        of: /Error: .*codes\.csv: interrupted by SIGINT after ([0-9,]+) rows, which the output holds\n/),
      "\(message)")
    let rows = try #require(Int(match.1.replacing(",", with: "")))
    // Every row answered before the signal, whole, in order; not the whole file.
    let lines = rest.split(separator: "\r\n", omittingEmptySubsequences: false)
    #expect(lines.last == "" && lines.count - 1 == rows, "\(lines.count - 1) lines, \(rows) rows")
    #expect(rows > 0 && rows < 1_000_000)
    #expect(
      lines.dropLast().enumerated().allSatisfy {
        $0.element.hasPrefix("\($0.offset),")
          && $0.element.split(separator: ",", omittingEmptySubsequences: false).count == 9
      })
  }

  @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")])
  func aSignalWhileWaitingForInputEndsTheRunWithTheRowsThatCame(signal: Int32, name: String) throws {
    let fifo = temporary.path("in.fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
    // Opened read-write, so that opening does not wait for the reader; kept open, and written
    // no more: the run then waits for more, and writes what it has answered meanwhile.
    let writer = FileHandle(fileDescriptor: open(fifo, O_RDWR), closeOnDealloc: true)
    writer.write(Data("name,zip\nPlano,75075\nAgawam,01001\n".utf8))
    let errors = temporary.path("err")
    let child = try ChildProcess(
      Self.zipgeo, ["info", "--file", fifo, "--db", try CodeFileDatabases.us.get()], standardOutput: nil,
      standardError: errors, timeLimit: 60)
    #expect(child.readLine() == "name,zip,zipgeo_zip,country,place,state,lat,lon,reason\r\n")
    #expect(child.readLine() == "Plano,75075,75075,US,Plano,TX,33.025,-96.7397,\r\n")
    #expect(child.readLine() == "Agawam,01001,01001,US,Agawam,MA,42.0702,-72.6227,\r\n")
    child.kill(signal)
    #expect(child.readLine() == "")
    let exit = child.wait()
    #expect(!exit.wasSignalled && exit.status == 128 + signal, "\(exit)")
    #expect(
      try String(contentsOfFile: errors, encoding: .utf8)
        == "Error: \(fifo): interrupted by \(name) after 2 rows, which the output holds\n")
  }

  @Test func progressShowsOnATerminalWhoseOutputGoesElsewhereAndNowhereElse() throws {
    let input = try codes(3)
    let db = try CodeFileDatabases.us.get()
    let output = temporary.path("out.csv")
    // `script` gives the command a pseudo-terminal, as an interactive shell would.
    let redirected = try runCommand(
      URL(fileURLWithPath: "/usr/bin/script"),
      ["-qec", "\(Self.zipgeo.path) info --file \(input) --db \(db) > \(output)", "/dev/null"])
    #expect(redirected.out.contains("reading \(input): 1 rows, "), "\(redirected.out)")
    #expect(redirected.out.contains(" rows/s, "))
    #expect(redirected.out.contains("zipgeo: \(input): 3 rows, all resolved"))
    #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("id,zip,zipgeo_zip,"))
    // Rows on the terminal show how far it has come; a pipe shows nothing.
    let onTerminal = try runCommand(
      URL(fileURLWithPath: "/usr/bin/script"),
      ["-qec", "\(Self.zipgeo.path) info --file \(input) --db \(db)", "/dev/null"])
    #expect(!onTerminal.out.contains("rows/s") && onTerminal.out.contains("3 rows, all resolved"), "\(onTerminal.out)")
    let piped = try runCommand(Self.zipgeo, ["info", "--file", input, "--db", db])
    #expect(piped.err == "zipgeo: \(input): 3 rows, all resolved\n")
  }
}
