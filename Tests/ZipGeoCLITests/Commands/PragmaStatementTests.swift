import Testing

@testable import ZipGeoCLI

struct PragmaStatementTests {
  @Test(arguments: [
    ("PRAGMA table_info(zips)", PragmaStatement?.some(PragmaStatement(name: "table_info", hasValue: true))),
    ("pragma main.index_list('zips')", PragmaStatement(name: "index_list", hasValue: true)),
    ("PRAGMA journal_mode", PragmaStatement(name: "journal_mode", hasValue: false)),
    ("PRAGMA journal_mode;", PragmaStatement(name: "journal_mode", hasValue: false)),
    ("PRAGMA wal_checkpoint--.journal_mode", PragmaStatement(name: "wal_checkpoint", hasValue: false)),
    ("/* c */ PRAGMA\n-- line\n\"Cache_Size\" = 1", PragmaStatement(name: "cache_size", hasValue: true)),
    ("PRAGMA [temp].`locking_mode`=EXCLUSIVE", PragmaStatement(name: "locking_mode", hasValue: true)),
    ("PRAGMA temp_store_directory = '/tmp/x'", PragmaStatement(name: "temp_store_directory", hasValue: true)),
    ("EXPLAIN PRAGMA cache_size = 7", PragmaStatement(name: "cache_size", hasValue: true)),
    ("explain query plan pragma temp_store = 2", PragmaStatement(name: "temp_store", hasValue: true)),
    ("EXPLAIN SELECT 1", nil),
    ("SELECT 'PRAGMA cache_size = 1'", nil),
    ("  ", nil),
    ("PRAGMA", nil),
  ])
  func aPragmaIsFoundByItsTokensWhateverCommentsAndQuotesSurroundIt(sql: String, pragma: PragmaStatement?) {
    #expect(PragmaStatement(sql) == pragma)
  }

  @Test func withoutWriteOnlyPragmasThatAskOrDescribeRun() {
    // What sqlite3_stmt_readonly says of each, as SQLite 3.40 reports it.
    #expect(PragmaStatement.readsOnly("PRAGMA table_info(zips)", sqliteSaysReadOnly: true))
    #expect(PragmaStatement.readsOnly("PRAGMA cache_size", sqliteSaysReadOnly: true))
    #expect(PragmaStatement.readsOnly("PRAGMA journal_mode", sqliteSaysReadOnly: false))
    #expect(!PragmaStatement.readsOnly("PRAGMA journal_mode = WAL", sqliteSaysReadOnly: false))
    #expect(!PragmaStatement.readsOnly("PRAGMA cache_size = 1", sqliteSaysReadOnly: true))
    #expect(!PragmaStatement.readsOnly("PRAGMA temp_store_directory = '/tmp'", sqliteSaysReadOnly: true))
    #expect(!PragmaStatement.readsOnly("PRAGMA wal_checkpoint--.journal_mode", sqliteSaysReadOnly: false))
    #expect(PragmaStatement.readsOnly("SELECT 1", sqliteSaysReadOnly: true))
    #expect(!PragmaStatement.readsOnly("DELETE FROM zips", sqliteSaysReadOnly: false))
  }
}
