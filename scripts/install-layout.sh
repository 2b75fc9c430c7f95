# What scripts/install.sh and scripts/uninstall.sh share, sourced by both: the prefix's checks,
# the layout of the files, the rule for symbolic links, checksums and the lock. A sourcing script
# defines usage_error.

# Every file install.sh puts under the prefix, and nothing else: uninstall.sh removes only these.
layout_files=(
  bin/zipgeo
  lib/zipgeo/zipgeo.so
  share/zipgeo/zips.csv
  share/zipgeo/world.txt.xz
  share/zipgeo/README.md
  share/man/man1/zipgeo.1
  share/bash-completion/completions/zipgeo
  share/zsh/site-functions/_zipgeo
  share/fish/vendor_completions.d/zipgeo.fish
)
# The manifest install.sh writes and uninstall.sh reads, under the prefix.
manifest=share/zipgeo/install-manifest.txt

# Symbolic links under the prefix, one rule for install and uninstall alike:
# - a link to a folder on the way to a file (share -> /data/share, as ~/.local/share often is)
#   is followed, as install(1) and make install follow it: the files go where it leads, and are
#   removed from there;
# - a file's own place is never followed: install replaces a link it finds there with its file,
#   never writing through it (and puts the link back if it fails or is stopped); uninstall
#   leaves such a link, since it is not the file installed, and does not read a manifest that
#   is one;
# - uninstall removes only the files and folders of this layout, whatever a manifest lists: a
#   manifest and a link both planted under the prefix cannot name anything else.
#
# Whether PATH is a file of its own, not a link to one (nor a folder).
is_plain_file() {
  [ -f "$1" ] && [ ! -L "$1" ]
}

# Whether PATH, relative to the prefix, is one of the layout's files or the manifest.
is_layout_file() {
  local file
  for file in "${layout_files[@]}" "$manifest"; do
    [ "$file" = "$1" ] && return 0
  done
  return 1
}

# Whether PATH, relative to the prefix, is a folder on the way to one of the layout's files.
is_layout_folder() {
  local file
  for file in "${layout_files[@]}" "$manifest"; do
    case "$file" in
      "$1"/*) return 0 ;;
    esac
  done
  return 1
}

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
