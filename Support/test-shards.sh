#!/usr/bin/env bash
# make test's runner: the test targets in shards that run side by side, one
# process of the built test bundle each (run directly: concurrent `swift test`s
# would wait for each other on the build folder's lock). Inside a shard tests run one at a time: the host's
# contract is one thread per host, and the Swift plugins build their entry
# table on first use without a lock, as the ABI allows; a shard is a process of
# its own, so shards share no plugin. Most end-to-end time is spent waiting on
# child processes (hang budgets, tmux, Chromium), which is what running side by
# side wins back on two cores.
#
# usage: test-shards.sh REGEX...   (the tests must be built)
# Each REGEX selects a shard's tests by id (Target.Suite/test(), anchored at
# the start). Every test the bundle lists must be in exactly one shard: one in
# none or in two fails the run before anything starts.
# Each shard's log is printed whole when it ends; a failing run ends with its
# failures again, so that the tail of a long log (all CI keeps) names them.
set -u
swift=${SWIFT:-swift}
bundle="$("$swift" build --show-bin-path)/RefreshHostPackageTests.xctest"
[ -x "$bundle" ] || { echo "test-shards.sh: $bundle: not built (swift build --build-tests)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$(date +%s)

shards=("$@")
# Test ids are matched here with PCRE (grep -P), as the bundle's --filter does
# with Swift's regular expressions: the shards use only what both read alike.
"$bundle" --testing-library swift-testing --list-tests 2>/dev/null | grep -a . >"$work/ids"
[ -s "$work/ids" ] || { echo "test-shards.sh: $bundle --list-tests listed no test" >&2; exit 2; }
for n in "${!shards[@]}"; do grep -aP "^(${shards[$n]})" "$work/ids" >"$work/ids.$n"; done
lost=$(sort "$work"/ids.* | uniq -c | awk '$1 > 1 { print "in two shards: " $2 }'; sort -u "$work"/ids.* | comm -13 - <(sort "$work/ids") | sed 's/^/in no shard: /')
if [ -n "$lost" ]; then echo "test-shards.sh: the shards must hold every test once:" >&2; echo "$lost" | head -20 >&2; exit 2; fi
declare -A shard_of=()
for n in "${!shards[@]}"; do
  "$bundle" --testing-library swift-testing --no-parallel --filter "^(${shards[$n]})" >"$work/$n.log" 2>&1 &
  shard_of[$!]=$n
done

status=0
total=0
while [ ${#shard_of[@]} -gt 0 ]; do
  wait -n -p pid
  rc=$?
  n=${shard_of[$pid]}
  unset "shard_of[$pid]"
  echo "== shard $((n + 1)) of ${#shards[@]} (${shards[$n]}): exit $rc after $(($(date +%s) - start)) s"
  cat "$work/$n.log"
  count=$(sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} in .*/\1/p' "$work/$n.log" | tail -n 1)
  total=$((total + ${count:-0}))
  if [ "${count:-0}" = 0 ]; then echo "test-shards.sh: shard $((n + 1)) ran no tests"; status=1; fi
  if [ "$rc" != 0 ]; then status=1; fi
done

echo
if [ "$status" = 0 ]; then
  echo "make test: $total tests in ${#shards[@]} shards passed after $(($(date +%s) - start)) s"
else
  echo "make test: the failures again:"
  cat "$work"/*.log | grep -aE '✘|recorded an issue|error:' | grep -av 'passed after' | tail -n 40
fi
exit "$status"
