/// The end of a command that has said all it had to say, with an exit status other than 0 and no
/// `Error:` line: `zipgeo info --file` once it has written every row, some of them unanswered
/// (`ZipGeoCommand.ExitCode.unanswered`).
struct QuietExit: Error {
  let exitCode: Int32
}
