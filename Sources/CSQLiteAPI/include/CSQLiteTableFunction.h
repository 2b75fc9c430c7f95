// Table-valued functions: the virtual-table plumbing in C, the rows from a callback.
//
// A function `name(arg1, arg2, ...)` is an eponymous virtual table whose declared columns are
// its result columns followed by one HIDDEN column per argument. SQLite passes the arguments as
// equality constraints on the hidden columns (`name(a, b)` is `name WHERE arg1 = a AND arg2 = b`);
// this module hands them to `fill`, serves the rows `fill` made, and reads each hidden column
// back as the argument the rows were made from, as SQLite's generate_series does: SQLite omits
// only the first 16 constraints of a query and re-checks the others against those columns.
#ifndef ZIPGEO_CSQLITE_TABLE_FUNCTION_H
#define ZIPGEO_CSQLITE_TABLE_FUNCTION_H

#include <sqlite3ext.h>

/// Makes the rows for one call: returns a result handle (or NULL and sets *error, a string from
/// csqlite_strdup, to fail the statement). `argv[i]` is argument i, or NULL when the query left it
/// out (`argc` is one past the last argument given). Bit i of `used` is set when the query reads
/// result column i (all bits are set when SQLite cannot tell); the other columns may be left NULL.
typedef void *(*csqlite_tvf_fill)(void *context, sqlite3 *db, int argc, sqlite3_value **argv, unsigned long long used,
                                  char **error);
/// The number of rows in a result handle (in its current part).
typedef int (*csqlite_tvf_count)(void *rows);
/// Replaces the rows of a result handle with the next part of the answer, when the answer comes
/// in parts (a search nearest first, one band at a time, so that memory holds one band): 1 when
/// it did, 0 after the last part, -1 on failure with `*error` set (from csqlite_strdup).
typedef int (*csqlite_tvf_advance)(void *rows, char **error);
/// Sets the SQL result of column `column` of row `row`.
typedef void (*csqlite_tvf_column)(void *rows, int row, int column, sqlite3_context *ctx);
/// One value of a part's rows, laid out for this module to hand SQLite without calling back: a
/// zeroed cell is NULL. A text's bytes (`bytes` of them, UTF-8, then a NUL; no address for an
/// empty text) belong to the rows and stay valid until they are released or move to their next
/// part.
typedef struct {
  int type;  // 0 or SQLITE_NULL, SQLITE_INTEGER, SQLITE_FLOAT, SQLITE_TEXT
  int bytes;
  union {
    sqlite3_int64 integer;
    double real;
    const char *text;
  } value;
} csqlite_tvf_cell;
/// The values of a result handle's current part, row after row, `column_count` cells a row; or
/// NULL, when `column` gives each value.
typedef const csqlite_tvf_cell *(*csqlite_tvf_cells)(void *rows);
/// Releases a result handle.
typedef void (*csqlite_tvf_release)(void *rows);
/// Called when SQLite disconnects the table, before it closes the connection: the moment to
/// finalize statements the context keeps prepared on `db`.
typedef void (*csqlite_tvf_disconnect)(void *context, sqlite3 *db);
/// Releases the context when the connection closes.
typedef void (*csqlite_tvf_destroy)(void *context);

/// Registers `name` on `db`. `schema` is the CREATE TABLE statement for sqlite3_declare_vtab, its
/// last `argument_count` columns HIDDEN (at most 32); `required` is how many arguments must be
/// given (the others may be left out; their hidden columns then read as NULL). When `innocuous`
/// is set the table is declared SQLITE_VTAB_INNOCUOUS, so that views and triggers may use it
/// under `PRAGMA trusted_schema=OFF`. `destroy` releases `context` once SQLite and every table
/// it connected are done with it, or at once when registering fails. The rows of every call come
/// in the ascending order of the `ordered_count` columns `ordered` (at most 8): an ORDER BY of a
/// prefix of them is left to the rows.
int csqlite_create_table_function(sqlite3 *db, const char *name, const char *schema, int column_count,
                                  int argument_count, int required, int innocuous, void *context,
                                  csqlite_tvf_fill fill, csqlite_tvf_count count, csqlite_tvf_advance advance,
                                  csqlite_tvf_column column, csqlite_tvf_cells cells, csqlite_tvf_release release,
                                  csqlite_tvf_disconnect disconnect, csqlite_tvf_destroy destroy,
                                  const int *ordered, int ordered_count);

#endif
