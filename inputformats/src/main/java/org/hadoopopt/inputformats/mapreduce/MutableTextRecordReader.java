package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Lines of a {@link FileSplit} or of each range of a {@link ScanSplit}, each decoded in place into
 * the same row. Uncompressed files with Hadoop's default line ends are cut by {@link LineSplitter}
 * (Hadoop's lines, found eight bytes at a time, not copied); compressed files, a custom record
 * delimiter or a maximum line length go through Hadoop's {@link LineRecordReader}. A malformed line
 * fails the task naming file, offset and field, or with {@link BadRows#SKIP_BAD} is skipped and
 * counted. With a {@link Pushdown} predicate only the rows passing it are handed on. For a
 * {@link ScanSplit} the reader counts the bytes it reads ({@link TaskByteCount}).
 */
final class MutableTextRecordReader<R extends Row> extends RecordReader<LongWritable, R> {
  /** Bytes of the line splitter's buffer (grown for a longer line). */
  static final int BUFFER_BYTES = 1 << 20;

  private final MutableTextDecoder decoder;
  private final R row;
  private final Schema schema;
  private final LongWritable key = new LongWritable();
  private TaskAttemptContext ctx;
  private BadRows bad;
  private PushdownCounts pushdown;
  private TaskByteCount counted;
  private List<FileSplit> parts;
  private int next; // index of the next part to open
  private long totalBytes;
  private long doneBytes; // lengths of the parts finished
  private FileSplit part;
  private String file;
  private FSDataInputStream in;
  private LineRecordReader hadoops; // for a part LineSplitter does not take
  private final int splitterBuffer;
  private LineSplitter lines;
  private SubstringScan substring; // the fast path for a substring on an all-string table, or null

  MutableTextRecordReader(Schema schema) {
    this(schema, BUFFER_BYTES);
  }

  @SuppressWarnings("unchecked")
  MutableTextRecordReader(Schema schema, int bufferBytes) {
    this.schema = schema;
    this.row = (R) schema.newRow();
    this.decoder = new MutableTextDecoder(schema, row);
    this.splitterBuffer = bufferBytes;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext ctx) throws IOException {
    this.ctx = ctx;
    if (split instanceof ScanSplit) {
      parts = ((ScanSplit) split).parts();
      counted = parts.isEmpty() ? null : TaskByteCount.reads(parts.get(0).getPath(), ctx);
    } else {
      parts = Collections.singletonList((FileSplit) split);
    }
    for (FileSplit p : parts) {
      totalBytes += p.getLength();
    }
    bad = BadRows.of(ctx);
    pushdown = PushdownCounts.of(ctx, schema);
    // Hadoop's reader reads io.file.buffer.size bytes at a time past a split's end: so does ours.
    lines = new LineSplitter(splitterBuffer, ctx.getConfiguration().getInt("io.file.buffer.size", 65536));
    substring = SubstringScan.of(schema, pushdown, lines);
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    if (counted == null) {
      return advance();
    }
    counted.begin();
    try {
      return advance();
    } finally {
      counted.end();
    }
  }

  private boolean advance() throws IOException {
    while (true) {
      if (part == null && !openNext()) {
        return false;
      }
      boolean got = hadoops != null ? nextFromHadoops() : substring != null ? nextFromSubstringScan() : nextFromSplitter();
      if (got) {
        return true;
      }
      closePart();
    }
  }

  private boolean nextFromSplitter() throws IOException {
    LineSplitter s = lines;
    while (s.next()) {
      if (accept(s.bytes(), s.lineStart(), s.lineLength(), s.lineOffset())) {
        key.set(s.lineOffset());
        return true;
      }
    }
    return false;
  }

  /**
   * {@link #nextFromSplitter()} for a substring on a table of string columns: the splitter counts
   * the '|'s in its line-end pass (the grammar's whole check for such a table), the substring is
   * searched in the buffer ahead of the lines, and only a line holding a hit in its column is
   * decoded. A line with a wrong field count goes through the grammar as always (same error or skip).
   */
  private boolean nextFromSubstringScan() throws IOException {
    LineSplitter s = lines;
    SubstringScan scan = substring;
    while (s.next()) {
      if (s.delimiters() == scan.delimiters() && !scan.hitInColumn()) {
        pushdown.rejected();
        continue;
      }
      if (accept(s.bytes(), s.lineStart(), s.lineLength(), s.lineOffset())) {
        key.set(s.lineOffset());
        return true;
      }
    }
    return false;
  }

  private boolean nextFromHadoops() throws IOException {
    while (hadoops.nextKeyValue()) {
      Text line = hadoops.getCurrentValue();
      int len = line.getLength();
      byte[] b = line.getBytes();
      long at = hadoops.getCurrentKey().get();
      if (accept(b, 0, len, at)) {
        key.set(at);
        return true;
      }
    }
    return false;
  }

  /** Decodes a line into the row; true if it is to be handed on. */
  private boolean accept(byte[] b, int off, int len, long at) throws IOException {
    if (len > 0 && b[off + len - 1] == '\r') {
      len--;
    }
    try {
      // Every row passes the grammar check, also one the predicate drops: same errors and skips as without it.
      decoder.decodeLine(b, off, len, file, at);
    } catch (MalformedRecordException e) {
      bad.rows(e, 1); // throws unless skipping
      return false;
    }
    return pushdown == null || pushdown.test(row);
  }

  private boolean openNext() throws IOException {
    if (next >= parts.size()) {
      return false;
    }
    part = parts.get(next++);
    file = part.getPath().toString();
    Configuration conf = ctx.getConfiguration();
    if (counted != null) {
      // MapTask sets these only for a FileSplit; mappers (and Streaming's map_input_file) read them.
      conf.set(MRJobConfig.MAP_INPUT_FILE, file);
      conf.setLong(MRJobConfig.MAP_INPUT_START, part.getStart());
      conf.setLong(MRJobConfig.MAP_INPUT_PATH, part.getLength());
    }
    if (splitterTakes(part.getPath(), conf)) {
      in = part.getPath().getFileSystem(conf).open(part.getPath());
      in.seek(part.getStart());
      lines.open(in, part.getStart(), part.getLength());
    } else {
      hadoops = new LineRecordReader();
      hadoops.initialize(part, ctx);
    }
    return true;
  }

  /** Uncompressed, default line ends, no maximum line length: the cases LineSplitter reproduces. */
  static boolean splitterTakes(Path path, Configuration conf) {
    return conf.get("textinputformat.record.delimiter") == null
        && conf.getInt(LineRecordReader.MAX_LINE_LENGTH, Integer.MAX_VALUE) == Integer.MAX_VALUE
        && new CompressionCodecFactory(conf).getCodec(path) == null;
  }

  private void closePart() throws IOException {
    doneBytes += part.getLength();
    part = null;
    if (in != null) {
      in.close();
      in = null;
    }
    if (hadoops != null) {
      hadoops.close();
      hadoops = null;
    }
  }

  /** Whether the substring is searched ahead in the buffer ({@link SubstringScan}); for tests. */
  boolean scansAhead() {
    return substring != null;
  }

  @Override
  public LongWritable getCurrentKey() {
    return key;
  }

  @Override
  public R getCurrentValue() {
    return row;
  }

  @Override
  public float getProgress() throws IOException {
    if (totalBytes == 0) {
      return 1f;
    }
    float current = part == null ? 0f : hadoops != null ? hadoops.getProgress() : lines.progress();
    return Math.min(1f, (doneBytes + current * (part == null ? 0 : part.getLength())) / (float) totalBytes);
  }

  @Override
  public void close() throws IOException {
    if (counted != null) {
      counted.begin();
    }
    try {
      if (pushdown != null) {
        pushdown.flush();
        pushdown = null;
      }
      if (part != null) {
        closePart();
      }
    } finally {
      if (counted != null) {
        counted.end();
        counted.flush();
        counted = null;
      }
    }
  }
}
