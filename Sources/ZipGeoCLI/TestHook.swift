#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A hook for tests that must act at an exact point of an import, instead of sleeping and hoping
/// the import has got there: `ZIPGEO_TEST_HOOK=<phase>=<action>` makes `zipgeo import` and
/// `zipgeo upgrade` act when they reach the `ImportPhase` whose description is `<phase>`
/// (`committed`, `inserted:4096`), and `zipgeo distance` when it has read its first zip code
/// (`first-zip-read`).
///
/// Actions: `kill` (SIGKILL itself, as a crash or power loss would stop it), `int`, `term`, `hup`
/// (send itself that signal, then go on as a signalled import does), and `pause:<fifo>`: print
/// `zipgeo: paused at <phase>` on standard error, then wait until the test has opened the FIFO
/// `<fifo>` for writing and closed it again (or a signal arrives).
struct TestHook {
  let phase: String
  let action: String

  /// The hook the environment asks for, if any: in a debug build (the tests') only. A release
  /// build, which users run, has none, so that no variable can make it kill itself.
  init?(environment: [String: String]) {
    #if DEBUG
      guard let value = environment["ZIPGEO_TEST_HOOK"], let equals = value.firstIndex(of: "=") else { return nil }
      phase = String(value[..<equals])
      action = String(value[value.index(after: equals)...])
    #else
      return nil
    #endif
  }

  /// Acts when `reached` is the hook's phase.
  func reached(_ reached: String) {
    guard reached == phase else { return }
    switch action {
    case "kill": kill(getpid(), SIGKILL)
    case "int": raise(SIGINT)
    case "term": raise(SIGTERM)
    case "hup": raise(SIGHUP)
    default:
      guard action.hasPrefix("pause:") else { return }
      let fifo = String(action.dropFirst("pause:".count))
      // Open before saying so, so that a test that opens the FIFO for writing once it has read the
      // line always finds this reader: the wait ends when that writer has come and gone.
      let descriptor = open(fifo, O_RDONLY | O_NONBLOCK)
      Console.standard.err("zipgeo: paused at \(phase)\n")
      guard descriptor >= 0 else { return }
      var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      _ = poll(&waiting, 1, -1)
      close(descriptor)
    }
  }
}
