package org.hadoopopt.fingerprint.key;

import java.util.Arrays;
import org.apache.hadoop.io.WritableComparator;

/**
 * A grouping comparator that only tells equal serialized keys from different ones: 0 for
 * byte-identical keys, non-zero otherwise (by length, then the first differing byte). It groups
 * correctly only input already sorted so that equal keys are adjacent and whose equal keys
 * serialize to equal bytes; the collector gives it to the combiner in hash mode, where both hold,
 * instead of {@link FingerprintHashComparator}, which would hash both keys of every pair.
 */
public final class BytesEqualGrouping extends WritableComparator {
  public BytesEqualGrouping() {
    super(null, false);
  }

  @Override
  public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
    if (l1 != l2) {
      return l1 < l2 ? -1 : 1;
    }
    int m = Arrays.mismatch(b1, s1, s1 + l1, b2, s2, s2 + l2);
    return m < 0 ? 0 : (b1[s1 + m] & 0xff) - (b2[s2 + m] & 0xff);
  }
}
