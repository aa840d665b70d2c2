/*
 * smstream: the external program's side of HadoopOpt ShmStreaming.
 *
 * A Streaming program reads its input records and writes its output records through an
 * smstream channel instead of stdin/stdout. Whether each direction is a shared-memory ring
 * or the usual pipe is decided by the job (stream.map.input=shm etc.); the library learns it
 * from the environment Hadoop Streaming gives the program, so the same binary runs with
 * pipes and with shm. Records are Streaming's text records (key TAB value) without the
 * trailing newline, of any size (one larger than half the ring travels in pieces). Records cross
 * the ring in blocks of many lines (stream.shm.blocks, on by default): the library splits input
 * blocks into records and gathers output records into blocks; smstream_read_block and
 * smstream_write_block hand whole buffers of lines to and from the program. With shm
 * input the end of input is Streaming closing the program's stdin: stdin must be open when the
 * channel opens (the library then watches its own duplicate of it).
 *
 *   smstream *s = smstream_open_env();
 *   if (!s) { fprintf(stderr, "%s\n", smstream_last_error()); return 2; }
 *   const char *rec; size_t len;
 *   while (smstream_read(s, &rec, &len) > 0) smstream_write(s, rec, len);
 *   return smstream_close(s) == 0 ? 0 : 1;
 */
#ifndef SMSTREAM_H
#define SMSTREAM_H

#include <stddef.h>
#include <stdint.h>
#include "smstream_layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One mapped ring, used from one side (producer or consumer) by one thread. */
typedef struct smstream_ring {
  unsigned char *base;     /* mapping: header + data */
  size_t map_size;
  uint64_t capacity;
  uint64_t mask;
  uint32_t batch;
  uint64_t pos;            /* producer: local tail; consumer: local head */
  uint64_t pending_head;   /* consumer: head to publish on the next read */
  uint64_t published;      /* producer: last published tail; consumer: last tail seen */
  uint64_t head_cache;     /* producer: last head seen (re-read only when the ring looks full) */
  uint64_t head_published; /* consumer: last published head */
  uint32_t since_wake;     /* records since the last publication and wake-up check */
  volatile int *eof_flag;  /* consumer of input: set when stdin closed (may be NULL) */
  int timeout_ms;          /* each futex wait's bound, after which liveness is re-checked */
  long stall_ms;           /* give up waiting for a live peer after this long (0 = never) */
  int parent_pid;          /* the task JVM; if it goes away we stop waiting */
  unsigned char *joined;   /* consumer: a record that came in pieces, joined (heap) */
  size_t joined_cap;
  int last_block;          /* consumer: the last record read is a block of whole lines (SMS_BLOCK) */
  void (*before_wait)(void *arg); /* consumer: run before sleeping for data (flushes our output) */
  void *before_wait_arg;
  char name[128];          /* the segment's file name, for error messages */
} smstream_ring;

/* Low-level ring API (used by the channel and by the stress test). Return 0 or -1.
 * attach refuses anything but a plain file of this process's user, writable by nobody else, with
 * one name (never a link), and checks every header field against the mapping; both sides check
 * every position and length word they read from the peer before using it. create makes the
 * segment under an unpredictable temporary name (O_EXCL|O_NOFOLLOW) and renames it to path
 * without replacing anything there, in a folder only its owner (this user or root) or, with the
 * sticky bit, nobody else can replace it in. */
int smstream_ring_attach(smstream_ring *r, const char *path);
int smstream_ring_create(smstream_ring *r, const char *path, uint64_t capacity, uint32_t batch);
/* Blocks until the record fits (a record larger than smstream_ring_max_record goes in pieces);
 * -1 if the consumer is gone. */
int smstream_ring_write(smstream_ring *r, const void *data, size_t len);
/* Writes one block record: len (1 .. smstream_ring_max_record) bytes of whole lines, each ending
 * in '\n'. 0 or -1. */
int smstream_ring_write_block(smstream_ring *r, const void *data, size_t len);
/* 1 = a record (*data valid until the next call; in the ring, or joined on the heap if it came
 * in pieces; r->last_block says whether it is a block of lines), 0 = end of stream, -1 = error. */
int smstream_ring_read(smstream_ring *r, const unsigned char **data, size_t *len);
/* Publishes what was written and wakes a sleeping consumer. */
void smstream_ring_flush(smstream_ring *r);
/* Producer: marks the end of the stream (code 1) or an abort (code 2). */
void smstream_ring_close_producer(smstream_ring *r, uint32_t code);
void smstream_ring_close_consumer(smstream_ring *r);
void smstream_ring_unmap(smstream_ring *r);
/* Largest record the ring holds whole; larger ones travel in pieces. */
size_t smstream_ring_max_record(const smstream_ring *r);

/* The channel: input and output of a Streaming program. */
typedef struct smstream smstream;

/* Opens the channel from Hadoop Streaming's environment; NULL on error (see smstream_last_error). */
smstream *smstream_open_env(void);
/* 1 = a record, 0 = end of input, -1 = error. The record stays valid until the next read. */
int smstream_read(smstream *s, const char **rec, size_t *len);
/* Writes one output record (no newline). 0 or -1. */
int smstream_write(smstream *s, const void *rec, size_t len);
/* Writes key, the output separator (TAB) and value as one record. 0 or -1. */
int smstream_write_kv(smstream *s, const void *key, size_t klen, const void *value, size_t vlen);
int smstream_flush(smstream *s);
/* The block API, beside the record one (the two may be mixed). Reads a buffer of one or more
 * whole input lines, each ending in '\n' (valid until the next read): 1, 0 at end of input, -1 on
 * error. Over shm it is a block as it crossed the ring (or the rest of one the record API began). */
int smstream_read_block(smstream *s, const char **buf, size_t *len);
/* Writes many output records at once: len bytes of whole lines, each ending in '\n' (what a
 * program would write to its stdout). 0 or -1. */
int smstream_write_block(smstream *s, const void *buf, size_t len);
/* Flushes, ends the output stream, unmaps. 0 or -1. */
int smstream_close(smstream *s);
/* Ends the output stream as failed (the task then fails saying so) and releases the channel:
 * for a program that gives up half-way. */
void smstream_abort(smstream *s);
/* 1 if input (0) / output (1) goes through shared memory. */
int smstream_is_shm(const smstream *s, int output);
const char *smstream_last_error(void);

#ifdef __cplusplus
}
#endif
#endif
