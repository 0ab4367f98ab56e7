#!/usr/bin/env bash
# Storm's windowing, Gale against Apache Storm 2.8.3 (issue 30), side by side in one run: the
# window scenarios of bench/compare-topologies.sh, each engine in a child JVM of its own.
#
#   window-count   fast acking spout -> sliding window of 1000 tuples, every 100 -> sink
#                  (max spout pending 5000)
#   window-time    the same over 10 s, every 1 s (max spout pending 1,000,000: a tuple stays
#                  pending ~10.5 s, which caps both engines at ~95k windowed tuples/s; raise it
#                  with --jvm-opts "... -Dbench.window.pending=N" and a larger heap)
#
# Per scenario: windowed tuples/s (input acked once it left its last window), complete latency
# (window-count only: the harness's spout remembers the emit times of 64k trees),
# emit -> first window latency, and the heap per windowed tuple (after a full GC, over the tuples
# the window holds; at 1000 tuples, window-count's figure includes the topology's fixed cost).
#
#   bench/compare-windows.sh              full comparison (warm-up 10 s, measure 10 s, 3 repeats)
#   bench/compare-windows.sh --quick      smoke run (2 s + 3 s, 1 repeat)
#
# Any option of bench/compare-topologies.sh may follow and overrides these defaults (child JVMs
# get 2 GB of heap here: the time window holds up to a million tuples). Environment: SKIP_BUILD=1
# reuses the last build; MVN_FLAGS adds Maven flags.
set -euo pipefail
for a in "$@"; do
  case "$a" in -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SKIP_FLINK=1 exec "$root/bench/compare-topologies.sh" --scenarios window-count,window-time --engines gale,storm \
  --jvm-opts "-Xms2g -Xmx2g -XX:+UseG1GC" "$@"
