import Threads

/// Work done on a thread of its own while the thread that started it goes on, for its result
/// later (`result()`, which waits for it).
///
/// The thread is a `WorkThread`. When no thread can be made, the work is done by `result()`, on
/// the caller's thread. The work may ask whether it was cancelled (`cancel()`, or the work going
/// away unwaited for) and stop early.
final class BackgroundWork<Result: Sendable> {
  /// Where the thread leaves its result, read once it is joined.
  private final class Outcome: @unchecked Sendable {
    var result: Result?
  }

  private let outcome = Outcome()
  private let state: WorkThread.State
  private var thread: WorkThread?

  /// Starts `work` on a new thread.
  init(_ work: @escaping @Sendable (_ isCancelled: () -> Bool) -> Result) {
    let outcome = outcome
    state = WorkThread.State { isCancelled in outcome.result = work(isCancelled) }
    thread = WorkThread(state)
  }

  /// Starts `work` on a new thread, handing it `input`, which it then holds alone: changing it
  /// copies nothing.
  convenience init<Input>(
    handing input: consuming Input, _ work: @escaping @Sendable (inout Input, _ isCancelled: () -> Bool) -> Result
  ) {
    let handoff = Handoff(input)
    self.init { isCancelled in
      var input = handoff.take()
      return work(&input, isCancelled)
    }
  }

  /// A value on its way to the work's thread.
  private final class Handoff<Value>: @unchecked Sendable {
    private var value: Value?

    init(_ value: consuming Value) { self.value = value }

    /// The value, which the handoff no longer holds.
    func take() -> Value {
      var taken: Value?
      swap(&taken, &value)
      return taken!
    }
  }

  /// Asks the work to stop early; `result()` still waits for it.
  func cancel() { state.cancel() }

  /// The work's result, once it is done (done here, on the caller's thread, when no thread could
  /// be made).
  func result() -> Result {
    thread?.join()
    thread = nil
    state.run()
    return outcome.result!
  }
}
