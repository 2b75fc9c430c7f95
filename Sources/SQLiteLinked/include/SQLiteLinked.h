#ifndef ZIPGEO_SQLITELINKED_H
#define ZIPGEO_SQLITELINKED_H
/// Installs the routine table of the libsqlite3 this program links (done at load time too).
void sqlite_linked_install(void);
#endif
