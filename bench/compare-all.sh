#!/usr/bin/env bash
# The whole comparison in one command: topologies against Apache Storm and Apache Flink, windows
# against Storm, then collections against Storm, ZooKeeper, Caffeine and Guava; each prints its
# table and writes its raw results.
#   bench/compare-all.sh            full runs (longer than the 25 minutes of the two-engine version:
#                                   Flink's and the wide and idle scenarios' runs come on top)
#   bench/compare-all.sh --quick    smoke runs of both
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
quick=()
if [ "${1:-}" = "--quick" ]; then
  quick=(--quick)
fi
bench/compare-topologies.sh "${quick[@]}"
echo
SKIP_BUILD=1 bench/compare-windows.sh "${quick[@]}"
echo
bench/compare-collections.sh "${quick[@]}"
