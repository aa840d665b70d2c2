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
    {"PADDING", SMS_PADDING}, {"MORE_PIECES", SMS_MORE_PIECES}, {"MIN_CAPACITY", SMS_MIN_CAPACITY}, {"MAX_CAPACITY", SMS_MAX_CAPACITY}};
  int nconsts = sizeof consts / sizeof consts[0], seen = 0;
  char line[4096];
  smstream_ring r;
  int have_ring = 0;
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
      if (smstream_ring_create(&r, argv[2], v, (uint32_t)v2) != 0) { printf("FAIL %s\n", smstream_last_error()); return 1; }
      have_ring = 1;
    } else if (sscanf(line, "record-pattern %llu", &v) == 1) {
      unsigned char *p = malloc(v);
      for (size_t i = 0; i < v; i++) p[i] = (unsigned char)(i % 251);
      /* in three parts, so that piece boundaries fall inside a part */
      size_t third = v / 3;
      const void *parts[3] = {p, p + third, p + 2 * third};
      size_t lens[3] = {third, third, v - 2 * third};
      if (sms_ring_write_parts(&r, parts, lens, 3) != 0) { printf("FAIL %s\n", smstream_last_error()); return 1; }
      free(p);
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
  if (have_ring) { smstream_ring_unmap(&r); unlink(argv[2]); }
  if (failures == 0) printf("OK\n");
  return failures ? 1 : 0;
}
