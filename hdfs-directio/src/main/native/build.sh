#!/bin/sh
# Builds hdfs-directio's JNI library with the machine's gcc; run by Maven (process-classes) as
#   build.sh JAVA_HOME MODULE_DIR TARGET_DIR
# The library lands in target/classes and so inside the jar, where FdPassing loads it from.
set -eu
JAVA_HOME=$1; MODULE=$2; TARGET=$3
OUT=$TARGET/classes/META-INF/native/linux-x86_64
mkdir -p "$OUT"
gcc -O2 -g -Wall -Wextra -Wno-unused-parameter -fPIC -std=gnu11 -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" \
  -shared -o "$OUT/libhadoopopt-directio.so" "$MODULE/src/main/native/fdpass_jni.c"
