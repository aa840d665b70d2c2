#!/bin/sh
# Builds the native parts with the machine's gcc; run by Maven (process-classes) as
#   build.sh JAVA_HOME MODULE_DIR TARGET_DIR
# Outputs: the JNI library inside target/classes (packaged into the jar), the C client
# library (static and shared), the C++ example programs and the C test programs (the ring
# fuzzer's with AddressSanitizer).
set -eu
JAVA_HOME=$1; MODULE=$2; TARGET=$3
SRC=$MODULE/src/main/native
TEST=$MODULE/src/test/native
OUT=$TARGET/native
JNI_OUT=$TARGET/classes/META-INF/native/linux-x86_64
mkdir -p "$OUT/obj" "$OUT/lib" "$OUT/bin" "$OUT/include" "$JNI_OUT"
CFLAGS="-O2 -g -Wall -Wextra -Wno-unused-parameter -fPIC -std=gnu11 -I$SRC/include -I$SRC/lib"
gcc $CFLAGS -c "$SRC/lib/smstream_ring.c" -o "$OUT/obj/smstream_ring.o"
gcc $CFLAGS -c "$SRC/lib/smstream.c" -o "$OUT/obj/smstream.o"
rm -f "$OUT/lib/libsmstream.a"
ar rcs "$OUT/lib/libsmstream.a" "$OUT/obj/smstream_ring.o" "$OUT/obj/smstream.o"
gcc -shared -o "$OUT/lib/libsmstream.so" "$OUT/obj/smstream_ring.o" "$OUT/obj/smstream.o" -lpthread
cp "$SRC/include/"*.h "$SRC/include/"*.hh "$OUT/include/"
gcc $CFLAGS -I"$JAVA_HOME/include" -I"$JAVA_HOME/include/linux" -shared \
  -o "$JNI_OUT/libhadoopopt-shm.so" "$SRC/jni/shm_jni.c" "$SRC/lib/smstream_ring.c"
for p in identity wordcount grep invindex identity_block grep_block; do
  g++ -O2 -std=c++17 -Wall -I"$SRC/include" -o "$OUT/bin/$p" "$SRC/examples/$p.cc" "$OUT/lib/libsmstream.a" -lpthread
done
for p in layout_check ring_echo identity_c; do
  gcc $CFLAGS -o "$OUT/bin/$p" "$TEST/$p.c" "$OUT/lib/libsmstream.a" -lpthread
done
# The ring fuzzer's C client: the library's sources built with AddressSanitizer.
gcc $CFLAGS -fsanitize=address -fno-omit-frame-pointer -o "$OUT/bin/ring_fuzz" "$TEST/ring_fuzz.c" \
  "$SRC/lib/smstream_ring.c" "$SRC/lib/smstream.c" -lpthread
