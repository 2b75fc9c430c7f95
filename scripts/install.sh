#!/usr/bin/env bash
# Installs zipgeo as a Unix tool under a prefix (default /usr/local): the command, the loadable
# SQLite extension, the data with its provenance, shell completions, a manual page, and a manifest
# that scripts/uninstall.sh removes exactly what was installed by. Run with --help for the options.
set -euo pipefail
# Installed files are for every user, whatever the caller's umask (077 made the prefix 700).
umask 022

usage() {
  cat <<'EOF'
Usage: scripts/install.sh [--prefix DIR] [--no-build] [--build-dir DIR]

Builds zipgeo (swift build -c release --static-swift-stdlib) and installs it under DIR:
  bin/zipgeo                                   the command
  lib/zipgeo/zipgeo.so                         the SQLite extension (.load DIR/lib/zipgeo/zipgeo)
  share/zipgeo/zips.csv, world.txt.xz, README.md   the data, where it comes from, its licence
  share/man/man1/zipgeo.1                      the manual (man zipgeo)
  share/bash-completion/completions/zipgeo     bash completion
  share/zsh/site-functions/_zipgeo             zsh completion
  share/fish/vendor_completions.d/zipgeo.fish  fish completion
  share/zipgeo/install-manifest.txt            what was installed, for scripts/uninstall.sh

Options:
  --prefix DIR      Install under DIR, an absolute path. (default: /usr/local)
  --no-build        Do not run swift build; install what the build folder holds.
  --build-dir DIR   The folder of the built zipgeo and libZipgeo.so. (default: .build/release)
  -h, --help        Show this help.

Environment:
  DESTDIR           Stage the files under DESTDIR for a package: they go to $DESTDIR$PREFIX/...,
                    while the manual names $PREFIX.

Nothing under the prefix changes unless every file could be installed: a failed install, or one
stopped by SIGHUP, SIGINT or SIGTERM, puts back what it replaced and removes what it added.
Installing again replaces the files. Exit status: 0 installed, 1 failure (nothing installed),
64 usage error, 128 + N stopped by signal N (nothing installed).
EOF
}

fail() {
  echo "install.sh: $*" >&2
  exit 1
}

usage_error() {
  echo "install.sh: $*" >&2
  echo "Usage: scripts/install.sh [--prefix DIR] [--no-build] [--build-dir DIR]  (see --help)" >&2
  exit 64
}

repository=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=install-layout.sh
. "$repository/scripts/install-layout.sh"
prefix=/usr/local
build=1
build_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix)
      [ $# -ge 2 ] || usage_error "missing value for '--prefix DIR'"
      prefix=$2
      shift 2
      ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --build-dir)
      [ $# -ge 2 ] || usage_error "missing value for '--build-dir DIR'"
      build_dir=$2
      shift 2
      ;;
    --build-dir=*) build_dir=${1#--build-dir=}; shift ;;
    --no-build) build=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) usage_error "unknown option '$1'" ;;
  esac
done

set_root

if [ "$build" -eq 1 ]; then
  [ -n "$build_dir" ] && usage_error "--build-dir needs --no-build: swift build puts its products in .build/release"
  echo "install.sh: swift build -c release --static-swift-stdlib"
  (cd "$repository" && swift build -c release --static-swift-stdlib) || fail "the build failed; nothing was installed"
fi
build_dir=${build_dir:-$repository/.build/release}

# Everything is checked and made in a staging folder first: a failure leaves the prefix as it was.
[ -d "$build_dir" ] || fail "no build folder at '$build_dir'"
[ -x "$build_dir/zipgeo" ] || fail "no zipgeo binary in '$build_dir'; nothing was installed"
[ -f "$build_dir/libZipgeo.so" ] || fail "no libZipgeo.so in '$build_dir'; nothing was installed"
for file in zips.csv world.txt.xz README.md; do
  [ -f "$repository/data/$file" ] || fail "no data/$file in '$repository'; nothing was installed"
done

# Stopped by SIGHUP, SIGINT or SIGTERM, the install undoes what it did under the prefix (as a
# failure does) and exits 128 + the signal's number. A step that changes the prefix and the
# record of it are held together: a signal arriving between them waits for the record.
lock=""        # the lock folder, once this install holds it
above=()       # the prefix and the folders above it that were not there, innermost first
created=()     # folders made under the prefix, removed again if the install fails
temporaries=() # for each file, its new copy beside its destination until renamed into place
kept=()        # for each file that replaces one, a second name for the old one, to put it back
fresh=()       # for each file that replaces none, 1: the install removes it again
staging=""
installed=0    # 1 once every file is in place: nothing is undone after that
held=0         # 1 while a step and its record are held together
signalled=""   # the signal that arrived meanwhile, and its number
stop() {
  if [ "$held" -eq 1 ]; then
    signalled="$1 $2"
    return
  fi
  echo "install.sh: stopped by SIG$1; nothing was installed" >&2
  exit $((128 + $2))
}
hold() { held=1; }
release() {
  held=0
  # Split on purpose: the signal's name and number.
  # shellcheck disable=SC2086
  if [ -n "$signalled" ]; then stop $signalled; fi
}
trap 'stop HUP 1' HUP
trap 'stop INT 2' INT
trap 'stop TERM 15' TERM

# Puts the prefix back as it was, for a failed or stopped install: each file it replaced back
# in place, each file that replaced none removed, the temporary copies and the folders it made
# under the prefix removed. Whether a file was renamed into place is read from the files
# themselves, whatever the signal interrupted: its temporary copy is gone once it is.
roll_back() {
  local index destination temporary old
  for ((index = ${#temporaries[@]} - 1; index >= 0; index--)); do
    destination=$root/${installing[index]}
    temporary=${temporaries[index]}
    old=${kept[index]:-}
    if [ -e "$temporary" ] || [ -L "$temporary" ]; then
      rm -f "$temporary"
      # Not renamed into place: the old file is where it was (old is a second name of it, or
      # still the empty file mktemp made), unless it was renamed aside as a link is.
      if [ -n "$old" ]; then
        if [ -e "$destination" ] || [ -L "$destination" ]; then rm -f "$old"; else mv -f "$old" "$destination"; fi
      fi
    elif [ -n "$old" ]; then
      mv -f "$old" "$destination"
    elif [ -n "${fresh[index]:-}" ]; then
      rm -f "$destination"
    fi || echo "install.sh: could not put '$destination' back as it was${old:+ (the old one is '$old')}" >&2
  done
  for ((index = ${#created[@]} - 1; index >= 0; index--)); do rmdir "$root/${created[index]}" 2>/dev/null; done
}
# On any exit before every file is in place, whatever its status: bash runs this trap with $?
# = 0 when a signal it does not catch (SIGUSR1, SIGPIPE) ends it, and that is no success either.
cleanup() {
  # A second signal must not stop the rollback halfway.
  trap '' HUP INT TERM
  set +e
  if [ "$installed" -eq 0 ]; then roll_back; fi
  # The lock is held until the files are back, and is inside the prefix: released before the
  # prefix, and the folders above it, are removed if the install made them.
  if [ -n "$lock" ]; then rmdir "$lock" 2>/dev/null; fi
  if [ "$installed" -eq 0 ]; then
    for folder in "${above[@]+"${above[@]}"}"; do rmdir "$folder" 2>/dev/null; done
  fi
  if [ -n "$staging" ]; then rm -rf "$staging"; fi
}
trap cleanup EXIT

# For tests only: ZIPGEO_INSTALL_TEST_HOOK="STEP N SIGNAL" ("place 3 TERM") makes the install
# send itself SIGNAL at that step of its Nth file, as a kill or a Ctrl-C arriving then would:
# "copy N" before the file's temporary copy is made; "place N" once the file it replaces (if
# any) is kept aside, before the new one is renamed into place.
at_step() {
  local hook=${ZIPGEO_INSTALL_TEST_HOOK:-}
  if [ -n "$hook" ] && [ "${hook% *}" = "$1 $2" ]; then kill -s "${hook##* }" $$; fi
}

hold
staging=$(mktemp -d "${TMPDIR:-/tmp}/zipgeo-install.XXXXXX")
release

files=("${layout_files[@]}")
installing=("${files[@]}" "$manifest") # the manifest last: it says the install is whole
for file in "${files[@]}" "$manifest"; do mkdir -p "$staging/$(dirname "$file")"; done

zipgeo=$build_dir/zipgeo
cp "$zipgeo" "$staging/bin/zipgeo"
cp "$build_dir/libZipgeo.so" "$staging/lib/zipgeo/zipgeo.so"
for file in zips.csv world.txt.xz README.md; do cp "$repository/data/$file" "$staging/share/zipgeo/$file"; done
# The manual and completions come from the built binary's own help, so they match it.
"$zipgeo" --generate-manual "${prefix:-/}" >"$staging/share/man/man1/zipgeo.1" ||
  fail "'$zipgeo --generate-manual' failed; nothing was installed"
for shell in bash zsh fish; do
  case "$shell" in
    bash) target=share/bash-completion/completions/zipgeo ;;
    zsh) target=share/zsh/site-functions/_zipgeo ;;
    fish) target=share/fish/vendor_completions.d/zipgeo.fish ;;
  esac
  "$zipgeo" --generate-completion-script "$shell" >"$staging/$target" ||
    fail "'$zipgeo --generate-completion-script $shell' failed; nothing was installed"
done
for file in "${files[@]}"; do
  [ -s "$staging/$file" ] || fail "$file came out empty; nothing was installed"
  chmod 644 "$staging/$file"
done
chmod 755 "$staging/bin/zipgeo" "$staging/lib/zipgeo/zipgeo.so"

# Make the folders, outermost first, remembering the ones that were not there.
folder=${root:-/}
while [ ! -d "$folder" ]; do
  above+=("$folder")
  folder=$(dirname "$folder")
done
mkdir -p "${root:-/}" || fail "cannot create '$root'; nothing was installed"

hold
take_lock "nothing was installed" || exit 1
release

# Folders an earlier install made stay listed, so that uninstalling removes them too. A link at
# the manifest's place is not one (see install-layout.sh), and is replaced.
made=()
if is_plain_file "$root/$manifest"; then
  while IFS=$'\t' read -r kind _ path; do
    if [ "$kind" = folder ] && is_layout_folder "$path"; then made+=("$path"); fi
  done <"$root/$manifest"
fi
for file in "${files[@]}" "$manifest"; do
  if [ -d "$root/$file" ] && [ ! -L "$root/$file" ]; then
    fail "'$root/$file' is a folder, where zipgeo installs a file; nothing was installed"
  fi
done
for file in "${files[@]}" "$manifest"; do
  folder=$(dirname "$file")
  path=""
  IFS=/ read -r -a parts <<<"$folder"
  for part in "${parts[@]}"; do
    path=${path:+$path/}$part
    if [ ! -d "$root/$path" ]; then
      hold
      mkdir -m 755 "$root/$path" || fail "cannot create folder '$root/$path'; nothing was installed"
      created+=("$path")
      release
      made+=("$path")
    fi
  done
done

{
  echo "# zipgeo $("$zipgeo" --version) installed under ${prefix:-/} by scripts/install.sh."
  echo "# scripts/uninstall.sh removes each file that still has its SHA-256, then each folder if empty."
  for file in "${files[@]}"; do printf 'file\t%s\t%s\n' "$(checksum "$staging/$file")" "$file"; done
  printf 'file\t-\t%s\n' "$manifest"
  [ ${#made[@]} -eq 0 ] || printf '%s\n' "${made[@]}" | awk '!seen[$0]++ { printf "folder\t-\t%s\n", $0 }'
} >"$staging/$manifest"
chmod 644 "$staging/$manifest"

# Copy next to each destination, then rename: a rename within a folder does not half-happen.
# mktemp makes each temporary copy, and each second name of a file replaced, under a name of
# its own (O_EXCL), never one a link planted there beforehand could hold and lead elsewhere.
for index in "${!installing[@]}"; do
  destination=$root/${installing[index]}
  at_step copy $((index + 1))
  hold
  temporary=$(mktemp "$destination.install-tmp.XXXXXXXX") ||
    fail "cannot write beside '$destination'; nothing was installed"
  temporaries+=("$temporary")
  release
  cp -p "$staging/${installing[index]}" "$temporary" || fail "cannot write '$temporary'; nothing was installed"
done
for index in "${!installing[@]}"; do
  destination=$root/${installing[index]}
  hold
  if [ -e "$destination" ] || [ -L "$destination" ]; then
    old=$(mktemp "$destination.install-old.XXXXXXXX") ||
      fail "cannot write beside '$destination'; nothing was installed"
    kept[index]=$old
  else
    fresh[index]=1
  fi
  release
  if [ -n "${kept[index]:-}" ]; then
    if [ -L "$destination" ]; then
      # A link where a file goes is replaced, never followed (see install-layout.sh): renamed
      # aside, since renamed over a link to a folder the file would go into the folder.
      mv -f "$destination" "$old"
    else
      # A second name: the old file stays in place until the new one replaces it. Renamed
      # aside where the file system has no hard links.
      ln -f -P "$destination" "$old" 2>/dev/null || mv -f "$destination" "$old"
    fi || fail "cannot keep '$destination' aside; nothing was installed"
  fi
  at_step place $((index + 1))
  mv -f "${temporaries[index]}" "$destination" ||
    fail "cannot rename '${temporaries[index]}' to '$destination'; nothing was installed"
done
# Every file is in place: the install is done, and neither a signal nor a failure undoes it.
trap '' HUP INT TERM
installed=1
for old in "${kept[@]+"${kept[@]}"}"; do rm -f "$old"; done

echo "Installed zipgeo $("$zipgeo" --version) under ${prefix:-/}${DESTDIR:+ (staged in $DESTDIR)}:"
for file in "${files[@]}" "$manifest"; do echo "  ${prefix}/$file"; done
