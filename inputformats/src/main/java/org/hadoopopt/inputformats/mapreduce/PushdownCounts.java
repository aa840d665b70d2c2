package org.hadoopopt.inputformats.mapreduce;

import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * A reader's predicate and its row counts, kept in fields and added to the task's
 * {@link PushdownCounter}s when the reader closes (a counter call per row would cost what the
 * pushdown saves).
 */
final class PushdownCounts {
  private final RowPredicate predicate;
  private final TaskAttemptContext ctx;
  private long scanned;
  private long passed;

  private PushdownCounts(RowPredicate predicate, TaskAttemptContext ctx) {
    this.predicate = predicate;
    this.ctx = ctx;
  }

  /** The task's pushdown, or null if its job sets none. */
  static PushdownCounts of(TaskAttemptContext ctx, Schema schema) {
    RowPredicate p = Pushdown.of(ctx, schema);
    return p == null ? null : new PushdownCounts(p, ctx);
  }

  RowPredicate predicate() {
    return predicate;
  }

  /** Counts a row the reader rejected without decoding it (its substring is not in its column's bytes). */
  void rejected() {
    scanned++;
  }

  /** Tests a decoded row, counting it. */
  boolean test(Row row) {
    scanned++;
    if (predicate.test(row)) {
      passed++;
      return true;
    }
    return false;
  }

  /** Counts a batch's rows tested and passed (the batch readers test a page at a time). */
  void counted(long rowsTested, long rowsPassed) {
    scanned += rowsTested;
    passed += rowsPassed;
  }

  /** Adds the counts to the task's counters (once; later calls add what came since). */
  void flush() {
    ctx.getCounter(PushdownCounter.ROWS_SCANNED).increment(scanned);
    ctx.getCounter(PushdownCounter.ROWS_PASSED).increment(passed);
    scanned = 0;
    passed = 0;
  }
}
