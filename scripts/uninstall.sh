#!/usr/bin/env bash
# Removes what scripts/install.sh installed under a prefix (default /usr/local), as its manifest
# lists it, and nothing else. Run with --help for the options.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: scripts/uninstall.sh [--prefix DIR]

Removes what scripts/install.sh installed under DIR, as DIR/share/zipgeo/install-manifest.txt
lists it: each file that is as it was installed, then each folder the install created, if it
is empty. A file changed since, and a file added to share/zipgeo or lib/zipgeo, is left where
it is and named on standard error.

Options:
  --prefix DIR      Uninstall from DIR. (default: /usr/local)
  -h, --help        Show this help.

Environment:
  DESTDIR           Uninstall from $DESTDIR$PREFIX, where install.sh staged a package.

Exit status: 0 uninstalled; 1 nothing to uninstall (no manifest under DIR, as after a second
uninstall) or a failure; 2 uninstalled, but files changed or added since were left; 64 usage
error.
EOF
}

usage_error() {
  echo "uninstall.sh: $*" >&2
  echo "Usage: scripts/uninstall.sh [--prefix DIR]  (see --help)" >&2
  exit 64
}

# shellcheck source=install-layout.sh
. "$(dirname "${BASH_SOURCE[0]}")/install-layout.sh"

prefix=/usr/local
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix)
      [ $# -ge 2 ] || usage_error "missing value for '--prefix DIR'"
      prefix=$2
      shift 2
      ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage_error "unknown option '$1'" ;;
  esac
done
set_root

if [ -L "$root/$manifest" ]; then
  echo "uninstall.sh: '$root/$manifest' is a symbolic link, not the manifest install.sh writes; nothing was removed" >&2
  exit 1
fi
if [ ! -f "$root/$manifest" ]; then
  echo "uninstall.sh: nothing to uninstall: no zipgeo install manifest at '$root/$manifest'" >&2
  exit 1
fi

take_lock "nothing was removed" || exit 1
trap 'rmdir "$lock" 2>/dev/null || true' EXIT

# Read it all first, and refuse a manifest naming anything but the layout's files and folders:
# links to folders on their way are followed, as install.sh followed them (see install-layout.sh),
# so a manifest and a link both planted under the prefix must not name anything else.
files=()
sums=()
folders=(lib/zipgeo share/zipgeo)
while IFS=$'\t' read -r kind sum path; do
  # A manifest an editor saved with CRLF line ends is the same manifest.
  path=${path%$'\r'}
  case "$kind" in
    '' | '#'*) continue ;;
  esac
  case "$kind" in
    file)
      if ! is_layout_file "$path"; then
        echo "uninstall.sh: '$root/$manifest' names '$path', which is not a file zipgeo installs; nothing was removed" >&2
        exit 1
      fi
      files+=("$path")
      sums+=("$sum")
      ;;
    folder)
      if ! is_layout_folder "$path"; then
        echo "uninstall.sh: '$root/$manifest' names '$path', which is not a folder zipgeo installs in; nothing was" \
          "removed" >&2
        exit 1
      fi
      folders+=("$path")
      ;;
    *)
      echo "uninstall.sh: '$root/$manifest' has a line this script does not know: '$kind'; nothing was removed" >&2
      exit 1
      ;;
  esac
done <"$root/$manifest"

kept=0
removed=0
for index in "${!files[@]}"; do
  path=${files[index]}
  [ "$path" = "$manifest" ] && continue # last, once the files are gone
  [ -e "$root/$path" ] || [ -L "$root/$path" ] || continue
  # A link here is not the file installed (see install-layout.sh): it stays, and is named.
  if is_plain_file "$root/$path" && [ "$(checksum "$root/$path")" = "${sums[index]}" ]; then
    rm -f "$root/$path"
    removed=$((removed + 1))
  else
    echo "uninstall.sh: kept '$root/$path': it changed since it was installed" >&2
    kept=1
  fi
done
rm -f "$root/$manifest"

# Deepest folders first, so that a parent is empty once its children are gone.
while IFS= read -r path; do
  # A link to a folder is not one the install made: it stays.
  [ -d "$root/$path" ] && [ ! -L "$root/$path" ] || continue
  rmdir "$root/$path" 2>/dev/null && continue
  # A shared folder (share/man/man1) that other packages use by now stays without a word.
  case "$path" in
    lib/zipgeo | share/zipgeo)
      echo "uninstall.sh: kept '$root/$path': it still holds:" >&2
      (cd "$root/$path" && find . -mindepth 1 | sed 's|^\./|  |' | sort) >&2
      kept=1
      ;;
  esac
done < <(printf '%s\n' "${folders[@]}" | awk -F/ '!seen[$0]++ { print NF "\t" $0 }' | sort -t$'\t' -k1,1nr -k2 | cut -f2-)

echo "Uninstalled zipgeo from ${prefix:-/}${DESTDIR:+ (staged in $DESTDIR)}: $removed files removed."
[ "$kept" -eq 0 ] || exit 2
