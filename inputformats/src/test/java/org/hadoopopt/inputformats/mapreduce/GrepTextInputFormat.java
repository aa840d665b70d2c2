package org.hadoopopt.inputformats.mapreduce;

import org.hadoopopt.inputformats.record.GrepRecord;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Grep text rows ({@code key|field}) as reused {@link GrepRecord}s: with a pushed-down substring
 * ({@link Pushdown#setContains}) the Pavlo grep scan hands its mapper only the matching rows.
 * (A test fixture: the benchmark ships its own Pavlo formats; the plugin jar has only the generic ones.)
 */
public class GrepTextInputFormat extends MutableTextInputFormat<GrepRecord> {
  @Override
  protected Schema schema() {
    return Schema.GREP;
  }
}
