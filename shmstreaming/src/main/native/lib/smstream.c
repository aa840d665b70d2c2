/* The channel of a Streaming program: shm ring or pipe for each direction, chosen from the
 * environment Hadoop Streaming builds from the job configuration. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <sys/stat.h>

#include "smstream.h"
#include "smstream_internal.h"

#define PIPE_BUF_SIZE (256 * 1024)

struct smstream {
  int shm_in, shm_out;
  smstream_ring in, out;
  volatile int eof; /* stdin closed: the task has written all input */
  int stdin_fd;     /* the watcher's own duplicate of stdin: the program may close fd 0 */
  /* pipe input */
  char *ibuf;
  size_t icap, istart, iend;
  int ieof;
  /* pipe output */
  char *obuf;
  size_t olen;
  /* shm input: the block being split into records (in the ring until the next ring read) */
  const char *blk;
  size_t blk_len, blk_pos;
  char *rec_copy; /* read_block of a plain record: the record and a newline */
  size_t rec_copy_cap;
  /* shm output: records gathered into the next block (blocks on: oblk_cap > 0) */
  char *oblk;
  size_t oblk_len, oblk_cap;
};

/* stream.shm.blocks (default true) and stream.shm.block.bytes (default 65536), from the environment. */
static size_t block_bytes(const smstream_ring *out) {
  const char *on = getenv("stream_shm_blocks");
  if (on && strcasecmp(on, "false") == 0) return 0;
  const char *b = getenv("stream_shm_block_bytes");
  long n = b ? atol(b) : 65536;
  if (n < 256) n = 256;
  size_t max = smstream_ring_max_record(out);
  return (size_t)n < max ? (size_t)n : max;
}

/* Sends the gathered output records as one block. */
static int send_block(smstream *s) {
  if (s->oblk_len == 0) return 0;
  int rc = smstream_ring_write_block(&s->out, s->oblk, s->oblk_len);
  s->oblk_len = 0;
  return rc;
}

/* Everything written so far to the task: before waiting for input, on flush. */
static int flush_output(smstream *s) {
  if (!s->shm_out) return s->olen ? -2 : 0; /* pipe output: the caller flushes it */
  int rc = send_block(s);
  smstream_ring_flush(&s->out);
  return rc;
}

static void flush_before_wait(void *arg) { flush_output(arg); }

static const char *env(const char *name) {
  const char *v = getenv(name);
  return v ? v : "";
}

/* Streaming closes the program's stdin when the task's input ends: that is our end of input. */
static void *stdin_watcher(void *arg) {
  smstream *s = arg;
  char buf[4096];
  for (;;) {
    ssize_t n = read(s->stdin_fd, buf, sizeof buf);
    if (n == 0 || (n < 0 && errno != EINTR)) break;
  }
  __atomic_store_n(&s->eof, 1, __ATOMIC_SEQ_CST);
  sms_wake_if_waiting((_Atomic uint32_t *)(s->in.base + SMS_OFF_CONSUMER_WAITING));
  return NULL;
}

/* The task creates the segment right after starting us; wait for it to appear. */
static int attach_channel(smstream_ring *r, const char *dir, const char *attempt, const char *suffix,
                          uint32_t consumer_closed) {
  char path[4096];
  long timeout_ms = atol(env("stream_shm_attach_timeout_ms"));
  if (timeout_ms <= 0) timeout_ms = 60000;
  long waited = 0, step = 1;
  pid_t parent = getppid();
  for (;;) {
    /* Named after the process Streaming started: us, or our parent if a wrapper started us. */
    pid_t pids[2] = {getpid(), parent};
    for (int i = 0; i < 2; i++) {
      snprintf(path, sizeof path, "%s/hadoopopt-shm-%s-%d.%s", dir, attempt, (int)pids[i], suffix);
      struct stat st;
      if (lstat(path, &st) == 0) { /* a link there counts too: attach refuses it, saying so */
        int rc = sms_ring_attach(r, path, consumer_closed);
        /* Both sides have it mapped: nothing may stay in /dev/shm. The task may have unlinked it
         * already (it does once it sees us attached), so ENOENT is fine. */
        if (rc == 0) unlink(path);
        /* Gone between access and open: the task gave up on us; keep polling to time out clearly. */
        if (rc == 0 || errno != ENOENT) return rc;
      }
    }
    if (waited >= timeout_ms || getppid() != parent) {
      sms_set_error("no shm segment %s/hadoopopt-shm-%s-%d.%s appeared within %ld ms "
                    "(stream_shm_attach_timeout_ms)", dir, attempt, (int)getpid(), suffix, timeout_ms);
      return -1;
    }
    struct timespec ts = {0, step * 1000000L};
    nanosleep(&ts, NULL);
    waited += step;
    if (step < 4) step *= 2; /* short steps: the task creates the segment within milliseconds */
  }
}

smstream *smstream_open_env(void) {
  int is_map = strcmp(env("mapreduce_task_ismap"), "false") != 0;
  const char *side = is_map ? "map" : "reduce";
  char key[128];
  snprintf(key, sizeof key, "stream_%s_input_writer_class", side);
  int shm_in = strstr(env(key), "ShmInputWriter") != NULL;
  snprintf(key, sizeof key, "stream_%s_output_reader_class", side);
  int shm_out = strstr(env(key), "ShmOutputReader") != NULL;
  /* stream.X=shm without our resolver leaves Streaming's text classes in place: say so. */
  const char *dirs[2] = {"input", "output"};
  int got[2] = {shm_in, shm_out};
  for (int i = 0; i < 2; i++) {
    snprintf(key, sizeof key, "stream_%s_%s", side, dirs[i]);
    if (strcasecmp(env(key), "shm") == 0 && !got[i]) {
      sms_set_error("stream.%s.%s=shm but stream.io.identifier.resolver.class is '%s', not "
                    "org.hadoopopt.shmstreaming.io.ShmIdentifierResolver", side, dirs[i],
                    env("stream_io_identifier_resolver_class"));
      return NULL;
    }
  }
  smstream *s = calloc(1, sizeof *s);
  if (!s) {
    sms_set_error("out of memory");
    return NULL;
  }
  s->shm_in = shm_in;
  s->shm_out = shm_out;
  /* With shm input the end of input is Streaming closing our stdin, a pipe: it must be open now.
   * Checked before attaching (which opens files that would take a free fd 0); the watcher then
   * reads its own duplicate, so the program may close fd 0 afterwards. */
  struct stat st;
  int stdin_ok = !shm_in || (fstat(0, &st) == 0 && S_ISFIFO(st.st_mode) &&
                             (s->stdin_fd = fcntl(0, F_DUPFD_CLOEXEC, 3)) >= 0);
  const char *dir = *env("stream_shm_dir") ? env("stream_shm_dir") : "/dev/shm";
  const char *attempt = env("mapreduce_task_attempt_id");
  if ((shm_in || shm_out) && !*attempt) {
    sms_set_error("mapreduce_task_attempt_id is not set: not started by Hadoop Streaming?");
    free(s);
    return NULL;
  }
  if (shm_out && attach_channel(&s->out, dir, attempt, "out", 0) != 0) {
    free(s);
    return NULL;
  }
  if (shm_in) {
    if (attach_channel(&s->in, dir, attempt, "in", stdin_ok ? 0 : SMS_CONSUMER_STDIN_CLOSED) != 0) {
      if (shm_out) smstream_ring_unmap(&s->out);
      free(s);
      return NULL;
    }
    if (!stdin_ok) {
      /* This program could never see the end of its input: give up. The input ring, marked when
       * attached, tells the task why, and the task fails saying so. The output ends normally
       * rather than aborted, so that the task's output thread does not race that message with
       * a vaguer one; the task fails anyway. */
      sms_wake_if_waiting((_Atomic uint32_t *)(s->in.base + SMS_OFF_PRODUCER_WAITING));
      smstream_ring_unmap(&s->in);
      if (shm_out) {
        smstream_ring_close_producer(&s->out, 1);
        smstream_ring_unmap(&s->out);
      }
      sms_set_error("stdin (fd 0) is closed or is not the pipe Hadoop Streaming gave the program, but stdin "
                    "must stay open with stream.%s.input=shm: the client learns the end of the input from "
                    "Streaming closing it", side);
      free(s);
      return NULL;
    }
    s->in.eof_flag = &s->eof;
    if (shm_out) {
      s->in.before_wait = flush_before_wait;
      s->in.before_wait_arg = s;
    }
    pthread_t t;
    if (pthread_create(&t, NULL, stdin_watcher, s) != 0) {
      sms_set_error("cannot start the stdin watcher thread");
      return NULL;
    }
    pthread_detach(t);
  } else {
    s->icap = PIPE_BUF_SIZE;
    s->ibuf = malloc(s->icap);
  }
  if (!shm_out) s->obuf = malloc(PIPE_BUF_SIZE);
  if (shm_out && (s->oblk_cap = block_bytes(&s->out)) > 0 && !(s->oblk = malloc(s->oblk_cap))) {
    sms_set_error("out of memory");
    return NULL;
  }
  return s;
}

int smstream_is_shm(const smstream *s, int output) { return output ? s->shm_out : s->shm_in; }

static int pipe_flush(smstream *s) {
  size_t done = 0;
  while (done < s->olen) {
    ssize_t n = write(1, s->obuf + done, s->olen - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      sms_set_error("write to stdout failed: %s", strerror(errno));
      return -1;
    }
    done += (size_t)n;
  }
  s->olen = 0;
  return 0;
}

static int pipe_read(smstream *s, const char **rec, size_t *len) {
  for (;;) {
    char *nl = memchr(s->ibuf + s->istart, '\n', s->iend - s->istart);
    if (nl) {
      *rec = s->ibuf + s->istart;
      *len = (size_t)(nl - *rec);
      s->istart += *len + 1;
      return 1;
    }
    if (s->ieof) {
      if (s->istart == s->iend) return 0;
      *rec = s->ibuf + s->istart; /* last line without newline */
      *len = s->iend - s->istart;
      s->istart = s->iend;
      return 1;
    }
    memmove(s->ibuf, s->ibuf + s->istart, s->iend - s->istart);
    s->iend -= s->istart;
    s->istart = 0;
    if (s->iend == s->icap) {
      char *bigger = realloc(s->ibuf, s->icap * 2);
      if (!bigger) {
        sms_set_error("out of memory for a line of %zu bytes", s->icap);
        return -1;
      }
      s->ibuf = bigger;
      s->icap *= 2;
    }
    /* never sit on output while we wait for input */
    if (s->shm_out) flush_output(s);
    else if (s->olen && pipe_flush(s) != 0) return -1;
    ssize_t n = read(0, s->ibuf + s->iend, s->icap - s->iend);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      sms_set_error("read from stdin failed: %s", strerror(errno));
      return -1;
    }
    if (n == 0) s->ieof = 1;
    s->iend += (size_t)n;
  }
}

/* The next line of the current input block: there is one when blk_pos < blk_len (blocks end in '\n'). */
static int block_line(smstream *s, const char **rec, size_t *len) {
  const char *p = s->blk + s->blk_pos;
  const char *nl = memchr(p, '\n', s->blk_len - s->blk_pos);
  *rec = p;
  *len = (size_t)(nl - p);
  s->blk_pos += *len + 1;
  return 1;
}

int smstream_read(smstream *s, const char **rec, size_t *len) {
  if (!s->shm_in) return pipe_read(s, rec, len);
  if (s->blk_pos < s->blk_len) return block_line(s, rec, len);
  int rc = smstream_ring_read(&s->in, (const unsigned char **)rec, len);
  if (rc == 1 && s->in.last_block) {
    s->blk = *rec;
    s->blk_len = *len;
    s->blk_pos = 0;
    return block_line(s, rec, len);
  }
  return rc;
}

/* A record copied out with a newline after it (the block API's plain records), in s->rec_copy. */
static int copy_line(smstream *s, const char *rec, size_t n, const char **buf, size_t *len) {
  if (n + 1 > s->rec_copy_cap) {
    char *bigger = realloc(s->rec_copy, n + 1);
    if (!bigger) {
      sms_set_error("out of memory for a record of %zu bytes", n);
      return -1;
    }
    s->rec_copy = bigger;
    s->rec_copy_cap = n + 1;
  }
  memcpy(s->rec_copy, rec, n);
  s->rec_copy[n] = '\n';
  *buf = s->rec_copy;
  *len = n + 1;
  return 1;
}

/* Pipe input: the complete lines buffered (reading more until there is one), or the last line
 * with a newline added at the end of input. */
static int pipe_read_block(smstream *s, const char **buf, size_t *len) {
  for (;;) {
    char *start = s->ibuf + s->istart;
    char *nl = memrchr(start, '\n', s->iend - s->istart);
    if (nl) {
      *buf = start;
      *len = (size_t)(nl + 1 - start);
      s->istart += *len;
      return 1;
    }
    const char *rec;
    size_t n;
    if (s->ieof || s->iend == s->icap) {
      /* the last line without a newline, or one longer than the buffer: through pipe_read */
      int rc = pipe_read(s, &rec, &n);
      if (rc <= 0) return rc;
      return copy_line(s, rec, n, buf, len);
    }
    memmove(s->ibuf, s->ibuf + s->istart, s->iend - s->istart);
    s->iend -= s->istart;
    s->istart = 0;
    if (s->shm_out) flush_output(s);
    else if (s->olen && pipe_flush(s) != 0) return -1;
    ssize_t r = read(0, s->ibuf + s->iend, s->icap - s->iend);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      sms_set_error("read from stdin failed: %s", strerror(errno));
      return -1;
    }
    if (r == 0) s->ieof = 1;
    s->iend += (size_t)r;
  }
}

int smstream_read_block(smstream *s, const char **buf, size_t *len) {
  if (!s->shm_in) return pipe_read_block(s, buf, len);
  if (s->blk_pos < s->blk_len) {
    *buf = s->blk + s->blk_pos;
    *len = s->blk_len - s->blk_pos;
    s->blk_pos = s->blk_len;
    return 1;
  }
  const unsigned char *data;
  size_t n;
  int rc = smstream_ring_read(&s->in, &data, &n);
  if (rc != 1) return rc;
  if (s->in.last_block) {
    *buf = (const char *)data;
    *len = n;
    return 1;
  }
  /* a plain record (one longer than a block): copied out with its newline */
  return copy_line(s, (const char *)data, n, buf, len);
}

static int pipe_write(smstream *s, const void *const *parts, const size_t *lens, int n) {
  for (int i = 0; i <= n; i++) {
    const char *p = i < n ? parts[i] : "\n";
    size_t l = i < n ? lens[i] : 1;
    while (l > 0) {
      if (s->olen == PIPE_BUF_SIZE && pipe_flush(s) != 0) return -1;
      size_t c = PIPE_BUF_SIZE - s->olen < l ? PIPE_BUF_SIZE - s->olen : l;
      memcpy(s->obuf + s->olen, p, c);
      s->olen += c;
      p += c;
      l -= c;
    }
  }
  return 0;
}

/* Shm output: one record of parts, gathered into the next block (a record longer than a block
 * crosses as a plain record of its own), or a plain record with blocks off. */
static int shm_write(smstream *s, const void *const *parts, const size_t *lens, int n) {
  size_t len = 0;
  for (int i = 0; i < n; i++) len += lens[i];
  if (s->oblk_cap == 0) return sms_ring_write_parts(&s->out, parts, lens, n);
  if (len + 1 > s->oblk_cap) {
    if (send_block(s) != 0) return -1;
    return sms_ring_write_parts(&s->out, parts, lens, n);
  }
  if (s->oblk_len + len + 1 > s->oblk_cap && send_block(s) != 0) return -1;
  char *dst = s->oblk + s->oblk_len;
  for (int i = 0; i < n; i++) {
    memcpy(dst, parts[i], lens[i]);
    dst += lens[i];
  }
  *dst = '\n';
  s->oblk_len += len + 1;
  return 0;
}

int smstream_write(smstream *s, const void *rec, size_t len) {
  const void *parts[1] = {rec};
  size_t lens[1] = {len};
  return s->shm_out ? shm_write(s, parts, lens, 1) : pipe_write(s, parts, lens, 1);
}

int smstream_write_kv(smstream *s, const void *key, size_t klen, const void *value, size_t vlen) {
  const void *parts[3] = {key, "\t", value};
  size_t lens[3] = {klen, 1, vlen};
  return s->shm_out ? shm_write(s, parts, lens, 3) : pipe_write(s, parts, lens, 3);
}

int smstream_write_block(smstream *s, const void *buf, size_t len) {
  const char *p = buf;
  if (len == 0) return 0;
  if (p[len - 1] != '\n') {
    sms_set_error("smstream_write_block: the buffer (%zu bytes) does not end with a newline: it must hold whole lines", len);
    return -1;
  }
  if (!s->shm_out) {
    /* what the program would write to stdout itself, through the output buffer */
    const void *parts[1] = {buf};
    size_t lens[1] = {len - 1};
    return pipe_write(s, parts, lens, 1);
  }
  if (s->oblk_cap == 0) { /* blocks off: record by record */
    while (len > 0) {
      const char *nl = memchr(p, '\n', len);
      if (smstream_write(s, p, (size_t)(nl - p)) != 0) return -1;
      len -= (size_t)(nl + 1 - p);
      p = nl + 1;
    }
    return 0;
  }
  while (len > 0) {
    if (s->oblk_len + len <= s->oblk_cap) {
      memcpy(s->oblk + s->oblk_len, p, len);
      s->oblk_len += len;
      return 0;
    }
    if (send_block(s) != 0) return -1;
    if (len <= s->oblk_cap) return smstream_ring_write_block(&s->out, p, len);
    /* the whole lines that fit one block, straight into the ring; a longer line as a plain record */
    const char *nl = memrchr(p, '\n', s->oblk_cap);
    size_t n;
    if (nl) {
      n = (size_t)(nl + 1 - p);
      if (smstream_ring_write_block(&s->out, p, n) != 0) return -1;
    } else {
      nl = memchr(p, '\n', len);
      n = (size_t)(nl + 1 - p);
      if (smstream_ring_write(&s->out, p, n - 1) != 0) return -1;
    }
    p += n;
    len -= n;
  }
  return 0;
}

int smstream_flush(smstream *s) {
  if (s->shm_out) return flush_output(s);
  return pipe_flush(s);
}

int smstream_close(smstream *s) {
  int rc = 0;
  if (s->shm_out) {
    rc = send_block(s);
    free(s->oblk);
    smstream_ring_close_producer(&s->out, rc == 0 ? 1 : 2);
    smstream_ring_unmap(&s->out);
  } else {
    rc = pipe_flush(s);
    free(s->obuf);
  }
  if (s->shm_in) {
    smstream_ring_close_consumer(&s->in);
    /* The watcher thread may still touch the input ring's wait word: leave it mapped. */
  } else {
    free(s->ibuf);
  }
  free(s->rec_copy);
  return rc;
}

void smstream_abort(smstream *s) {
  free(s->rec_copy);
  if (s->shm_out) {
    free(s->oblk); /* what is gathered stays unwritten: the output is incomplete anyway */
    smstream_ring_close_producer(&s->out, 2);
    smstream_ring_unmap(&s->out);
  } else {
    free(s->obuf); /* what is buffered stays unwritten: the output is incomplete anyway */
  }
  if (s->shm_in) smstream_ring_close_consumer(&s->in);
  else free(s->ibuf);
}
