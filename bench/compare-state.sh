#!/usr/bin/env bash
# Stateful word count (issue 31), Gale against Apache Storm 2.8.3, side by side in one run: the
# state scenarios of bench/compare-topologies.sh, each engine in a child JVM of its own.
#
#   state-memory   numbered sentences -> split x2 -> stateful word count x2 (fields grouping),
#                  checkpoint every 1 s, in-memory state (both engines)
#   state-redis    the same, state in Redis (a redis-server this script starts on 127.0.0.1)
#   state-rocksdb  the same, state in RocksDB under target/ (Gale only: Storm has no such provider)
#
# Per scenario: sentences/s (a tree is acked only when the checkpoint that saved its counts
# commits), words/s counted, the checkpoint's prepare round (prePrepare -> preCommit of each task),
# and the state's bytes per key (memory: heap after GC; Redis: used_memory; RocksDB: its directory
# on disk), over about 120,000 distinct keys.
#
#   bench/compare-state.sh              full comparison (warm-up 10 s, measure 10 s, 3 repeats)
#   bench/compare-state.sh --quick      smoke run (2 s + 3 s, 1 repeat)
#                                       (too short for figures: a tree is acked at the commit of its
#                                       checkpoint, so acks come in bursts a checkpoint apart)
#
# Any option of bench/compare-topologies.sh may follow and overrides these defaults. Child JVMs
# get 2 GB of heap. -Dbench.state.interval=MS and -Dbench.state.pending=N in --jvm-opts change the
# checkpoint interval (1000) and max spout pending (100000). Needs /usr/bin/redis-server (Debian's
# redis-server). Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags;
# JVM_EXTRA is appended to the child JVMs' flags (e.g. "-Xmx4g -Dbench.state.pending=400000").
set -euo pipefail
for a in "$@"; do
  case "$a" in -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
redis_bin=${REDIS_SERVER:-/usr/bin/redis-server}
if [ ! -x "$redis_bin" ]; then
  echo "compare-state: $redis_bin not found: apt-get install redis-server" >&2
  exit 1
fi
work="$root/target/bench-state-$$"
mkdir -p "$work/rocksdb"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
"$redis_bin" --port "$port" --bind 127.0.0.1 --save "" --appendonly no --dir "$work" --daemonize no \
  >"$work/redis.log" 2>&1 &
redis_pid=$!
cleanup() { kill "$redis_pid" 2>/dev/null || true; wait "$redis_pid" 2>/dev/null || true; rm -rf "$work/rocksdb"; }
trap cleanup EXIT
for _ in $(seq 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  sleep 0.1
done
echo "compare-state: redis-server pid $redis_pid on 127.0.0.1:$port, RocksDB under $work/rocksdb" >&2
SKIP_FLINK=1 "$root/bench/compare-topologies.sh" --scenarios state-memory,state-redis,state-rocksdb \
  --engines gale,storm \
  --jvm-opts "-Xms2g -Xmx2g -XX:+UseG1GC -Dbench.redis.port=$port -Dbench.rocksdb.dir=$work/rocksdb ${JVM_EXTRA:-}" "$@"
