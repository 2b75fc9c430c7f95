# What scripts/install.sh and scripts/uninstall.sh share, sourced by both: the prefix's checks,
# the manifest's place, its checksums and the lock. A sourcing script defines usage_error.

# The manifest install.sh writes and uninstall.sh reads, under the prefix.
manifest=share/zipgeo/install-manifest.txt

# Checks $prefix, drops its trailing slashes (/usr/local/ as /usr/local; / as the empty string,
# each path adding its own slash) and sets root, where the files go: $DESTDIR$prefix.
set_root() {
  case "$prefix" in
    /*) ;;
    *) usage_error "the prefix must be an absolute path, not '$prefix'" ;;
  esac
  # The manifest is a line per file: a line break or a tab in the prefix would split its lines.
  case "${DESTDIR:-}$prefix" in
    *$'\n'* | *$'\t'*) usage_error "the prefix (and DESTDIR) must not hold a line break or a tab" ;;
  esac
  while [ "${prefix%/}" != "$prefix" ]; do prefix=${prefix%/}; done
  root="${DESTDIR:-}$prefix"
}

# The SHA-256 of a file, in hex.
checksum() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum <"$1" | cut -d' ' -f1
  else
    shasum -a 256 <"$1" | cut -d' ' -f1
  fi
}

# Takes the lock under root (one install or uninstall at a time: two at once would mix their
# files) and sets lock to it; else prints why, ending with "$1", and fails.
take_lock() {
  if mkdir "$root/.zipgeo-install.lock" 2>/dev/null; then
    lock="$root/.zipgeo-install.lock"
    return 0
  fi
  echo "$(basename "$0"): another zipgeo install or uninstall is running under '${prefix:-/}' (if none is, a" \
    "killed one left '$root/.zipgeo-install.lock': remove it); $1" >&2
  return 1
}
