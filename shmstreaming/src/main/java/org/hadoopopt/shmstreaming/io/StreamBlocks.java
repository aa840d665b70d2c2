package org.hadoopopt.shmstreaming.io;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.SkipBadRecords;
import org.apache.hadoop.mapred.TextInputFormat;
import org.apache.hadoop.mapred.TextOutputFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When a Streaming job's records cross in blocks, and why not. At submission
 * ({@link #planInput}) the map input is switched to {@link LineBlockInputFormat} where that is
 * exact; otherwise the reason is logged once and kept in {@link #FALLBACK} for the tasks to count.
 * At task time {@link #directOutput} decides whether output blocks go to the output format in one
 * write each.
 */
public final class StreamBlocks {
  private static final Logger LOG = LoggerFactory.getLogger(StreamBlocks.class);

  /**
   * Whether shm Streaming moves records in blocks where the job allows it (true), or one ring
   * record per record as before (false). Default {@value #DEFAULT_ENABLED}.
   */
  public static final String ENABLED = "stream.shm.blocks";
  public static final boolean DEFAULT_ENABLED = true;
  /**
   * Bytes of whole lines a block gathers before it crosses (and at most half the ring). Default
   * {@value #DEFAULT_BLOCK_BYTES}; from {@value #MIN_BLOCK_BYTES} to {@value #MAX_BLOCK_BYTES}.
   */
  public static final String BLOCK_BYTES = "stream.shm.block.bytes";
  public static final int DEFAULT_BLOCK_BYTES = 65536;
  public static final int MIN_BLOCK_BYTES = 256;
  public static final int MAX_BLOCK_BYTES = 1 << 26;
  /**
   * Set by {@link ShmIdentifierResolver} at submission, not by users: why the job's map input goes
   * the record path, for its tasks to log and count ({@link ShmCounter#RECORD_PATH_TASKS}).
   */
  public static final String FALLBACK = "stream.shm.blocks.fallback";

  static final String INPUT_FORMAT = "mapred.input.format.class";
  static final String IGNORE_KEY = "stream.map.input.ignoreKey";

  private StreamBlocks() {}

  /** The block size, checked. */
  public static int blockBytes(Configuration conf) {
    int n;
    try {
      n = conf.getInt(BLOCK_BYTES, DEFAULT_BLOCK_BYTES);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(BLOCK_BYTES + "=" + conf.get(BLOCK_BYTES) + " is not a number of bytes");
    }
    if (n < MIN_BLOCK_BYTES || n > MAX_BLOCK_BYTES) {
      throw new IllegalArgumentException(BLOCK_BYTES + "=" + n + " is out of range (" + MIN_BLOCK_BYTES + " to "
          + MAX_BLOCK_BYTES + ")");
    }
    return n;
  }

  static boolean enabled(Configuration conf) {
    String v = conf.getTrimmed(ENABLED, String.valueOf(DEFAULT_ENABLED));
    if (!v.equalsIgnoreCase("true") && !v.equalsIgnoreCase("false")) {
      throw new IllegalArgumentException(ENABLED + "=" + v + " is not true or false");
    }
    return Boolean.parseBoolean(v);
  }

  /** Checks the keys; throws IllegalArgumentException naming the bad one. */
  static void validate(Configuration conf) {
    enabled(conf);
    blockBytes(conf);
  }

  /**
   * At submission, when the map input uses blocks ({@code shm} or {@code textblocks}): installs
   * {@link LineBlockInputFormat} where it reads exactly what the job's reader would, else logs why
   * not and records it in {@link #FALLBACK}. Idempotent.
   */
  static void planInput(Configuration conf) {
    if (!enabled(conf) || conf.get(INPUT_FORMAT, "").equals(LineBlockInputFormat.class.getName())
        || conf.get(FALLBACK) != null) {
      return;
    }
    String why = inputFallback(conf);
    if (why != null) {
      conf.set(FALLBACK, why);
      LOG.warn("Streaming map input goes one record at a time, not in blocks: {}", why);
      return;
    }
    conf.set(INPUT_FORMAT, LineBlockInputFormat.class.getName());
    // PipeMapper and TextInputWriter drop TextInputFormat's byte-offset key unless told otherwise;
    // they compare the input format's name, which is now ours: keep their answer.
    conf.setBoolean(IGNORE_KEY, true);
  }

  /** Why the map input of this job cannot be carried in blocks exactly, or null. */
  static String inputFallback(Configuration conf) {
    String format = conf.get(INPUT_FORMAT, TextInputFormat.class.getName());
    if (!format.equals(TextInputFormat.class.getName())) {
      return "the input format " + format + " is not " + TextInputFormat.class.getName()
          + " (its own record reader decides what a record is)";
    }
    if (!conf.getBoolean(IGNORE_KEY, true)) {
      return IGNORE_KEY + "=false: the program is given each line's byte offset as its key";
    }
    if (SkipBadRecords.getMapperMaxSkipRecords(conf) > 0) {
      return "skip mode (mapreduce.map.skip.maxrecords > 0) skips single input records";
    }
    return null;
  }

  /**
   * At task time: whether output blocks can go to the output format in one write each. Exact only
   * for the plain old-API {@link TextOutputFormat} (no compression, no lazy output), which writes a
   * record as key, its separator, value and a newline, and for map output only without reducers.
   */
  static boolean directOutput(Configuration conf, boolean map) {
    JobConf job = conf instanceof JobConf ? (JobConf) conf : new JobConf(conf);
    if (!enabled(conf) || (map && job.getNumReduceTasks() != 0)) {
      return false;
    }
    String format = conf.get("mapred.output.format.class", "");
    return format.equals(TextOutputFormat.class.getName())
        && !conf.getBoolean("mapreduce.output.fileoutputformat.compress", false);
  }

  /** TextOutputFormat's key-value separator. */
  static byte[] textOutputSeparator(Configuration conf) {
    return conf.get("mapreduce.output.textoutputformat.separator", "\t").getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
