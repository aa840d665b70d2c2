package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.batch.BatchColumns;
import org.hadoopopt.inputformats.batch.BatchFilter;
import org.hadoopopt.inputformats.batch.ColumnBatch;
import org.hadoopopt.inputformats.batch.KvsfPageDecoder;
import org.hadoopopt.inputformats.batch.TextBatchDecoder;
import org.hadoopopt.inputformats.index.KeyRange;
import org.hadoopopt.inputformats.index.RangeIndexLayout;
import org.hadoopopt.inputformats.kvsf.KvsfFormatException;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.hadoopopt.inputformats.kvsf.KvsfReader;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Hands the mapper a page at a time: a {@link ColumnBatch} per KVSF page (decoded straight into
 * the column vectors, {@link KvsfPageDecoder}) or per run of up to {@link BatchColumns#ROWS} text
 * lines ({@link TextBatchDecoder}), with the projection ({@link BatchColumns}) and, inside the page
 * loop, the key range of the index the pages were chosen by and the pushed-down predicate
 * ({@link Pushdown}) applied to whole column vectors; a batch none of whose rows pass is not handed
 * on. Reads a {@link FileSplit}, an {@link IndexedSplit} or the parts of a {@link ScanSplit} or an
 * {@link IndexedSplitGroup} (of which it counts {@code File Input Format} bytes itself, as the row
 * readers do). Bad input as with the row readers: a malformed row or record fails naming file,
 * offset and column, or with {@link BadRows#SKIP_BAD} is skipped and counted (a KVSF record with
 * the rest of its page); a page failing its checksum fails naming file and page, or is skipped whole.
 */
final class ColumnBatchReader extends RecordReader<NullWritable, ColumnBatch> {
  private final Schema schema;
  private final boolean rangeIndexed;
  private TaskAttemptContext ctx;
  private FileSystem fs;
  private List<FileSplit> parts = Collections.emptyList();
  private int next;
  private TaskByteCount counted;
  private BadRows bad;
  private PushdownCounts pushdown;
  private BatchFilter predicate;
  private BatchFilter indexRange;
  private boolean[] projected;
  private ColumnBatch batch;
  private int textRows;
  private TextBatchDecoder text;
  private KvsfPageDecoder kvsfDecoder;
  private String kvsfCodec;
  // the part being read: KVSF pages, or text lines
  private FileSplit part;
  private String file;
  private KvsfReader kvsf;
  private long kvsfLength;
  private FSDataInputStream in;
  private LineSplitter lines;

  /** RANGE_INDEXED: the splits are a range index's page runs, whose key range is applied to every row. */
  ColumnBatchReader(Schema schema, boolean rangeIndexed) {
    this.schema = schema;
    this.rangeIndexed = rangeIndexed;
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext ctx) throws IOException {
    this.ctx = ctx;
    Configuration conf = ctx.getConfiguration();
    if (split instanceof ScanSplit) {
      parts = ((ScanSplit) split).parts();
    } else if (split instanceof IndexedSplitGroup) {
      parts = new ArrayList<>(((IndexedSplitGroup) split).parts());
    } else {
      parts = Collections.singletonList((FileSplit) split);
    }
    if (!(split instanceof FileSplit) && !parts.isEmpty()) {
      counted = TaskByteCount.reads(parts.get(0).getPath(), ctx);
    }
    for (FileSplit p : parts) {
      if (p instanceof IndexedSplit) {
        ((IndexedSplit) p).addCountersTo(ctx);
      }
    }
    fs = parts.isEmpty() ? null : parts.get(0).getPath().getFileSystem(conf);
    bad = BadRows.of(ctx);
    pushdown = PushdownCounts.of(ctx, schema);
    int extra = -1;
    if (pushdown != null) {
      predicate = BatchFilter.of(pushdown.predicate(), schema.type(pushdown.predicate().field()));
      extra = predicate.field();
    }
    projected = BatchColumns.get(conf, schema, extra);
    if (rangeIndexed) {
      KeyRange range = RangeIndexInputFormat.getRange(conf, schema);
      if (range.lower() != null || range.upper() != null) { // open at both ends: every row is in it
        int field = RangeIndexInputFormat.fieldOf(schema, range.column());
        indexRange = BatchFilter.of(range, field, schema.type(field));
        projected[field] = true;
      }
    }
    textRows = BatchColumns.rows(conf);
    batch = new ColumnBatch(schema, projected, textRows);
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
      if (part == null) {
        if (!openNext()) {
          return false;
        }
        if (part == null) {
          continue; // an empty part
        }
      }
      boolean filled = kvsf != null ? nextPage() : nextLines();
      if (!filled) {
        closePart();
        continue;
      }
      batch.selectAll();
      int tested = batch.rows();
      if (indexRange != null) {
        tested = indexRange.apply(batch); // rows outside the index's range are not rows of this query
      }
      if (predicate != null) {
        pushdown.counted(tested, predicate.apply(batch));
      }
      if (batch.selected() > 0) {
        return true;
      }
    }
  }

  /** Decodes the part's next KVSF page into the batch; false after its last page. */
  private boolean nextPage() throws IOException {
    while (true) {
      try {
        if (!kvsf.nextPage()) {
          return false;
        }
      } catch (ChecksumException e) {
        bad.page(e); // throws unless skipping
        resumeAfter(pageOf(e.getPos()));
        continue;
      }
      long page = kvsf.pageNumber();
      long offset = kvsf.info().pageOffset(page);
      try {
        kvsfDecoder.decode(kvsf.page(), kvsf.pagePayload(), kvsf.pageRecords(), batch, file, offset, kvsf.where(page));
        return true;
      } catch (MalformedRecordException e) {
        // the rows before the bad record stay; the rest of the page has no point to resume from
        bad.rows(e, Math.max(1, kvsf.pageRecords() - batch.rows())); // throws unless skipping
        if (batch.rows() > 0) {
          return true;
        }
      }
    }
  }

  private long pageOf(long offset) {
    return Math.max(0, kvsf.info().firstPageAtOrAfter(offset + 1) - 1);
  }

  /** Reopens the part after page K (the reader's record chain starts again there). */
  private void resumeAfter(long k) throws IOException {
    long from = kvsf.info().pageOffset(k + 1);
    long end = part.getStart() + part.getLength();
    kvsf.close();
    kvsf = openKvsf(from, Math.max(from, end));
  }

  /** Decodes up to {@link #textRows} of the part's next lines into the batch; false when none is left. */
  private boolean nextLines() throws IOException {
    batch.clear();
    LineSplitter s = lines;
    while (batch.rows() < textRows && s.next()) {
      int len = s.lineLength();
      byte[] b = s.bytes();
      int off = s.lineStart();
      if (len > 0 && b[off + len - 1] == '\r') {
        len--;
      }
      try {
        text.add(b, off, len, file, s.lineOffset(), batch);
      } catch (MalformedRecordException e) {
        bad.rows(e, 1); // throws unless skipping
      }
    }
    return batch.rows() > 0;
  }

  private boolean openNext() throws IOException {
    if (next >= parts.size()) {
      return false;
    }
    part = parts.get(next++);
    file = part.getPath().toString();
    if (part.getLength() == 0) {
      part = null;
      return true;
    }
    Configuration conf = ctx.getConfiguration();
    if (isKvsf(part)) {
      kvsfLength = fs.getFileStatus(part.getPath()).getLen();
      kvsf = openKvsf(part.getStart(), part.getStart() + part.getLength());
      String codec = kvsf.info().codecName();
      if (kvsfDecoder == null || !codec.equals(kvsfCodec)) {
        kvsfDecoder = new KvsfPageDecoder(schema, projected, codec);
        kvsfCodec = codec;
      }
      return true;
    }
    if (!MutableTextRecordReader.splitterTakes(part.getPath(), conf)) {
      throw new IOException(file + ": the column batch reader reads uncompressed text with Hadoop's default line ends"
          + " (no textinputformat.record.delimiter, no maximum line length); read it with the row input formats");
    }
    if (text == null) {
      text = new TextBatchDecoder(schema, projected);
      lines = new LineSplitter(MutableTextRecordReader.BUFFER_BYTES, conf.getInt("io.file.buffer.size", 65536));
    }
    long start = part.getStart();
    long length = part.getLength();
    if (part instanceof IndexedSplit && !((IndexedSplit) part).isScan() && start > 0) {
      // a page run starts on a line: begin on the line end before it, as the line rules skip to the first line end
      start--;
      length++;
    }
    if (part instanceof IndexedSplit && !((IndexedSplit) part).isScan()) {
      length--; // and ends on its last line end: the line after it belongs to the next run
    }
    in = fs.open(part.getPath());
    in.seek(start);
    lines.open(in, start, length);
    return true;
  }

  private static boolean isKvsf(FileSplit p) {
    return p instanceof IndexedSplit ? ((IndexedSplit) p).format() == RangeIndexLayout.FORMAT_KVSF
        : p.getPath().getName().endsWith(".kvsf");
  }

  private KvsfReader openKvsf(long start, long end) throws IOException {
    KvsfReader r = new KvsfReader(fs.open(part.getPath()), file, kvsfLength, start, end);
    if (r.info().schema() != schema) {
      r.close();
      String missing = missingColumn(r.info().schema());
      throw new KvsfFormatException(file + ": holds " + r.info().schema().name() + " rows (header, offset "
          + KvsfLayout.HEADER_NAMES + ")" + (missing == null ? "" : ", which have no column " + missing)
          + "; the input format reads " + schema.name());
    }
    return r;
  }

  /** A column this reader decodes or tests that the file's table lacks, named with what needs it; null if none. */
  private String missingColumn(Schema file) {
    if (predicate != null && !has(file, predicate.field())) {
      return schema.fieldName(predicate.field()) + " (the pushed-down predicate's, " + Pushdown.COLUMN + ")";
    }
    if (indexRange != null && !has(file, indexRange.field())) {
      return schema.fieldName(indexRange.field()) + " (the index range's, " + RangeIndexInputFormat.COLUMN + ")";
    }
    for (int f = 0; f < schema.fieldCount(); f++) {
      if (projected[f] && !has(file, f)) {
        return schema.fieldName(f) + " (projected, " + BatchColumns.COLUMNS + ")";
      }
    }
    return null;
  }

  /** Whether the file's table has column F of the table read, by name and type. */
  private boolean has(Schema file, int f) {
    for (int g = 0; g < file.fieldCount(); g++) {
      if (file.fieldName(g).equals(schema.fieldName(f)) && file.type(g) == schema.type(f)) {
        return true;
      }
    }
    return false;
  }

  private void closePart() throws IOException {
    part = null;
    if (kvsf != null) {
      kvsf.close();
      kvsf = null;
    }
    if (in != null) {
      in.close();
      in = null;
    }
  }

  @Override
  public NullWritable getCurrentKey() {
    return NullWritable.get();
  }

  @Override
  public ColumnBatch getCurrentValue() {
    return batch;
  }

  @Override
  public float getProgress() {
    if (parts.isEmpty()) {
      return 1f;
    }
    float current = kvsf != null ? kvsf.progress() : lines != null && part != null ? lines.progress() : 0f;
    return Math.min(1f, (Math.max(0, next - 1) + current) / parts.size());
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
      closePart();
    } finally {
      if (counted != null) {
        counted.end();
        counted.flush();
        counted = null;
      }
    }
  }
}
