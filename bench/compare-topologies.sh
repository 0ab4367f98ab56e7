#!/usr/bin/env bash
# Side-by-side topology benchmark: Gale against Apache Storm's LocalCluster and Apache Flink's local
# environment, each run in a child JVM of its own with the same flags. Builds what it needs (Maven
# profiles "storm" and "flink"), then runs dev.gale.benchmarks.topology.CompareTopologies, which
# prints one table and writes results.json.
#
#   bench/compare-topologies.sh              full comparison (warm-up 10 s, measure 10 s, 3 repeats)
#   bench/compare-topologies.sh --quick      smoke run (2 s + 3 s, 1 repeat)
#   bench/compare-topologies.sh --help       every option
#
# Environment: SKIP_BUILD=1 reuses the last build; SKIP_FLINK=1 leaves Flink out; MVN_FLAGS adds
# Maven flags (e.g. -o).
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/compare-topologies.sh [options]
  --quick                 smoke run: warm-up 2 s, measure 3 s, 1 repeat
  --warmup SECS           warm-up after the first completed tuple (default 10)
  --measure SECS          measured window (default 10)
  --repeats N             runs per engine and scenario (default 3)
  --scenarios LIST        comma-separated, of (default all but the windows):
                            ack-1000, ack-5000   spout -> bolt -> bolt, acking, max pending 1000 / 5000
                            ack-1000-traced      Gale only, asked for: ack-1000 with sampled tree tracing,
                                                 1 tree in 1000 (-Dbench.trace.sample=N in --jvm-opts);
                                                 A/B: --engines gale --scenarios ack-1000,ack-1000-traced
                                                 alternates the two in every repeat
                            ack-1000-bridged     Gale only, asked for: ack-1000 with its two bolts written
                                                 against Storm's API, run through gale-storm-bridge;
                                                 the bridge's cost: --engines gale --scenarios
                                                 ack-1000,ack-1000-bridged
                            noack                the same without ackers
                            wordcount            sentences x2 -> split x2 -> count x2 by word (Flink too:
                                                 2 sources, each chained to a split; one source in every
                                                 engine: -Dbench.wordcount.sources=1 in --jvm-opts)
                            wordcount-python     asked for: wordcount with the splitter a Python multilang
                                                 bolt on storm.py (Gale and Storm; needs python3; see
                                                 bench/compare-multilang.sh)
                            wide                 spout x4 -> bolt x8 -> bolt x8, acking, max pending 1000
                            idle                 200 executors with nothing to do: CPU and peak RSS
                            pass-through         Flink only: pass-through-chained and pass-through-unfused
                                                 (source -> map -> map -> sink, default operator chaining
                                                 or chaining disabled)
                            window-count, window-time
                                                 spout -> sliding window (1000 tuples every 100 /
                                                 10 s every 1 s) -> sink, acking (Gale and Storm
                                                 only; see bench/compare-windows.sh)
                            state-memory, state-redis, state-rocksdb
                                                 stateful word count with checkpointed state in memory,
                                                 Redis or RocksDB (RocksDB: Gale only; see
                                                 bench/compare-state.sh, which starts Redis)
                          each engine runs the scenarios it has (Flink: wordcount, pass-through-*)
  --engines LIST          of gale,storm,flink (default all three; flink only if its module is built,
                          i.e. unless SKIP_FLINK=1)
  --jvm-opts "FLAGS"      flags of every child JVM (default "-Xms1g -Xmx1g -XX:+UseG1GC")
  --out DIR               where results.json, table.txt and logs/ go
                          (default target/bench-results/compare-<time>)
Guarantees: Gale and Storm ack every tree; Flink takes at-least-once checkpoints every 1 s and
confirms nothing per record (its latency is emission -> completion of the covering checkpoint).
Environment: SKIP_BUILD=1 reuses the last build; SKIP_FLINK=1 neither builds nor runs Flink;
MVN_FLAGS adds Maven flags (e.g. -o).
USAGE
}
# --help before anything is built.
for a in "$@"; do
  case "$a" in -h|--help) usage; exit 0 ;; esac
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

profiles=storm
modules=gale-benchmarks,gale-benchmarks-storm
if [ "${SKIP_FLINK:-0}" != 1 ]; then
  profiles=storm,flink
  modules=$modules,gale-benchmarks-flink
fi
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "compare-topologies: building $modules (-P$profiles)..." >&2
  # shellcheck disable=SC2086
  mvn -B -q ${MVN_FLAGS:-} -P"$profiles" -DskipTests package -pl "$modules" -am >&2
fi

gale_cp="$root/gale-benchmarks/target/classes:$(cat gale-benchmarks/target/classpath.txt)"
# storm.py (org.apache.storm:multilang-python, resources only) for wordcount-python's splitter.
if [ -s gale-benchmarks/target/classpath-multilang.txt ]; then
  gale_cp="$gale_cp:$(cat gale-benchmarks/target/classpath-multilang.txt)"
fi
# Storm's client jars, only when ack-1000-bridged runs (Storm-API bolts through gale-storm-bridge).
if [[ " $* " == *ack-1000-bridged* ]] && [ -s gale-benchmarks/target/classpath-bridge.txt ]; then
  gale_cp="$gale_cp:$(cat gale-benchmarks/target/classpath-bridge.txt)"
fi
storm_cp="$root/gale-benchmarks-storm/target/classes:$(cat gale-benchmarks-storm/target/classpath.txt)"
peers=(--storm-cp "$storm_cp")
if [ "${SKIP_FLINK:-0}" != 1 ] && [ -f gale-benchmarks-flink/target/classpath.txt ]; then
  peers+=(--flink-cp "$root/gale-benchmarks-flink/target/classes:$(cat gale-benchmarks-flink/target/classpath.txt)")
fi
echo "compare-topologies: $(uptime)" >&2
exec java -Xmx256m -cp "$gale_cp" dev.gale.benchmarks.topology.CompareTopologies \
  --gale-cp "$gale_cp" "${peers[@]}" "$@"
