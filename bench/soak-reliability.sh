#!/usr/bin/env bash
# Reliability soaks on real time, each in a JVM of its own (gale-benchmarks, never run by the tests):
#   1. the random-loss soak (dev.gale.benchmarks.soak.ChaosSoak): 1,000,000 ids through two bolts that
#      throw, fail and drop 5% of their tuples each, message timeout 3 s, in three settings: max spout
#      pending unset (adaptive), unset with adaptation off, and an explicit 10000 (a fixed cap);
#   2. the slow-bolt soak (dev.gale.benchmarks.probe.TimeoutTrapProbe): 5 ms per tuple, timeout 2 s,
#      max spout pending unset; acks per second over 25 s against the bolt's capacity (200/s).
#
#   bench/soak-reliability.sh                 everything
#   bench/soak-reliability.sh --ids 200000    a shorter random-loss soak
# Environment: SKIP_BUILD=1 reuses the last build; JVM_OPTS (default "-Xms1g -Xmx1g -XX:+UseG1GC").
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
ids=1000000
while [ $# -gt 0 ]; do
  case "$1" in
    --ids) ids="$2"; shift 2 ;;
    -h|--help) sed -n 2,11p "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  mvn -B -q -DskipTests -pl gale-benchmarks -am package >&2
fi
cp="gale-benchmarks/target/classes:$(cat gale-benchmarks/target/classpath.txt)"
read -r -a jvm <<< "${JVM_OPTS:--Xms1g -Xmx1g -XX:+UseG1GC}"
echo "load before: $(cat /proc/loadavg); commit $(git rev-parse --short HEAD)"
results=()
for setting in "unset unset" "unset false" "10000 unset"; do
  read -r mp ad <<< "$setting"
  line=$(java "${jvm[@]}" -Dorg.slf4j.simpleLogger.defaultLogLevel=off -cp "$cp" dev.gale.benchmarks.soak.ChaosSoak \
           --ids "$ids" --max-pending "$mp" --adaptive "$ad" | tee /dev/stderr | grep '^RESULT')
  results+=("$line")
done
echo
echo "random loss, $ids ids, timeout 3 s:"
printf '  %s\n' "${results[@]}"
echo
echo "slow bolt, 5 ms per tuple, timeout 2 s, max spout pending unset:"
java "${jvm[@]}" -Dorg.slf4j.simpleLogger.defaultLogLevel=off -cp "$cp" dev.gale.benchmarks.probe.TimeoutTrapProbe 25
