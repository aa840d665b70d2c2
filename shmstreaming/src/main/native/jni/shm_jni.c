/* JNI side of org.hadoopopt.shmstreaming.ring.NativeShm: mapping and futex calls only.
 * Records are read and written by Java straight in the mapped buffer, so no JNI call is made
 * per record; the futex calls happen only when a side must sleep or wake its peer. */
#define _GNU_SOURCE
#include <errno.h>
#include <jni.h>
#include <linux/futex.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "smstream.h"
#include "smstream_internal.h"

static void throw_io(JNIEnv *env, const char *msg) {
  jclass c = (*env)->FindClass(env, "java/io/IOException");
  if (c) (*env)->ThrowNew(env, c, msg);
}

static jobject wrap(JNIEnv *env, smstream_ring *r) {
  return (*env)->NewDirectByteBuffer(env, r->base, (jlong)r->map_size);
}

JNIEXPORT jobject JNICALL Java_org_hadoopopt_shmstreaming_ring_NativeShm_create0(
    JNIEnv *env, jclass cls, jstring path, jlong capacity, jint batch) {
  const char *p = (*env)->GetStringUTFChars(env, path, NULL);
  if (!p) return NULL;
  smstream_ring r;
  int rc = smstream_ring_create(&r, p, (uint64_t)capacity, (uint32_t)batch);
  (*env)->ReleaseStringUTFChars(env, path, p);
  if (rc != 0) {
    throw_io(env, smstream_last_error());
    return NULL;
  }
  return wrap(env, &r);
}

JNIEXPORT jobject JNICALL Java_org_hadoopopt_shmstreaming_ring_NativeShm_attach0(
    JNIEnv *env, jclass cls, jstring path) {
  const char *p = (*env)->GetStringUTFChars(env, path, NULL);
  if (!p) return NULL;
  smstream_ring r;
  int rc = smstream_ring_attach(&r, p);
  (*env)->ReleaseStringUTFChars(env, path, p);
  if (rc != 0) {
    throw_io(env, smstream_last_error());
    return NULL;
  }
  return wrap(env, &r);
}

JNIEXPORT void JNICALL Java_org_hadoopopt_shmstreaming_ring_NativeShm_unmap0(
    JNIEnv *env, jclass cls, jobject buf) {
  void *a = (*env)->GetDirectBufferAddress(env, buf);
  jlong n = (*env)->GetDirectBufferCapacity(env, buf);
  if (a && n > 0) sms_unmap_segment(a, (size_t)n); /* with the guard pages around it */
}

/* Sleeps while the 32-bit word at offset still holds expected, at most timeoutMs. */
JNIEXPORT void JNICALL Java_org_hadoopopt_shmstreaming_ring_NativeShm_futexWait0(
    JNIEnv *env, jclass cls, jobject buf, jint offset, jint expected, jint timeoutMs) {
  char *a = (*env)->GetDirectBufferAddress(env, buf);
  struct timespec ts = {timeoutMs / 1000, (timeoutMs % 1000) * 1000000L};
  syscall(SYS_futex, (uint32_t *)(a + offset), FUTEX_WAIT, (uint32_t)expected, &ts, NULL, 0);
}

JNIEXPORT void JNICALL Java_org_hadoopopt_shmstreaming_ring_NativeShm_futexWake0(
    JNIEnv *env, jclass cls, jobject buf, jint offset) {
  char *a = (*env)->GetDirectBufferAddress(env, buf);
  syscall(SYS_futex, (uint32_t *)(a + offset), FUTEX_WAKE, 1, NULL, NULL, 0);
}
