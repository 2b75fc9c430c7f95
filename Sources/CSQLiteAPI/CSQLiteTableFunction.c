#include "CSQLiteTableFunction.h"
#include "CSQLiteAPI.h"

#include <stdlib.h>
#include <string.h>

#define TVF_MAX_ARGUMENTS 32
#define TVF_MAX_ORDERED 8

typedef struct {
  const char *schema;
  int column_count, argument_count, required, innocuous;
  void *context;
  csqlite_tvf_fill fill;
  csqlite_tvf_count count;
  csqlite_tvf_advance advance;
  csqlite_tvf_column column;
  csqlite_tvf_cells cells;
  csqlite_tvf_release release;
  csqlite_tvf_disconnect disconnect;
  csqlite_tvf_destroy destroy;
  /// The columns whose order, ascending, the rows of every call come in: an ORDER BY of a prefix
  /// of them is consumed (SQLite does not sort again).
  int ordered[TVF_MAX_ORDERED], ordered_count;
  /// The module's reference and one for each connected table. SQLite may destroy a module's
  /// client data before it disconnects the module's last table (3.40's sqlite3VtabUnlock drops
  /// the module first; registering the same name again, as a second load of the extension does,
  /// leads there): the spec lives until both are done with it. Only SQLite calls change it, under
  /// its connection's mutex.
  int references;
} tvf_spec;

/// Drops one reference; the last one releases the Swift side and frees the spec.
static void tvf_release_spec(tvf_spec *spec) {
  if (--spec->references > 0) return;
  if (spec->destroy) spec->destroy(spec->context);
  free((void *)spec->schema);
  free(spec);
}

typedef struct {
  sqlite3_vtab base;
  tvf_spec *spec;
  sqlite3 *db;
} tvf_table;

typedef struct {
  sqlite3_vtab_cursor base;
  void *rows;
  int row, rows_count;
  /// The current part's values, when the rows lay them out (`csqlite_tvf_cells`), else NULL.
  const csqlite_tvf_cell *cells;
  /// The rows of the parts before the current one, for rowids.
  sqlite3_int64 earlier_rows;
  /// Set after the last part.
  int done;
  /// The arguments the rows were made from, copies owned by the cursor (NULL: left out): the
  /// hidden columns read them back.
  sqlite3_value *arguments[TVF_MAX_ARGUMENTS];
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
  spec->references++;
  table->db = db;
  // Without this, SQLite refuses the function in views and triggers when trusted_schema is off.
  // A host older than 3.31 does not know the option and answers SQLITE_MISUSE: nothing to do then.
  if (spec->innocuous) CSQLITE_API->vtab_config(db, SQLITE_VTAB_INNOCUOUS);
  *out = &table->base;
  return SQLITE_OK;
}

// SQLite disconnects every virtual table before it checks, in sqlite3_close, that no statement is
// left prepared; statements cached for the table's calls are finalized here.
static int tvf_disconnect(sqlite3_vtab *vtab) {
  tvf_table *table = (tvf_table *)vtab;
  if (table->spec->disconnect) table->spec->disconnect(table->spec->context, table->db);
  tvf_release_spec(table->spec);
  CSQLITE_API->free(vtab);
  return SQLITE_OK;
}

// Arguments are equality constraints on the hidden columns, `=` or `IS`; each one given gets its
// place in xFilter's argv, in argument order, and is omitted from SQLite's own checks (which SQLite
// honours for the first 16 constraints only: the others are re-checked against the hidden
// columns). Any subset of the arguments may be given, as in generate_series. A plan that has a
// constraint on an argument but cannot use it (a join that has not yet produced the value) is
// refused, so that SQLite picks an order in which every argument is known.
//
// `radius IS 10` gives the argument as `radius = 10` does. `IS NULL` (written so, SQLite's ISNULL
// constraint, left to SQLite; or an `IS` whose value turns out NULL) is true of an argument left
// out, whose hidden column reads NULL: xFilter takes it as not given, so that the function uses its
// default, where `= NULL`, never true, gives no rows.
//
// idxNum: bit i is set when argument i is given. idxStr: the result columns read (colUsed), in hex,
// then, after a comma, the arguments given by `IS` (bit i for argument i), in hex.
static int tvf_best_index(sqlite3_vtab *vtab, sqlite3_index_info *info) {
  tvf_spec *spec = ((tvf_table *)vtab)->spec;
  int slot[TVF_MAX_ARGUMENTS];
  unsigned given = 0, unusable = 0, by_is = 0;
  for (int i = 0; i < spec->argument_count; i++) slot[i] = -1;
  for (int i = 0; i < info->nConstraint; i++) {
    const struct sqlite3_index_constraint *c = &info->aConstraint[i];
    int argument = c->iColumn - spec->column_count;
    if (argument < 0 || argument >= spec->argument_count) continue;
    if (c->op != SQLITE_INDEX_CONSTRAINT_EQ && c->op != SQLITE_INDEX_CONSTRAINT_IS) continue;
    if (!c->usable) {
      unusable |= 1u << argument;
      continue;
    }
    // A second usable constraint on the same argument is left for SQLite to check against the
    // hidden column: `radius = 10 AND radius = 5` gives no rows. An `=` is taken over an `IS`.
    if (slot[argument] >= 0) {
      if (!(by_is & (1u << argument)) || c->op != SQLITE_INDEX_CONSTRAINT_EQ) continue;
      by_is &= ~(1u << argument);
    }
    slot[argument] = i;
    given |= 1u << argument;
    if (c->op == SQLITE_INDEX_CONSTRAINT_IS) by_is |= 1u << argument;
  }
  if (unusable & ~given) return SQLITE_CONSTRAINT;
  int next = 0, required_given = 1;
  for (int i = 0; i < spec->argument_count; i++) {
    if (slot[i] < 0) {
      if (i < spec->required) required_given = 0;
      continue;
    }
    info->aConstraintUsage[slot[i]].argvIndex = ++next;
    info->aConstraintUsage[slot[i]].omit = 1;
  }
  sqlite3_uint64 used = info->colUsed;
  // Bit 63 stands for every column from the 64th on.
  if (spec->column_count > 63 || (used >> 63)) used = ~0ULL;
  char *columns = CSQLITE_API->mprintf("%llx,%x", (unsigned long long)used, by_is);
  if (!columns) return SQLITE_NOMEM;
  info->idxNum = (int)given;
  info->idxStr = columns;
  info->needToFreeIdxStr = 1;
  // Too few arguments still make a plan, so that the call can fail with a message naming them
  // rather than SQLite's "no query solution"; it costs the most, so any complete plan wins.
  info->estimatedCost = required_given ? 10 : 1e99;
  // The rows of one call come in the order of `ordered`: an ORDER BY of its first columns,
  // ascending, needs no sort. (SQLite passes only terms on this table's columns with their own
  // collation, and only when this table's order can give the whole statement's.)
  if (info->nOrderBy > 0 && info->nOrderBy <= spec->ordered_count) {
    int consumed = 1;
    for (int i = 0; i < info->nOrderBy; i++) {
      if (info->aOrderBy[i].desc || info->aOrderBy[i].iColumn != spec->ordered[i]) consumed = 0;
    }
    info->orderByConsumed = consumed;
  }
  info->estimatedRows = 100;
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
  cursor->cells = 0;
  cursor->row = cursor->rows_count = 0;
  cursor->earlier_rows = 0;
  cursor->done = 0;
  // Only the function's own arguments are ever set: a search's call frees 3 or 4, not 32.
  for (int i = 0; i < spec->argument_count; i++) {
    if (!cursor->arguments[i]) continue;
    CSQLITE_API->value_free(cursor->arguments[i]);
    cursor->arguments[i] = 0;
  }
}

static int tvf_close(sqlite3_vtab_cursor *base) {
  tvf_cursor *cursor = (tvf_cursor *)base;
  tvf_reset(cursor, ((tvf_table *)base->pVtab)->spec);
  CSQLITE_API->free(cursor);
  return SQLITE_OK;
}

static int tvf_advance_past_end(tvf_cursor *cursor, tvf_table *table);

static int tvf_filter(sqlite3_vtab_cursor *base, int plan, const char *idx, int argc, sqlite3_value **argv) {
  tvf_cursor *cursor = (tvf_cursor *)base;
  tvf_table *table = (tvf_table *)base->pVtab;
  tvf_spec *spec = table->spec;
  tvf_reset(cursor, spec);
  // SQLite's argv holds the given arguments in order; spread them to their places. The body gets
  // SQLite's values, the hidden columns untouched copies: reading text as a number converts a
  // value in place (sqlite3_value_numeric_type), and '2' must read back as '2' to equal '2'.
  unsigned given = (unsigned)plan;
  unsigned long long used = ~0ULL;
  unsigned by_is = 0;
  if (idx) {
    char *end = 0;
    used = strtoull(idx, &end, 16);
    if (*end == ',') by_is = (unsigned)strtoul(end + 1, 0, 16);
  }
  sqlite3_value *arguments[TVF_MAX_ARGUMENTS] = {0};
  int count = 0;
  for (int i = 0, next = 0; i < spec->argument_count && next < argc; i++) {
    if (!(given & (1u << i))) continue;
    sqlite3_value *value = argv[next++];
    // `IS NULL`: the argument is left out (see tvf_best_index).
    if ((by_is & (1u << i)) && CSQLITE_API->value_type(value) == SQLITE_NULL) continue;
    arguments[i] = value;
    cursor->arguments[i] = CSQLITE_API->value_dup(arguments[i]);
    if (!cursor->arguments[i]) return SQLITE_NOMEM;
    count = i + 1;
  }
  char *error = 0;
  cursor->rows = spec->fill(spec->context, table->db, count, arguments, used, &error);
  if (!cursor->rows) {
    CSQLITE_API->free(table->base.zErrMsg);
    table->base.zErrMsg = error;
    return SQLITE_ERROR;
  }
  cursor->rows_count = spec->count(cursor->rows);
  cursor->cells = spec->cells(cursor->rows);
  return tvf_advance_past_end(cursor, table);
}

/// While the cursor is past the end of its part, moves to the next part of the answer (read as
/// SQLite asks for rows, so that a LIMIT reads no more parts than it needs).
static int tvf_advance_past_end(tvf_cursor *cursor, tvf_table *table) {
  tvf_spec *spec = table->spec;
  while (cursor->row >= cursor->rows_count && !cursor->done) {
    char *error = 0;
    int more = spec->advance(cursor->rows, &error);
    if (more < 0) {
      CSQLITE_API->free(table->base.zErrMsg);
      table->base.zErrMsg = error;
      cursor->done = 1;
      return SQLITE_ERROR;
    }
    if (more == 0) {
      cursor->done = 1;
      break;
    }
    cursor->earlier_rows += cursor->rows_count;
    cursor->row = 0;
    cursor->rows_count = spec->count(cursor->rows);
    cursor->cells = spec->cells(cursor->rows);
  }
  return SQLITE_OK;
}

static int tvf_next(sqlite3_vtab_cursor *base) {
  tvf_cursor *cursor = (tvf_cursor *)base;
  cursor->row++;
  return tvf_advance_past_end(cursor, (tvf_table *)base->pVtab);
}

static int tvf_eof(sqlite3_vtab_cursor *base) {
  tvf_cursor *cursor = (tvf_cursor *)base;
  return cursor->row >= cursor->rows_count;
}

static int tvf_column(sqlite3_vtab_cursor *base, sqlite3_context *ctx, int column) {
  tvf_cursor *cursor = (tvf_cursor *)base;
  tvf_spec *spec = ((tvf_table *)base->pVtab)->spec;
  if (column < spec->column_count) {
    if (!cursor->cells) {
      spec->column(cursor->rows, cursor->row, column, ctx);
      return SQLITE_OK;
    }
    // The values of a search's rows, several per row for every row SQLite reads: no call back.
    const csqlite_tvf_cell *cell = &cursor->cells[(size_t)cursor->row * (size_t)spec->column_count + (size_t)column];
    switch (cell->type) {
      case SQLITE_INTEGER: CSQLITE_API->result_int64(ctx, cell->value.integer); break;
      case SQLITE_FLOAT: CSQLITE_API->result_double(ctx, cell->value.real); break;
      case SQLITE_TEXT:
        // A NUL follows the bytes: said so (a length of -1), SQLite keeps its copy terminated,
        // and the first sqlite3_column_text of it does not grow the copy (csqlite_result_text).
        if (!cell->value.text) CSQLITE_API->result_text(ctx, "", 0, SQLITE_TRANSIENT);
        else csqlite_result_text(ctx, cell->value.text, cell->bytes);
        break;
      default: CSQLITE_API->result_null(ctx); break;
    }
    return SQLITE_OK;
  }
  // A hidden column is the argument as given, or NULL when it was left out (then the function
  // used its default, which only the function knows).
  sqlite3_value *argument = cursor->arguments[column - spec->column_count];
  if (argument) CSQLITE_API->result_value(ctx, argument);
  else CSQLITE_API->result_null(ctx);
  return SQLITE_OK;
}

static int tvf_rowid(sqlite3_vtab_cursor *base, sqlite3_int64 *rowid) {
  tvf_cursor *cursor = (tvf_cursor *)base;
  *rowid = cursor->earlier_rows + cursor->row + 1;
  return SQLITE_OK;
}

static const sqlite3_module tvf_module = {
  0,               // iVersion
  0,               // xCreate: 0 makes the table eponymous-only, a function
  tvf_connect, tvf_best_index, tvf_disconnect, 0, tvf_open, tvf_close, tvf_filter, tvf_next, tvf_eof,
  tvf_column, tvf_rowid, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

static void tvf_destroy_spec(void *aux) { tvf_release_spec(aux); }

int csqlite_create_table_function(sqlite3 *db, const char *name, const char *schema, int column_count,
                                  int argument_count, int required, int innocuous, void *context,
                                  csqlite_tvf_fill fill, csqlite_tvf_count count, csqlite_tvf_advance advance,
                                  csqlite_tvf_column column, csqlite_tvf_cells cells, csqlite_tvf_release release,
                                  csqlite_tvf_disconnect disconnect, csqlite_tvf_destroy destroy,
                                  const int *ordered, int ordered_count) {
  // On every failure `destroy` is called, as SQLite calls it when create_module_v2 fails: the
  // caller's context never leaks.
  if (argument_count > TVF_MAX_ARGUMENTS || ordered_count < 0 || ordered_count > TVF_MAX_ORDERED) {
    if (destroy) destroy(context);
    return SQLITE_MISUSE;
  }
  tvf_spec *spec = malloc(sizeof *spec);
  if (!spec) {
    if (destroy) destroy(context);
    return SQLITE_NOMEM;
  }
  *spec = (tvf_spec){strdup(schema), column_count, argument_count, required, innocuous, context, fill, count,
                     advance, column, cells, release, disconnect, destroy, {0}, ordered_count, 1};
  for (int i = 0; i < ordered_count; i++) spec->ordered[i] = ordered[i];
  if (!spec->schema) {
    free(spec);
    if (destroy) destroy(context);
    return SQLITE_NOMEM;
  }
  return CSQLITE_API->create_module_v2(db, name, &tvf_module, spec, tvf_destroy_spec);
}
