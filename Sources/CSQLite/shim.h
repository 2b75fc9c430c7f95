#ifndef ZIPGEO_CSQLITE_SHIM_H
#define ZIPGEO_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
