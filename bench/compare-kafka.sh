#!/usr/bin/env bash
# Kafka side-by-side benchmark: topic -> reliable word count -> topic on Gale and on Apache Storm
# (storm-kafka-client), each engine in a child JVM of its own with the same flags, against one
# broker in a JVM of its own, fresh topics per run. Builds what it needs (Maven profile "storm"),
# then runs dev.gale.benchmarks.topology.CompareKafka, which prints one table and writes results.
#
# Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o).
set -euo pipefail

usage() {
  cat <<'USAGE'
usage: bench/compare-kafka.sh [options]
  --quick                  smoke run: broker warm-up 5 s; warm-up 3 s, saturated 5 s, fixed rate 3 s; 1 repeat
  --warmup SECS            warm-up after the first output record (default 30)
  --measure SECS           saturated window (default 20)
  --in-flight N            saturated: most input records sent but not yet done (default 5000)
  --latency-rate N         fixed-rate window's input records/s (default 2000)
  --latency-secs SECS      fixed-rate window (default 10)
  --repeats N              runs per engine, alternating who goes first (default 3)
  --engines LIST           gale,storm (default both)
  --partitions N           partitions of the input and the output topic (default 2)
  --jvm-opts "FLAGS"       flags of both engine JVMs (default "-Xms1g -Xmx1g -XX:+UseG1GC")
  --broker-jvm-opts "F"    flags of the broker JVM (default the same)
  --broker-warmup SECS     harness-only traffic through the broker before the first run (default 20)
  --out DIR                where table.txt, results.json and logs/ go
                           (default target/bench-results/kafka-<time>)

Each input record is "<send nanoTime> w1 ... w6"; the topology (KafkaSpout at-least-once ->
split x2 -> count x2 on fields grouping -> KafkaBolt acks=all, max spout pending 1000) writes one
record per word carrying the stamp; the harness reads them back. records/s = words read / 6 per
second; latency = read time - send time, on the harness's one clock.
Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o).
USAGE
}
for a in "$@"; do
  case "$a" in -h|--help) usage; exit 0 ;; esac
done

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

if [ "${SKIP_BUILD:-0}" != 1 ]; then
  echo "compare-kafka: building gale-benchmarks and gale-benchmarks-storm (-Pstorm)..." >&2
  # shellcheck disable=SC2086
  mvn -B -q ${MVN_FLAGS:-} -Pstorm -DskipTests package -pl gale-benchmarks,gale-benchmarks-storm -am >&2
fi

gale_cp="$root/gale-benchmarks/target/classes:$(cat gale-benchmarks/target/classpath.txt)"
storm_cp="$root/gale-benchmarks-storm/target/classes:$(cat gale-benchmarks-storm/target/classpath.txt)"
echo "compare-kafka: $(uptime)" >&2
exec java -Xmx512m -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$gale_cp" \
  dev.gale.benchmarks.topology.CompareKafka --gale-cp "$gale_cp" --storm-cp "$storm_cp" "$@"
