import CSV

#if canImport(Glibc)
  import Glibc
#else
  import Darwin
#endif

/// One data line of an import file, read and checked.
enum ParsedLine: Sendable {
  /// A valid row and the line it came from, with the name of its state when the file gives one
  /// beside its code (GeoNames' admin_name1; a CSV's `state` beside `state_abbr`), and whether
  /// its state is a name for want of its code (`ColumnMap.stateIsItsName(in:)`).
  case row(line: Int, zipCode: ZipCode, stateName: String?, stateIsName: Bool)
  /// An invalid line, to skip (the producer stops at the first one unless told to skip them).
  case invalid(ImportError)
}

/// Lines handed from the reading thread to the inserting one, in file order.
struct ParsedBatch: Sendable {
  var lines: [ParsedLine] = []
  /// Bytes of the file read so far.
  var bytesRead = 0
  /// Set on the last batch: the file ended, or a problem stopped the reading.
  var end: Result<Void, ImportError>?
}

/// Reads and checks an import file's records on a thread of its own, so that parsing one batch
/// overlaps with SQLite inserting the one before: on two cores the import takes about as long
/// as the slower of the two, not their sum.
///
/// The reader is the producer's alone from `start()` on. `next()` blocks until a batch is ready;
/// the last batch has `end` set. `stop()` ends the thread early (when inserting fails or the
/// import is interrupted) and waits for it, at most about 100 ms even when the input is a pipe
/// with nothing to read; it must be called before the producer goes away, and may be called twice.
final class RowProducer: @unchecked Sendable {
  private let reader: CSVReader
  private let columns: ColumnMap
  private let path: String
  private let skipInvalid: Bool

  /// Guards `queue` and `cancelled`.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var queue: [ParsedBatch] = []
  private var cancelled = false
  private var thread: WorkThread?

  /// Batches waiting at most, and lines per batch: enough to keep both threads busy, little
  /// enough to keep memory flat.
  static let capacity = 4
  static let batchSize = 2048

  init(reader: CSVReader, columns: ColumnMap, path: String, skipInvalid: Bool) {
    self.reader = reader
    self.columns = columns
    self.path = path
    self.skipInvalid = skipInvalid
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(changed, nil)
    // A reader waiting on a silent pipe asks every 100 ms whether to give up.
    reader.shouldStop = { [weak self] in self?.isCancelled ?? true }
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
  func next(unless shouldStop: () -> Bool) -> ParsedBatch? {
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
  private func push(_ batch: ParsedBatch) -> Bool {
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
  private func readBatch() -> ParsedBatch {
    var batch = ParsedBatch()
    batch.lines.reserveCapacity(Self.batchSize)
    // Rows of one state follow each other: its name is made once for them all, not a string a
    // row that the other thread frees (the world file took 67 MB more at its peak).
    var lastStateName: String?
    do {
      while batch.end == nil && batch.lines.count < Self.batchSize {
        guard let record = try reader.nextNonBlank(file: path) else {
          batch.end = .success(())
          break
        }
        do {
          let zip = try columns.zipCode(from: record)
          var stateName = columns.stateName(in: record)
          if stateName == lastStateName { stateName = lastStateName } else { lastStateName = stateName }
          batch.lines.append(
            .row(line: record.line, zipCode: zip, stateName: stateName, stateIsName: columns.stateIsItsName(in: record))
          )
        } catch {
          let problem = ImportError(file: path, line: record.line, message: error.message)
          if skipInvalid { batch.lines.append(.invalid(problem)) } else { batch.end = .failure(problem) }
        }
      }
    } catch {
      batch.end = .failure(error)
    }
    batch.bytesRead = reader.bytesRead
    return batch
  }
}

extension CSVReader {
  /// The next record that is not a blank line, or `nil` at the end; a problem with the file is
  /// an `ImportError` naming `file` and the line.
  func nextNonBlank(file: String) throws(ImportError) -> CSVRecord? {
    do {
      while let record = try next() {
        if !record.isBlank { return record }
      }
      return nil
    } catch {
      throw ImportError(file: file, line: error.line, message: error.message)
    }
  }
}
