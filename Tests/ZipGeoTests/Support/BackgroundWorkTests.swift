import Foundation
import Testing

@testable import ZipGeo

/// Work on a thread of its own gives its result once done, is told to stop when asked or when it
/// goes away unwaited for, and never outlives its owner.
@Suite struct BackgroundWorkTests {
  /// Counts what a work's thread did, for the test's thread to read.
  final class Record: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []

    func add(_ event: String) {
      lock.lock()
      events.append(event)
      lock.unlock()
    }

    var all: [String] {
      lock.lock()
      defer { lock.unlock() }
      return events
    }
  }

  /// A flag one thread raises and another waits for, up to a deadline.
  final class Signal: @unchecked Sendable {
    private let condition = NSCondition()
    private var raised = false

    func raise() {
      condition.lock()
      raised = true
      condition.broadcast()
      condition.unlock()
    }

    /// Whether the flag was raised before `patience` passed.
    func wait(seconds patience: Double) -> Bool {
      let deadline = Date(timeIntervalSinceNow: patience)
      condition.lock()
      defer { condition.unlock() }
      while !raised && condition.wait(until: deadline) {}
      return raised
    }
  }

  /// How long a test waits for a thread: far longer than a thread takes to start or to see a
  /// flag, even on a loaded machine; the test fails once it has passed, where it would hang.
  static let patience = 30.0

  /// How a work that spins until it is cancelled ended.
  enum Ending: Equatable, Sendable {
    /// It saw that it was cancelled.
    case cancelled
    /// `patience` passed first: nothing told it to stop.
    case neverCancelled
  }

  /// Spins until `isCancelled` says so, or until `patience` has passed.
  static func spin(until isCancelled: () -> Bool) -> Ending {
    let deadline = ContinuousClock.now + .seconds(patience)
    while !isCancelled() {
      if ContinuousClock.now >= deadline { return .neverCancelled }
    }
    return .cancelled
  }

  @Test func theResultIsTheWorksOnAnotherThread() {
    let caller = pthread_self()
    let work = BackgroundWork { _ in pthread_equal(pthread_self(), caller) == 0 ? 42 : -1 }
    #expect(work.result() == 42)
    // Asked again, the same result: the thread is joined once.
    #expect(work.result() == 42)
  }

  @Test func aValueHandedToTheWorkIsItsAlone() {
    let numbers = Array(0..<100_000)
    let work = BackgroundWork(handing: consume numbers) { numbers, _ in
      // Unique here: a change copies nothing (the identity of the storage is unchanged).
      let before = numbers.withUnsafeBufferPointer { $0.baseAddress }
      numbers[0] = -1
      return numbers.withUnsafeBufferPointer { $0.baseAddress } == before
    }
    #expect(work.result())
  }

  @Test func runningWorkThatIsCancelledSeesItAndEndsEarly() {
    let started = Signal()
    let work = BackgroundWork { isCancelled in
      started.raise()
      return Self.spin(until: isCancelled)
    }
    // Cancelled once it runs: the flag must reach a thread already at work.
    #expect(started.wait(seconds: Self.patience), "the work's thread did not start within \(Self.patience) s")
    work.cancel()
    #expect(work.result() == .cancelled, "cancel() did not reach the work within \(Self.patience) s")
  }

  @Test func workThatGoesAwayUnwaitedForIsStoppedAndJoinedFirst() {
    let record = Record()
    do {
      _ = BackgroundWork { isCancelled in
        record.add(Self.spin(until: isCancelled) == .cancelled ? "stopped" : "never told to stop")
        return 0
      }
    }
    // The work's thread was told to stop, and ended before the work went away: its record is
    // written.
    #expect(record.all == ["stopped"], "not joined when it went away, or not told to stop within \(Self.patience) s")
  }
}
