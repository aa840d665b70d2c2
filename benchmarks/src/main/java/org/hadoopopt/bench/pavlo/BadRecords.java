package org.hadoopopt.bench.pavlo;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.mapreduce.BadRows;

/**
 * What a task does with a malformed row: fail with a message naming file, byte offset and field,
 * or, with {@link #SKIP_BAD} set, skip it and count it in {@link Counter#MALFORMED_ROWS_SKIPPED}.
 * One instance per task (per input file). Key and counter are inputformats' {@link BadRows}, so
 * the baseline jobs and the MT/BDB variants (whose record readers skip) count alike.
 */
public final class BadRecords {
  /**
   * {@code hadoopopt.input.skip.bad}, default {@code false}: skip malformed rows (wrong field
   * count, non-numeric number, bad date) and count them, instead of failing the task. The same
   * key as {@link BadRows#SKIP_BAD}.
   */
  public static final String SKIP_BAD = BadRows.SKIP_BAD;

  /** The job counter of skipped rows: {@link BadRows.Counters}, shared with the mutable readers. */
  public static final class Counter {
    public static final BadRows.Counters MALFORMED_ROWS_SKIPPED = BadRows.Counters.MALFORMED_ROWS_SKIPPED;

    private Counter() {}
  }

  private final boolean skip;
  private final String file;
  private final org.apache.hadoop.mapreduce.Counter counter;

  public BadRecords(Configuration conf, String file, org.apache.hadoop.mapreduce.Counter counter) {
    this.skip = isSkipBad(conf);
    this.file = file;
    this.counter = counter;
  }

  /** For a map task: the file is the task's split (when it is a {@link FileSplit}). */
  public static BadRecords of(TaskInputOutputContext<?, ?, ?, ?> context) {
    InputSplit split = ((org.apache.hadoop.mapreduce.MapContext<?, ?, ?, ?>) context).getInputSplit();
    String file = split instanceof FileSplit ? ((FileSplit) split).getPath().toString() : String.valueOf(split);
    return new BadRecords(context.getConfiguration(), file, context.getCounter(Counter.MALFORMED_ROWS_SKIPPED));
  }

  public static void setSkipBad(Configuration conf, boolean skip) {
    BadRows.setSkipBad(conf, skip);
  }

  public static boolean isSkipBad(Configuration conf) {
    return BadRows.isSkipBad(conf);
  }

  /**
   * Rejects the row at {@code offset}: counts it when skipping, else throws.
   *
   * @param field the column name (from {@link PavloSchema}), or "field count"
   */
  public void reject(long offset, String field, String problem) throws MalformedRowException {
    if (skip) {
      counter.increment(1);
      return;
    }
    throw new MalformedRowException(message(file, offset, field, problem));
  }

  public static String message(String file, long offset, String field, String problem) {
    return "malformed row in " + file + " at byte offset " + offset + ", field " + field + ": " + problem
        + " (set " + SKIP_BAD + "=true to skip such rows)";
  }
}
