#!/usr/bin/env bash
# Multilang, Gale against Apache Storm 2.8.3, side by side in one run: the word count of
# bench/compare-topologies.sh with its splitter a Python shell bolt (wordcount-python):
#
#   sentence spout x2 -> split x2 (python3 on storm.py, a storm.BasicBolt) -> count x2 by word,
#   1 acker, max spout pending 1000 per spout task
#
# Both engines run the same ported topology; storm.py comes from org.apache.storm:multilang-python
# 2.8.3 on either classpath. Per engine: sentences/s acked, words/s counted, complete latency, CPU.
#
#   bench/compare-multilang.sh              full comparison (warm-up 10 s, measure 10 s, 3 repeats)
#   bench/compare-multilang.sh --quick      smoke run (2 s + 3 s, 1 repeat)
#
# Any option of bench/compare-topologies.sh may follow and overrides these defaults. Needs python3
# on the PATH. Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags.
set -euo pipefail
for a in "$@"; do
  case "$a" in -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
done
if ! python3 --version >/dev/null 2>&1; then
  echo "compare-multilang: python3 is not installed or not on the PATH; the splitter needs it" >&2
  exit 2
fi
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SKIP_FLINK=1 exec "$root/bench/compare-topologies.sh" --scenarios wordcount-python --engines gale,storm "$@"
