#!/usr/bin/env bash
# The whole comparison in one command: topologies against Apache Storm, then collections against
# Storm, ZooKeeper, Caffeine and Guava; each prints its table and writes its raw results.
#   bench/compare-all.sh            full runs (about 25 minutes on 2 cores)
#   bench/compare-all.sh --quick    smoke runs of both
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
quick=()
if [ "${1:-}" = "--quick" ]; then
  quick=(--quick)
fi
bench/compare-topologies.sh "${quick[@]}"
echo
bench/compare-collections.sh "${quick[@]}"
