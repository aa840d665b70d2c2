/*
 * The shared-memory ring layout: the C mirror of org.hadoopopt.shmstreaming.ring.RingLayout.
 * Both are checked against src/test/resources/ring-layout-vector.txt by tests.
 *
 * A segment is one file (by default under /dev/shm) holding one single-producer
 * single-consumer byte FIFO:
 *
 *   offset  size  field
 *   0       4     magic 0x52534F48 ("HOSR" little-endian)
 *   4       4     layout version (3)
 *   8       8     capacity of the data area in bytes (power of two)
 *   16      4     batch size: wake a sleeping peer after this many records
 *   20      4     attached: the external program sets 1 once it has mapped the segment
 *   64      8     tail: total bytes ever published by the producer (own cache line)
 *   128     8     head: total bytes ever consumed by the consumer (own cache line)
 *   192     4     consumer waiting futex word: 1 while the consumer sleeps or is about to
 *   256     4     producer waiting futex word: 1 while the producer sleeps or is about to
 *   320     4     producer closed: 1 = no more records (normal end), 2 = aborted
 *   324     4     consumer closed: 1 = the consumer stopped reading, 2 = the program's stdin is
 *                 closed or not a pipe, so it cannot see the end of its input (SMS_CONSUMER_STDIN_CLOSED)
 *   512     cap   data area
 *
 * All integers little-endian. Records start at 8-byte aligned positions: a 4-byte length,
 * then the payload; the next record starts at align8(position + 4 + length). A length of
 * 0xFFFFFFFF is padding: the rest of the data area up to its end is skipped, so a record
 * written whole is never split across the end and a reader can hand out a pointer into the ring.
 *
 * A record of up to capacity/2 - 4 bytes is written whole. A larger one travels as consecutive
 * pieces, each framed like a record: every piece but the last has SMS_MORE_PIECES set in its
 * length word, the last has it clear; the record is the pieces' payloads joined. A piece holds
 * at most capacity/2 - 4 bytes and never more than fits before the end of the data area (so
 * pieces need no padding). Half the ring bounds a whole record because a record wider than the
 * part of the ring in front of it skips that part as padding, and both fit only if the record
 * takes at most half.
 *
 * A record whose length word has SMS_BLOCK set is a block: one or more whole lines, each ending
 * in a newline ('\n'), which the reader splits into records itself (the bytes a program reading
 * Streaming's pipe would see for those records). A block is written whole, never in pieces, and is
 * never empty. So many records cross with one length word and one publication check.
 */
#ifndef SMSTREAM_LAYOUT_H
#define SMSTREAM_LAYOUT_H

#define SMS_MAGIC 0x52534F48u
#define SMS_VERSION 3u
#define SMS_OFF_MAGIC 0
#define SMS_OFF_VERSION 4
#define SMS_OFF_CAPACITY 8
#define SMS_OFF_BATCH 16
#define SMS_OFF_ATTACHED 20
#define SMS_OFF_TAIL 64
#define SMS_OFF_HEAD 128
#define SMS_OFF_CONSUMER_WAITING 192
#define SMS_OFF_PRODUCER_WAITING 256
#define SMS_OFF_PRODUCER_CLOSED 320
#define SMS_OFF_CONSUMER_CLOSED 324
#define SMS_CONSUMER_STDIN_CLOSED 2u
#define SMS_HEADER_SIZE 512
#define SMS_RECORD_HEADER 4
#define SMS_RECORD_ALIGN 8
#define SMS_PADDING 0xFFFFFFFFu
#define SMS_MORE_PIECES 0x80000000u
#define SMS_BLOCK 0x40000000u
#define SMS_MIN_CAPACITY 4096ull
#define SMS_MAX_CAPACITY 1073741824ull

/* The largest record a ring of this capacity holds whole, and the largest piece. */
#define SMS_MAX_WHOLE_RECORD(capacity) ((capacity) / 2 - SMS_RECORD_HEADER)

#endif
