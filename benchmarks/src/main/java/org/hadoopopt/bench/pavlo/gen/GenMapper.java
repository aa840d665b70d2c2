package org.hadoopopt.bench.pavlo.gen;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * Writes this map's rows of each table to {@code <table>/part-m-NNNNN} in the task's work
 * directory; the output committer moves them under OUT, so a failed attempt leaves nothing.
 */
public final class GenMapper extends Mapper<RowRange, NullWritable, NullWritable, NullWritable> {
  static final String COUNTER_GROUP = "Pavlo generator";

  private List<PavloTable> tables;
  private int mapIndex;
  private int openTable = -1;
  private OutputStream out;
  private final StringBuilder row = new StringBuilder(2048);
  private byte[] bytes = new byte[4096];

  @Override
  protected void setup(Context context) {
    tables = PavloGenerator.tables(context.getConfiguration());
    mapIndex = ((GenSplit) context.getInputSplit()).index();
  }

  @Override
  protected void map(RowRange range, NullWritable ignored, Context context) throws IOException, InterruptedException {
    PavloTable table = tables.get(range.table);
    if (range.table != openTable) {
      closeOpen();
      Path file = new Path(FileOutputFormat.getWorkOutputPath(context),
          table.name() + "/part-m-" + String.format(java.util.Locale.ROOT, "%05d", mapIndex));
      out = new BufferedOutputStream(file.getFileSystem(context.getConfiguration()).create(file, false), 1 << 20);
      openTable = range.table;
    }
    long written = 0;
    for (long i = range.start; i < range.end; i++) {
      row.setLength(0);
      table.appendRow(i, row);
      row.append('\n');
      written += writeAscii(row);
    }
    context.getCounter(COUNTER_GROUP, table.name() + " rows").increment(range.end - range.start);
    context.getCounter(COUNTER_GROUP, table.name() + " bytes").increment(written);
    context.setStatus(table.name() + ": rows up to " + range.end);
  }

  private int writeAscii(StringBuilder s) throws IOException {
    int n = s.length();
    if (bytes.length < n) {
      bytes = new byte[Math.max(n, bytes.length * 2)];
    }
    for (int k = 0; k < n; k++) {
      bytes[k] = (byte) s.charAt(k); // the generator only produces ASCII
    }
    out.write(bytes, 0, n);
    return n;
  }

  private void closeOpen() throws IOException {
    if (out != null) {
      out.close();
      out = null;
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException {
    closeOpen();
  }
}
