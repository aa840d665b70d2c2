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
 * One k-way merge of sorted segments, as the reducer's input. Hadoop's own
 * {@link org.apache.hadoop.util.PriorityQueue} orders the segments, filled and adjusted as
 * Hadoop's {@code Merger} does (segments put in list order, the top adjusted after each record,
 * popped at its end), by their current key's fingerprint (computed once per key, when the segment
 * reads it), then, for a byte prefix, by its second level (key bytes 8..15); keys that both levels
 * hold whole are then ordered by length, and only longer keys that tie call the job's comparator.
 * Every comparison has the sign of the job's comparator (the fingerprint must order keys as the
 * comparator does: an order-preserving prefix, or the hash that {@code FingerprintHashComparator}
 * orders by first), equal keys included, so the queue takes the same steps as Hadoop's and equal
 * keys of different segments come out in the order Hadoop's merge gives them.
 */
final class FingerprintMerge implements RawKeyValueIterator {
  private static final int PROGRESS_EVERY = 4096;

  private final KeyFingerprinter fingerprinter;
  private final boolean exact;
  private final RawComparator<?> comparator;
  private final SegmentQueue queue;
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
    this.queue = new SegmentQueue(segments.size());
    long total = 0;
    for (MergeSegment s : segments) {
      total += s.rawLength();
      if (advance(s)) {
        queue.put(s);
      }
    }
    this.totalBytes = Math.max(1, total);
  }

  /** Hadoop's priority queue over the segments, with the fingerprint comparison. */
  private final class SegmentQueue extends org.apache.hadoop.util.PriorityQueue<MergeSegment> {
    SegmentQueue(int capacity) {
      initialize(capacity);
    }

    @Override
    protected boolean lessThan(Object a, Object b) {
      return compare((MergeSegment) a, (MergeSegment) b) < 0;
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

  /** The sign of the job's comparator on the two segments' current keys (0 for equal keys). */
  private int compare(MergeSegment a, MergeSegment b) {
    int c = Long.compareUnsigned(a.fingerprint, b.fingerprint);
    if (c != 0 || exact) {
      return c;
    }
    c = Long.compareUnsigned(a.fingerprint2, b.fingerprint2);
    if (c != 0) {
      return c;
    }
    if (a.covered && b.covered) {
      // Short keys (a sourceIP, a word): both levels hold them whole, so no key bytes are read.
      return Integer.compare(a.keyLength, b.keyLength);
    }
    ties++;
    return comparator.compare(a.keyBytes, a.keyStart, a.keyLength, b.keyBytes, b.keyStart, b.keyLength);
  }

  @Override
  public boolean next() throws IOException {
    if (started && queue.size() > 0) {
      if (advance(queue.top())) {
        queue.adjustTop();
      } else {
        queue.pop();
      }
    }
    started = true;
    if (queue.size() == 0) {
      flushCounters();
      progress.complete();
      return false;
    }
    MergeSegment top = queue.top();
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
    while (queue.size() > 0) {
      try {
        queue.pop().close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public Progress getProgress() {
    return progress;
  }
}
