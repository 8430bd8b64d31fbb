#!/bin/sh
# Installs RefreshHost under $DESTDIR$PREFIX from already-built products, and
# writes a manifest of every file and every folder it created so that
# uninstall.sh removes exactly that. Called by `make install` / `make
# install-only`; the Makefile passes everything below in the environment.
#   PREFIX       absolute install prefix, baked into refresh-host.pc
#   DESTDIR      staging root for packagers (never baked into anything)
#   BIN          the build's bin folder: refresh-host, refresh-host-manual and plugins/*/lib*.so
#   PLUGINS      the bundled plugins' paths below $BIN/plugins (Folder/libName.so)
#   ABI_VERSION  major.minor.patch, read from refresh_host.h by the Makefile
#   EMBED_VERSION  major.minor.patch of the embedding API, read from refresh_host_embed.h
set -eu

fail() { echo "install: $*" >&2; exit 1; }
case "$PREFIX" in /*) ;; *) fail "PREFIX must be an absolute path, not '$PREFIX'" ;; esac
[ -x "$BIN/refresh-host" ] || fail "no $BIN/refresh-host: build first (make plugins) or set BIN"
[ -x "$BIN/refresh-host-manual" ] || fail "no $BIN/refresh-host-manual: build first (make plugins) or set BIN"
for p in $PLUGINS; do [ -f "$BIN/plugins/$p" ] || fail "no $BIN/plugins/$p: build first (make plugins)"; done
[ -f "$BIN/librefreshhost.so" ] || fail "no $BIN/librefreshhost.so: build first (make plugins)"

root="$DESTDIR$PREFIX"
manifest_path="$PREFIX/share/refresh-host/install-manifest"
list=$(mktemp)
generated=$(mktemp -d)
trap 'rm -rf "$list" "$generated"' EXIT

# A re-install keeps what an earlier install wrote and created, so uninstall still removes it.
if [ -f "$DESTDIR$manifest_path" ]; then grep '^[df] ' "$DESTDIR$manifest_path" >>"$list" || true; fi

# mkdir -p, recording each folder it had to create.
makedir() {
    case "$1" in /*) ;; *) fail "internal: relative folder $1" ;; esac
    [ -d "$DESTDIR$1" ] && return 0
    [ "$1" = / ] && { mkdir -p "$DESTDIR"; return 0; }  # the staging root is the packager's, not ours
    makedir "$(dirname "$1")"
    mkdir "$DESTDIR$1"
    grep -qxF "d $1" "$list" || echo "d $1" >>"$list"
}

# put MODE SOURCE DEST: copies a real file (symlinks are followed) to DEST under the prefix.
put() {
    makedir "$(dirname "$3")"
    cp -L "$2" "$DESTDIR$3"
    chmod "$1" "$DESTDIR$3"
    echo "f $3" >>"$list"
}

put 755 "$BIN/refresh-host" "$PREFIX/bin/refresh-host"
put 644 Sources/RefreshHostABI/include/refresh_host.h "$PREFIX/include/refresh-host/refresh_host.h"
put 644 Sources/RefreshHostABI/include/refresh_host_ext.h "$PREFIX/include/refresh-host/refresh_host_ext.h"

pc=$(mktemp)
cat >"$pc" <<PC
prefix=$PREFIX
exec_prefix=\${prefix}
bindir=\${exec_prefix}/bin
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include
datadir=\${prefix}/share
plugindir=\${libdir}/refresh-host/plugins
swiftkitdir=\${datadir}/refresh-host/swift/RefreshStyleKit

Name: refresh-host
Description: The RefreshHost plugin ABI (refresh_host.h) for pull-to-refresh style plugins
Version: $ABI_VERSION
Cflags: -I\${includedir}/refresh-host
PC
put 644 "$pc" "$PREFIX/lib/pkgconfig/refresh-host.pc"
rm -f "$pc"

# -- librefreshhost, the embedding API (docs/embedding.md) --
# The library under its soname (librefreshhost.so.MAJOR) and the link a linker
# looks for; its header beside the plugin ABI's; refreshhost.pc for pkg-config.
embed_major=${EMBED_VERSION%%.*}
put 755 "$BIN/librefreshhost.so" "$PREFIX/lib/librefreshhost.so.$embed_major"
ln -sf "librefreshhost.so.$embed_major" "$DESTDIR$PREFIX/lib/librefreshhost.so"
echo "f $PREFIX/lib/librefreshhost.so" >>"$list"
put 644 Sources/RefreshEmbedABI/include/refresh_host_embed.h "$PREFIX/include/refresh-host/refresh_host_embed.h"
pc=$(mktemp)
cat >"$pc" <<PC
prefix=$PREFIX
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include

Name: refreshhost
Description: librefreshhost, RefreshHost's embedding API (refresh_host_embed.h): pull-to-refresh styles in applications
Version: $EMBED_VERSION
Libs: -L\${libdir} -lrefreshhost -Wl,-rpath,\${libdir}
Cflags: -I\${includedir}/refresh-host
PC
put 644 "$pc" "$PREFIX/lib/pkgconfig/refreshhost.pc"
rm -f "$pc"

# -- The GTK 4 widget (when built: make widget): librefreshhost-gtk under its soname
# and the link, its header, refreshhost-gtk.pc, the introspection data where
# g-ir-compiler and gobject-introspection look under a prefix, and the demo app.
if [ -f "$BIN/gtk/librefreshhost-gtk.so.1" ]; then
    put 755 "$BIN/gtk/librefreshhost-gtk.so.1" "$PREFIX/lib/librefreshhost-gtk.so.1"
    ln -sf librefreshhost-gtk.so.1 "$DESTDIR$PREFIX/lib/librefreshhost-gtk.so"
    echo "f $PREFIX/lib/librefreshhost-gtk.so" >>"$list"
    put 644 Widget/rh-refresh-view.h "$PREFIX/include/refresh-host/rh-refresh-view.h"
    put 644 "$BIN/gtk/RefreshHostGtk-1.0.gir" "$PREFIX/share/gir-1.0/RefreshHostGtk-1.0.gir"
    put 644 "$BIN/gtk/RefreshHostGtk-1.0.typelib" "$PREFIX/lib/girepository-1.0/RefreshHostGtk-1.0.typelib"
    put 755 "$BIN/gtk/refresh-host-demo" "$PREFIX/bin/refresh-host-demo"
    pc=$(mktemp)
    cat >"$pc" <<PC
prefix=$PREFIX
exec_prefix=\${prefix}
libdir=\${exec_prefix}/lib
includedir=\${prefix}/include

Name: refreshhost-gtk
Description: RhRefreshView, RefreshHost's GTK 4 pull-to-refresh widget (rh-refresh-view.h)
Version: $EMBED_VERSION
Requires: gtk4 refreshhost
Libs: -L\${libdir} -lrefreshhost-gtk -Wl,-rpath,\${libdir}
Cflags: -I\${includedir}/refresh-host
PC
    put 644 "$pc" "$PREFIX/lib/pkgconfig/refreshhost-gtk.pc"
    rm -f "$pc"
fi

# Each style's folder: the .so, and its README, LICENSE, assets/ and the
# designer files an adapter reads (styles/, folders of frames included) beside it.
for p in $PLUGINS; do
    put 755 "$BIN/plugins/$p" "$PREFIX/lib/refresh-host/plugins/$p"
    d=$(dirname "$p")
    for f in "$BIN/plugins/$d"/README.md "$BIN/plugins/$d"/LICENSE; do
        if [ -f "$f" ]; then put 644 "$f" "$PREFIX/lib/refresh-host/plugins/${f#"$BIN/plugins/"}"; fi
    done
    for sub in assets styles; do
        [ -d "$BIN/plugins/$d/$sub" ] || continue
        find "$BIN/plugins/$d/$sub" -type f | sort | while IFS= read -r f; do
            put 644 "$f" "$PREFIX/lib/refresh-host/plugins/${f#"$BIN/plugins/"}"
        done
    done
done

kit="$PREFIX/share/refresh-host/swift/RefreshStyleKit"
put 644 Support/kit/Package.swift "$kit/Package.swift"
for f in Sources/RefreshHostABI/include/*.h; do put 644 "$f" "$kit/$f"; done
for f in Sources/RefreshHostABI/*.c Sources/RefreshStyleKit/*.swift; do put 644 "$f" "$kit/$f"; done

# The docs, and what they link to, at the same paths relative to each other as in the
# repository, so every link in an installed page works where it is read (a test checks).
doc="$PREFIX/share/doc/refresh-host"
put 644 README.md "$doc/README.md"
for f in docs/*.md docs/images/* docs/schema/*; do [ -f "$f" ] && put 644 "$f" "$doc/$f"; done
for f in Sources/RefreshHostABI/include/refresh_host.h Sources/RefreshHostABI/include/refresh_host_ext.h Sources/RefreshEmbedABI/include/refresh_host_embed.h \
         Plugins/Yahoo/yahoo.c Plugins/exports.map Plugins/FrameSequence/README.md Examples/Rust/* Examples/python/* \
         Examples/Guide/*.h Examples/Guide/*/*.c Examples/Guide/*/assets/*; do
    put 644 "$f" "$doc/$f"
done

# The man page and the shell completions, written from the command definitions of the
# binary being installed. The page's date is the source's last commit, when there is one.
date=$(git log -1 --format=%cs 2>/dev/null || true)
"$BIN/refresh-host-manual" "$BIN/refresh-host" --doc-folder "$doc" ${date:+--date "$date"} >"$generated/refresh-host.1" \
    || fail "could not write the man page"
put 644 "$generated/refresh-host.1" "$PREFIX/share/man/man1/refresh-host.1"
for shell in bash zsh fish; do
    "$BIN/refresh-host" --generate-completion-script "$shell" >"$generated/$shell" \
        || fail "could not write the $shell completion"
done
put 644 "$generated/bash" "$PREFIX/share/bash-completion/completions/refresh-host"
put 644 "$generated/zsh" "$PREFIX/share/zsh/site-functions/_refresh-host"
put 644 "$generated/fish" "$PREFIX/share/fish/vendor_completions.d/refresh-host.fish"

# The manifest lists itself last, so uninstall removes it after everything else.
echo "f $manifest_path" >>"$list"
makedir "$(dirname "$manifest_path")"
sort -u "$list" >"$DESTDIR$manifest_path"
chmod 644 "$DESTDIR$manifest_path"
echo "installed $(grep -c '^f ' "$DESTDIR$manifest_path") files under $root (manifest: $root/share/refresh-host/install-manifest)"
