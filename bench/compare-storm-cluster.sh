#!/usr/bin/env bash
# Gale on a real Storm cluster against Storm itself: the reliable word count on a multi-process
# Storm 2.8.3 cluster (ZooKeeper, Nimbus, one Supervisor, 2 workers) started on this machine from
# Storm's Maven Central jars, once through gale-storm's adapter (Gale's API) and once compiled
# against Storm's API, in one run. Each submission runs saturated (trees/s), then paced at a fixed
# rate well below saturation (complete latency p50, p99, p99.9, and the rate achieved); rounds
# alternate which side goes first; prints each run, a per-round table of ratios (Gale/Storm trees/s,
# p99 difference at the fixed rate) with their medians, spread and how many rounds meet each goal,
# submit to first ack, cluster start and the cluster's peak RSS; writes table.txt to the output directory.
# Runs inside a private network namespace (unshare -n) where the machine allows: Storm's daemons
# bind the wildcard address. Every cluster process is stopped by its pid at the end.
#
#   bench/compare-storm-cluster.sh              1 round: warm-up 20 s, measure 40 s; paced at 5000/s: settle 5 s, measure 40 s
#   bench/compare-storm-cluster.sh --repeats 5  5 rounds, one side after the other, order alternating (about 25 minutes)
#   bench/compare-storm-cluster.sh --together --repeats 5 --rate 2500
#                                               the figures: both sides at once in each round, over the same
#                                               windows (about 13 minutes); add --control for the A/A control
#   bench/compare-storm-cluster.sh --quick      smoke run: warm-up 2 s, measure 3 s, paced settle 3 s, measure 3 s
#   bench/compare-storm-cluster.sh --help       every option
#
# Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o).
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/compare-storm-cluster.sh [options]
  --quick                 smoke run: warm-up 2 s, measure 3 s, paced settle 3 s and measure 3 s, 1 round
  --warmup SECS           after the first ack (default 20)
  --measure SECS          saturated window: trees/s (default 40)
  --rate N                then paced at N trees/s for the whole topology, split over the spout tasks: the
                          latency phase (default 5000, about a third of what Storm's side reached at
                          saturation on the 2-core development machine; 0: no paced phase)
  --paced-warmup SECS     after switching to the rate, before measuring (default 5)
  --paced-measure SECS    paced window: latency and the rate achieved (default: as --measure)
  --repeats N             rounds, each running both sides (default 1)
  --together              run both sides at once in each round (a cluster of 4 worker slots), measured
                          over the same windows: drift on the machine weighs on both alike
  --control               A/A control: the side labelled gale runs Storm's API too, to see what the
                          method reports when both sides are the same
  --order LIST            the first round's order, storm,gale (default) or gale,storm; each later round
                          reverses the one before
  --max-pending N         max spout pending per spout task (default 1000)
  --worker-heap-mb MB     heap of each worker JVM (default 1024; G1)
  --out DIR               where table.txt, the topology jars, the reports and the cluster's logs go
                          (default target/bench-results/storm-cluster-<time>)
USAGE
}
args=()
for a in "$@"; do
  case "$a" in
    -h|--help) usage; exit 0 ;;
    --quick) args+=(--warmup 2 --measure 3 --paced-warmup 3 --paced-measure 3) ;;
    *) args+=("$a") ;;
  esac
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "compare-storm-cluster: building gale-benchmarks and gale-benchmarks-storm (-Pstorm)..." >&2
  # shellcheck disable=SC2086
  mvn -B -q ${MVN_FLAGS:-} -Pstorm -DskipTests package -pl gale-benchmarks,gale-benchmarks-storm -am >&2
fi

# gale-benchmarks' own class path has storm-client without its dependencies: add the workers'
# class path (storm-client and everything it needs), as the cluster module resolved it.
worker_cp="$(cat gale-storm-cluster/target/classes/dev/gale/storm/cluster/worker.classpath)"
gale_cp="$root/gale-benchmarks/target/classes:$(cat gale-benchmarks/target/classpath.txt):$worker_cp"
storm_cp="$root/gale-benchmarks-storm/target/classes:$(cat gale-benchmarks-storm/target/classpath.txt)"
echo "compare-storm-cluster: $(uptime)" >&2
exec java -Xmx512m -cp "$gale_cp" dev.gale.benchmarks.storm.StormClusterBench \
  --storm-classpath "$storm_cp" --storm-classes "$root/gale-benchmarks-storm/target/classes" ${args[@]+"${args[@]}"}
