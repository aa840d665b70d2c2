/* The C client under the ring fuzzer (RingFuzzTest): runs every case of a case file against
 * libsmstream's ring, built with AddressSanitizer, and prints one line per case.
 *
 *   ring_fuzz CASES RECORDS CONSUME_IMAGE PRODUCE_IMAGE SCRATCH_SEGMENT
 *
 * A case line: "ID consume|produce K INIT MID", where INIT and MID are patches "OFF:HEX,..." (or
 * "-"): INIT is written into the segment before it is attached, MID after K records were read
 * (or written). The segment is a copy of the image, made 0600 by this process. Each case is
 * attached with smstream_ring_attach (so the file and header checks run), a wait for the peer
 * ends at once (the peer counts as gone). Out: "@ID STATUS N MARKED CRCS CHANGED READBACK | MESSAGE",
 * STATUS end/error/attach-error (consume) or ok/error/attach-error (produce), CRCS the CRC-32 of
 * each record read (consume) or "-", MARKED how many records read hold the marker the test put
 * after the written bytes (bytes past the tail), CHANGED 1 if a producer changed a header word that is not
 * its own, READBACK the CRCs of the records read back from what a producer wrote ("-" if none). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "smstream.h"

static uint32_t crc_table[256];

static void crc_init(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = c;
  }
}

static uint32_t crc32(const unsigned char *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  while (n--) c = crc_table[(c ^ *p++) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

static unsigned char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *b = malloc((size_t)n + 1);
  if (fread(b, 1, (size_t)n, f) != (size_t)n) exit(2);
  fclose(f);
  *len = (size_t)n;
  return b;
}

/* Writes "OFF:HEX,OFF:HEX" into the file. */
static void patch(int fd, const char *spec) {
  if (strcmp(spec, "-") == 0) return;
  const char *p = spec;
  while (*p) {
    char *colon;
    long off = strtol(p, &colon, 10);
    const char *h = colon + 1;
    unsigned char buf[4096];
    size_t n = 0;
    while (*h && *h != ',') {
      unsigned v;
      sscanf(h, "%2x", &v);
      buf[n++] = (unsigned char)v;
      h += 2;
    }
    if (pwrite(fd, buf, n, off) != (ssize_t)n) exit(3);
    p = *h == ',' ? h + 1 : h;
  }
}

static void print_crcs(char *out, size_t cap, const uint32_t *crcs, int n) {
  size_t used = 0;
  out[0] = 0;
  if (n == 0) snprintf(out, cap, "-");
  for (int i = 0; i < n && used + 10 < cap; i++) used += (size_t)snprintf(out + used, cap - used, "%s%08x", i ? "," : "", crcs[i]);
}

/* The producer's own header words (and the consumer-waiting word, which its wake-up clears). */
static int own_word(int off) {
  return (off >= SMS_OFF_TAIL && off < SMS_OFF_TAIL + 8) || (off >= SMS_OFF_ATTACHED && off < SMS_OFF_ATTACHED + 4) ||
         (off >= SMS_OFF_PRODUCER_WAITING && off < SMS_OFF_PRODUCER_WAITING + 4) ||
         (off >= SMS_OFF_PRODUCER_CLOSED && off < SMS_OFF_PRODUCER_CLOSED + 4) ||
         (off >= SMS_OFF_CONSUMER_WAITING && off < SMS_OFF_CONSUMER_WAITING + 4);
}

static void quick_waits(smstream_ring *r) {
  r->timeout_ms = 1;
  r->stall_ms = 1;
  r->parent_pid = 0x7FFFFFFF; /* not our parent: a wait for the peer ends at once, the peer is gone */
}

/* Reads the ring to its end or an error, applying MID after K records; -2 if attach refused it. */
static const char MARKER[] = "PAST-THE-TAIL";

static int consume(const char *path, int k, int fd, const char *mid, uint32_t *crcs, int max, int *n, int *marked) {
  smstream_ring r;
  if (smstream_ring_attach(&r, path) != 0) return -2;
  quick_waits(&r);
  volatile int eof = 1; /* the task closed the program's stdin: the end once the ring is empty */
  r.eof_flag = &eof;
  *n = 0;
  *marked = 0;
  int rc;
  for (;;) {
    if (*n == k && fd >= 0) patch(fd, mid);
    const unsigned char *d;
    size_t len;
    rc = smstream_ring_read(&r, &d, &len);
    if (rc <= 0) break;
    if (*n == max) {
      fprintf(stderr, "more records than a ring of stale bytes can hold\n");
      exit(4);
    }
    crcs[(*n)++] = crc32(d, len);
    if (memmem(d, len, MARKER, sizeof MARKER - 1)) (*marked)++;
  }
  smstream_ring_unmap(&r);
  return rc;
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: ring_fuzz CASES RECORDS CONSUME_IMAGE PRODUCE_IMAGE SCRATCH_SEGMENT\n");
    return 2;
  }
  crc_init();
  size_t rec_len, cons_len, prod_len;
  unsigned char *recs = slurp(argv[2], &rec_len);
  unsigned char *cons = slurp(argv[3], &cons_len);
  unsigned char *prod = slurp(argv[4], &prod_len);
  const char *seg = argv[5];
  /* RECORDS: a 4-byte count, then each record as a 4-byte length (with SMS_BLOCK for a block of
   * lines) and its bytes (little-endian). */
  uint32_t nrec;
  memcpy(&nrec, recs, 4);
  const unsigned char **rec = calloc(nrec, sizeof *rec);
  uint32_t *rlen = calloc(nrec, sizeof *rlen);
  int *rblock = calloc(nrec, sizeof *rblock);
  size_t at = 4;
  for (uint32_t i = 0; i < nrec; i++) {
    memcpy(&rlen[i], recs + at, 4);
    rblock[i] = (rlen[i] & SMS_BLOCK) != 0;
    rlen[i] &= ~SMS_BLOCK;
    rec[i] = recs + at + 4;
    at += 4 + rlen[i];
  }
  const int max = 20000;
  uint32_t *crcs = malloc(sizeof *crcs * (size_t)max);
  char *line = NULL;
  size_t line_cap = 0;
  FILE *cases = fopen(argv[1], "r");
  if (!cases) {
    perror(argv[1]);
    return 2;
  }
  static char crc_text[200000], back_text[200000];
  while (getline(&line, &line_cap, cases) > 0) {
    char id[32], mode[16], init[20000], mid[20000];
    int k;
    if (sscanf(line, "%31s %15s %d %19999s %19999s", id, mode, &k, init, mid) != 5) continue;
    int produce = strcmp(mode, "produce") == 0;
    unlink(seg);
    int fd = open(seg, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
      perror(seg);
      return 2;
    }
    const unsigned char *img = produce ? prod : cons;
    size_t img_len = produce ? prod_len : cons_len;
    if (write(fd, img, img_len) != (ssize_t)img_len) return 2;
    patch(fd, init);
    const char *status;
    int n = 0, changed = 0, marked = 0;
    snprintf(back_text, sizeof back_text, "-");
    if (!produce) {
      int rc = consume(seg, k, fd, mid, crcs, max, &n, &marked);
      status = rc == -2 ? "attach-error" : rc < 0 ? "error" : "end";
      print_crcs(crc_text, sizeof crc_text, crcs, n);
    } else {
      unsigned char before[SMS_HEADER_SIZE], after[SMS_HEADER_SIZE];
      smstream_ring r;
      if (smstream_ring_attach(&r, seg) != 0) {
        status = "attach-error";
      } else {
        quick_waits(&r);
        int rc = 0;
        for (uint32_t i = 0; i < nrec && rc == 0; i++) {
          if ((int)i == k) patch(fd, mid);
          rc = rblock[i] ? smstream_ring_write_block(&r, rec[i], rlen[i]) : smstream_ring_write(&r, rec[i], rlen[i]);
          if (rc == 0) n++;
        }
        if (rc == 0) smstream_ring_close_producer(&r, 1);
        /* What the header holds now, against what it held (with the patches) in the words that are not the producer's. */
        memcpy(after, r.base, SMS_HEADER_SIZE);
        smstream_ring_unmap(&r);
        /* the expected header: the image with INIT and (if reached) MID applied */
        int pfd = memfd_create("expected", MFD_CLOEXEC);
        if (write(pfd, img, SMS_HEADER_SIZE) != SMS_HEADER_SIZE) return 2;
        patch(pfd, init);
        if (k >= 0 && k < (int)nrec && n >= k) patch(pfd, mid);
        if (pread(pfd, before, SMS_HEADER_SIZE, 0) != SMS_HEADER_SIZE) return 2;
        close(pfd);
        for (int off = 0; off < SMS_HEADER_SIZE; off++) {
          if (before[off] != after[off] && !own_word(off)) changed = 1;
        }
        status = rc == 0 ? "ok" : "error";
        if (rc == 0) {
          /* Read back what was written, as the task would. */
          int m = 0, back_marked = 0;
          int rrc = consume(seg, -1, -1, "-", crcs, max, &m, &back_marked);
          if (rrc == 0) print_crcs(back_text, sizeof back_text, crcs, m);
          else snprintf(back_text, sizeof back_text, "read-error");
        }
      }
      snprintf(crc_text, sizeof crc_text, "-");
    }
    close(fd);
    unlink(seg);
    const char *msg = strcmp(status, "end") == 0 || strcmp(status, "ok") == 0 ? "" : smstream_last_error();
    printf("@%s %s %d %d %s %d %s | %s\n", id, status, n, marked, crc_text, changed, back_text, msg);
    fflush(stdout);
  }
  free(line);
  fclose(cases);
  free(crcs);
  free(rec);
  free(rlen);
  free(rblock);
  free(recs);
  free(cons);
  free(prod);
  return 0;
}
