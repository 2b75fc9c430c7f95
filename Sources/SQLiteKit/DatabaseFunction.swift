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
