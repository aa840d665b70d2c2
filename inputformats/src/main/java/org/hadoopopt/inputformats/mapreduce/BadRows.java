package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a task does with a malformed row: fail with the reader's message (file, offset, field), or,
 * with {@link #SKIP_BAD} set, skip it, count it in {@link Counters#MALFORMED_ROWS_SKIPPED} and log
 * the first few. The mutable record readers, the loader and the converter use it, and the
 * benchmark's baseline jobs read the same key and count in the same counter, so every variant of a
 * Pavlo job skips alike.
 */
public final class BadRows {
  private static final Logger LOG = LoggerFactory.getLogger(BadRows.class);

  /**
   * {@code hadoopopt.input.skip.bad}, default {@code false}: skip malformed rows (and, in
   * KeyValueSequenceFiles, pages failing their checksum) and count them, instead of failing the task.
   */
  public static final String SKIP_BAD = "hadoopopt.input.skip.bad";

  /** Rows (or pages) logged one by one per task; later ones are only counted. */
  public static final int LOGGED = 10;

  /** Job counters of what was skipped (group: this enum's class name). */
  public enum Counters {
    /** Rows not handed to the mapper because they (or their page) could not be decoded. */
    MALFORMED_ROWS_SKIPPED,
    /** KeyValueSequenceFile pages skipped whole because they failed their checksum (their rows are not counted: the page's own count is not trustworthy). */
    CORRUPT_PAGES_SKIPPED
  }

  private final boolean skip;
  private final Counter rows;
  private final Counter pages;
  private int logged;

  BadRows(boolean skip, Counter rows, Counter pages) {
    this.skip = skip;
    this.rows = rows;
    this.pages = pages;
  }

  /** The policy of a task: the key from its configuration, the counters from its context. */
  public static BadRows of(TaskAttemptContext ctx) {
    boolean skip = isSkipBad(ctx.getConfiguration());
    return skip ? new BadRows(true, ctx.getCounter(Counters.MALFORMED_ROWS_SKIPPED), ctx.getCounter(Counters.CORRUPT_PAGES_SKIPPED))
        : new BadRows(false, null, null);
  }

  public static void setSkipBad(Configuration conf, boolean skip) {
    conf.setBoolean(SKIP_BAD, skip);
  }

  /** The key's value; anything but true/false (any case) fails, naming the key. */
  public static boolean isSkipBad(Configuration conf) {
    String v = conf.getTrimmed(SKIP_BAD);
    if (v == null || v.isEmpty()) {
      return false;
    }
    if (v.equalsIgnoreCase("true")) {
      return true;
    }
    if (v.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException(SKIP_BAD + " must be true or false, not '" + v + "'");
  }

  public boolean skipping() {
    return skip;
  }

  /** Rethrows {@code e} unless skipping; then counts {@code count} rows and logs the first few. */
  public void rows(IOException e, long count) throws IOException {
    if (!skip) {
      throw e;
    }
    rows.increment(count);
    log(e, count + " row(s)");
  }

  /** Rethrows {@code e} unless skipping; then counts one corrupt page and logs it. */
  void page(IOException e) throws IOException {
    if (!skip) {
      throw e;
    }
    pages.increment(1);
    log(e, "a page");
  }

  private void log(IOException e, String what) {
    if (logged < LOGGED) {
      logged++;
      // The message names file and offset (and field or page).
      LOG.warn("Skipping {} ({}=true): {}{}", what, SKIP_BAD, e.getMessage(), logged == LOGGED ? " (further skips only counted)" : "");
    }
  }
}
