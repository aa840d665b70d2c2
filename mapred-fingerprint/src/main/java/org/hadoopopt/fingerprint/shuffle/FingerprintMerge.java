package org.hadoopopt.fingerprint.shuffle;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.RawKeyValueIterator;
import org.apache.hadoop.util.Progress;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;

/**
 * One k-way merge of sorted segments, as the reducer's input. A binary heap orders the
 * segments by their current key's fingerprint (computed once per key, when the segment reads
 * it), then, for a byte prefix, by its second level (key bytes 8..15); keys that both levels
 * hold whole are then ordered by length, and only longer keys that tie call the job's
 * comparator. Equal keys go by segment order.
 * The fingerprint must order keys as the comparator does (an order-preserving prefix, or the
 * hash that {@code FingerprintHashComparator} orders by first), so the merged order is the
 * comparator's.
 */
final class FingerprintMerge implements RawKeyValueIterator {
  private static final int PROGRESS_EVERY = 4096;

  private final KeyFingerprinter fingerprinter;
  private final boolean exact;
  private final RawComparator<?> comparator;
  private final MergeSegment[] heap;
  private int size;
  private final DataInputBuffer key = new DataInputBuffer();
  private final DataInputBuffer value = new DataInputBuffer();
  private final Progress progress = new Progress();
  private final Counters.Counter recordsCounter;
  private final Counters.Counter tiesCounter;
  private final double totalBytes;
  private double doneBytes;
  private boolean started;
  private long records;
  private long ties;
  private long flushedRecords;
  private long flushedTies;
  private int untilProgress = PROGRESS_EVERY;

  FingerprintMerge(List<MergeSegment> segments, KeyFingerprinter fingerprinter, RawComparator<?> comparator,
      Counters.Counter recordsCounter, Counters.Counter tiesCounter) throws IOException {
    this.fingerprinter = fingerprinter;
    this.exact = fingerprinter.isExact();
    // Under FingerprintHashComparator equal hashes leave the order to its tie comparator: call that, not re-hash.
    this.comparator = comparator instanceof FingerprintHashComparator
        ? ((FingerprintHashComparator) comparator).tieComparator() : comparator;
    this.recordsCounter = recordsCounter;
    this.tiesCounter = tiesCounter;
    this.heap = new MergeSegment[segments.size()];
    long total = 0;
    for (MergeSegment s : segments) {
      total += s.rawLength();
      if (advance(s)) {
        heap[size++] = s;
      }
    }
    this.totalBytes = Math.max(1, total);
    for (int i = size / 2 - 1; i >= 0; i--) {
      siftDown(i);
    }
  }

  /** Reads the segment's next record and its fingerprint; closes it at its end. */
  private boolean advance(MergeSegment s) throws IOException {
    if (!s.next()) {
      doneBytes += s.rawLength();
      s.close();
      return false;
    }
    byte[] b = s.keyBytes;
    s.fingerprint = fingerprinter.fingerprint(b, s.keyStart, s.keyLength);
    if (!exact) {
      s.fingerprint2 = fingerprinter.fingerprintAt(b, s.keyStart, s.keyLength, 1);
      s.covered = fingerprinter.coveredBy(b, s.keyStart, s.keyLength, 2);
    }
    return true;
  }

  private int compare(MergeSegment a, MergeSegment b) {
    int c = Long.compareUnsigned(a.fingerprint, b.fingerprint);
    if (c != 0) {
      return c;
    }
    if (!exact) {
      c = Long.compareUnsigned(a.fingerprint2, b.fingerprint2);
      if (c != 0) {
        return c;
      }
      if (a.covered && b.covered) {
        // Short keys (a sourceIP, a word): both levels hold them whole, so no key bytes are read.
        c = Integer.compare(a.keyLength, b.keyLength);
        return c != 0 ? c : Integer.compare(a.order, b.order);
      }
      ties++;
      c = comparator.compare(a.keyBytes, a.keyStart, a.keyLength, b.keyBytes, b.keyStart, b.keyLength);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.order, b.order);
  }

  private void siftDown(int i) {
    MergeSegment s = heap[i];
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      int right = child + 1;
      if (right < size && compare(heap[right], heap[child]) < 0) {
        child = right;
      }
      if (compare(s, heap[child]) <= 0) {
        break;
      }
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = s;
  }

  @Override
  public boolean next() throws IOException {
    if (started && size > 0) {
      if (advance(heap[0])) {
        siftDown(0);
      } else {
        heap[0] = heap[--size];
        heap[size] = null;
        if (size > 0) {
          siftDown(0);
        }
      }
    }
    started = true;
    if (size == 0) {
      flushCounters();
      progress.complete();
      return false;
    }
    MergeSegment top = heap[0];
    key.reset(top.keyBytes, top.keyStart, top.keyLength);
    value.reset(top.valueBytes, top.valueStart, top.valueLength);
    records++;
    if (--untilProgress == 0) {
      untilProgress = PROGRESS_EVERY;
      progress.set((float) Math.min(1.0, doneBytes / totalBytes)); // finished segments' share
      flushCounters();
    }
    return true;
  }

  private void flushCounters() {
    if (recordsCounter == null) {
      return;
    }
    recordsCounter.increment(records - flushedRecords);
    flushedRecords = records;
    tiesCounter.increment(ties - flushedTies);
    flushedTies = ties;
  }

  @Override
  public DataInputBuffer getKey() {
    return key;
  }

  @Override
  public DataInputBuffer getValue() {
    return value;
  }

  @Override
  public void close() throws IOException {
    flushCounters();
    IOException first = null;
    for (int i = 0; i < size; i++) {
      try {
        heap[i].close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
      heap[i] = null;
    }
    size = 0;
    if (first != null) {
      throw first;
    }
  }

  @Override
  public Progress getProgress() {
    return progress;
  }
}
