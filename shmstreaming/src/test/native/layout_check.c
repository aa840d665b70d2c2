/* Checks smstream_layout.h and the C ring against the shared test vector.
 * usage: layout_check VECTOR_FILE SCRATCH_SEGMENT_PATH; prints OK and exits 0, or the mismatch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "smstream.h"
#include "smstream_internal.h"

static int failures;

static void check(const char *name, unsigned long long got, unsigned long long want) {
  if (got != want) {
    printf("MISMATCH %s: header says %llu, vector says %llu\n", name, got, want);
    failures++;
  }
}

#define U32AT(ring, off) ((_Atomic uint32_t *)((ring)->base + (off)))

static int waiting_word(const char *side) {
  return strcmp(side, "consumer") == 0 ? SMS_OFF_CONSUMER_WAITING : SMS_OFF_PRODUCER_WAITING;
}

/* record-pattern/read-pattern <n> [k]: k, default 1 */
static unsigned long long times(const char *line) {
  unsigned long long n, k;
  char op[32];
  return sscanf(line, "%31s %llu %llu", op, &n, &k) == 3 ? k : 1;
}

static unsigned char *pattern(size_t n) {
  unsigned char *p = malloc(n ? n : 1);
  for (size_t i = 0; i < n; i++) p[i] = (unsigned char)(i % 251);
  return p;
}

static size_t unhex(const char *s, unsigned char *out) {
  size_t n = 0;
  while (*s) {
    if (*s == ' ' || *s == '\n') { s++; continue; }
    unsigned v;
    sscanf(s, "%2x", &v);
    out[n++] = (unsigned char)v;
    s += 2;
  }
  return n;
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: layout_check VECTOR SEGMENT\n"); return 2; }
  FILE *f = fopen(argv[1], "r");
  if (!f) { perror(argv[1]); return 2; }
  struct { const char *n; unsigned long long v; } consts[] = {
    {"MAGIC", SMS_MAGIC}, {"VERSION", SMS_VERSION}, {"OFF_MAGIC", SMS_OFF_MAGIC},
    {"OFF_VERSION", SMS_OFF_VERSION}, {"OFF_CAPACITY", SMS_OFF_CAPACITY}, {"OFF_BATCH", SMS_OFF_BATCH},
    {"OFF_ATTACHED", SMS_OFF_ATTACHED}, {"OFF_TAIL", SMS_OFF_TAIL}, {"OFF_HEAD", SMS_OFF_HEAD},
    {"OFF_CONSUMER_WAITING", SMS_OFF_CONSUMER_WAITING}, {"OFF_PRODUCER_WAITING", SMS_OFF_PRODUCER_WAITING},
    {"OFF_PRODUCER_CLOSED", SMS_OFF_PRODUCER_CLOSED}, {"OFF_CONSUMER_CLOSED", SMS_OFF_CONSUMER_CLOSED},
    {"CONSUMER_STDIN_CLOSED", SMS_CONSUMER_STDIN_CLOSED},
    {"HEADER_SIZE", SMS_HEADER_SIZE}, {"RECORD_HEADER", SMS_RECORD_HEADER}, {"RECORD_ALIGN", SMS_RECORD_ALIGN},
    {"PADDING", SMS_PADDING}, {"MORE_PIECES", SMS_MORE_PIECES}, {"BLOCK", SMS_BLOCK}, {"MIN_CAPACITY", SMS_MIN_CAPACITY}, {"MAX_CAPACITY", SMS_MAX_CAPACITY}};
  int nconsts = sizeof consts / sizeof consts[0], seen = 0;
  char line[4096];
  smstream_ring r, c; /* the producer and, from the first read on, a consumer of the same segment */
  int have_ring = 0, have_consumer = 0;
  unsigned char bytes[2048];
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (line[0] == '#' || line[0] == 0) continue;
    char name[128];
    unsigned long long v, v2;
    if (sscanf(line, "constant %127s %lli", name, (long long *)&v) == 2) {
      int found = 0;
      for (int i = 0; i < nconsts; i++) {
        if (strcmp(consts[i].n, name) == 0) { check(name, consts[i].v, v); found = 1; seen++; }
      }
      if (!found) { printf("MISMATCH %s: not in smstream_layout.h\n", name); failures++; }
    } else if (sscanf(line, "ring %llu %llu", &v, &v2) == 2) {
      if (have_ring) smstream_ring_unmap(&r);
      if (have_consumer) smstream_ring_unmap(&c);
      have_consumer = 0;
      unlink(argv[2]); /* a segment is never created over an existing name */
      if (smstream_ring_create(&r, argv[2], v, (uint32_t)v2) != 0) { printf("FAIL %s\n", smstream_last_error()); return 1; }
      have_ring = 1;
    } else if (sscanf(line, "record-pattern %llu", &v) == 1) {
      unsigned char *p = pattern(v);
      /* in three parts, so that piece boundaries fall inside a part */
      size_t third = v / 3;
      const void *parts[3] = {p, p + third, p + 2 * third};
      size_t lens[3] = {third, third, v - 2 * third};
      for (unsigned long long k = times(line); k > 0; k--) {
        if (sms_ring_write_parts(&r, parts, lens, 3) != 0) { printf("FAIL %s\n", smstream_last_error()); return 1; }
      }
      free(p);
    } else if (sscanf(line, "sleeping %127s", name) == 1) {
      atomic_store(U32AT(&r, waiting_word(name)), 1);
    } else if (sscanf(line, "expect %127s %llu", name, &v) == 2) {
      unsigned long long got;
      if (strcmp(name, "tail") == 0 || strcmp(name, "head") == 0) {
        got = atomic_load((_Atomic uint64_t *)(r.base + (name[0] == 't' ? SMS_OFF_TAIL : SMS_OFF_HEAD)));
      } else {
        name[strcspn(name, "-")] = 0;
        got = atomic_load(U32AT(&r, waiting_word(name)));
      }
      if (got != v) { printf("MISMATCH %s: %s is %llu\n", line, name, got); failures++; }
    } else if (strncmp(line, "block ", 6) == 0) {
      size_t n = unhex(line + 6, bytes);
      if (smstream_ring_write_block(&r, bytes, n) != 0) { printf("FAIL %s\n", smstream_last_error()); return 1; }
    } else if (strncmp(line, "read-block ", 11) == 0) {
      if (!have_consumer) {
        if (sms_ring_attach(&c, argv[2], 0) != 0) { printf("FAIL %s\n", smstream_last_error()); return 1; }
        have_consumer = 1;
      }
      size_t want_len = unhex(line + 11, bytes);
      const unsigned char *got;
      size_t len;
      if (smstream_ring_read(&c, &got, &len) != 1 || !c.last_block || len != want_len || memcmp(got, bytes, len) != 0) {
        printf("MISMATCH %s: read another record\n", line);
        failures++;
      }
    } else if (strncmp(line, "read", 4) == 0) {
      if (!have_consumer) {
        if (sms_ring_attach(&c, argv[2], 0) != 0) { printf("FAIL %s\n", smstream_last_error()); return 1; }
        have_consumer = 1;
      }
      int is_pattern = sscanf(line, "read-pattern %llu", &v) == 1;
      unsigned char *want = is_pattern ? pattern(v) : NULL;
      size_t want_len = is_pattern ? v : unhex(line + 4, bytes);
      if (!is_pattern) want = bytes;
      for (unsigned long long k = is_pattern ? times(line) : 1; k > 0; k--) {
        const unsigned char *got;
        size_t len;
        if (smstream_ring_read(&c, &got, &len) != 1 || len != want_len || memcmp(got, want, len) != 0) {
          printf("MISMATCH %s: read another record\n", line);
          failures++;
        }
      }
      if (is_pattern) free(want);
    } else if (strcmp(line, "close consumer") == 0) {
      smstream_ring_close_consumer(&c);
    } else if (sscanf(line, "head %llu", &v) == 1) {
      *(volatile uint64_t *)(r.base + SMS_OFF_HEAD) = v;
    } else if (strncmp(line, "record", 6) == 0) {
      size_t n = unhex(line + 6, bytes);
      if (smstream_ring_write(&r, bytes, n) != 0) { printf("FAIL %s\n", smstream_last_error()); return 1; }
    } else if (strcmp(line, "flush") == 0) {
      smstream_ring_flush(&r);
    } else if (sscanf(line, "header %llu", &v) == 1 || sscanf(line, "data %llu", &v) == 1) {
      const char *rest = strchr(strchr(line, ' ') + 1, ' ');
      size_t n = unhex(rest ? rest : "", bytes);
      size_t base = (line[0] == 'd' ? SMS_HEADER_SIZE : 0) + (size_t)v;
      if (!have_ring || memcmp(r.base + base, bytes, n) != 0) {
        printf("MISMATCH bytes at segment offset %zu: ", base);
        for (size_t i = 0; i < n && have_ring; i++) printf("%02x", r.base[base + i]);
        printf("\n");
        failures++;
      }
    } else {
      printf("BAD vector line: %s\n", line);
      failures++;
    }
  }
  if (seen != nconsts) { printf("MISMATCH: vector names %d of the %d constants\n", seen, nconsts); failures++; }
  if (have_consumer) smstream_ring_unmap(&c);
  if (have_ring) { smstream_ring_unmap(&r); unlink(argv[2]); }
  if (failures == 0) printf("OK\n");
  return failures ? 1 : 0;
}
