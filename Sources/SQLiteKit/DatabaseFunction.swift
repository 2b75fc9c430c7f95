import CSQLiteAPI

/// A Swift function callable from SQL.
///
/// ```swift
/// let twice = DatabaseFunction("twice", argumentCount: 1) { arguments in
///   .real(try arguments.number(at: 0, of: "twice") * 2)
/// }
/// try db.add(function: twice)
/// try db.scalar("SELECT twice(21)")  // .real(42.0)
/// ```
public struct DatabaseFunction: Sendable {
  /// The body: reads its arguments and returns the result; a thrown error becomes an SQL error.
  public typealias Body = @Sendable (borrowing FunctionArguments) throws -> DatabaseValue

  /// The SQL name.
  public let name: String
  /// The number of arguments, or -1 for any number.
  public let argumentCount: Int32
  /// A pure function gives the same result for the same arguments and has no side effects; SQLite
  /// may then use it in indexes and CHECK constraints, and in schemas of untrusted files.
  public let isPure: Bool
  /// When true, a NULL in any argument gives NULL without calling the body.
  public let isNullPropagating: Bool
  let body: Body

  /// - Parameters:
  ///   - name: The SQL name.
  ///   - argumentCount: The number of arguments, or -1 for any number.
  ///   - pure: Registers the function `SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS`.
  ///   - nullPropagating: A NULL in any argument gives NULL without calling `body`.
  ///   - body: Computes the result.
  public init(
    _ name: String, argumentCount: Int32, pure: Bool = true, nullPropagating: Bool = true,
    body: @escaping Body
  ) {
    self.name = name
    self.argumentCount = argumentCount
    self.isPure = pure
    self.isNullPropagating = nullPropagating
    self.body = body
  }

  /// SQLite's flags for this function.
  var flags: Int32 {
    SQLITE_UTF8 | (isPure ? SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS : 0)
  }
}

/// An error raised inside an SQL function; SQLite reports its message as the statement's error.
public struct FunctionError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The text SQLite reports, as in `distance(): lat1 (argument 1) is 91.5, outside [-90, 90]`.
  public let message: String
  /// `throw FunctionError("twice(): argument 1 is not a number")`.
  public init(_ message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}

/// The arguments of one call of an SQL function, read straight from SQLite's values.
public struct FunctionArguments: ~Copyable {
  @usableFromInline let values: UnsafeMutablePointer<OpaquePointer?>?
  /// The number of arguments.
  public let count: Int

  @inlinable @inline(__always)
  func handle(_ index: Int) -> OpaquePointer? {
    precondition(index >= 0 && index < count, "argument index \(index) out of range 0..<\(count)")
    // `values` holds `count` pointers (it is nil only when `count` is 0, which the precondition
    // excludes). A pointer is nil for an argument a query left out of a table function's call.
    return values![index]
  }

  /// Whether argument `index` (0-based) is NULL (or, in a table function, left out).
  @inlinable @inline(__always)
  public func isNull(at index: Int) -> Bool {
    guard let value = handle(index) else { return true }
    return csqlite_value_type(value) == SQLITE_NULL
  }

  /// Argument `index` (0-based) as a number, or `nil` when it is not an integer, a real or text
  /// that reads as a number: the fast path of `number(at:of:named:)`.
  @inlinable @inline(__always)
  public func double(at index: Int) -> Double? {
    guard let value = handle(index) else { return nil }
    var type = csqlite_value_type(value)
    // Only text needs numeric affinity applied; checking first saves a call per number.
    if type == SQLITE_TEXT { type = csqlite_value_numeric_type(value) }
    return type == SQLITE_FLOAT || type == SQLITE_INTEGER ? csqlite_value_double(value) : nil
  }

  /// Argument `index` (0-based) as a number.
  ///
  /// Integers, reals and text that reads as a number are accepted, as SQLite's own math
  /// functions do; other text and blobs throw an error naming the function and the argument,
  /// as in `distance(): lat1 (argument 1) is not a number: 'abc'`.
  ///
  /// - Parameters:
  ///   - index: The 0-based argument index.
  ///   - function: The function's name, for the error message.
  ///   - name: The argument's name, for the error message.
  public func number(at index: Int, of function: String, named name: String? = nil) throws -> Double {
    if let number = double(at: index) { return number }
    throw notANumber(at: index, of: function, named: name)
  }

  /// The error for an argument that is not a number; built only on this cold path.
  public func notANumber(at index: Int, of function: String, named name: String? = nil) -> FunctionError {
    let type = handle(index).map { csqlite_value_numeric_type($0) } ?? SQLITE_NULL
    let argument = name.map { "\($0) (argument \(index + 1))" } ?? "argument \(index + 1)"
    switch type {
    case SQLITE_NULL: return FunctionError("\(function)(): \(argument) is NULL")
    case SQLITE_BLOB: return FunctionError("\(function)(): \(argument) is a blob, not a number")
    default:
      let text = self.value(at: index).description
      return FunctionError("\(function)(): \(argument) is not a number: '\(text.shortened)'")
    }
  }

  /// Argument `index` (0-based) as text, or `nil` when it is not text.
  public func text(at index: Int) -> String? {
    value(at: index).string
  }

  /// Argument `index` (0-based) as a value, typed as SQLite holds it.
  public func value(at index: Int) -> DatabaseValue {
    guard let value = handle(index) else { return .null }
    switch csqlite_value_type(value) {
    case SQLITE_INTEGER: return .integer(csqlite_value_int64(value))
    case SQLITE_FLOAT: return .real(csqlite_value_double(value))
    case SQLITE_TEXT:
      let count = Int(csqlite_value_bytes(value))
      guard let text = csqlite_value_text(value) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      let count = Int(csqlite_value_bytes(value))
      guard count > 0, let bytes = csqlite_value_blob(value) else { return .blob([]) }
      return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
    default: return .null
    }
  }
}

/// Keeps a function's body alive while SQLite holds it; released by SQLite's destroy callback.
private final class FunctionBox {
  let body: DatabaseFunction.Body
  let isNullPropagating: Bool

  init(_ function: DatabaseFunction) {
    body = function.body
    isNullPropagating = function.isNullPropagating
  }

  /// One call from SQLite: the hot path of every query that uses the function.
  @inline(__always)
  func call(_ context: OpaquePointer, _ arguments: borrowing FunctionArguments) {
    if isNullPropagating {
      for index in 0..<arguments.count where arguments.isNull(at: index) {
        csqlite_result_null(context)
        return
      }
    }
    do {
      setResult(try body(arguments), on: context)
    } catch {
      let message = "\(error)"
      csqlite_result_error(context, message, Int32(message.utf8.count))
    }
  }
}

extension Database {
  /// Registers `function` on this connection, replacing any function of the same name and
  /// argument count.
  public func add(function: DatabaseFunction) throws {
    let box = Unmanaged.passRetained(FunctionBox(function)).toOpaque()
    let code = csqlite_create_function_v2(
      handle, function.name, function.argumentCount, function.flags, box,
      { context, argc, argv in
        guard let context, let box = csqlite_user_data(context) else { return }
        // SQLite holds the box for as long as the function is registered: no retain needed.
        Unmanaged<FunctionBox>.fromOpaque(box)._withUnsafeGuaranteedRef {
          $0.call(context, FunctionArguments(values: argv, count: Int(argc)))
        }
      },
      { box in
        guard let box else { return }
        Unmanaged<FunctionBox>.fromOpaque(box).release()
      })
    // On failure SQLite has already called the destroy callback, which released the box.
    guard code == SQLITE_OK else {
      throw DatabaseError.lastError(of: handle, code: code, sql: nil)
    }
  }
}

@inline(__always)
func setResult(_ value: DatabaseValue, on context: OpaquePointer) {
  switch value {
  case .null: csqlite_result_null(context)
  case .integer(let int): csqlite_result_int64(context, int)
  case .real(let double): csqlite_result_double(context, double)
  case .text(let string):
    // A C string: NUL-terminated after its bytes, as csqlite_result_text needs (native
    // strings lend their storage, small ones are copied to the stack).
    let count = Int32(string.utf8.count)
    string.withCString { csqlite_result_text(context, $0, count) }
  case .blob(let bytes):
    (bytes.isEmpty ? [0] : bytes).withUnsafeBytes {
      csqlite_result_blob(context, $0.baseAddress, Int32(bytes.count))
    }
  }
}
