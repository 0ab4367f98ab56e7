#!/usr/bin/env bash
# The cost of gale-storm's adapter without a cluster: the reliable word count on Storm's in-process
# LocalCluster, in one JVM, written against Gale's API (through the adapter) and against Storm's
# API, in alternating runs (dev.gale.benchmarks.stormadapter.AdapterOverhead, in gale-benchmarks).
# No tuple leaves the worker, so no serialization: what differs is the adapter's work per tuple.
#
#   bench/adapter-overhead.sh                      3 runs of each, warm-up 10 s, measure 20 s
#   bench/adapter-overhead.sh --quick              smoke run
#   JFR=gale.jfr bench/adapter-overhead.sh --order gale --runs 1 --measure 30
#                                                  a profile of one side (jfr print / jfr summary)
#   bench/adapter-overhead.sh --hot-path [--batches N] [--trees N]
#                                                  the adapter's own work per tree on one thread, no
#                                                  Storm executor: Gale's components through the wrappers
#                                                  against Storm's, in alternating batches (AdapterHotPath)
#   bench/adapter-overhead.sh --help               every option
#
# Environment: SKIP_BUILD=1 reuses the last build; MVN_FLAGS adds Maven flags (e.g. -o); JFR=<file>
# records the run with Java Flight Recorder's profile settings; JAVA_OPTS adds JVM flags;
# CLASSES_BEFORE=<dir> puts another build of gale-storm's main classes first on the class path (the
# same measurement before and after a change).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
for a in "$@"; do
  if [ "$a" = --help ] || [ "$a" = -h ]; then
    SKIP_BUILD=1
  fi
done
daemon_cp_file=gale-storm-cluster/target/classes/dev/gale/storm/cluster/daemon.classpath
if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f gale-benchmarks/target/classpath.txt ] || [ ! -f "$daemon_cp_file" ]; then
  echo "adapter-overhead: building gale-benchmarks..." >&2
  # shellcheck disable=SC2086
  mvn -B -q ${MVN_FLAGS:-} -DskipTests -pl gale-benchmarks -am package >&2
fi
# gale-benchmarks' class path has Storm's jars left out: add Storm's daemon class path (a
# distribution's lib/: storm-server, whose LocalCluster runs both sides, and what it needs).
cp="$root/gale-benchmarks/target/classes:$(cat gale-benchmarks/target/classpath.txt):$(cat "$daemon_cp_file")"
# Storm's lib/ brings its own SLF4J provider: the one of gale-benchmarks is named, not guessed.
jvm=(-Xms1g -Xmx1g -XX:+UseG1GC -Dslf4j.provider=org.slf4j.simple.SimpleServiceProvider
  -Dorg.slf4j.simpleLogger.defaultLogLevel=warn)
if [ -n "${JFR:-}" ]; then
  jvm+=("-XX:StartFlightRecording=settings=profile,filename=$JFR")
fi
main=dev.gale.benchmarks.stormadapter.AdapterOverhead
if [ "${1:-}" = --hot-path ]; then
  main=dev.gale.benchmarks.stormadapter.AdapterHotPath
  shift
fi
echo "adapter-overhead: $(uptime)" >&2
# shellcheck disable=SC2086
exec java "${jvm[@]}" ${JAVA_OPTS:-} -cp "${CLASSES_BEFORE:+$CLASSES_BEFORE:}$cp" "$main" "$@"
