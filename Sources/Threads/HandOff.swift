#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Values handed from one thread to another, in order, at most `capacity` of them waiting: the
/// producer waits for room, the consumer for a value, and `stop()` ends the producer's waiting
/// (its `push` then says the consumer has gone). A consumer's wait asks, every 100 ms, whether
/// to give up, so that a producer stalled on a silent pipe cannot hold it.
///
/// ```swift
/// let lines = HandOff<[String]>(capacity: 4)
/// // producer: while lines.push(next()) { ... }
/// // consumer: while let batch = lines.pop(unless: { interrupted }) { ... }
/// ```
public final class HandOff<Element>: @unchecked Sendable {
  public let capacity: Int
  /// Guards `queue` and `stopped`.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var queue: [Element] = []
  private var stopped = false

  public init(capacity: Int) {
    self.capacity = max(1, capacity)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    changed.deallocate()
    mutex.deallocate()
  }

  /// Whether `stop()` was called.
  public var isStopped: Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return stopped
  }

  /// Tells the producer that nothing more will be taken: its waiting `push` returns.
  public func stop() {
    pthread_mutex_lock(mutex)
    stopped = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }

  /// Queues `value`, waiting for room; false once stopped (the value is dropped).
  public func push(_ value: Element) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while queue.count >= capacity && !stopped { pthread_cond_wait(changed, mutex) }
    if stopped { return false }
    queue.append(value)
    pthread_cond_broadcast(changed)
    return true
  }

  /// The next value, waited for; asks `shouldStop` every 100 ms while it waits, and gives nil
  /// when that says to stop.
  public func pop(unless shouldStop: (() -> Bool)?) -> Element? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while queue.isEmpty {
      if waitAbout100ms(), shouldStop?() == true { return nil }
    }
    let value = queue.removeFirst()
    pthread_cond_broadcast(changed)
    return value
  }

  /// Waits for a change, with the mutex held, for at most about 100 ms; true when the time ran out.
  private func waitAbout100ms() -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    let nanoseconds = Int(now.tv_nsec) + 100_000_000
    var deadline = now
    deadline.tv_sec += nanoseconds / 1_000_000_000
    deadline.tv_nsec = numericCast(nanoseconds % 1_000_000_000)
    return pthread_cond_timedwait(changed, mutex, &deadline) == ETIMEDOUT
  }
}
