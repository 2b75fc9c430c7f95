#include "CSQLiteTableFunction.h"
#include "CSQLiteAPI.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *schema;
  int column_count, argument_count, required;
  void *context;
  csqlite_tvf_fill fill;
  csqlite_tvf_count count;
  csqlite_tvf_column column;
  csqlite_tvf_release release;
  csqlite_tvf_disconnect disconnect;
  csqlite_tvf_destroy destroy;
} tvf_spec;

typedef struct {
  sqlite3_vtab base;
  tvf_spec *spec;
  sqlite3 *db;
} tvf_table;

typedef struct {
  sqlite3_vtab_cursor base;
  void *rows;
  int row, rows_count;
} tvf_cursor;

static int tvf_connect(sqlite3 *db, void *aux, int argc, const char *const *argv, sqlite3_vtab **out, char **err) {
  (void)argc;
  (void)argv;
  (void)err;
  tvf_spec *spec = aux;
  int rc = CSQLITE_API->declare_vtab(db, spec->schema);
  if (rc != SQLITE_OK) return rc;
  tvf_table *table = CSQLITE_API->malloc64(sizeof *table);
  if (!table) return SQLITE_NOMEM;
  memset(table, 0, sizeof *table);
  table->spec = spec;
  table->db = db;
  *out = &table->base;
  return SQLITE_OK;
}

// SQLite disconnects every virtual table before it checks, in sqlite3_close, that no statement is
// left prepared; statements cached for the table's calls are finalized here.
static int tvf_disconnect(sqlite3_vtab *vtab) {
  tvf_table *table = (tvf_table *)vtab;
  if (table->spec->disconnect) table->spec->disconnect(table->spec->context, table->db);
  CSQLITE_API->free(vtab);
  return SQLITE_OK;
}

// Arguments are equality constraints on the hidden columns; each one found gets its place in
// xFilter's argv. A plan without every required argument is refused.
static int tvf_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info) {
  tvf_spec *spec = ((tvf_table *)vtab)->spec;
  int slot[32];
  int mask = 0;
  for (int i = 0; i < spec->argument_count && i < 32; i++) slot[i] = -1;
  for (int i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    int argument = c->iColumn - spec->column_count;
    if (argument < 0 || argument >= spec->argument_count || c->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
    if (!c->usable) return SQLITE_CONSTRAINT;
    slot[argument] = i;
    mask |= 1 << argument;
  }
  int given = 0;
  for (int i = 0; i < spec->argument_count; i++) {
    if (slot[i] < 0) break;  // arguments are given left to right
    info->aConstraintUsage[slot[i]].argvIndex = ++given;
    info->aConstraintUsage[slot[i]].omit = 1;
  }
  // Too few arguments still make a plan, so that the call can fail with a message naming them
  // rather than SQLite's "no query solution"; it costs the most, so any complete plan wins.
  // idxNum: the number of arguments given in bits 0-7, the result columns read in bits 8-30.
  sqlite3_uint64 used = info->colUsed;
  if (spec->column_count > 23 || (used >> 63)) used = ~0ULL;
  info->idxNum = given | (int)((used & 0x7FFFFF) << 8);
  info->estimatedCost = given < spec->required ? 1e99 : 10;
  info->estimatedRows = 100;
  (void)mask;
  return SQLITE_OK;
}

static int tvf_open(sqlite3_vtab *vtab, sqlite3_vtab_cursor **out) {
  (void)vtab;
  tvf_cursor *cursor = CSQLITE_API->malloc64(sizeof *cursor);
  if (!cursor) return SQLITE_NOMEM;
  memset(cursor, 0, sizeof *cursor);
  *out = &cursor->base;
  return SQLITE_OK;
}

static void tvf_reset(tvf_cursor *cursor, tvf_spec *spec) {
  if (cursor->rows) spec->release(cursor->rows);
  cursor->rows = 0;
  cursor->row = cursor->rows_count = 0;
}

static int tvf_close(sqlite3_vtab_cursor *base) {
  tvf_cursor *cursor = (tvf_cursor *)base;
  tvf_reset(cursor, ((tvf_table *)base->pVtab)->spec);
  CSQLITE_API->free(cursor);
  return SQLITE_OK;
}

static int tvf_filter(sqlite3_vtab_cursor *base, int plan, const char *idx, int argc, sqlite3_value **argv) {
  (void)idx;
  tvf_cursor *cursor = (tvf_cursor *)base;
  tvf_table *table = (tvf_table *)base->pVtab;
  tvf_reset(cursor, table->spec);
  char *error = 0;
  unsigned long long used = (unsigned long long)(plan >> 8) & 0x7FFFFF;
  cursor->rows = table->spec->fill(table->spec->context, table->db, argc, argv, used, &error);
  if (!cursor->rows) {
    CSQLITE_API->free(table->base.zErrMsg);
    table->base.zErrMsg = error;
    return SQLITE_ERROR;
  }
  cursor->rows_count = table->spec->count(cursor->rows);
  return SQLITE_OK;
}

static int tvf_next(sqlite3_vtab_cursor *base) {
  ((tvf_cursor *)base)->row++;
  return SQLITE_OK;
}

static int tvf_eof(sqlite3_vtab_cursor *base) {
  tvf_cursor *cursor = (tvf_cursor *)base;
  return cursor->row >= cursor->rows_count;
}

static int tvf_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int column) {
  tvf_cursor *cursor = (tvf_cursor *)base;
  tvf_spec *spec = ((tvf_table *)base->pVtab)->spec;
  // Hidden argument columns read back as NULL.
  if (column >= spec->column_count) CSQLITE_API->result_null(ctx);
  else spec->column(cursor->rows, cursor->row, column, ctx);
  return SQLITE_OK;
}

static int tvf_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid) {
  *rowid = ((tvf_cursor *)base)->row + 1;
  return SQLITE_OK;
}

static const sqlite3_module tvf_module = {
  0,               // iVersion
  0,               // xCreate: 0 makes the table eponymous-only, a function
  tvf_connect, tvf_best_index, tvf_disconnect, 0, tvf_open, tvf_close, tvf_filter, tvf_next, tvf_eof,
  tvf_column, tvf_rowid, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

static void tvf_destroy_spec(void *aux) {
  tvf_spec *spec = aux;
  if (spec->destroy) spec->destroy(spec->context);
  free((void *)spec->schema);
  free(spec);
}

int csqlite_create_table_function(sqlite3 *db, const char *name, const char *schema, int column_count,
                                  int argument_count, int required, void *context, csqlite_tvf_fill fill,
                                  csqlite_tvf_count count, csqlite_tvf_column column, csqlite_tvf_release release,
                                  csqlite_tvf_disconnect disconnect, csqlite_tvf_destroy destroy) {
  if (argument_count > 32) return SQLITE_MISUSE;
  tvf_spec *spec = malloc(sizeof *spec);
  if (!spec) return SQLITE_NOMEM;
  *spec = (tvf_spec){strdup(schema), column_count, argument_count, required, context, fill, count, column,
                     release, disconnect, destroy};
  return CSQLITE_API->create_module_v2(db, name, &tvf_module, spec, tvf_destroy_spec);
}
