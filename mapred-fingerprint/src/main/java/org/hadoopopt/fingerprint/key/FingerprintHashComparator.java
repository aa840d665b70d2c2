package org.hadoopopt.fingerprint.key;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * The output key comparator for hash mode: orders keys by (unsigned djb2 of the serialized key,
 * then the key type's own comparator). Set it as the job's sort comparator
 * ({@link #setOn(Job)}) so the map-side sort, the combiner, the reduce-side merge and grouping
 * all agree: equal keys stay adjacent (grouping is exact, collisions are resolved by the real
 * comparison), but reduce input, and so output, is not in key order.
 *
 * <p>The tie comparator is the one registered for the map output key class
 * ({@code WritableComparator.get}). Keys must serialize equal values to equal bytes, which holds
 * for Hadoop's Writable types.
 */
public class FingerprintHashComparator implements RawComparator<Object>, Configurable {
  private Configuration conf;
  private RawComparator<Object> tie;
  private final DataOutputBuffer left = new DataOutputBuffer();
  private final DataOutputBuffer right = new DataOutputBuffer();

  /** Sets this class as {@code job}'s sort comparator (hash mode needs it). */
  public static void setOn(Job job) {
    job.setSortComparatorClass(FingerprintHashComparator.class);
  }

  @Override
  @SuppressWarnings("unchecked")
  public void setConf(Configuration conf) {
    this.conf = conf;
    Class<?> keyClass = conf.getClass(MRJobConfig.MAP_OUTPUT_KEY_CLASS,
        conf.getClass(MRJobConfig.OUTPUT_KEY_CLASS, null));
    if (keyClass == null || !WritableComparable.class.isAssignableFrom(keyClass)) {
      throw new IllegalArgumentException("FingerprintHashComparator needs a WritableComparable map output key class"
          + " (" + MRJobConfig.MAP_OUTPUT_KEY_CLASS + "), got " + keyClass);
    }
    tie = (RawComparator<Object>) (RawComparator<?>)
        WritableComparator.get(keyClass.asSubclass(WritableComparable.class), conf);
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** @return the comparator used between keys of equal hash */
  public RawComparator<Object> tieComparator() {
    return tie;
  }

  @Override
  public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
    // Equal bytes are equal keys: the common case when grouping and merging, and it skips both hashes.
    if (l1 == l2 && Arrays.equals(b1, s1, s1 + l1, b2, s2, s2 + l2)) {
      return 0;
    }
    int c = Integer.compareUnsigned(Djb2.hash(b1, s1, l1), Djb2.hash(b2, s2, l2));
    return c != 0 ? c : tie.compare(b1, s1, l1, b2, s2, l2);
  }

  /**
   * Object form, used by the old-API value iterators for grouping: serializes both keys and
   * compares the bytes, so it agrees with the raw form.
   */
  @Override
  public int compare(Object a, Object b) {
    try {
      left.reset();
      ((Writable) a).write(left);
      right.reset();
      ((Writable) b).write(right);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot serialize key for FingerprintHashComparator", e);
    }
    return compare(left.getData(), 0, left.getLength(), right.getData(), 0, right.getLength());
  }
}
