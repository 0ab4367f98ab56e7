#!/usr/bin/env bash
# The exactly-once fault soak (dev.gale.benchmarks.soak.eo.ExactlyOnceSoak, gale-benchmarks): Kafka
# (an embedded broker) into a checkpointed KafkaSpout, a flaky bolt (fails 1 record in 500 and throws
# on 1 in 2000, first delivery) and a stateful counter per key, in a child JVM killed with SIGKILL at
# random moments and restarted on the same state; acker counts change between runs, changed
# parallelisms must be refused at submit; with Redis state, redis-server is killed and restarted too.
# At the end every key's committed count must equal the input's. Then the same records without any
# fault, for the records/s it costs. A short version runs in `mvn verify` (ExactlyOnceSoakTest).
#
#   bench/soak-exactly-once.sh                         RocksDB and Redis, 10 min, >= 1,000,000 records, >= 20 kills each
#   bench/soak-exactly-once.sh --stores rocksdb --minutes 2 --records 200000 --kills 5
# Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
stores="rocksdb redis"
minutes=10
records=1000000
kills=20
seed=$(date +%s)
while [ $# -gt 0 ]; do
  case "$1" in
    --stores) stores="${2//,/ }"; shift 2 ;;
    --minutes) minutes="$2"; shift 2 ;;
    --records) records="$2"; shift 2 ;;
    --kills) kills="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    -h|--help) sed -n 2,13p "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  # shellcheck disable=SC2086
  mvn -B -q ${MVN_FLAGS:-} -DskipTests -pl gale-benchmarks -am package >&2
fi
cp="gale-benchmarks/target/classes:$(cat gale-benchmarks/target/classpath.txt)"
out="target/bench-results/soak-exactly-once-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$out"
echo "load before: $(cat /proc/loadavg); commit $(git rev-parse --short HEAD); seed $seed; results in $out"
results=()
for store in $stores; do
  for faults in true false; do
    dir="$out/$store-faults-$faults"
    line=$(java -Xmx1g -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$cp" \
             dev.gale.benchmarks.soak.eo.ExactlyOnceSoak --store "$store" --faults "$faults" --records "$records" \
             --minutes "$([ "$faults" = true ] && echo "$minutes" || echo 0)" --kills "$kills" --seed "$seed" \
             --dir "$dir" | tee -a "$out/soak.log" | grep '^RESULT') || { echo "soak failed: $store faults=$faults" >&2; exit 1; }
    echo "$line" >&2
    results+=("$line")
  done
done
echo
printf '%s\n' "${results[@]}" | tee "$out/results.txt"
