#!/usr/bin/env bash
# Side-by-side topology benchmark: Gale against Apache Storm's LocalCluster, each run in a child JVM
# of its own with the same flags. Builds what it needs (Maven profile "storm"), then runs
# dev.gale.benchmarks.topology.CompareTopologies, which prints one table and writes results.json.
#
#   bench/compare-topologies.sh              full comparison (warm-up 10 s, measure 10 s, 3 repeats)
#   bench/compare-topologies.sh --quick      smoke run (2 s + 3 s, 1 repeat)
#   bench/compare-topologies.sh --help       every option
#
# Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o).
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/compare-topologies.sh [options]
  --quick                 smoke run: warm-up 2 s, measure 3 s, 1 repeat
  --warmup SECS           warm-up after the first completed tuple (default 10)
  --measure SECS          measured window (default 10)
  --repeats N             runs per engine and scenario (default 3)
  --scenarios LIST        comma-separated, of ack-1000,ack-5000,noack,wordcount (default all)
  --engines LIST          gale,storm (default both)
  --jvm-opts "FLAGS"      flags of every child JVM (default "-Xms1g -Xmx1g -XX:+UseG1GC")
  --out DIR               where results.json, table.txt and logs/ go
                          (default target/bench-results/compare-<time>)
Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o).
USAGE
}
# --help before anything is built.
for a in "$@"; do
  case "$a" in -h|--help) usage; exit 0 ;; esac
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "compare-topologies: building gale-benchmarks and gale-benchmarks-storm (-Pstorm)..." >&2
  # shellcheck disable=SC2086
  mvn -B -q ${MVN_FLAGS:-} -Pstorm -DskipTests package -pl gale-benchmarks,gale-benchmarks-storm -am >&2
fi

gale_cp="$root/gale-benchmarks/target/classes:$(cat gale-benchmarks/target/classpath.txt)"
storm_cp="$root/gale-benchmarks-storm/target/classes:$(cat gale-benchmarks-storm/target/classpath.txt)"
echo "compare-topologies: $(uptime)" >&2
exec java -Xmx256m -cp "$gale_cp" dev.gale.benchmarks.topology.CompareTopologies \
  --gale-cp "$gale_cp" --storm-cp "$storm_cp" "$@"
