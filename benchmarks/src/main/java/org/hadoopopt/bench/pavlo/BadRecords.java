package org.hadoopopt.bench.pavlo;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.mapreduce.BadRows;
import org.hadoopopt.inputformats.record.MalformedRecordException;

/**
 * What a task does with a malformed row: fail with its {@link MalformedRecordException} (file, row
 * offset, column; the one exception every variant throws),
 * or, with {@link #SKIP_BAD} set, skip it and count it in {@link Counter#MALFORMED_ROWS_SKIPPED}.
 * One instance per task (per input file). Key and counter are inputformats' {@link BadRows}, so
 * the baseline jobs and the MT/BDB variants (whose record readers skip) count alike.
 */
public final class BadRecords {
  /**
   * {@code hadoopopt.input.skip.bad}, default {@code false}: skip malformed rows (outside
   * {@code ColumnGrammar}: wrong field count, bad number, decimal or date) and count them, instead of failing the task. The same
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

  /** Counts {@code e}'s row when skipping, else throws {@code e}. */
  public void reject(MalformedRecordException e) throws MalformedRecordException {
    if (skip) {
      counter.increment(1);
      return;
    }
    throw e;
  }

  /** Rejects the row at {@code offset} of this task's file (see {@link #reject(MalformedRecordException)}). */
  public void reject(long offset, String column, String problem) throws MalformedRecordException {
    reject(new MalformedRecordException(file, offset, column, problem));
  }

  /** The file the task reads. */
  public String file() {
    return file;
  }
}
