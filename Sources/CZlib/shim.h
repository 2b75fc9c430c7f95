#ifndef ZIPGEO_CZLIB_SHIM_H
#define ZIPGEO_CZLIB_SHIM_H
#include <zlib.h>
#endif
