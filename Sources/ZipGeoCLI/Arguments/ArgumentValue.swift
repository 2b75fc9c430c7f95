import ZipGeo

/// The value of one argument of the command line, read by the library: a refusal of it names the
/// argument, as every argument error does, which the library, knowing no command line, cannot.
///
/// ```
/// Error: The value '' of '<zip1>' is not a postal code: it is empty
/// Error: The value '!!' of '--state <state>' is not a state: it has no letter or digit
/// ```
enum ArgumentValue {
  /// Runs `body`, which reads the value of `argument` (`<zip>`, `--place <name>`) and, with a
  /// place name, of `state` (`--state <state>`); an invalid code or name it throws gets the
  /// argument's name. (The exit status stays 1, as for any value the database is asked about.)
  static func reading<T>(_ argument: String, state: String? = nil, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch ZipGeoError.invalidCode(let text, let reason) {
      throw CommandFailure("The value '\(text)' of '\(argument)' is not a postal code: \(reason)")
    } catch ZipGeoError.invalidPlaceName(let text, let reason) {
      let statePrefix = "as a state, "
      if let state, reason.hasPrefix(statePrefix) {
        throw CommandFailure(
          "The value '\(text)' of '\(state)' is not a state: \(reason.dropFirst(statePrefix.count))")
      }
      throw CommandFailure("The value '\(text)' of '\(argument)' is not a place name: \(reason)")
    }
  }
}
