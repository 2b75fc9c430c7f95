/// A command line that does not fit its command: printed with the usage line, exit code 64.
struct UsageError: Error, Equatable {
  let message: String
  init(_ message: String) { self.message = message }
}
