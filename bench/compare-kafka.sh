#!/usr/bin/env bash
# Kafka side-by-side benchmark: topic -> reliable word count -> topic on Gale, on Apache Storm
# (storm-kafka-client) and on Kafka Streams, each engine in a child JVM of its own with the same
# flags, against one broker in a JVM of its own, fresh topics per run, over a matrix of processing
# guarantees and state stores. Builds what it needs (Maven profiles "storm" and "kstreams"), then
# runs dev.gale.benchmarks.topology.CompareKafka, which prints one table per cell and writes results.
#
# Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o).
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/compare-kafka.sh [options]
  --quick                  smoke run: broker warm-up 5 s; warm-up 3 s, saturated 5 s, fixed rate 3 s; 1 repeat
  --engines LIST           gale,storm,kstreams (default all three)
  --guarantee LIST         alo,eos: at least once, exactly once (default both)
  --state LIST             memory,rocksdb: where the counts live (default both)
  --repeats N              runs per engine and cell, engines taking turns to go first (default 3;
                           the issue's full run is 5)
  --warmup SECS            warm-up after the first output record (default 30)
  --measure SECS           saturated window (default 20)
  --in-flight N            saturated, at least once: most input records sent but not yet done (default 5000)
  --in-flight-eos N        the same, exactly once, where outputs wait for a commit (default 50000)
  --latency-rate N         fixed-rate window's input records/s (default 2000)
  --latency-secs SECS      fixed-rate window (default 10)
  --partitions N           partitions of the input and the output topic (default 2)
  --jvm-opts "FLAGS"       flags of every engine JVM (default "-Xms1g -Xmx1g -XX:+UseG1GC")
  --broker-jvm-opts "F"    flags of the broker JVM (default the same)
  --broker-warmup SECS     harness-only traffic through the broker before the first run (default 20)
  --out DIR                where table.txt, results.json and logs/ go (and each run's state/, deleted after it)
                           (default target/bench-results/kafka-<time>)

Cells are guarantee x state; Storm runs alo/memory only (no RocksDB state provider, no offsets in
checkpoints, no transactional sink). Each input record is "<send nanoTime> w1 ... w6"; every
engine splits it, counts per word (fields grouping, or Kafka Streams' repartition topic) and
writes one record per word, key = word, value = "<count> <stamp>", to the output topic:
  alo/memory   Gale and Storm: KafkaSpout at-least-once -> split x2 -> count x2 (a map) ->
               KafkaBolt acks=all, max spout pending 1000; Kafka Streams: at_least_once,
               in-memory store
  alo/rocksdb  Gale: the count is a stateful bolt on RocksDB (checkpoint every 1000 ms, acks held
               until it commits, max spout pending 100000); Kafka Streams: RocksDB store
  eos/*        Gale: KafkaSpout with its offsets in the checkpoints, stateful count (in memory or
               RocksDB), TransactionalKafkaBolt, checkpoint every 100 ms; Kafka Streams:
               exactly_once_v2 (commit.interval.ms default, 100 ms)
Kafka Streams runs 2 stream threads. The harness reads the output with isolation.level=
read_committed. records/s = words read / 6 per second; latency = read time - send time, on the
harness's one clock.
Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o).
USAGE
}
for a in "$@"; do
  case "$a" in -h|--help) usage; exit 0 ;; esac
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "compare-kafka: building gale-benchmarks, gale-benchmarks-storm and gale-benchmarks-kstreams (-Pstorm,kstreams)..." >&2
  # shellcheck disable=SC2086
  mvn -B -q ${MVN_FLAGS:-} -Pstorm,kstreams -DskipTests package \
    -pl gale-benchmarks,gale-benchmarks-storm,gale-benchmarks-kstreams -am >&2
fi

gale_cp="$root/gale-benchmarks/target/classes:$(cat gale-benchmarks/target/classpath.txt)"
storm_cp="$root/gale-benchmarks-storm/target/classes:$(cat gale-benchmarks-storm/target/classpath.txt)"
kstreams_cp="$root/gale-benchmarks-kstreams/target/classes:$(cat gale-benchmarks-kstreams/target/classpath.txt)"
echo "compare-kafka: $(uptime)" >&2
exec java -Xmx512m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$gale_cp" \
  dev.gale.benchmarks.topology.CompareKafka --gale-cp "$gale_cp" --storm-cp "$storm_cp" \
  --kstreams-cp "$kstreams_cp" "$@"
