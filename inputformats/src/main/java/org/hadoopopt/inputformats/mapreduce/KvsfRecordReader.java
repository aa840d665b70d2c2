package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import org.apache.hadoop.fs.ChecksumException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.kvsf.KvsfFileInfo;
import org.hadoopopt.inputformats.kvsf.KvsfFormatException;
import org.hadoopopt.inputformats.kvsf.KvsfLayout;
import org.hadoopopt.inputformats.kvsf.KvsfReader;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Reads one split of a KeyValueSequenceFile with {@link KvsfReader}. With {@link BadRows#SKIP_BAD}
 * a page failing its checksum is skipped whole, and a record that does not decode is skipped with
 * the rest of its page (binary records have no resynchronisation point); reading goes on at the
 * next page. Structural damage (truncated file or page, wrong magic) always fails the task. With a
 * {@link Pushdown} predicate only the rows passing it are handed on (each record is decoded, and so
 * checked, first).
 */
final class KvsfRecordReader<R extends Row> extends RecordReader<NullWritable, R> {
  private final Schema expected;
  private FileSystem fs;
  private Path path;
  private long length;
  private long splitEnd;
  private BadRows bad;
  private KvsfReader reader;
  private R current;
  private PushdownCounts pushdown;

  KvsfRecordReader(Schema expected) {
    this.expected = expected;
  }

  @Override
  public void initialize(InputSplit genericSplit, TaskAttemptContext ctx) throws IOException {
    FileSplit split = (FileSplit) genericSplit;
    path = split.getPath();
    fs = path.getFileSystem(ctx.getConfiguration());
    length = fs.getFileStatus(path).getLen();
    splitEnd = split.getStart() + split.getLength();
    bad = BadRows.of(ctx);
    pushdown = PushdownCounts.of(ctx, expected);
    reader = open(split.getStart(), splitEnd);
  }

  private KvsfReader open(long start, long end) throws IOException {
    KvsfReader r = new KvsfReader(fs.open(path), path.toString(), length, start, end);
    if (r.info().schema() != expected) {
      r.close();
      throw new KvsfFormatException(path + ": holds " + r.info().schema().name() + " rows (header, offset "
          + KvsfLayout.HEADER_NAMES + "), the input format reads " + expected.name());
    }
    return r;
  }

  @Override
  @SuppressWarnings("unchecked")
  public boolean nextKeyValue() throws IOException {
    while (true) {
      try {
        current = (R) reader.next();
        if (current == null) {
          return false;
        }
        if (pushdown == null || pushdown.test(current)) {
          return true;
        }
      } catch (ChecksumException e) {
        bad.page(e); // throws unless skipping
        resumeAfter(pageOf(e.getPos()));
      } catch (MalformedRecordException e) {
        if (!bad.skipping()) {
          throw e;
        }
        long k = pageOf(e.offset());
        bad.rows(e, rowsLost(k));
        resumeAfter(k);
      }
    }
  }

  private long pageOf(long offset) {
    return Math.max(0, reader.info().firstPageAtOrAfter(offset + 1) - 1);
  }

  private void resumeAfter(long page) throws IOException {
    long next = reader.info().pageOffset(page + 1);
    reader.close();
    reader = open(next, Math.max(next, splitEnd));
  }

  /**
   * Rows of page {@code k} the mapper will not see: its count (trustworthy, the page passed its
   * checksum) less the rows before the bad one, found by decoding the page again (error path only).
   */
  private long rowsLost(long k) throws IOException {
    KvsfFileInfo info = reader.info();
    long start = info.pageOffset(k);
    int count;
    try (FSDataInputStream in = fs.open(path)) {
      byte[] b = new byte[4];
      in.readFully(start + KvsfLayout.PAGE_RECORD_COUNT, b);
      count = (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | (b[3] & 0xff);
    }
    int good = 0;
    try (KvsfReader page = open(start, start + 1)) {
      while (page.next() != null) {
        good++;
      }
    } catch (MalformedRecordException expectedAgain) {
      // good counts the rows before it
    }
    return Math.max(1, count - good);
  }

  @Override
  public NullWritable getCurrentKey() {
    return NullWritable.get();
  }

  @Override
  public R getCurrentValue() {
    return current;
  }

  @Override
  public float getProgress() {
    return reader == null ? 0f : reader.progress();
  }

  @Override
  public void close() throws IOException {
    if (pushdown != null) {
      pushdown.flush();
      pushdown = null;
    }
    if (reader != null) {
      reader.close();
    }
  }
}
