/*
 * hdfs-directio's JNI library: passes open file descriptors over the DataNode plugin's
 * Unix-domain socket (SCM_RIGHTS), wraps received descriptors in java.io.FileDescriptor, and sets
 * O_DIRECT on a received descriptor. The sockets themselves stay Java channels (connect, accept,
 * SO_PEERCRED, request bytes); only the reply, which carries the descriptors, crosses JNI, on the
 * same socket descriptor.
 */
#define _GNU_SOURCE
#include <jni.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
#include <unistd.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/statvfs.h>
#include <sys/time.h>
#include <sys/uio.h>

#define MAX_FDS 4

static void throw_io(JNIEnv *env, const char *what, int err) {
  char msg[256];
  if (err != 0) {
    snprintf(msg, sizeof msg, "%s: %s (errno %d)", what, strerror(err), err);
  } else {
    snprintf(msg, sizeof msg, "%s", what);
  }
  jclass cls = (*env)->FindClass(env, err == EAGAIN || err == EWOULDBLOCK ? "java/net/SocketTimeoutException"
                                                                         : "java/io/IOException");
  if (cls != NULL) {
    (*env)->ThrowNew(env, cls, msg);
  }
}

/* The int in a java.io.FileDescriptor, or -1 (exception pending) if it has none. */
static int fd_of_descriptor(JNIEnv *env, jobject fdo) {
  jclass cls = (*env)->FindClass(env, "java/io/FileDescriptor");
  if (cls == NULL) {
    return -1;
  }
  jfieldID f = (*env)->GetFieldID(env, cls, "fd", "I");
  if (f == NULL) {
    return -1;
  }
  int fd = (*env)->GetIntField(env, fdo, f);
  if (fd < 0) {
    throw_io(env, "descriptor is closed", 0);
  }
  return fd;
}

/*
 * The socket descriptor of an NIO SocketChannel: its FileDescriptor field "fd" (SocketChannelImpl
 * in JDK 11..21). JNI field access is not subject to module encapsulation; a JDK without that field
 * gets a clear error, and the Java side then streams.
 */
static int fd_of_channel(JNIEnv *env, jobject channel) {
  jclass cls = (*env)->GetObjectClass(env, channel);
  while (cls != NULL) {
    jfieldID f = (*env)->GetFieldID(env, cls, "fd", "Ljava/io/FileDescriptor;");
    if (f != NULL) {
      jobject fdo = (*env)->GetObjectField(env, channel, f);
      if (fdo == NULL) {
        throw_io(env, "socket channel has no descriptor", 0);
        return -1;
      }
      return fd_of_descriptor(env, fdo);
    }
    (*env)->ExceptionClear(env);
    cls = (*env)->GetSuperclass(env, cls);
  }
  throw_io(env, "this JVM's SocketChannel has no 'fd' field: cannot pass descriptors on it", 0);
  return -1;
}

static int set_timeout(int fd, int option, jint ms) {
  struct timeval tv;
  tv.tv_sec = ms / 1000;
  tv.tv_usec = (ms % 1000) * 1000;
  return setsockopt(fd, SOL_SOCKET, option, &tv, sizeof tv);
}

JNIEXPORT void JNICALL Java_org_hadoopopt_directio_protocol_FdPassing_send0(JNIEnv *env, jclass cls, jobject channel,
    jbyteArray message, jobjectArray descriptors, jint timeoutMs) {
  int sock = fd_of_channel(env, channel);
  if (sock < 0) {
    return;
  }
  jsize nfds = descriptors == NULL ? 0 : (*env)->GetArrayLength(env, descriptors);
  if (nfds > MAX_FDS) {
    throw_io(env, "too many descriptors for one message", 0);
    return;
  }
  int fds[MAX_FDS];
  for (jsize i = 0; i < nfds; i++) {
    jobject d = (*env)->GetObjectArrayElement(env, descriptors, i);
    if (d == NULL) {
      throw_io(env, "null descriptor", 0);
      return;
    }
    fds[i] = fd_of_descriptor(env, d);
    if (fds[i] < 0) {
      return;
    }
  }
  jsize len = (*env)->GetArrayLength(env, message);
  if (len < 1) {
    throw_io(env, "a message carrying descriptors needs at least one byte", 0);
    return;
  }
  jbyte *buf = malloc((size_t) len);
  if (buf == NULL) {
    throw_io(env, "out of memory", ENOMEM);
    return;
  }
  (*env)->GetByteArrayRegion(env, message, 0, len, buf);
  if (set_timeout(sock, SO_SNDTIMEO, timeoutMs) != 0) {
    int e = errno;
    free(buf);
    throw_io(env, "setsockopt(SO_SNDTIMEO)", e);
    return;
  }
  union {
    char space[CMSG_SPACE(sizeof(int) * MAX_FDS)];
    struct cmsghdr align;
  } control;
  memset(&control, 0, sizeof control);
  jsize sent = 0;
  int first = 1;
  while (sent < len) {
    struct iovec iov = {.iov_base = buf + sent, .iov_len = (size_t) (len - sent)};
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    if (first && nfds > 0) {
      /* The descriptors ride on the first byte sent; the kernel duplicates them into the receiver. */
      msg.msg_control = control.space;
      msg.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
      struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
      c->cmsg_level = SOL_SOCKET;
      c->cmsg_type = SCM_RIGHTS;
      c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
      memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
    }
    ssize_t n = sendmsg(sock, &msg, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      if (errno == EAGAIN || errno == EWOULDBLOCK) {
        /* A non-blocking socket (the DataNode's endpoint) with a full buffer: wait for room, bounded. */
        struct pollfd p = {.fd = sock, .events = POLLOUT};
        int r = poll(&p, 1, timeoutMs);
        if (r > 0 || (r < 0 && errno == EINTR)) {
          continue;
        }
        free(buf);
        throw_io(env, r == 0 ? "the caller took no reply in time" : "poll", r == 0 ? EAGAIN : errno);
        return;
      }
      int e = errno;
      free(buf);
      throw_io(env, "sendmsg", e);
      return;
    }
    first = 0;
    sent += (jsize) n;
  }
  free(buf);
}

static void close_all(int *fds, int n) {
  for (int i = 0; i < n; i++) {
    close(fds[i]);
  }
}

/*
 * Reads the reply until the peer closes (one reply per connection), at most maxBytes, collecting
 * the descriptors that come with it (at most maxFds; more, or a truncated control message, closes
 * them all and fails). Received descriptors are close-on-exec and are wrapped into new
 * java.io.FileDescriptor objects stored in descriptorsOut. Nothing is left open on failure.
 */
JNIEXPORT jbyteArray JNICALL Java_org_hadoopopt_directio_protocol_FdPassing_receive0(JNIEnv *env, jclass cls,
    jobject channel, jint maxBytes, jobjectArray descriptorsOut, jint timeoutMs) {
  int sock = fd_of_channel(env, channel);
  if (sock < 0) {
    return NULL;
  }
  jsize maxFds = (*env)->GetArrayLength(env, descriptorsOut);
  if (maxFds > MAX_FDS || maxBytes < 1) {
    throw_io(env, "bad receive limits", 0);
    return NULL;
  }
  if (set_timeout(sock, SO_RCVTIMEO, timeoutMs) != 0) {
    throw_io(env, "setsockopt(SO_RCVTIMEO)", errno);
    return NULL;
  }
  char *buf = malloc((size_t) maxBytes);
  if (buf == NULL) {
    throw_io(env, "out of memory", ENOMEM);
    return NULL;
  }
  int fds[MAX_FDS];
  int nfds = 0;
  jsize got = 0;
  const char *problem = NULL;
  int err = 0;
  for (;;) {
    union {
      char space[CMSG_SPACE(sizeof(int) * MAX_FDS)];
      struct cmsghdr align;
    } control;
    struct iovec iov = {.iov_base = buf + got, .iov_len = (size_t) (maxBytes - got)};
    struct msghdr msg;
    memset(&msg, 0, sizeof msg);
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control.space;
    msg.msg_controllen = sizeof control.space;
    if (got == maxBytes) {
      /* Full: one more byte would be a reply longer than allowed. */
      char extra;
      iov.iov_base = &extra;
      iov.iov_len = 1;
    }
    ssize_t n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    if (n < 0) {
      if (errno == EINTR) {
        continue;
      }
      err = errno;
      problem = err == EAGAIN || err == EWOULDBLOCK ? "no reply from the DataNode in time" : "recvmsg";
      break;
    }
    for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c != NULL; c = CMSG_NXTHDR(&msg, c)) {
      if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
        int k = (int) ((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *in = (int *) CMSG_DATA(c);
        for (int i = 0; i < k; i++) {
          if (nfds < MAX_FDS) {
            fds[nfds++] = in[i];
          } else {
            close(in[i]);
            problem = "more descriptors than a reply carries";
          }
        }
      }
    }
    if (msg.msg_flags & MSG_CTRUNC) {
      problem = "descriptors truncated";
    }
    if (problem != NULL) {
      break;
    }
    if (n == 0) {
      break; /* the DataNode closed: the reply is complete */
    }
    if (got == maxBytes) {
      problem = "reply longer than allowed";
      break;
    }
    got += (jsize) n;
  }
  if (problem == NULL && nfds > maxFds) {
    problem = "more descriptors than expected";
  }
  if (problem != NULL) {
    close_all(fds, nfds);
    free(buf);
    throw_io(env, problem, err);
    return NULL;
  }
  jclass fdCls = (*env)->FindClass(env, "java/io/FileDescriptor");
  jmethodID init = fdCls == NULL ? NULL : (*env)->GetMethodID(env, fdCls, "<init>", "()V");
  jfieldID fdField = init == NULL ? NULL : (*env)->GetFieldID(env, fdCls, "fd", "I");
  jbyteArray out = fdField == NULL ? NULL : (*env)->NewByteArray(env, got);
  if (out == NULL) {
    close_all(fds, nfds);
    free(buf);
    return NULL; /* exception pending */
  }
  (*env)->SetByteArrayRegion(env, out, 0, got, (jbyte *) buf);
  free(buf);
  for (int i = 0; i < nfds; i++) {
    jobject d = (*env)->NewObject(env, fdCls, init);
    if (d == NULL) {
      for (int j = 0; j < i; j++) {
        (*env)->SetObjectArrayElement(env, descriptorsOut, j, NULL);
      }
      close_all(fds, nfds);
      return NULL;
    }
    (*env)->SetIntField(env, d, fdField, fds[i]);
    (*env)->SetObjectArrayElement(env, descriptorsOut, i, d);
    (*env)->DeleteLocalRef(env, d);
  }
  return out;
}

/* Switches a received descriptor to O_DIRECT (page cache bypassed); returns the file system's block size. */
JNIEXPORT jint JNICALL Java_org_hadoopopt_directio_protocol_FdPassing_setDirect0(JNIEnv *env, jclass cls,
    jobject descriptor) {
  int fd = fd_of_descriptor(env, descriptor);
  if (fd < 0) {
    return -1;
  }
  struct statvfs vfs;
  if (fstatvfs(fd, &vfs) != 0) {
    throw_io(env, "fstatvfs", errno);
    return -1;
  }
  int flags = fcntl(fd, F_GETFL);
  if (flags < 0 || fcntl(fd, F_SETFL, flags | O_DIRECT) != 0) {
    throw_io(env, "fcntl(O_DIRECT)", errno);
    return -1;
  }
  return (jint) vfs.f_bsize;
}
