#ifndef ZIPGEO_CZLIB_SHIM_H
#define ZIPGEO_CZLIB_SHIM_H
#include <zlib.h>

/// Prepares `stream` to inflate gzip members (windowBits 15 + 16: a gzip header and trailer, whose
/// CRC-32 and length inflate checks). (inflateInit2 is a macro, which Swift does not import.)
static inline int zipgeo_inflate_init_gzip(z_streamp stream) {
  return inflateInit2(stream, 15 + 16);
}
#endif
