#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// A POSIX thread that runs a body once, joined by its owner: when asked, or when the owner goes
/// away, after telling the body to stop.
///
/// Written so that both Glibc's and Darwin's declarations compile: `pthread_t` is a number on one
/// and a pointer on the other, and the start routine's argument is optional on one only.
public final class WorkThread {
  /// What the thread and its owner share: the thread holds it, not its owner, so that the owner
  /// going away can join the thread.
  public final class State: @unchecked Sendable {
    /// Guards `cancelled`.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var cancelled = false
    /// The body, until it has run.
    private var body: (@Sendable (_ isCancelled: () -> Bool) -> Void)?

    public init(_ body: @escaping @Sendable (_ isCancelled: () -> Bool) -> Void) {
      self.body = body
      pthread_mutex_init(mutex, nil)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    }

    public var isCancelled: Bool {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return cancelled
    }

    public func cancel() {
      pthread_mutex_lock(mutex)
      cancelled = true
      pthread_mutex_unlock(mutex)
    }

    /// Runs the body, unless it has run.
    public func run() {
      guard let body else { return }
      self.body = nil
      body { self.isCancelled }
    }
  }

  public let state: State
  private var thread: pthread_t?

  /// Starts a thread that runs `state`'s body; `nil` when no thread can be made.
  public init?(_ state: State) {
    self.state = state
    let context = Unmanaged.passRetained(state).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let code = pthread_create(
      &thread, nil,
      { context in
        // Optional on Glibc, not on Darwin: the same code for both.
        let context: UnsafeMutableRawPointer? = context
        Unmanaged<State>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard code == 0 else {
      Unmanaged<State>.fromOpaque(context).release()
      return nil
    }
    self.thread = thread
  }

  /// Waits for the body to end.
  public func join() {
    guard let thread else { return }
    pthread_join(thread, nil)
    self.thread = nil
  }

  deinit {
    guard thread != nil else { return }
    state.cancel()
    join()
  }
}
