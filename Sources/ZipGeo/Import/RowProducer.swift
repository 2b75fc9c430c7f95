import Threads

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// Reads and checks an import file's records (through its `RecordSource`) on a thread of its
/// own, so that parsing one batch overlaps with SQLite inserting the one before: on two cores
/// the import takes about as long as the slower of the two, not their sum.
///
/// The source, and its reader, are the producer's alone from `start()` on. `next()` blocks until a batch is ready;
/// the last batch has `end` set. `stop()` ends the thread early (when inserting fails or the
/// import is interrupted) and waits for it, at most about 100 ms even when the input is a pipe
/// with nothing to read; it must be called before the producer goes away, and may be called twice.
final class RowProducer: @unchecked Sendable {
  /// Lines handed from the reading thread to the inserting one, in file order.
  struct Batch: Sendable {
    var lines: [ParsedLine] = []
    /// Bytes of the file read so far.
    var bytesRead = 0
    /// Set on the last batch: the file ended, or a problem stopped the reading.
    var end: Result<Void, ImportError>?
  }

  private let source: any RecordSource
  private let skipInvalid: Bool

  /// Guards `queue` and `cancelled`.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var queue: [Batch] = []
  private var cancelled = false
  private var thread: WorkThread?

  /// Batches waiting at most, and lines per batch: enough to keep both threads busy, little
  /// enough to keep memory flat.
  static let capacity = 4
  static let batchSize = 2048

  init(source: any RecordSource, skipInvalid: Bool) {
    self.source = source
    self.skipInvalid = skipInvalid
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
    // A reader waiting on a silent pipe asks every 100 ms whether to give up.
    source.reader.shouldStop = { [weak self] in self?.isCancelled ?? true }
  }

  /// Whether `stop()` was called.
  private var isCancelled: Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return cancelled
  }

  deinit {
    pthread_cond_destroy(changed)
    pthread_mutex_destroy(mutex)
    changed.deallocate()
    mutex.deallocate()
  }

  /// Starts reading on a new thread; when no thread can be made, `next()` reads on the caller's.
  func start() {
    thread = WorkThread(WorkThread.State { [self] _ in produce() })
  }

  /// The next batch, in file order; waits for it, asking `shouldStop` every 100 ms while it
  /// waits (the input may be a pipe with nothing to read), and gives `nil` when that says to stop.
  func next(unless shouldStop: () -> Bool) -> Batch? {
    guard thread != nil else { return readBatch() }
    pthread_mutex_lock(mutex)
    while queue.isEmpty {
      var now = timespec()
      clock_gettime(CLOCK_REALTIME, &now)
      let nanoseconds = Int(now.tv_nsec) + 100_000_000
      var deadline = now
      deadline.tv_sec += nanoseconds / 1_000_000_000
      deadline.tv_nsec = numericCast(nanoseconds % 1_000_000_000)
      if pthread_cond_timedwait(changed, mutex, &deadline) == ETIMEDOUT, shouldStop() {
        pthread_mutex_unlock(mutex)
        return nil
      }
    }
    let batch = queue.removeFirst()
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
    return batch
  }

  /// Tells the thread to stop, and waits until it has.
  func stop() {
    pthread_mutex_lock(mutex)
    cancelled = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
    thread?.join()
    thread = nil
  }

  /// Queues `batch`, waiting for room; false when the consumer has stopped listening.
  private func push(_ batch: Batch) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while queue.count >= Self.capacity && !cancelled { pthread_cond_wait(changed, mutex) }
    if cancelled { return false }
    queue.append(batch)
    pthread_cond_broadcast(changed)
    return true
  }

  /// The reading thread: batches out until the file ends, a problem stops it, or the consumer
  /// stops listening.
  private func produce() {
    while true {
      let batch = readBatch()
      guard push(batch), batch.end == nil else { return }
    }
  }

  /// Reads up to `batchSize` lines; sets `end` when the file ended or a problem stopped it.
  private func readBatch() -> Batch {
    var batch = Batch()
    batch.lines.reserveCapacity(Self.batchSize)
    // Rows of one state follow each other: its name is made once for them all, not a string a
    // row that the other thread frees (the world file took 67 MB more at its peak).
    var lastStateName: String?
    do {
      while batch.end == nil && batch.lines.count < Self.batchSize {
        switch try source.next() {
        case nil:
          batch.end = .success(())
        case .row(let line, let zipCode, var stateName, let stateIsName):
          if stateName == lastStateName { stateName = lastStateName } else { lastStateName = stateName }
          batch.lines.append(.row(line: line, zipCode: zipCode, stateName: stateName, stateIsName: stateIsName))
        case .invalid(let problem):
          if skipInvalid { batch.lines.append(.invalid(problem)) } else { batch.end = .failure(problem) }
        }
      }
    } catch {
      batch.end = .failure(error)
    }
    batch.bytesRead = source.reader.bytesRead
    return batch
  }
}
