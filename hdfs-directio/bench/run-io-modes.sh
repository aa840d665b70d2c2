#!/usr/bin/env bash
# Runs the I/O-mode micro-benchmark (src/test/java/.../bench/IoModeBenchmark.java) on an in-process
# MiniDFSCluster with one DataNode. Usage: bench/run-io-modes.sh [sizesMB=64,256,1024] [rounds=3] [out.json]
# [modeRegex] (only the modes whose names match, e.g. 'no verify|raw FileChannel')
# Builds the module's classes first (offline), prints a table, writes target/bench/io-modes.json.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mvn -B -o -q -f ../pom.xml -pl hdfs-directio test-compile
mvn -B -o -q dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt -Dmdep.includeScope=test >/dev/null
exec java -Xmx2g -XX:+IgnoreUnrecognizedVMOptions --add-opens=java.base/java.lang=ALL-UNNAMED \
  --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED \
  -Dlog4j.configuration=file:"$(pwd)/bench/log4j-quiet.properties" \
  -cp "target/classes:target/test-classes:$(cat target/bench-classpath.txt)" \
  org.hadoopopt.directio.bench.IoModeBenchmark "$@"
