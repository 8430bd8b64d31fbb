#!/bin/sh
# Removes what install.sh wrote under $DESTDIR$PREFIX, as its manifest lists
# it: the files, then the manifest, then the folders install created, deepest
# first and only when they are empty. Nothing else is touched.
set -eu

case "$PREFIX" in /*) ;; *) echo "uninstall: PREFIX must be an absolute path, not '$PREFIX'" >&2; exit 1 ;; esac
manifest="$DESTDIR$PREFIX/share/refresh-host/install-manifest"
[ -f "$manifest" ] || { echo "uninstall: nothing to do: no $manifest (was RefreshHost installed with this PREFIX and DESTDIR?)" >&2; exit 1; }

# The manifest goes last among the files, so an interrupted uninstall can be rerun.
files=$(sed -n 's/^f //p' "$manifest" | grep -vxF "$PREFIX/share/refresh-host/install-manifest" || true)
dirs=$(sed -n 's/^d //p' "$manifest" | awk '{ print length($0) "\t" $0 }' | sort -rn | cut -f2-)
echo "$files" | while IFS= read -r f; do [ -n "$f" ] && rm -f "$DESTDIR$f"; done
rm -f "$manifest"
echo "$dirs" | while IFS= read -r d; do [ -n "$d" ] && rmdir "$DESTDIR$d" 2>/dev/null || true; done
echo "uninstalled RefreshHost from $DESTDIR$PREFIX"
