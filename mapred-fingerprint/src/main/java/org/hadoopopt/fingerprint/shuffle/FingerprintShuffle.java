package org.hadoopopt.fingerprint.shuffle;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.io.RawComparator;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.ShuffleConsumerPlugin;
import org.apache.hadoop.mapreduce.CryptoUtils;
import org.apache.hadoop.mapreduce.MRConfig;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.task.reduce.MergeManager;
import org.apache.hadoop.mapreduce.task.reduce.Shuffle;
import org.hadoopopt.fingerprint.key.Djb2;
import org.hadoopopt.fingerprint.key.FingerprintHashComparator;
import org.hadoopopt.fingerprint.key.KeyFingerprinter;
import org.hadoopopt.fingerprint.key.PrefixFingerprinters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hadoop's shuffle (its fetchers and scheduler) with a merge manager that compares key
 * fingerprints first ({@link FingerprintMergeManager}). Named by Hadoop's
 * {@code mapreduce.job.reduce.shuffle.consumer.plugin.class} ({@link #enable}). The fingerprint
 * is the one the map-side collector uses for the job's key type and sort comparator: an
 * order-preserving prefix for Text, BytesWritable, IntWritable and LongWritable under their own
 * comparators, or djb2 under {@link FingerprintHashComparator}; fingerprint first, then the
 * job's comparator on ties, is exactly the comparator's order.
 *
 * <p>Declines, with a warning naming the reason and the {@link FingerprintMergeCounter#DECLINED}
 * counter, and runs Hadoop's merge manager instead, when intermediate data is encrypted or when
 * the job has more map outputs than {@link #MAX_SEGMENTS} (one merge pass holds a reader per
 * output). A key type and comparator with no fingerprint (a custom {@code WritableComparable}, a
 * custom or reversed comparator) get a constant one, as in the collector: the merge runs and the
 * job's comparator orders every pair.
 */
public class FingerprintShuffle<K, V> extends Shuffle<K, V> {
  private static final Logger LOG = LoggerFactory.getLogger(FingerprintShuffle.class);

  /** Hadoop's key naming the reduce side's shuffle consumer plugin; {@link #enable} sets it to this class. */
  public static final String PLUGIN = MRConfig.SHUFFLE_CONSUMER_PLUGIN;

  /**
   * Most sorted segments one fingerprint merge pass takes (it holds a reader for each): on the
   * reduce side the job's map outputs, past it the reduce declines to Hadoop's merge; on the map
   * side a partition's spills, past it the collectors use Hadoop's multi-pass {@code Merger}.
   * Default {@value #DEFAULT_MAX_SEGMENTS}; at least 1.
   */
  public static final String MAX_SEGMENTS = "hadoopopt.fingerprint.merge.max.segments";
  public static final int DEFAULT_MAX_SEGMENTS = 1024;

  /** Makes {@code conf}'s reduce tasks use this shuffle. */
  public static void enable(Configuration conf) {
    conf.setClass(PLUGIN, FingerprintShuffle.class, ShuffleConsumerPlugin.class);
  }

  /** Sets {@link #MAX_SEGMENTS}. */
  public static void setMaxSegments(Configuration conf, int n) {
    if (n < 1) {
      throw new IllegalArgumentException(MAX_SEGMENTS + " must be at least 1, got " + n);
    }
    conf.setInt(MAX_SEGMENTS, n);
  }

  @Override
  @SuppressWarnings({"rawtypes", "unchecked"})
  protected MergeManager<K, V> createMergeManager(ShuffleConsumerPlugin.Context context) {
    JobConf job = context.getJobConf();
    int maxSegments = maxSegments(job);
    ShuffleBudget budget = new ShuffleBudget(job); // invalid values fail here, naming the key
    RawComparator<?> comparator = job.getOutputKeyComparator();
    KeyFingerprinter fingerprinter = comparator instanceof FingerprintHashComparator
        ? Djb2.INSTANCE
        : PrefixFingerprinters.forKey(job.getMapOutputKeyClass(), comparator);
    String reason = null;
    if (CryptoUtils.isEncryptedSpillEnabled(job)) {
      reason = "intermediate data is encrypted (" + MRJobConfig.MR_ENCRYPTED_INTERMEDIATE_DATA + ")";
    } else if (job.getNumMapTasks() > maxSegments) {
      reason = job.getNumMapTasks() + " map outputs exceed " + MAX_SEGMENTS + "=" + maxSegments;
    }
    if (reason != null) {
      LOG.warn("fingerprint merge declines reduce {}: {}; falling back to Hadoop's merge manager",
          context.getReduceId(), reason);
      context.getReporter().getCounter(FingerprintMergeCounter.DECLINED).increment(1);
      return super.createMergeManager(context);
    }
    FileSystem local = context.getLocalFS();
    FileSystem rfs = local instanceof LocalFileSystem ? ((LocalFileSystem) local).getRaw() : local;
    LOG.info("fingerprint merge for reduce {}: fingerprint {}, shuffle memory {} bytes, single output {} bytes, "
        + "kept for the reducer {} bytes", context.getReduceId(), fingerprinter.describe(), budget.memoryLimit(),
        budget.maxSingleOutput(), budget.reduceInputLimit());
    return new FingerprintMergeManager<K, V>(context.getReduceId(), job, rfs, context.getLocalDirAllocator(),
        context.getCodec(), budget, fingerprinter, comparator, context.getReporter(),
        context.getSpilledRecordsCounter(), context.getMergedMapOutputsCounter());
  }

  /** @return {@link #MAX_SEGMENTS} of {@code job}; an invalid value fails naming the key */
  public static int maxSegments(Configuration job) {
    int n;
    try {
      n = job.getInt(MAX_SEGMENTS, DEFAULT_MAX_SEGMENTS);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("invalid " + MAX_SEGMENTS + "=" + job.get(MAX_SEGMENTS) + ": not an integer", e);
    }
    if (n < 1) {
      throw new IllegalArgumentException("invalid " + MAX_SEGMENTS + "=" + n + ": must be at least 1");
    }
    return n;
  }
}
