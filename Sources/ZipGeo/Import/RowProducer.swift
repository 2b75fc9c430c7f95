import Threads

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

  /// The batches between the two threads; stopped by `stop()`.
  private let queue = HandOff<Batch>(capacity: RowProducer.capacity)
  private var thread: WorkThread?

  /// Batches waiting at most, and lines per batch: enough to keep both threads busy, little
  /// enough to keep memory flat.
  static let capacity = 4
  static let batchSize = 2048

  init(source: any RecordSource, skipInvalid: Bool) {
    self.source = source
    self.skipInvalid = skipInvalid
    // A reader waiting on a silent pipe asks every 100 ms whether to give up.
    source.reader.shouldStop = { [queue] in queue.isStopped }
  }

  /// Starts reading on a new thread; when no thread can be made, `next()` reads on the caller's.
  func start() {
    thread = WorkThread(WorkThread.State { [self] _ in produce() })
  }

  /// The next batch, in file order; waits for it, asking `shouldStop` every 100 ms while it
  /// waits (the input may be a pipe with nothing to read), and gives `nil` when that says to stop.
  func next(unless shouldStop: () -> Bool) -> Batch? {
    guard thread != nil else { return readBatch() }
    return withoutActuallyEscaping(shouldStop) { shouldStop in queue.pop(unless: shouldStop) }
  }

  /// Tells the thread to stop, and waits until it has.
  func stop() {
    queue.stop()
    thread?.join()
    thread = nil
  }

  /// The reading thread: batches out until the file ends, a problem stops it, or the consumer
  /// stops listening.
  private func produce() {
    while true {
      let batch = readBatch()
      guard queue.push(batch), batch.end == nil else { return }
    }
  }

  /// Reads up to `batchSize` lines; sets `end` when the file ended or a problem stopped it.
  private func readBatch() -> Batch {
    var batch = Batch()
    batch.lines.reserveCapacity(Self.batchSize)
    // Rows of one state follow each other: its name is made once for them all, not a string a
    // row that the other thread frees, which raised the import's peak memory
    // (`scripts/bench-import-pair.py` gives each build's peak).
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
