import CSQLiteAPI
import SQLiteKit
import ZipGeo

/// The entry point SQLite calls when it loads `libzipgeo.so` (`.load libzipgeo` in the shell,
/// `load_extension` in Python): registers zipgeo's SQL functions on the connection.
///
/// SQLite derives the name from the file name, so `.load PATH` needs no entry-point argument.
@_cdecl("sqlite3_zipgeo_init")
public func initializeExtension(
  _ db: OpaquePointer?, _ errorMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ routines: UnsafePointer<sqlite3_api_routines>?
) -> Int32 {
  guard let db, let routines else { return SQLITE_ERROR }
  csqlite_install(routines)
  do {
    try SQLFunctions.register(on: Database(borrowing: db))
    return SQLITE_OK
  } catch {
    errorMessage?.pointee = csqlite_strdup("zipgeo: \(error)")
    return SQLITE_ERROR
  }
}
