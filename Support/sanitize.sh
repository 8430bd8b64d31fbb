#!/bin/bash
# make sanitize (issue 27 item 8): the real host over C code built with AddressSanitizer and
# UndefinedBehaviorSanitizer, then the worker and session unit tests under ThreadSanitizer.
# The Makefile has already built the bundled styles sanitized into $SAN_DIR/bin/plugins; this
# script links the debug host beside them ($SAN_DIR/bin/refresh-host: its bundled folder is that
# one, so nothing of .build/debug/plugins is loaded), builds the fixtures, and runs:
#   bundled:  validate --strictness 10 on every bundled plugin, render of every style;
#   fixtures: validate on each broken fixture RefreshValidationTests uses;
#   hostile:  render of hostile.c's crashes, hangs and misbehaviours (RefreshHostileTests' plugin);
#   shims:    the package's own C targets (CIsolation, COutputGuard, CCrashReport, CTerminalGuard,
#             CPixels) and the Swift around them, from a swift build --sanitize=address with
#             -fsanitize=undefined for the C (.build-asan), under the unit suites that drive them;
#   tsan:     FolderListingTests (the walk's two threads), RefreshWorkerTests and RefreshSessionTests
#             from a --sanitize=thread build (not by default:
#             on Swift 6.3's TSan runtime the test process dies at its first worker spawn, see phase_tsan).
# The host has ASan's runtime in LD_PRELOAD (a worker is the same binary and inherits it), and
# every process writes its reports to $SAN_DIR/reports/<phase>/san.<pid>. Any report of the
# bundled, shims and tsan phases fails the run; in the fixtures and hostile phases a report whose stack
# is in Tests/Fixtures is the fixture's own misdeed (they crash on purpose) and only listed.
# Environment: SAN_DIR, SAN_CC (the toolchain's clang), SAN_FLAGS, ABI_DIR, STYLE_IDS, SWIFT;
# SAN_PHASES (default "bundled fixtures hostile shims"; "tsan" too when asked) runs some of them.
set -u
cd "$(dirname "$0")/.."
: "${SAN_DIR:?}" "${SAN_CC:?}" "${SAN_FLAGS:?}" "${ABI_DIR:?}" "${STYLE_IDS:?}"
SWIFT=${SWIFT:-swift}
PHASES=${SAN_PHASES:-bundled fixtures hostile shims}
BIN=$SAN_DIR/bin
HOST=$BIN/refresh-host
ASAN_RT=$("$SAN_CC" -print-file-name=libclang_rt.asan-x86_64.so)
SYMBOLIZER=$(dirname "$SAN_CC")/llvm-symbolizer
[ -f "$ASAN_RT" ] || { echo "sanitize: no ASan runtime ($ASAN_RT)"; exit 2; }
started=$(date +%s)
failures=0

# The debug host, linked (not copied: the same file `make all` built) beside the sanitized plugins.
mkdir -p "$BIN" "$SAN_DIR/home" "$SAN_DIR/out"
rm -f "$HOST"
ln .build/debug/refresh-host "$HOST" 2>/dev/null || cp .build/debug/refresh-host "$HOST"

# Runs the host under ASan, reports into reports/<phase>. A clean HOME: no user plugins, its own cache.
# The sanitizer's own signal handlers are off: a plugin's SIGSEGV stays a SIGSEGV, as the host expects.
# ASan's quarantine (freed memory held back to catch use after free) is 2 MiB, not 256: validate's
# lifecycle.soak measures RSS growth over 1,000 refreshes and the default quarantine is that growth.
host() {
    local phase=$1; shift
    mkdir -p "$SAN_DIR/reports/$phase"
    local common="log_path=$SAN_DIR/reports/$phase/san:halt_on_error=1:print_stacktrace=1"
    timeout "${LIMIT:-900}" env -u XDG_CACHE_HOME HOME="$SAN_DIR/home" LD_PRELOAD="$ASAN_RT" ASAN_SYMBOLIZER_PATH="$SYMBOLIZER" \
        ASAN_OPTIONS="$common:detect_leaks=0:quarantine_size_mb=2:handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigfpe=0:handle_sigill=0:allow_user_segv_handler=1" \
        UBSAN_OPTIONS="$common" "$HOST" "$@"
}

# Reports of a phase: every one fails (bundled), or only those not in a fixture's own code.
reports() {
    local phase=$1 own_ok=$2 file bad=0
    for file in "$SAN_DIR/reports/$phase"/san.*; do
        [ -e "$file" ] || continue
        if [ "$own_ok" = yes ] && grep -q 'Tests/Fixtures/' "$file"; then
            echo "  expected (the fixture's own): $(grep -m1 -E 'ERROR|runtime error' "$file")"
        else
            echo "  SANITIZER REPORT: $file"; sed -n 1,40p "$file" | sed 's/^/    /'; bad=$((bad + 1))
        fi
    done
    failures=$((failures + bad))
}

phase_bundled() {
    echo "== bundled: validate --strictness 10 on every bundled plugin, render of every style"
    local so id
    for so in "$BIN"/plugins/*/*.so; do
        if host bundled validate "$so" --strictness 10 >"$SAN_DIR/out/validate-$(basename "$so").txt" 2>&1; then
            echo "  validate $(basename "$so"): $(tail -1 "$SAN_DIR/out/validate-$(basename "$so").txt")"
        else
            echo "  validate $(basename "$so") FAILED:"; grep -A4 -E '^(FAILED|CRASHED|TIMED OUT)' \
                "$SAN_DIR/out/validate-$(basename "$so").txt" | sed 's/^/    /'; failures=$((failures + 1))
        fi
    done
    for id in $STYLE_IDS; do
        if ! host bundled render "$id" --out "$SAN_DIR/out/$id.gif" >"$SAN_DIR/out/render-$id.txt" 2>&1; then
            echo "  render $id FAILED:"; sed 's/^/    /' "$SAN_DIR/out/render-$id.txt"; failures=$((failures + 1))
        fi
    done
    echo "  rendered: $STYLE_IDS"
    reports bundled no
}

# Each fixture as its tests build it (Tests/Support/Subprocess.swift's Fixture.build), plus the sanitizers.
build_fixture() {
    local source=$1 out=$2; shift 2
    "$SAN_CC" -std=c11 -g -O1 -Wall -Wextra -Werror -fPIC -fvisibility=hidden -shared $SAN_FLAGS \
        -I"$ABI_DIR" -o "$out" "$source" -pthread "$@"
}

phase_fixtures() {
    echo "== fixtures: validate on each fixture of RefreshValidationTests (they break rules on purpose)"
    local dir=$SAN_DIR/fixtures name status
    mkdir -p "$dir"
    # The suite's cases and its clean references; the C++ one (v_static_cxx) is not C code of ours.
    local names
    names=$(grep -oE 'fixture: "[a-z0-9_]+"' Tests/RefreshValidationTests/FixtureValidationTests.swift | cut -d'"' -f2)
    names="$names valid_minimal two_styles"
    for name in $names; do
        [ -f "Tests/Fixtures/$name.c" ] || continue
        build_fixture "Tests/Fixtures/$name.c" "$dir/lib$name.so" || { failures=$((failures + 1)); continue; }
        LIMIT=600 host fixtures validate "$dir/lib$name.so" --seed 7 --timeout 5 >"$dir/$name.txt" 2>&1
        status=$?
        # 0 or 1 is a verdict; more is the host failing (or timeout's 124).
        if [ $status -gt 1 ]; then
            echo "  validate $name: exit $status"; tail -5 "$dir/$name.txt" | sed 's/^/    /'; failures=$((failures + 1))
        else
            echo "  validate $name: $(tail -1 "$dir/$name.txt")"
        fi
    done
    reports fixtures yes
}

phase_hostile() {
    echo "== hostile: render of hostile.c's misbehaviours (--budget 1 --scan-timeout 1)"
    local dir=$SAN_DIR/hostile at does status cases=""
    mkdir -p "$dir"
    # Crashes at every entry point, hangs where a worker is busy, the rest where the matrix puts them.
    for at in constructor init deinit style_count style_descriptor create setup pull state_changed setup_for_cycle \
              cycle exit reset destroy tick completion position closed exit_with_result; do
        cases="$cases $at:crash_segv $at:crash_abort"
    done
    cases="$cases setup:hang_busy cycle:hang_sleep"
    for at in constructor style_descriptor cycle; do
        for does in print_stdout close_fds exit0 fork_linger chdir signal_handlers; do cases="$cases $at:$does"; done
    done
    for c in $cases; do
        at=${c%%:*} does=${c#*:}
        build_fixture Tests/Fixtures/hostile/hostile.c "$dir/libhostile_${at}_$does.so" \
            -DHOSTILE_AT="$at" -DHOSTILE_DO="$does" -DHOSTILE_HANG_LIMIT=20.0 || { failures=$((failures + 1)); continue; }
        (cd "$dir" && LIMIT=120 host hostile render "test.hostile.$at.$does" --plugin-path "$dir/libhostile_${at}_$does.so" \
            --budget 1 --scan-timeout 1 --out "$dir/$at.$does.gif") >"$dir/$at.$does.txt" 2>&1 </dev/null
        status=$?
        # Any verdict is fine here (they are meant to fail); a host killed by a signal or by timeout is not.
        if [ $status -ge 124 ] && [ $status -ne 141 ]; then
            echo "  render $at.$does: exit $status"; tail -3 "$dir/$at.$does.txt" | sed 's/^/    /'; failures=$((failures + 1))
        fi
    done
    echo "  $(echo $cases | wc -w) cases rendered"
    reports hostile yes
}

# The package's C shims are SwiftPM targets, built by swift build rather than by clang here:
# --sanitize=address instruments the Swift and the C alike (and links ASan's runtime); UBSan is
# the C's alone (-Xcc: swiftc has no -sanitize=undefined, "unsupported option" for this target),
# its handlers in ASan's runtime. The suites run the shims in this process and, through
# refresh-host worker (this build's, its own plugins folder), in workers. LiveRecordTests (the live
# preview recording a GIF in tmux) are left out: under ASan the debug host does not finish its
# 2x recording within their 30 s wait (no report; 2026-11-28).
SHIM_SUITES="RefreshWorkerTests RefreshOutputTests RefreshConsoleTests RefreshTerminalTests RefreshSessionTests RefreshRenderTests"
phase_shims() {
    echo "== shims: $SHIM_SUITES from swift build --sanitize=address -Xcc -fsanitize=undefined (.build-asan)"
    mkdir -p "$SAN_DIR/reports/shims"
    "$SWIFT" build --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined --build-tests \
        --build-path .build-asan >"$SAN_DIR/out/shims-build.txt" 2>&1 \
        || { tail -20 "$SAN_DIR/out/shims-build.txt"; failures=$((failures + 1)); return; }
    "${MAKE:-make}" -s plugins PLUGIN_DIR="$PWD/.build-asan/debug/plugins" >"$SAN_DIR/out/shims-plugins.txt" 2>&1 \
        || { tail -20 "$SAN_DIR/out/shims-plugins.txt"; failures=$((failures + 1)); return; }
    local common="log_path=$SAN_DIR/reports/shims/san:halt_on_error=1:print_stacktrace=1"
    if ! env HOME="$SAN_DIR/home" ASAN_SYMBOLIZER_PATH="$SYMBOLIZER" \
        ASAN_OPTIONS="$common:detect_leaks=0:quarantine_size_mb=2:handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigfpe=0:handle_sigill=0:allow_user_segv_handler=1" \
        UBSAN_OPTIONS="$common" timeout 3600 "$SWIFT" test --skip-build --sanitize=address --build-path .build-asan --no-parallel \
        --filter "^($(echo $SHIM_SUITES | tr ' ' '|'))\." --skip LiveRecordTests >"$SAN_DIR/out/shims-test.txt" 2>&1; then
        echo "  tests FAILED:"; grep -E '✘|error|failed' "$SAN_DIR/out/shims-test.txt" | head -20 | sed 's/^/    /'
        failures=$((failures + 1))
    fi
    grep -E 'Test run with|Executed' "$SAN_DIR/out/shims-test.txt" | sed 's/^/  /'
    reports shims no
}

# tsan_tests NAME SECONDS FILTER: the TSan build's tests FILTER picks, bounded (when the runtime
# kills the test process, swift test waits on forever), their output in out/tsan-NAME.txt.
tsan_tests() {
    if ! env HOME="$SAN_DIR/home" TSAN_OPTIONS="log_path=$SAN_DIR/reports/tsan/san:halt_on_error=1:second_deadlock_stack=1" \
        timeout "$2" "$SWIFT" test --skip-build --sanitize=thread --build-path .build-tsan --no-parallel \
        --filter "$3" >"$SAN_DIR/out/tsan-$1.txt" 2>&1; then
        echo "  $1: tests FAILED:"; grep -E '✘|error|failed' "$SAN_DIR/out/tsan-$1.txt" | head -20 | sed 's/^/    /'
        failures=$((failures + 1))
    fi
    grep -E 'Test run with|Executed' "$SAN_DIR/out/tsan-$1.txt" | sed "s/^/  $1: /"
}

phase_tsan() {
    echo "== tsan: FolderListingTests, RefreshWorkerTests and RefreshSessionTests, swift build --sanitize=thread (.build-tsan)"
    mkdir -p "$SAN_DIR/reports/tsan"
    "$SWIFT" build --sanitize=thread --build-tests --build-path .build-tsan >"$SAN_DIR/out/tsan-build.txt" 2>&1 \
        || { tail -20 "$SAN_DIR/out/tsan-build.txt"; failures=$((failures + 1)); return; }
    # The tests' workers are the TSan build's refresh-host: their reports land beside the runner's.
    # Found here (2026-11-28): the test process dies at its first spawn of a worker with
    # "ThreadSanitizer: CHECK failed: tsan_rtl.cpp:261 ((!thr->slot)) != (0)" in ForkChildAfter,
    # from TSan's clone interceptor, in the child: the runtime's, before any of our code runs there.
    # The walk's two threads (PathWalk: a big folder stat'ed a piece at a time) spawn no process: they run whole.
    tsan_tests walk 600 '^RefreshDiscoveryTests\.FolderListingTests'
    tsan_tests test 1800 '^(RefreshWorkerTests|RefreshSessionTests)\.'
    grep -h -m1 'ThreadSanitizer: CHECK failed' "$SAN_DIR/reports/tsan"/san.* 2>/dev/null | sed 's/^/  the runtime itself: /'
    reports tsan no
}

rm -rf "$SAN_DIR/reports"
for p in $PHASES; do "phase_$p"; done
echo "sanitize: $failures problem(s), $(( $(date +%s) - started )) s (phases: $PHASES)"
[ $failures -eq 0 ]
