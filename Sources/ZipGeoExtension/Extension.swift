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
  guard csqlite_install(routines) != 0 else {
    // Another SQLite library in this process loaded zipgeo first (the host links two copies).
    // Not through the installed table: its library may have been unloaded since.
    let first = String(cString: csqlite_installed_version())
    let this = routines.pointee.libversion.flatMap { $0() }.map { String(cString: $0) } ?? "?"
    // The message is freed by this library, so it comes from this library's allocator.
    errorMessage?.pointee = csqlite_strdup_in(
      routines,
      "zipgeo: this process already runs zipgeo in another SQLite library (\(first); this one is \(this));"
        + " load it into connections of one SQLite library only")
    return SQLITE_ERROR
  }
  do {
    try SQLFunctions.register(on: Database(borrowing: db))
    return SQLITE_OK
  } catch {
    errorMessage?.pointee = csqlite_strdup("zipgeo: \(error)")
    return SQLITE_ERROR
  }
}
