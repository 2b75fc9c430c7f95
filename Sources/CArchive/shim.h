#ifndef ZIPGEO_CARCHIVE_SHIM_H
#define ZIPGEO_CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>

/// Whether `entry` is a folder. (AE_IFDIR is a macro with a cast, which Swift does not import.)
static inline int zipgeo_archive_entry_is_directory(struct archive_entry *entry) {
  return archive_entry_filetype(entry) == AE_IFDIR;
}
#endif
