package org.hadoopopt.bench.pavlo.jobs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.pavlo.PavloSchema;

/**
 * Grep's {@code mt} mapper: finds the one '|' and the pattern in the line's own bytes and
 * writes through two reused {@code Text}s, so a row costs no String, no split and no new object.
 * The output equals {@link GrepJob.GrepMapper}'s byte for byte for any input (the baseline decodes
 * one char per byte and searches for the pattern's UTF-8 bytes); a line without exactly two fields goes to the baseline decoder,
 * which words the error or counts the skip exactly as the baseline does.
 */
public final class MutableGrepMapper extends Mapper<LongWritable, Text, Text, Text> {
  private final Text key = new Text();
  private final Text field = new Text();
  private BaselineDecoder decoder;
  private byte[] pattern;

  @Override
  protected void setup(Context context) {
    decoder = new BaselineDecoder(BadRecords.of(context));
    pattern = GrepJob.getPattern(context.getConfiguration()).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  protected void map(LongWritable offset, Text line, Context context) throws IOException, InterruptedException {
    byte[] b = line.getBytes();
    int n = line.getLength();
    int sep = separator(b, n);
    if (sep < 0) {
      decoder.fields(offset.get(), line, PavloSchema.GREP_COLUMNS); // rejects it: throws or counts
      return;
    }
    if (indexOf(b, sep + 1, n, pattern) >= 0) {
      key.set(b, 0, sep);
      field.set(b, sep + 1, n - sep - 1);
      context.write(key, field);
    }
  }

  /** The position of the only '|' in b[0, n), or -1 if there is none or more than one. */
  static int separator(byte[] b, int n) {
    int sep = -1;
    for (int i = 0; i < n; i++) {
      if (b[i] == '|') {
        if (sep >= 0) {
          return -1;
        }
        sep = i;
      }
    }
    return sep;
  }

  /** The first position of p in b[from, to), or -1. */
  static int indexOf(byte[] b, int from, int to, byte[] p) {
    byte first = p[0];
    for (int i = from, last = to - p.length; i <= last; i++) {
      if (b[i] != first) {
        continue;
      }
      int j = 1;
      while (j < p.length && b[i + j] == p[j]) {
        j++;
      }
      if (j == p.length) {
        return i;
      }
    }
    return -1;
  }
}
