package org.hadoopopt.fingerprint.sort;

import java.util.Arrays;
import org.apache.hadoop.io.RawComparator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;

/**
 * Compares two indexed records' serialized keys with the job's comparator, and gives the deeper
 * fingerprints that split large ties before the comparator has to.
 */
public final class KeyComparison {
  private final RawComparator<?> comparator;
  private final KeyFingerprinter fingerprinter;
  private final Prefetcher prefetcher = new Prefetcher();
  private byte[] data;
  private RecordIndex index;

  public KeyComparison(RawComparator<?> comparator) {
    this(comparator, PrefixFingerprinters.COMPARATOR_ONLY);
  }

  /** @param fingerprinter the fingerprinter of the records, for {@link #fingerprintAt} */
  public KeyComparison(RawComparator<?> comparator, KeyFingerprinter fingerprinter) {
    this.comparator = comparator;
    this.fingerprinter = fingerprinter;
  }

  /** @return whether record {@code rec}'s key has bytes at fingerprint level {@code level} */
  public boolean reaches(int rec, int level) {
    RecordIndex r = index;
    return fingerprinter.reaches(data, r.keyStart(rec), r.keyLength(rec), level);
  }

  /** @return record {@code rec}'s key fingerprint at {@code level} */
  public long fingerprintAt(int rec, int level) {
    RecordIndex r = index;
    return fingerprinter.fingerprintAt(data, r.keyStart(rec), r.keyLength(rec), level);
  }

  /** Points at the buffer and index about to be sorted. */
  public void reset(byte[] buffer, RecordIndex records) {
    this.data = buffer;
    this.index = records;
  }

  /** Brings records {@code order[from, to)} into cache before they are compared (see {@link Prefetcher}). */
  public void touch(int[] order, int from, int to) {
    prefetcher.touch(data, index, order, from, to);
  }

  /** Compares the keys at {@code [s1, s1 + l1)} and {@code [s2, s2 + l2)} of the buffer. */
  public int compareAt(int s1, int l1, int s2, int l2) {
    return comparator.compare(data, s1, l1, data, s2, l2);
  }

  /** @return the number of low bits the records' fingerprints use */
  public int fingerprintBits() {
    return fingerprinter.bits();
  }

  /**
   * @return whether records {@code a} and {@code b} have byte-identical keys, which every
   *     comparator must call equal (a vectorised check, cheaper than the comparator)
   */
  public boolean sameBytes(int a, int b) {
    RecordIndex r = index;
    return Arrays.equals(data, r.keyStart(a), r.valueStart(a), data, r.keyStart(b), r.valueStart(b));
  }

  public int compare(int a, int b) {
    RecordIndex r = index;
    return comparator.compare(data, r.keyStart(a), r.keyLength(a), data, r.keyStart(b), r.keyLength(b));
  }
}
