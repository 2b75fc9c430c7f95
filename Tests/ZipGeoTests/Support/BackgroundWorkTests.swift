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

  @Test func cancelledWorkSeesItAndEndsEarly() {
    let record = Record()
    let work = BackgroundWork { isCancelled in
      // Spins until told to stop: without cancel() the test would never end.
      var turns = 0
      while !isCancelled() { turns += 1 }
      record.add("stopped")
      return turns
    }
    work.cancel()
    #expect(work.result() >= 0)
    #expect(record.all == ["stopped"])
  }

  @Test func workThatGoesAwayUnwaitedForIsStoppedAndJoinedFirst() {
    let record = Record()
    do {
      _ = BackgroundWork { isCancelled in
        while !isCancelled() {}
        record.add("stopped")
        return 0
      }
    }
    // The work's thread ended before the work went away.
    #expect(record.all == ["stopped"])
  }
}
