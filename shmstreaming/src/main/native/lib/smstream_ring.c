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

static int map_file(smstream_ring *r, int fd, size_t size) {
  void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) {
    sms_set_error("mmap of %zu bytes failed: %s", size, strerror(errno));
    return -1;
  }
  memset(r, 0, sizeof *r);
  r->base = p;
  r->map_size = size;
  r->timeout_ms = 200;
  r->parent_pid = getppid();
  return 0;
}

int smstream_ring_attach(smstream_ring *r, const char *path) { return sms_ring_attach(r, path, 0); }

int sms_ring_attach(smstream_ring *r, const char *path, uint32_t consumer_closed) {
  int fd = open(path, O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    int e = errno; /* callers tell a vanished segment (ENOENT) from other failures */
    sms_set_error("cannot open shm segment %s: %s", path, strerror(e));
    errno = e;
    return -1;
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || st.st_size < SMS_HEADER_SIZE) {
    sms_set_error("shm segment %s is too small (%lld bytes)", path, (long long)st.st_size);
    close(fd);
    return -1;
  }
  int rc = map_file(r, fd, (size_t)st.st_size);
  close(fd);
  if (rc != 0) return -1;
  uint32_t magic = atomic_load(U32(r, SMS_OFF_MAGIC));
  uint32_t version = atomic_load(U32(r, SMS_OFF_VERSION));
  uint64_t cap = atomic_load(U64(r, SMS_OFF_CAPACITY));
  if (magic != SMS_MAGIC || version != SMS_VERSION) {
    sms_set_error("%s: bad magic 0x%08x or version %u at offset 0 (want 0x%08x, %u)", path, magic,
                  version, SMS_MAGIC, SMS_VERSION);
    smstream_ring_unmap(r);
    return -1;
  }
  if (cap < SMS_MIN_CAPACITY || cap > SMS_MAX_CAPACITY || (cap & (cap - 1)) != 0 ||
      cap + SMS_HEADER_SIZE > (uint64_t)st.st_size) {
    sms_set_error("%s: bad capacity %llu at offset %d", path, (unsigned long long)cap, SMS_OFF_CAPACITY);
    smstream_ring_unmap(r);
    return -1;
  }
  r->capacity = cap;
  r->mask = cap - 1;
  r->batch = atomic_load(U32(r, SMS_OFF_BATCH));
  if (r->batch == 0) r->batch = 1;
  /* Either side may attach to either end: start both local positions from the shared ones. */
  r->pos = atomic_load(U64(r, SMS_OFF_HEAD));
  r->pending_head = r->pos;
  r->head_published = r->pos;
  r->published = atomic_load(U64(r, SMS_OFF_TAIL));
  r->head_cache = r->pos;
  /* A consumer that cannot read says so before it shows itself attached: the task, seeing it
   * attached, then sees why too. */
  if (consumer_closed) atomic_store(U32(r, SMS_OFF_CONSUMER_CLOSED), consumer_closed);
  atomic_store(U32(r, SMS_OFF_ATTACHED), 1);
  return 0;
}

int smstream_ring_create(smstream_ring *r, const char *path, uint64_t capacity, uint32_t batch) {
  if (capacity < SMS_MIN_CAPACITY || capacity > SMS_MAX_CAPACITY || (capacity & (capacity - 1))) {
    sms_set_error("capacity %llu is not a power of two in [%llu, %llu]", (unsigned long long)capacity,
                  SMS_MIN_CAPACITY, SMS_MAX_CAPACITY);
    return -1;
  }
  char tmp[4096];
  snprintf(tmp, sizeof tmp, "%s.tmp", path);
  int fd = open(tmp, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd < 0) {
    sms_set_error("cannot create %s: %s", tmp, strerror(errno));
    return -1;
  }
  size_t size = SMS_HEADER_SIZE + capacity;
  if (ftruncate(fd, (off_t)size) != 0 || map_file(r, fd, size) != 0) {
    sms_set_error("cannot size %s: %s", tmp, strerror(errno));
    close(fd);
    unlink(tmp);
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
  /* Appear under the final name only once the header is complete. */
  if (rename(tmp, path) != 0) {
    sms_set_error("cannot rename %s: %s", tmp, strerror(errno));
    unlink(tmp);
    smstream_ring_unmap(r);
    return -1;
  }
  return 0;
}

size_t smstream_ring_max_record(const smstream_ring *r) { return (size_t)SMS_MAX_WHOLE_RECORD(r->capacity); }

static uint64_t align8(uint64_t n) { return (n + SMS_RECORD_ALIGN - 1) & ~(uint64_t)(SMS_RECORD_ALIGN - 1); }

/* Returns 0 when the peer is still there, -1 (with the error set) when we must stop waiting. */
static int peer_gone(smstream_ring *r, long since) {
  if (r->parent_pid > 1 && getppid() != r->parent_pid) {
    sms_set_error("the task JVM (pid %d) is gone", r->parent_pid);
    return -1;
  }
  if (r->stall_ms > 0 && now_ms() - since > r->stall_ms) {
    sms_set_error("peer made no progress for %ld ms", r->stall_ms);
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

static int wait_for_space(smstream_ring *r, uint64_t need) {
  long since = now_ms();
  for (;;) {
    uint64_t head = atomic_load_explicit(U64(r, SMS_OFF_HEAD), memory_order_acquire);
    r->head_cache = head;
    if (r->capacity - (r->pos - head) >= need) return 0;
    if (atomic_load(U32(r, SMS_OFF_CONSUMER_CLOSED))) {
      sms_set_error("the consumer closed the ring");
      return -1;
    }
    /* Before sleeping, make sure the consumer sees everything and is awake to make room. */
    smstream_ring_flush(r);
    _Atomic uint32_t *w = U32(r, SMS_OFF_PRODUCER_WAITING);
    atomic_store(w, 1);
    atomic_thread_fence(memory_order_seq_cst);
    uint64_t h1 = atomic_load_explicit(U64(r, SMS_OFF_HEAD), memory_order_acquire);
    if (r->capacity - (r->pos - h1) >= need) {
      atomic_store(w, 0);
      r->head_cache = h1;
      return 0;
    }
    futex_wait(w, 1, r->timeout_ms);
    atomic_store(w, 0);
    uint64_t h2 = atomic_load_explicit(U64(r, SMS_OFF_HEAD), memory_order_acquire);
    if (h2 != head) since = now_ms();
    else if (peer_gone(r, since)) return -1;
  }
}

/* Waits until need bytes are free; the head is read only when the last one seen leaves too little. */
static inline int room(smstream_ring *r, uint64_t need) {
  if (r->capacity - (r->pos - r->head_cache) < need) {
    r->head_cache = atomic_load_explicit(U64(r, SMS_OFF_HEAD), memory_order_acquire);
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

/* Waits until the producer published past r->pos; 1 = data, 0 = end, -1 = error. */
static int wait_for_data(smstream_ring *r) {
  long since = now_ms();
  for (;;) {
    uint64_t tail = atomic_load_explicit(U64(r, SMS_OFF_TAIL), memory_order_acquire);
    if (tail != r->pos) {
      r->published = tail;
      return 1;
    }
    uint32_t closed = atomic_load(U32(r, SMS_OFF_PRODUCER_CLOSED));
    int eof = r->eof_flag != NULL && __atomic_load_n(r->eof_flag, __ATOMIC_SEQ_CST);
    if (closed || eof) {
      /* The producer published everything before it closed: one last look. */
      tail = atomic_load_explicit(U64(r, SMS_OFF_TAIL), memory_order_acquire);
      if (tail != r->pos) {
        r->published = tail;
        return 1;
      }
      if (closed == 2) {
        sms_set_error("the producer aborted the stream");
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
      continue;
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
 * 0 = end, -1 = error. */
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
      r->pos += r->capacity - off; /* published with the next records */
      r->pending_head = r->pos;
      continue;
    }
    *more = (l & SMS_MORE_PIECES) != 0;
    r->last_block = (l & SMS_BLOCK) != 0;
    l &= ~(SMS_MORE_PIECES | SMS_BLOCK);
    if ((uint64_t)l > r->capacity - SMS_RECORD_HEADER || off + SMS_RECORD_HEADER + l > r->capacity) {
      sms_set_error("corrupt ring: record length %u at data offset %llu", l, (unsigned long long)off);
      return -1;
    }
    if (r->last_block && (*more || l == 0 || DATA(r)[off + SMS_RECORD_HEADER + l - 1] != '\n')) {
      sms_set_error("corrupt block: the block of %u bytes at data offset %llu (stream position %llu) %s", l,
                    (unsigned long long)off, (unsigned long long)r->pos,
                    *more ? "is in pieces" : l == 0 ? "is empty" : "does not end with a newline: it ends inside a record");
      return -1;
    }
    *data = DATA(r) + off + SMS_RECORD_HEADER;
    *len = l;
    r->pending_head = r->pos + align8(SMS_RECORD_HEADER + (uint64_t)l);
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
      sms_set_error("the stream ended inside a record, after %zu of its bytes", total);
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
  if (r->base) munmap(r->base, r->map_size);
  r->base = NULL;
  free(r->joined);
  r->joined = NULL;
  r->joined_cap = 0;
}
