// Calls into SQLite through the `sqlite3_api_routines` table that SQLite hands to extensions.
//
// Everything zipgeo does with SQLite goes through these wrappers, so the same compiled code
// works in a program that links libsqlite3 (the table comes from `SQLiteLinked`) and inside a
// host that loads zipgeo as an extension (the table comes from `sqlite3_zipgeo_init`), without
// ever naming a `sqlite3_*` symbol that the dynamic linker would have to resolve.
#ifndef ZIPGEO_CSQLITEAPI_H
#define ZIPGEO_CSQLITEAPI_H

#include <sqlite3ext.h>
#include <string.h>

/// The routine table in use by this process, or NULL before one is installed.
extern const sqlite3_api_routines *csqlite_routines;

/// Installs the routine table; returns 1 when `routines` is (now) the table in use, 0 when
/// another is. The first table wins: zipgeo's code, and so every connection it serves, calls one
/// SQLite library. A process can hold two (Python's sqlite3 module and a wheel such as apsw with
/// its own copy built in); a connection of the second must then be refused, since driving it
/// through the first library's routines would crash the host.
int csqlite_install(const sqlite3_api_routines *routines);

/// The version of the SQLite library whose table is installed, as it was when installed (empty
/// before): safe to read even after that library was unloaded.
const char *csqlite_installed_version(void);

static inline int csqlite_is_installed(void) { return csqlite_routines != 0; }

#define CSQLITE_API (csqlite_routines)

// Connections
static inline int csqlite_open_v2(const char *name, sqlite3 **db, int flags, const char *vfs) {
  return CSQLITE_API->open_v2(name, db, flags, vfs);
}
static inline int csqlite_close_v2(sqlite3 *db) { return CSQLITE_API->close_v2(db); }
static inline int csqlite_close(sqlite3 *db) { return CSQLITE_API->close(db); }
static inline const char *csqlite_errmsg(sqlite3 *db) { return CSQLITE_API->errmsg(db); }
static inline const char *csqlite_errstr(int code) { return CSQLITE_API->errstr(code); }
static inline int csqlite_extended_errcode(sqlite3 *db) { return CSQLITE_API->extended_errcode(db); }
static inline int csqlite_extended_result_codes(sqlite3 *db, int on) {
  return CSQLITE_API->extended_result_codes(db, on);
}
static inline int csqlite_changes(sqlite3 *db) { return CSQLITE_API->changes(db); }
static inline int csqlite_limit(sqlite3 *db, int id, int value) { return CSQLITE_API->limit(db, id, value); }
static inline int csqlite_get_autocommit(sqlite3 *db) { return CSQLITE_API->get_autocommit(db); }
/// A stamp of what every database of `db` holds (main, temp and each attached, in order): its
/// name, its file and its data version (SQLITE_FCNTL_DATA_VERSION, which changes whenever its
/// content changes: at every commit of this connection, and when it sees another's), after the
/// connection's count of changed rows, written to `out`. Returns the stamp's length; 0 when it is
/// not known: inside a transaction the connection opened, or while a statement writes (its own
/// changes do not move the version until they are committed, and may be rolled back), in a
/// library older than sqlite3_db_name (3.39), or when `capacity` is too small. Two equal stamps
/// of a connection mean no table of it changed between them.
int csqlite_data_stamp(sqlite3 *db, unsigned char *out, int capacity);
static inline int csqlite_busy_timeout(sqlite3 *db, int ms) { return CSQLITE_API->busy_timeout(db, ms); }
static inline int csqlite_busy_handler(sqlite3 *db, int (*handler)(void *, int), void *context) {
  return CSQLITE_API->busy_handler(db, handler, context);
}
static inline void csqlite_progress_handler(sqlite3 *db, int instructions, int (*handler)(void *), void *context) {
  CSQLITE_API->progress_handler(db, instructions, handler, context);
}
static inline int csqlite_sleep(int ms) { return CSQLITE_API->sleep(ms); }
static inline const char *csqlite_libversion(void) { return CSQLITE_API->libversion(); }
/// A copy of `text` in memory from sqlite3_malloc, as SQLite wants for error messages it frees.
static inline char *csqlite_strdup(const char *text) { return CSQLITE_API->mprintf("%s", text); }
/// A copy of `text` from the allocator of the library that gave `routines` (which frees it).
static inline char *csqlite_strdup_in(const sqlite3_api_routines *routines, const char *text) {
  return routines->mprintf("%s", text);
}

/// Whether the "main" database of `db` is read-only (1), read-write (0), or missing (-1): a file
/// opened read-write that this user cannot write opens read-only without an error.
static inline int csqlite_db_readonly(sqlite3 *db) { return CSQLITE_API->db_readonly(db, "main"); }
/// The absolute path of the "main" database file, symbolic links followed (where SQLite puts its
/// -journal, -wal and -shm), or NULL for a database in memory.
static inline const char *csqlite_db_filename(sqlite3 *db) {
  const char *name = CSQLITE_API->db_filename(db, "main");
  return name && name[0] ? name : 0;
}

// The main database file, through SQLite's own open file (SQLITE_FCNTL_FILE_POINTER): reading
// and writing it so never opens or closes another descriptor on it, which would drop the POSIX
// locks SQLite holds through its own. Each returns an SQLite result code.
static inline sqlite3_file *csqlite_main_file(sqlite3 *db) {
  sqlite3_file *file = 0;
  if (CSQLITE_API->file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK) return 0;
  return file && file->pMethods ? file : 0;
}
static inline int csqlite_main_file_read(sqlite3 *db, void *bytes, int count, sqlite3_int64 offset) {
  sqlite3_file *file = csqlite_main_file(db);
  return file ? file->pMethods->xRead(file, bytes, count, offset) : SQLITE_MISUSE;
}
static inline int csqlite_main_file_write(sqlite3 *db, const void *bytes, int count, sqlite3_int64 offset) {
  sqlite3_file *file = csqlite_main_file(db);
  return file ? file->pMethods->xWrite(file, bytes, count, offset) : SQLITE_MISUSE;
}
static inline int csqlite_main_file_sync(sqlite3 *db) {
  sqlite3_file *file = csqlite_main_file(db);
  return file ? file->pMethods->xSync(file, SQLITE_SYNC_NORMAL) : SQLITE_MISUSE;
}
static inline int csqlite_main_file_size(sqlite3 *db, sqlite3_int64 *size) {
  sqlite3_file *file = csqlite_main_file(db);
  return file ? file->pMethods->xFileSize(file, size) : SQLITE_MISUSE;
}

// Statements
static inline int csqlite_prepare_v2(sqlite3 *db, const char *sql, int n, sqlite3_stmt **stmt,
                                     const char **tail) {
  return CSQLITE_API->prepare_v2(db, sql, n, stmt, tail);
}
static inline int csqlite_step(sqlite3_stmt *stmt) { return CSQLITE_API->step(stmt); }
static inline int csqlite_reset(sqlite3_stmt *stmt) { return CSQLITE_API->reset(stmt); }
static inline int csqlite_finalize(sqlite3_stmt *stmt) { return CSQLITE_API->finalize(stmt); }
static inline int csqlite_clear_bindings(sqlite3_stmt *stmt) { return CSQLITE_API->clear_bindings(stmt); }
static inline const char *csqlite_sql(sqlite3_stmt *stmt) { return CSQLITE_API->sql(stmt); }
static inline int csqlite_bind_parameter_count(sqlite3_stmt *stmt) {
  return CSQLITE_API->bind_parameter_count(stmt);
}
/// Binds `pointer` to parameter `i` as a pointer of type `type` (sqlite3_bind_pointer): only a
/// function that asks for that type by name (sqlite3_value_pointer) sees it; SQL sees NULL.
/// `type` must last as long as the binding (a string literal).
static inline int csqlite_bind_pointer(sqlite3_stmt *stmt, int i, void *pointer, const char *type) {
  return CSQLITE_API->bind_pointer(stmt, i, pointer, type, 0);
}
static inline int csqlite_bind_null(sqlite3_stmt *stmt, int i) { return CSQLITE_API->bind_null(stmt, i); }
static inline int csqlite_bind_int64(sqlite3_stmt *stmt, int i, sqlite3_int64 v) {
  return CSQLITE_API->bind_int64(stmt, i, v);
}
static inline int csqlite_bind_double(sqlite3_stmt *stmt, int i, double v) {
  return CSQLITE_API->bind_double(stmt, i, v);
}
static inline int csqlite_bind_text(sqlite3_stmt *stmt, int i, const char *text, int n) {
  return CSQLITE_API->bind_text(stmt, i, text, n, SQLITE_TRANSIENT);
}
/// Binds text that SQLite reads in place, without copying: it must stay as it is until the
/// statement is finalized, or the parameter is bound again.
static inline int csqlite_bind_text_static(sqlite3_stmt *stmt, int i, const char *text, int n) {
  return CSQLITE_API->bind_text(stmt, i, text, n, SQLITE_STATIC);
}
static inline int csqlite_bind_blob(sqlite3_stmt *stmt, int i, const void *bytes, int n) {
  return CSQLITE_API->bind_blob(stmt, i, bytes, n, SQLITE_TRANSIENT);
}
static inline int csqlite_column_count(sqlite3_stmt *stmt) { return CSQLITE_API->column_count(stmt); }
static inline const char *csqlite_column_name(sqlite3_stmt *stmt, int i) {
  return CSQLITE_API->column_name(stmt, i);
}
static inline int csqlite_column_type(sqlite3_stmt *stmt, int i) { return CSQLITE_API->column_type(stmt, i); }
/// The declared type of result column `i` when it is a table's column (NULL for an expression).
static inline const char *csqlite_column_decltype(sqlite3_stmt *stmt, int i) {
  return CSQLITE_API->column_decltype(stmt, i);
}
/// Rows changed by this connection since it opened (inserts, updates, deletes, triggers' too).
static inline sqlite3_int64 csqlite_total_changes(sqlite3 *db) { return CSQLITE_API->total_changes(db); }
/// Whether `stmt` makes no direct change to a database file (VACUUM INTO and writing pragmas do).
static inline int csqlite_stmt_readonly(sqlite3_stmt *stmt) { return CSQLITE_API->stmt_readonly(stmt); }
/// How many times SQLite prepared `stmt` again, after a schema change.
static inline int csqlite_statement_repreparations(sqlite3_stmt *stmt) {
  return CSQLITE_API->stmt_status(stmt, SQLITE_STMTSTATUS_REPREPARE, 0);
}
static inline sqlite3_int64 csqlite_column_int64(sqlite3_stmt *stmt, int i) {
  return CSQLITE_API->column_int64(stmt, i);
}
static inline double csqlite_column_double(sqlite3_stmt *stmt, int i) {
  return CSQLITE_API->column_double(stmt, i);
}
static inline const unsigned char *csqlite_column_text(sqlite3_stmt *stmt, int i) {
  return CSQLITE_API->column_text(stmt, i);
}
static inline const void *csqlite_column_blob(sqlite3_stmt *stmt, int i) {
  return CSQLITE_API->column_blob(stmt, i);
}
static inline int csqlite_column_bytes(sqlite3_stmt *stmt, int i) { return CSQLITE_API->column_bytes(stmt, i); }
/// Column `i` of the current row as text (NULL for NULL), its length in bytes in `*n`: what
/// sqlite3_column_text and sqlite3_column_bytes give, with one call that takes the connection's
/// mutex instead of two (in a serialized host such as Python, each costs as much as the reading).
/// The bytes are valid as those of sqlite3_column_text are, until the statement steps or resets.
static inline const unsigned char *csqlite_column_text_bytes(sqlite3_stmt *stmt, int i, int *n) {
  sqlite3_value *value = CSQLITE_API->column_value(stmt, i);
  const unsigned char *text = CSQLITE_API->value_text(value);
  *n = text ? CSQLITE_API->value_bytes(value) : 0;
  return text;
}
/// Column `i` of the current row as an integer, or `fallback` when it is NULL, with one call that
/// takes the connection's mutex.
static inline sqlite3_int64 csqlite_column_int64_or(sqlite3_stmt *stmt, int i, sqlite3_int64 fallback) {
  sqlite3_value *value = CSQLITE_API->column_value(stmt, i);
  return CSQLITE_API->value_type(value) == SQLITE_NULL ? fallback : CSQLITE_API->value_int64(value);
}

// Functions
typedef void (*csqlite_function)(sqlite3_context *, int, sqlite3_value **);
typedef void (*csqlite_destroy)(void *);
static inline int csqlite_create_function_v2(sqlite3 *db, const char *name, int argc, int flags,
                                             void *user_data, csqlite_function xFunc,
                                             csqlite_destroy xDestroy) {
  return CSQLITE_API->create_function_v2(db, name, argc, flags, user_data, xFunc, 0, 0, xDestroy);
}
static inline void *csqlite_user_data(sqlite3_context *ctx) { return CSQLITE_API->user_data(ctx); }
static inline int csqlite_value_type(sqlite3_value *v) { return CSQLITE_API->value_type(v); }
static inline int csqlite_value_numeric_type(sqlite3_value *v) { return CSQLITE_API->value_numeric_type(v); }
static inline double csqlite_value_double(sqlite3_value *v) { return CSQLITE_API->value_double(v); }
static inline sqlite3_int64 csqlite_value_int64(sqlite3_value *v) { return CSQLITE_API->value_int64(v); }
static inline const unsigned char *csqlite_value_text(sqlite3_value *v) { return CSQLITE_API->value_text(v); }
/// The pointer of type `type` bound to a parameter and passed to a function (sqlite3_value_pointer),
/// or NULL for any other value: SQL cannot make one.
static inline void *csqlite_value_pointer(sqlite3_value *v, const char *type) {
  return CSQLITE_API->value_pointer(v, type);
}
/// `v` as text (NULL for NULL), its length in bytes in `*n`. A function's arguments take no
/// mutex, where a statement's columns take the connection's at every call.
static inline const unsigned char *csqlite_value_text_bytes(sqlite3_value *v, int *n) {
  const unsigned char *text = CSQLITE_API->value_text(v);
  *n = text ? CSQLITE_API->value_bytes(v) : 0;
  return text;
}
static inline const void *csqlite_value_blob(sqlite3_value *v) { return CSQLITE_API->value_blob(v); }
static inline int csqlite_value_bytes(sqlite3_value *v) { return CSQLITE_API->value_bytes(v); }
static inline void csqlite_result_null(sqlite3_context *ctx) { CSQLITE_API->result_null(ctx); }
static inline void csqlite_result_double(sqlite3_context *ctx, double v) { CSQLITE_API->result_double(ctx, v); }
static inline void csqlite_result_int64(sqlite3_context *ctx, sqlite3_int64 v) {
  CSQLITE_API->result_int64(ctx, v);
}
/// `text` holds `n` bytes and a NUL after them. Text without NULs inside goes to SQLite as
/// NUL-terminated (length -1): given a length, SQLite stores the bytes without a terminator, and
/// the first `sqlite3_column_text` of the result (Python reads every text so) grows the copy
/// again to add one. Text with NULs inside keeps its length.
static inline void csqlite_result_text(sqlite3_context *ctx, const char *text, int n) {
  CSQLITE_API->result_text(ctx, text, strlen(text) == (size_t)n ? -1 : n, SQLITE_TRANSIENT);
}
static inline void csqlite_result_blob(sqlite3_context *ctx, const void *bytes, int n) {
  CSQLITE_API->result_blob(ctx, bytes, n, SQLITE_TRANSIENT);
}
static inline void csqlite_result_error(sqlite3_context *ctx, const char *message, int n) {
  CSQLITE_API->result_error(ctx, message, n);
}

#include "CSQLiteTableFunction.h"

#endif
