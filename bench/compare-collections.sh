#!/usr/bin/env bash
# Runs the collections comparison and prints its table; raw JSON goes to
# gale-benchmarks/target/collections/. Arguments go to CompareCollections
# (--quick, --forks N (default 2), --sizes 65536,1048576, --only REGEX, --out DIR).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
echo "load before: $(cat /proc/loadavg)"
# package, not install: the build stays in this work tree.
mvn -B -q -DskipTests -pl gale-benchmarks -am package
cp="gale-benchmarks/target/classes:$(cat gale-benchmarks/target/classpath-collections.txt)"
# JOL needs these to size objects on JDK 17 without warnings or failures.
exec java -Xms3g -Xmx3g -Djdk.attach.allowAttachSelf=true -Djol.magicFieldOffset=true -cp "$cp" dev.gale.benchmarks.collections.CompareCollections "$@"
