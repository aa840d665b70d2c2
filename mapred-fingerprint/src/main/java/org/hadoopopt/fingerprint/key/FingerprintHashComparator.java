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
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.Job;

/**
 * The output key comparator for hash mode: orders keys by (unsigned djb2 of the serialized key,
 * then the key type's own comparator). Set it as the job's sort comparator
 * ({@link #setOn(Job)}) so the map-side sort, the combiner, the reduce-side merge and grouping
 * all agree: equal keys stay adjacent (grouping is exact, collisions are resolved by the real
 * comparison), but reduce input, and so output, is not in key order.
 *
 * <p>The tie comparator is the one registered for the map output key class
 * ({@code WritableComparator.get}), or the keys' byte order for a class that is not a
 * {@code WritableComparable}. Keys must serialize equal values to equal bytes, which holds
 * for Hadoop's Writable types.
 */
public class FingerprintHashComparator implements RawComparator<Object>, Configurable {
  /** Unsigned lexicographic order of the serialized keys, for key classes with no comparator of their own. */
  private static final RawComparator<Object> BYTE_ORDER = new RawComparator<Object>() {
    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      return WritableComparator.compareBytes(b1, s1, l1, b2, s2, l2);
    }

    @Override
    public int compare(Object a, Object b) {
      throw new UnsupportedOperationException("byte order compares serialized keys only");
    }
  };

  private Configuration conf;
  private RawComparator<Object> tie;
  private final DataOutputBuffer left = new DataOutputBuffer();
  private final DataOutputBuffer right = new DataOutputBuffer();

  /** Sets this class as {@code job}'s sort comparator (hash mode needs it). */
  public static void setOn(Job job) {
    job.setSortComparatorClass(FingerprintHashComparator.class);
  }

  /**
   * Takes the map output key class as Hadoop does ({@link JobConf#getMapOutputKeyClass()}: the
   * map output key class, else the job's output key class, else {@code LongWritable}), so a job
   * that sets no key classes works as it does with Hadoop's own comparator.
   */
  @Override
  @SuppressWarnings("unchecked")
  public void setConf(Configuration conf) {
    this.conf = conf;
    Class<?> keyClass = (conf instanceof JobConf ? (JobConf) conf : new JobConf(conf)).getMapOutputKeyClass();
    if (WritableComparable.class.isAssignableFrom(keyClass)) {
      tie = (RawComparator<Object>) (RawComparator<?>)
          WritableComparator.get(keyClass.asSubclass(WritableComparable.class), conf);
    } else {
      // Hash mode requires equal keys to serialize to equal bytes, so byte order is a valid tie order.
      tie = BYTE_ORDER;
    }
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
