package org.hadoopopt.bench.pavlo.format;

import org.hadoopopt.inputformats.mapreduce.MutableTextInputFormat;
import org.hadoopopt.inputformats.mapreduce.Pushdown;
import org.hadoopopt.inputformats.record.GrepRecord;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Grep text rows ({@code key|field}) as reused {@link GrepRecord}s: with a pushed-down substring
 * ({@link Pushdown#setContains}) the Pavlo grep scan hands its mapper only the matching rows.
 */
public class GrepTextInputFormat extends MutableTextInputFormat<GrepRecord> {
  @Override
  protected Schema schema() {
    return Schema.GREP;
  }
}
