/* The ring protocol (single producer, single consumer), C side. See smstream_layout.h. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "smstream.h"
#include "smstream_internal.h"

static __thread char last_error[512];

const char *smstream_last_error(void) { return last_error; }

void sms_set_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
}

#define U32(r, off) ((_Atomic uint32_t *)((r)->base + (off)))
#define U64(r, off) ((_Atomic uint64_t *)((r)->base + (off)))
#define DATA(r) ((r)->base + SMS_HEADER_SIZE)

static long now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static void futex_wait(_Atomic uint32_t *word, uint32_t expected, int timeout_ms) {
  struct timespec ts = {timeout_ms / 1000, (timeout_ms % 1000) * 1000000L};
  /* Shared (not PRIVATE) futex: the peer is another process. EAGAIN means the word changed. */
  syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT, expected, &ts, NULL, 0);
}

/* Wakes the peer if it announced it sleeps. The CAS makes exactly one side clear the flag,
 * and the fence orders our publication before reading the flag: the waiter sets the flag
 * before re-reading our position, so one of us always sees the other (no lost wake-up). */
void sms_wake_if_waiting(_Atomic uint32_t *word) {
  atomic_thread_fence(memory_order_seq_cst);
  uint32_t one = 1;
  if (atomic_load_explicit(word, memory_order_relaxed) == 1 &&
      atomic_compare_exchange_strong(word, &one, 0)) {
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, 1, NULL, NULL, 0);
  }
}

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

static size_t round_to_pages(size_t n) { return (n + page_size() - 1) & ~(page_size() - 1); }

/* Maps the segment between two inaccessible guard pages: a bug in the bounds checks below
 * would fault at the first byte past the mapping instead of writing into whatever memory
 * happens to follow it. */
static int map_file(smstream_ring *r, int fd, size_t size, const char *path) {
  size_t g = page_size(), span = round_to_pages(size);
  unsigned char *region = mmap(NULL, span + 2 * g, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (region == MAP_FAILED) {
    sms_set_error("cannot reserve %zu bytes of address space for shm segment %s: %s", span + 2 * g, path,
                  strerror(errno));
    return -1;
  }
  void *p = mmap(region + g, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED, fd, 0);
  if (p == MAP_FAILED) {
    sms_set_error("mmap of %zu bytes of shm segment %s failed: %s", size, path, strerror(errno));
    munmap(region, span + 2 * g);
    return -1;
  }
  memset(r, 0, sizeof *r);
  r->base = p;
  r->map_size = size;
  r->timeout_ms = 200;
  r->parent_pid = getppid();
  const char *slash = strrchr(path, '/');
  snprintf(r->name, sizeof r->name, "%s", slash ? slash + 1 : path);
  return 0;
}

void sms_unmap_segment(void *base, size_t size) {
  if (base) munmap((unsigned char *)base - page_size(), round_to_pages(size) + 2 * page_size());
}

int smstream_ring_attach(smstream_ring *r, const char *path) { return sms_ring_attach(r, path, 0); }

/* A segment is attached only if it is what the task creates: a plain file of this process's
 * user, writable by nobody else, with no other name, of a ring's size. Anything else at the
 * segment's name was put there by someone else (the folder is shared, e.g. /dev/shm). */
static int check_segment_file(const char *path, const struct stat *st) {
  if (!S_ISREG(st->st_mode)) {
    sms_set_error("shm segment %s is not a regular file (mode 0%o): refused", path, (unsigned)st->st_mode);
  } else if (st->st_uid != geteuid()) {
    sms_set_error("shm segment %s belongs to uid %u, not to this process's user (uid %u): refused, the task "
                  "creates its segments as the program's user, so another local user made this one",
                  path, (unsigned)st->st_uid, (unsigned)geteuid());
  } else if (st->st_mode & (S_IWGRP | S_IWOTH)) {
    sms_set_error("shm segment %s has mode 0%03o, writable by group or others: refused (the task creates "
                  "segments 0600)", path, (unsigned)(st->st_mode & 07777));
  } else if (st->st_nlink != 1) {
    sms_set_error("shm segment %s has %lu names (hard links): refused (the task creates segments with one)",
                  path, (unsigned long)st->st_nlink);
  } else if (st->st_size < SMS_HEADER_SIZE + (off_t)SMS_MIN_CAPACITY ||
             st->st_size > SMS_HEADER_SIZE + (off_t)SMS_MAX_CAPACITY) {
    sms_set_error("shm segment %s has %lld bytes: not a ring (a %d-byte header and %llu to %llu data bytes)",
                  path, (long long)st->st_size, SMS_HEADER_SIZE, SMS_MIN_CAPACITY, SMS_MAX_CAPACITY);
  } else {
    return 0;
  }
  errno = EPERM;
  return -1;
}

/* Positions count bytes ever written or consumed: 8-byte aligned, below 2^63 (Java's long). */
static int bad_position(uint64_t p) { return (p & (SMS_RECORD_ALIGN - 1)) != 0 || p >> 63 != 0; }

/* Checks every header field against the mapping before any is used. */
static int check_header(smstream_ring *r, const char *path) {
  uint32_t magic = atomic_load(U32(r, SMS_OFF_MAGIC));
  uint32_t version = atomic_load(U32(r, SMS_OFF_VERSION));
  uint64_t cap = atomic_load(U64(r, SMS_OFF_CAPACITY));
  uint32_t batch = atomic_load(U32(r, SMS_OFF_BATCH));
  uint32_t attached = atomic_load(U32(r, SMS_OFF_ATTACHED));
  uint64_t tail = atomic_load(U64(r, SMS_OFF_TAIL));
  uint64_t head = atomic_load(U64(r, SMS_OFF_HEAD));
  uint32_t cw = atomic_load(U32(r, SMS_OFF_CONSUMER_WAITING));
  uint32_t pw = atomic_load(U32(r, SMS_OFF_PRODUCER_WAITING));
  uint32_t pc = atomic_load(U32(r, SMS_OFF_PRODUCER_CLOSED));
  uint32_t cc = atomic_load(U32(r, SMS_OFF_CONSUMER_CLOSED));
  if (magic != SMS_MAGIC) {
    sms_set_error("%s: bad magic 0x%08x at offset %d (want 0x%08x)", path, magic, SMS_OFF_MAGIC, SMS_MAGIC);
  } else if (version != SMS_VERSION) {
    sms_set_error("%s: ring version %u at offset %d, this client speaks version %u", path, version,
                  SMS_OFF_VERSION, SMS_VERSION);
  } else if (cap < SMS_MIN_CAPACITY || cap > SMS_MAX_CAPACITY || (cap & (cap - 1)) != 0 ||
             cap != r->map_size - SMS_HEADER_SIZE) {
    sms_set_error("%s: bad capacity %llu at offset %d (a power of two from %llu to %llu, the segment's %zu "
                  "bytes less the %d-byte header)", path, (unsigned long long)cap, SMS_OFF_CAPACITY,
                  SMS_MIN_CAPACITY, SMS_MAX_CAPACITY, r->map_size, SMS_HEADER_SIZE);
  } else if (batch == 0 || batch > 0x7FFFFFFFu) {
    sms_set_error("%s: bad batch size %u at offset %d (1 to 2^31-1)", path, batch, SMS_OFF_BATCH);
  } else if (attached > 1) {
    sms_set_error("%s: bad attached flag %u at offset %d (0 or 1)", path, attached, SMS_OFF_ATTACHED);
  } else if (bad_position(head) || bad_position(tail) || tail < head || tail - head > cap) {
    sms_set_error("%s: corrupt ring header, head %llu (offset %d) and tail %llu (offset %d): not aligned "
                  "positions with 0 <= tail - head <= capacity (%llu)", path, (unsigned long long)head,
                  SMS_OFF_HEAD, (unsigned long long)tail, SMS_OFF_TAIL, (unsigned long long)cap);
  } else if (cw > 1 || pw > 1) {
    sms_set_error("%s: bad waiting word %u at offset %d (0 or 1)", path, cw > 1 ? cw : pw,
                  cw > 1 ? SMS_OFF_CONSUMER_WAITING : SMS_OFF_PRODUCER_WAITING);
  } else if (pc > 2 || cc > 2) {
    sms_set_error("%s: bad closed code %u at offset %d (0, 1 or 2)", path, pc > 2 ? pc : cc,
                  pc > 2 ? SMS_OFF_PRODUCER_CLOSED : SMS_OFF_CONSUMER_CLOSED);
  } else {
    r->capacity = cap;
    r->mask = cap - 1;
    r->batch = batch;
    r->pos = head;
    r->published = tail;
    return 0;
  }
  return -1;
}

int sms_ring_attach(smstream_ring *r, const char *path, uint32_t consumer_closed) {
  /* O_NOFOLLOW: a link at the segment's name is never followed; O_NONBLOCK: a FIFO there
   * cannot block the open (it is refused below as not a regular file). */
  int fd = open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    int e = errno; /* callers tell a vanished segment (ENOENT) from other failures */
    if (e == ELOOP) {
      sms_set_error("shm segment %s is a symbolic link: refused (the task creates segments as plain files, so "
                    "someone else put the link there)", path);
    } else {
      sms_set_error("cannot open shm segment %s: %s", path, strerror(e));
    }
    errno = e;
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) != 0) {
    int e = errno;
    sms_set_error("cannot stat shm segment %s: %s", path, strerror(e));
    close(fd);
    errno = e;
    return -1;
  }
  if (check_segment_file(path, &st) != 0) {
    close(fd);
    errno = EPERM;
    return -1;
  }
  int rc = map_file(r, fd, (size_t)st.st_size, path);
  close(fd);
  if (rc != 0) return -1;
  if (check_header(r, path) != 0) {
    smstream_ring_unmap(r);
    errno = EPROTO;
    return -1;
  }
  /* Either side may attach to either end: start both local positions from the shared ones. */
  r->pending_head = r->pos;
  r->head_published = r->pos;
  r->head_cache = r->pos;
  /* A consumer that cannot read says so before it shows itself attached: the task, seeing it
   * attached, then sees why too. */
  if (consumer_closed) atomic_store(U32(r, SMS_OFF_CONSUMER_CLOSED), consumer_closed);
  atomic_store(U32(r, SMS_OFF_ATTACHED), 1);
  return 0;
}

/* The folder of the segments must not let another user remove or replace them: it belongs to
 * this user or root, and if others may write to it, it has the sticky bit (as /dev/shm does).
 * Returns an open descriptor of the folder (the segment is made relative to it, so the folder
 * checked is the folder used) and points *name at the segment's name in path. */
static int open_segment_dir(const char *path, const char **name) {
  char dir[4096];
  const char *slash = strrchr(path, '/');
  if (!slash) {
    snprintf(dir, sizeof dir, ".");
    *name = path;
  } else {
    size_t n = slash == path ? 1 : (size_t)(slash - path);
    if (n >= sizeof dir) {
      sms_set_error("shm segment path too long: %s", path);
      return -1;
    }
    memcpy(dir, path, n);
    dir[n] = 0;
    *name = slash + 1;
  }
  int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd < 0) {
    sms_set_error("cannot open the shm folder %s (stream.shm.dir): %s", dir, strerror(errno));
    return -1;
  }
  struct stat st;
  if (fstat(dfd, &st) != 0) {
    sms_set_error("cannot stat the shm folder %s (stream.shm.dir): %s", dir, strerror(errno));
  } else if (st.st_uid != geteuid() && st.st_uid != 0) {
    sms_set_error("the shm folder %s (stream.shm.dir) belongs to uid %u, not to this user (uid %u) or root: "
                  "its owner could replace the segments in it; refused", dir, (unsigned)st.st_uid,
                  (unsigned)geteuid());
  } else if ((st.st_mode & (S_IWGRP | S_IWOTH)) && !(st.st_mode & S_ISVTX)) {
    sms_set_error("the shm folder %s (stream.shm.dir) has mode 0%o: writable by group or others without the "
                  "sticky bit, so they could replace the segments in it; refused", dir,
                  (unsigned)(st.st_mode & 07777));
  } else {
    return dfd;
  }
  close(dfd);
  return -1;
}

/* rename without replacing anything at the destination (renameat2 RENAME_NOREPLACE; where the
 * file system lacks it, a check then a plain rename: the folder is checked, so only this user
 * could race it). */
static int rename_noreplace(int dfd, const char *from, const char *to) {
#ifdef SYS_renameat2
  if (syscall(SYS_renameat2, dfd, from, dfd, to, 1 /* RENAME_NOREPLACE */) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return -1;
#endif
  struct stat st;
  if (fstatat(dfd, to, &st, AT_SYMLINK_NOFOLLOW) == 0) {
    errno = EEXIST;
    return -1;
  }
  return renameat(dfd, from, dfd, to);
}

int smstream_ring_create(smstream_ring *r, const char *path, uint64_t capacity, uint32_t batch) {
  if (capacity < SMS_MIN_CAPACITY || capacity > SMS_MAX_CAPACITY || (capacity & (capacity - 1))) {
    sms_set_error("capacity %llu is not a power of two in [%llu, %llu]", (unsigned long long)capacity,
                  SMS_MIN_CAPACITY, SMS_MAX_CAPACITY);
    return -1;
  }
  const char *name;
  int dfd = open_segment_dir(path, &name);
  if (dfd < 0) return -1;
  /* The header is written under a temporary name nobody can predict, created exclusively and
   * never through a link; the segment appears under its final name, which the program derives,
   * only once complete. */
  char tmp[512];
  int fd = -1;
  for (int attempt = 0; attempt < 8 && fd < 0; attempt++) {
    uint64_t rnd;
    if (getrandom(&rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd) {
      sms_set_error("getrandom failed: %s", strerror(errno));
      close(dfd);
      return -1;
    }
    snprintf(tmp, sizeof tmp, "%s.%016llx.tmp", name, (unsigned long long)rnd);
    fd = openat(dfd, tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    sms_set_error("cannot create shm segment %s.*.tmp: %s", path, strerror(errno));
    close(dfd);
    return -1;
  }
  size_t size = SMS_HEADER_SIZE + capacity;
  if (fchmod(fd, 0600) != 0 || ftruncate(fd, (off_t)size) != 0) {
    sms_set_error("cannot size shm segment %s (%s): %s", path, tmp, strerror(errno));
    close(fd);
    unlinkat(dfd, tmp, 0);
    close(dfd);
    return -1;
  }
  if (map_file(r, fd, size, path) != 0) {
    close(fd);
    unlinkat(dfd, tmp, 0);
    close(dfd);
    return -1;
  }
  close(fd);
  atomic_store(U32(r, SMS_OFF_MAGIC), SMS_MAGIC);
  atomic_store(U32(r, SMS_OFF_VERSION), SMS_VERSION);
  atomic_store(U64(r, SMS_OFF_CAPACITY), capacity);
  atomic_store(U32(r, SMS_OFF_BATCH), batch);
  r->capacity = capacity;
  r->mask = capacity - 1;
  r->batch = batch ? batch : 1;
  if (rename_noreplace(dfd, tmp, name) != 0) {
    int e = errno;
    struct stat st;
    if (e == EEXIST && fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0) {
      sms_set_error("%s already exists (%s of uid %u, mode 0%o) before the task created it: refused, it is "
                    "neither used nor replaced (another local user may have planted it)", path,
                    S_ISLNK(st.st_mode) ? "a symbolic link" : S_ISREG(st.st_mode) ? "a file" : "an entry",
                    (unsigned)st.st_uid, (unsigned)(st.st_mode & 07777));
    } else {
      sms_set_error("cannot rename %s to %s: %s", tmp, path, strerror(e));
    }
    unlinkat(dfd, tmp, 0);
    smstream_ring_unmap(r);
    close(dfd);
    return -1;
  }
  close(dfd);
  return 0;
}

size_t smstream_ring_max_record(const smstream_ring *r) { return (size_t)SMS_MAX_WHOLE_RECORD(r->capacity); }

static uint64_t align8(uint64_t n) { return (n + SMS_RECORD_ALIGN - 1) & ~(uint64_t)(SMS_RECORD_ALIGN - 1); }

/* Returns 0 when the peer is still there, -1 (with the error set) when we must stop waiting. */
static int peer_gone(smstream_ring *r, long since) {
  if (r->parent_pid > 1 && getppid() != r->parent_pid) {
    sms_set_error("%s: the task JVM (pid %d) is gone", r->name, r->parent_pid);
    return -1;
  }
  if (r->stall_ms > 0 && now_ms() - since > r->stall_ms) {
    sms_set_error("%s: the peer made no progress for %ld ms", r->name, r->stall_ms);
    return -1;
  }
  return 0;
}

/* Positions are published lazily, as a pipe's buffer is flushed: a producer publishes its tail
 * (and checks whether the consumer sleeps) every batch-size records or every quarter ring of
 * bytes, and before it waits, flushes or closes; a consumer publishes its head the same way. A
 * position stored per record made the peer, which polls it whenever it caught up, pull the cache
 * line across cores once or twice per record. Neither side sleeps with anything unpublished, so
 * the lazy publication cannot leave the peer waiting for data or room it cannot see. */
static uint64_t publish_bytes(const smstream_ring *r) { return r->capacity / 4; }

static void publish_tail(smstream_ring *r) {
  atomic_store_explicit(U64(r, SMS_OFF_TAIL), r->pos, memory_order_release);
  r->published = r->pos;
  r->since_wake = 0;
  sms_wake_if_waiting(U32(r, SMS_OFF_CONSUMER_WAITING));
}

/* Publishes what was written and wakes a sleeping consumer; with nothing new there is nothing to
 * wake it for (an input-side consumer flushes its output ring each time it runs dry, and waking
 * the task's reader there for nothing cost two context switches each time). */
void smstream_ring_flush(smstream_ring *r) {
  if (r->published != r->pos) publish_tail(r);
}

/* The peer's position at off (the consumer's head, the producer's tail), checked before use: an
 * aligned position in [lo, hi], which the caller derives from its own position and the capacity. */
static int load_peer_position(smstream_ring *r, int off, const char *field, uint64_t lo, uint64_t hi, uint64_t *out) {
  uint64_t p = atomic_load_explicit(U64(r, off), memory_order_acquire);
  if (bad_position(p) || p < lo || p > hi) {
    sms_set_error("%s: corrupt ring header, %s %llu (offset %d) is not an aligned position from %llu to %llu (this "
                  "side is at %llu, the capacity is %llu)", r->name, field, (unsigned long long)p, off,
                  (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)r->pos,
                  (unsigned long long)r->capacity);
    return -1;
  }
  *out = p;
  return 0;
}

/* The consumer's head: never ahead of what was written (that would free unread bytes), at most a ring behind. */
static int load_head(smstream_ring *r, uint64_t *head) {
  uint64_t lo = r->pos > r->capacity ? r->pos - r->capacity : 0;
  return load_peer_position(r, SMS_OFF_HEAD, "head", lo, r->pos, head);
}

static int consumer_closed(smstream_ring *r) {
  uint32_t c = atomic_load(U32(r, SMS_OFF_CONSUMER_CLOSED));
  if (c == 0) return 0;
  if (c > 2) {
    sms_set_error("%s: corrupt ring header, consumer-closed code %u at offset %d (1 or 2)", r->name, c,
                  SMS_OFF_CONSUMER_CLOSED);
  } else {
    sms_set_error("%s: the consumer closed the ring", r->name);
  }
  return -1;
}

static int wait_for_space(smstream_ring *r, uint64_t need) {
  long since = now_ms();
  for (;;) {
    uint64_t head, h1, h2;
    if (load_head(r, &head) != 0) return -1;
    r->head_cache = head;
    if (r->capacity - (r->pos - head) >= need) return 0;
    if (consumer_closed(r)) return -1;
    /* Before sleeping, make sure the consumer sees everything and is awake to make room. */
    smstream_ring_flush(r);
    _Atomic uint32_t *w = U32(r, SMS_OFF_PRODUCER_WAITING);
    atomic_store(w, 1);
    atomic_thread_fence(memory_order_seq_cst);
    if (load_head(r, &h1) != 0) return -1;
    if (r->capacity - (r->pos - h1) >= need) {
      atomic_store(w, 0);
      r->head_cache = h1;
      return 0;
    }
    futex_wait(w, 1, r->timeout_ms);
    atomic_store(w, 0);
    if (load_head(r, &h2) != 0) return -1;
    if (h2 != head) since = now_ms();
    else if (peer_gone(r, since)) return -1;
  }
}

/* Waits until need bytes are free; the head is read only when the last one seen leaves too little. */
static inline int room(smstream_ring *r, uint64_t need) {
  if (r->capacity - (r->pos - r->head_cache) < need) {
    if (load_head(r, &r->head_cache) != 0) return -1;
    if (r->capacity - (r->pos - r->head_cache) < need && wait_for_space(r, need) != 0) return -1;
  }
  return 0;
}

static inline void end_record(smstream_ring *r, uint64_t span) {
  r->pos += span;
  if (++r->since_wake >= r->batch || r->pos - r->published >= publish_bytes(r)) publish_tail(r);
}

/* A record larger than half the ring: pieces, each as large as the rest of the record, the
 * limit and the end of the data area allow (see smstream_layout.h). */
static int write_pieces(smstream_ring *r, const void *const *parts, const size_t *lens, int n, uint64_t len) {
  uint64_t left = len;
  int part = 0;
  size_t part_off = 0;
  while (left > 0) {
    uint64_t off = r->pos & r->mask;
    uint64_t piece = left;
    if (piece > smstream_ring_max_record(r)) piece = smstream_ring_max_record(r);
    if (piece > r->capacity - off - SMS_RECORD_HEADER) piece = r->capacity - off - SMS_RECORD_HEADER;
    uint64_t span = align8(SMS_RECORD_HEADER + piece);
    if (room(r, span) != 0) return -1;
    left -= piece;
    uint32_t l32 = (uint32_t)piece | (left > 0 ? SMS_MORE_PIECES : 0);
    memcpy(DATA(r) + off, &l32, 4);
    unsigned char *dst = DATA(r) + off + SMS_RECORD_HEADER;
    while (piece > 0) {
      size_t c = lens[part] - part_off;
      if (c > piece) c = (size_t)piece;
      memcpy(dst, (const unsigned char *)parts[part] + part_off, c);
      dst += c;
      piece -= c;
      part_off += c;
      if (part_off == lens[part] && part + 1 < n) {
        part++;
        part_off = 0;
      }
    }
    end_record(r, span);
  }
  return 0;
}

/* A record written whole, its length word or'ed with flags (SMS_BLOCK). */
static int write_whole(smstream_ring *r, const void *const *parts, const size_t *lens, int n, uint64_t len,
                       uint32_t flags) {
  uint64_t rec = align8(SMS_RECORD_HEADER + len);
  uint64_t off = r->pos & r->mask;
  uint64_t to_end = r->capacity - off;
  if (room(r, rec > to_end ? to_end + rec : rec) != 0) return -1;
  if (rec > to_end) {
    memcpy(DATA(r) + off, &(uint32_t){SMS_PADDING}, 4);
    r->pos += to_end;
    off = 0;
  }
  uint32_t l32 = (uint32_t)len | flags;
  memcpy(DATA(r) + off, &l32, 4);
  unsigned char *dst = DATA(r) + off + SMS_RECORD_HEADER;
  for (int i = 0; i < n; i++) {
    memcpy(dst, parts[i], lens[i]);
    dst += lens[i];
  }
  end_record(r, rec);
  return 0;
}

int sms_ring_write_parts(smstream_ring *r, const void *const *parts, const size_t *lens, int n) {
  uint64_t len = 0;
  for (int i = 0; i < n; i++) len += lens[i];
  if (len > smstream_ring_max_record(r)) return write_pieces(r, parts, lens, n, len);
  return write_whole(r, parts, lens, n, len, 0);
}

int smstream_ring_write_block(smstream_ring *r, const void *data, size_t len) {
  if (len == 0 || len > smstream_ring_max_record(r) || ((const unsigned char *)data)[len - 1] != '\n') {
    sms_set_error("a block must be 1 to %zu bytes of whole lines ending in a newline (got %zu bytes%s)",
                  smstream_ring_max_record(r), len,
                  len > 0 && ((const unsigned char *)data)[len - 1] != '\n' ? ", not ending in a newline" : "");
    return -1;
  }
  const void *parts[1] = {data};
  size_t lens[1] = {len};
  return write_whole(r, parts, lens, 1, len, SMS_BLOCK);
}

int smstream_ring_write(smstream_ring *r, const void *data, size_t len) {
  const void *parts[1] = {data};
  size_t lens[1] = {len};
  return sms_ring_write_parts(r, parts, lens, 1);
}

static void publish_head(smstream_ring *r) {
  atomic_store_explicit(U64(r, SMS_OFF_HEAD), r->pos, memory_order_release);
  r->head_published = r->pos;
  r->since_wake = 0;
  sms_wake_if_waiting(U32(r, SMS_OFF_PRODUCER_WAITING));
}

static void release_previous(smstream_ring *r) {
  if (r->pending_head == r->pos) return;
  r->pos = r->pending_head;
  if (++r->since_wake >= r->batch || r->pos - r->head_published >= publish_bytes(r)) publish_head(r);
}

/* The producer's tail: never behind this consumer, at most a ring ahead (bytes past it may not be written yet). */
static int load_tail(smstream_ring *r, uint64_t *tail) {
  return load_peer_position(r, SMS_OFF_TAIL, "tail", r->pos, r->pos + r->capacity, tail);
}

/* The producer-closed code: 0 = open, 1 = ended, 2 = aborted; -1 (error set) for anything else. */
static int producer_closed(smstream_ring *r) {
  uint32_t c = atomic_load(U32(r, SMS_OFF_PRODUCER_CLOSED));
  if (c > 2) {
    sms_set_error("%s: corrupt ring header, producer-closed code %u at offset %d (1 = ended, 2 = aborted)",
                  r->name, c, SMS_OFF_PRODUCER_CLOSED);
    return -1;
  }
  return (int)c;
}

/* Waits until the producer published past r->pos; 1 = data, 0 = end, -1 = error. */
static int wait_for_data(smstream_ring *r) {
  long since = now_ms();
  for (;;) {
    uint64_t tail;
    if (load_tail(r, &tail) != 0) return -1;
    if (tail != r->pos) {
      r->published = tail;
      return 1;
    }
    int closed = producer_closed(r);
    if (closed < 0) return -1;
    int eof = r->eof_flag != NULL && __atomic_load_n(r->eof_flag, __ATOMIC_SEQ_CST);
    if (closed || eof) {
      /* The producer published everything before it closed: one last look. */
      if (load_tail(r, &tail) != 0) return -1;
      if (tail != r->pos) {
        r->published = tail;
        return 1;
      }
      if (closed == 2) {
        sms_set_error("%s: the producer aborted the stream", r->name);
        return -1;
      }
      return 0;
    }
    if (r->before_wait) r->before_wait(r->before_wait_arg);
    /* The ring is empty: publish all we consumed; the producer can certainly write, wake it if it sleeps. */
    if (r->head_published != r->pos) publish_head(r);
    else sms_wake_if_waiting(U32(r, SMS_OFF_PRODUCER_WAITING));
    _Atomic uint32_t *w = U32(r, SMS_OFF_CONSUMER_WAITING);
    atomic_store(w, 1);
    atomic_thread_fence(memory_order_seq_cst);
    tail = atomic_load_explicit(U64(r, SMS_OFF_TAIL), memory_order_acquire);
    if (tail != r->pos || atomic_load(U32(r, SMS_OFF_PRODUCER_CLOSED)) ||
        (r->eof_flag != NULL && __atomic_load_n(r->eof_flag, __ATOMIC_SEQ_CST))) {
      atomic_store(w, 0);
      continue; /* checked at the top */
    }
    futex_wait(w, 1, r->timeout_ms);
    atomic_store(w, 0);
    if (atomic_load_explicit(U64(r, SMS_OFF_TAIL), memory_order_acquire) == r->pos &&
        peer_gone(r, since)) {
      return -1;
    }
  }
}

/* The next record or piece in place: 1 (and *more: further pieces follow; r->last_block: a block),
 * 0 = end, -1 = error. Every length word is read once and checked against the data area and the
 * published tail, and a block's framing checked, before anything is handed out. */
static inline int next_piece(smstream_ring *r, const unsigned char **data, size_t *len, int *more) {
  release_previous(r);
  for (;;) {
    if (r->published == r->pos) {
      int rc = wait_for_data(r);
      if (rc <= 0) return rc;
    }
    uint64_t off = r->pos & r->mask;
    uint32_t l;
    memcpy(&l, DATA(r) + off, 4);
    if (l == SMS_PADDING) {
      if (r->pos + (r->capacity - off) > r->published) {
        sms_set_error("%s: corrupt ring, padding at data offset %llu reaches past the tail %llu (offset %d)",
                      r->name, (unsigned long long)off, (unsigned long long)r->published, SMS_OFF_TAIL);
        return -1;
      }
      r->pos += r->capacity - off; /* published with the next records */
      r->pending_head = r->pos;
      continue;
    }
    *more = (l & SMS_MORE_PIECES) != 0;
    r->last_block = (l & SMS_BLOCK) != 0;
    l &= ~(SMS_MORE_PIECES | SMS_BLOCK);
    if ((uint64_t)l > r->capacity - off - SMS_RECORD_HEADER) {
      sms_set_error("%s: corrupt ring, record length %u at data offset %llu runs past the data area (%llu bytes)",
                    r->name, l, (unsigned long long)off, (unsigned long long)r->capacity);
      return -1;
    }
    uint64_t end = r->pos + align8(SMS_RECORD_HEADER + (uint64_t)l);
    if (end > r->published) {
      sms_set_error("%s: corrupt ring, the record at data offset %llu (%u bytes) ends after the tail %llu "
                    "(offset %d)", r->name, (unsigned long long)off, l, (unsigned long long)r->published,
                    SMS_OFF_TAIL);
      return -1;
    }
    if (r->last_block && (*more || l == 0 || DATA(r)[off + SMS_RECORD_HEADER + l - 1] != '\n')) {
      sms_set_error("%s: corrupt block, the block of %u bytes at data offset %llu (stream position %llu) %s", r->name, l,
                    (unsigned long long)off, (unsigned long long)r->pos,
                    *more ? "is in pieces" : l == 0 ? "is empty" : "does not end with a newline: it ends inside a record");
      return -1;
    }
    *data = DATA(r) + off + SMS_RECORD_HEADER;
    *len = l;
    r->pending_head = end;
    return 1;
  }
}

/* A record in pieces: copies each piece out (releasing it, so the producer can go on) and joins them. */
static int join_pieces(smstream_ring *r, const unsigned char **data, size_t *len) {
  size_t total = 0;
  int more = 1;
  const unsigned char *p = *data;
  size_t n = *len;
  for (;;) {
    if (total + n > r->joined_cap) {
      size_t cap = r->joined_cap ? r->joined_cap : 65536;
      while (cap < total + n) cap *= 2;
      unsigned char *bigger = realloc(r->joined, cap);
      if (!bigger) {
        sms_set_error("out of memory joining a record of more than %zu bytes", total + n);
        return -1;
      }
      r->joined = bigger;
      r->joined_cap = cap;
    }
    memcpy(r->joined + total, p, n);
    total += n;
    if (!more) break;
    int rc = next_piece(r, &p, &n, &more);
    if (rc < 0) return -1;
    if (rc == 0) {
      sms_set_error("%s: the stream ended inside a record, after %zu of its bytes", r->name, total);
      return -1;
    }
    if (r->last_block) {
      sms_set_error("%s: corrupt ring, a block inside a record in pieces at data offset %llu (stream position %llu)",
                    r->name, (unsigned long long)(r->pos & r->mask), (unsigned long long)r->pos);
      return -1;
    }
  }
  *data = r->joined;
  *len = total;
  return 1;
}

int smstream_ring_read(smstream_ring *r, const unsigned char **data, size_t *len) {
  int more;
  int rc = next_piece(r, data, len, &more);
  if (rc <= 0 || !more) return rc;
  return join_pieces(r, data, len);
}

void smstream_ring_close_producer(smstream_ring *r, uint32_t code) {
  smstream_ring_flush(r);
  atomic_store(U32(r, SMS_OFF_PRODUCER_CLOSED), code);
  sms_wake_if_waiting(U32(r, SMS_OFF_CONSUMER_WAITING)); /* the close itself is news */
}

void smstream_ring_close_consumer(smstream_ring *r) {
  release_previous(r);
  if (r->head_published != r->pos) publish_head(r);
  atomic_store(U32(r, SMS_OFF_CONSUMER_CLOSED), 1);
  sms_wake_if_waiting(U32(r, SMS_OFF_PRODUCER_WAITING));
}

void smstream_ring_unmap(smstream_ring *r) {
  sms_unmap_segment(r->base, r->map_size);
  r->base = NULL;
  free(r->joined);
  r->joined = NULL;
  r->joined_cap = 0;
}
