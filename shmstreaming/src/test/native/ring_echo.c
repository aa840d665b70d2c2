/* The external side of the ring stress test: reads every record of IN_SEGMENT and writes it
 * back to OUT_SEGMENT, pausing at random; prints "records <n> checksum <fnv1a-64>" at the end.
 * usage: ring_echo IN_SEGMENT OUT_SEGMENT SEED PAUSE_ONE_IN MAX_PAUSE_US */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "smstream.h"

static void flush_out(void *out) { smstream_ring_flush(out); }

int main(int argc, char **argv) {
  if (argc != 6) { fprintf(stderr, "usage: ring_echo IN OUT SEED PAUSE_ONE_IN MAX_PAUSE_US\n"); return 2; }
  smstream_ring in, out;
  if (smstream_ring_attach(&in, argv[1]) != 0 || smstream_ring_attach(&out, argv[2]) != 0) {
    fprintf(stderr, "ring_echo: %s\n", smstream_last_error());
    return 1;
  }
  in.before_wait = flush_out;
  in.before_wait_arg = &out;
  unsigned long long seed = strtoull(argv[3], NULL, 10) * 6364136223846793005ull + 1;
  long one_in = atol(argv[4]), max_us = atol(argv[5]);
  unsigned long long sum = 14695981039346656037ull, n = 0;
  const unsigned char *p;
  size_t len;
  int rc;
  while ((rc = smstream_ring_read(&in, &p, &len)) > 0) {
    for (size_t i = 0; i < len; i++) sum = (sum ^ p[i]) * 1099511628211ull;
    sum = (sum ^ 0xFF) * 1099511628211ull; /* record boundary */
    if (smstream_ring_write(&out, p, len) != 0) { fprintf(stderr, "ring_echo: %s\n", smstream_last_error()); return 1; }
    n++;
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    if (one_in > 0 && (seed >> 33) % one_in == 0) {
      struct timespec ts = {0, (long)((seed >> 13) % (max_us + 1)) * 1000};
      nanosleep(&ts, NULL);
    }
  }
  if (rc < 0) { fprintf(stderr, "ring_echo: %s\n", smstream_last_error()); return 1; }
  smstream_ring_close_consumer(&in);
  smstream_ring_close_producer(&out, 1);
  printf("records %llu checksum %llu\n", n, sum);
  return 0;
}
