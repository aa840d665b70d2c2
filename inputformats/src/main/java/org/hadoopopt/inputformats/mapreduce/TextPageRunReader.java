package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.hadoopopt.inputformats.codec.ByteSearch;
import org.hadoopopt.inputformats.codec.MutableTextDecoder;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The lines of one run of whole text index pages ({@link IndexedSplit}, not a scan), decoded in one
 * pass: the decoder finds each field's '|' and the line's '\n' in the same search, where the line
 * reader ({@link MutableTextRecordReader}) first finds the line end and then the fields. The run
 * is read a buffer at a time and cut after the buffer's last LF. The lines, rows and errors are
 * those of the line reader over the same run (the lines starting in it, Hadoop's line ends): a
 * buffer holding a CR is decoded line by line as that reader does; a run not ending on a line end
 * reads on to the end of its last line; a UTF-8 byte order mark at offset 0 is dropped; a malformed
 * line fails the task naming file and offset, or is skipped and counted ({@link BadRows}).
 */
final class TextPageRunReader<R extends Row> extends RecordReader<LongWritable, R> {
  /** Bytes read at a time (the buffer grows for a longer line). */
  static final int BUFFER_BYTES = 1 << 20;

  private final MutableTextDecoder decoder;
  private final R row;
  private final LongWritable key = new LongWritable();
  private byte[] buf;
  private BadRows bad;
  private FSDataInputStream in;
  private String file;
  private long start;
  private long length;
  private boolean eof;
  private long bufOffset; // file offset of buf[0]
  private int filled; // valid bytes in buf
  private int decodeEnd; // the chunk being decoded: buf[chunkPos, decodeEnd), whole lines
  private int chunkPos;
  private boolean lineByLine; // the chunk holds a CR: Hadoop's line ends, one line at a time
  private boolean done;

  @SuppressWarnings("unchecked")
  TextPageRunReader(Schema schema, int bufferBytes) {
    this.row = (R) schema.newRow();
    this.decoder = new MutableTextDecoder(schema, row);
    this.buf = new byte[Math.max(bufferBytes, 16)];
  }

  @Override
  public void initialize(InputSplit split, TaskAttemptContext ctx) throws IOException {
    FileSplit s = (FileSplit) split;
    Path path = s.getPath();
    file = path.toString();
    start = s.getStart();
    length = s.getLength();
    bad = BadRows.of(ctx);
    in = path.getFileSystem(ctx.getConfiguration()).open(path);
    in.seek(start);
    bufOffset = start;
  }

  @Override
  public boolean nextKeyValue() throws IOException {
    while (!done) {
      if (chunkPos >= decodeEnd && !nextChunk()) {
        done = true;
        return false;
      }
      if (lineByLine ? nextLine() : nextInBatch()) {
        return true;
      }
    }
    return false;
  }

  /** The next row of a CR-free chunk, decoded with its line end in one pass. */
  private boolean nextInBatch() throws IOException {
    while (chunkPos < decodeEnd) {
      int lineStart = decoder.position();
      try {
        decoder.next();
        chunkPos = Math.min(decoder.position(), decodeEnd);
        key.set(bufOffset + lineStart);
        return true;
      } catch (MalformedRecordException e) {
        chunkPos = Math.min(decoder.position(), decodeEnd); // the decoder moved past the line
        bad.rows(e, 1);
      }
    }
    return false;
  }

  /** The next row of a chunk holding a CR: lines cut at LF, CR or CRLF as LineSplitter cuts them. */
  private boolean nextLine() throws IOException {
    while (chunkPos < decodeEnd) {
      int lineStart = chunkPos;
      if (bufOffset + lineStart >= start + length) {
        chunkPos = decodeEnd; // a CR ended the run's last line: the rest is the next run's
        return false;
      }
      int end = ByteSearch.indexOfLineEnd(buf, lineStart, decodeEnd);
      chunkPos = Math.min(decodeEnd, end + (end + 1 < decodeEnd && buf[end] == '\r' && buf[end + 1] == '\n' ? 2 : 1));
      int off = lineStart;
      int len = end - lineStart;
      if (bufOffset + lineStart == 0 && len >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF) {
        off += 3; // UTF-8 byte order mark, dropped as Hadoop does
        len -= 3;
      }
      try {
        decoder.decodeLine(buf, off, len, file, bufOffset + lineStart);
        key.set(bufOffset + lineStart);
        return true;
      } catch (MalformedRecordException e) {
        bad.rows(e, 1);
      }
    }
    return false;
  }

  /**
   * Moves the unread bytes to the buffer's front, reads on, and sets the next chunk of whole lines:
   * through the buffer's last LF while the run goes on past the buffer; at the run's end through
   * the end of the line holding its last byte (past the run if need be, as Hadoop's reader finishes
   * a line starting in its split), or the file's end. False when no line of the run is left.
   */
  private boolean nextChunk() throws IOException {
    int keep = filled - chunkPos;
    System.arraycopy(buf, chunkPos, buf, 0, keep);
    bufOffset += chunkPos;
    filled = keep;
    chunkPos = 0;
    decodeEnd = 0;
    long runEnd = start + length; // the lines starting before it are the run's
    if (bufOffset >= runEnd) {
      return false;
    }
    while (decodeEnd == 0) {
      fill(runEnd);
      if (filled == 0) {
        return false; // at the file's end
      }
      if (bufOffset + filled >= runEnd) {
        int lf = ByteSearch.indexOf(buf, (int) (runEnd - bufOffset) - 1, filled, (byte) '\n');
        decodeEnd = lf < filled ? lf + 1 : eof ? filled : 0;
      } else if (eof) {
        decodeEnd = filled; // the file ends before the run: its last line, without a line end
      } else {
        decodeEnd = lastIndexOfLf(filled) + 1; // 0: no LF in a full buffer
      }
      if (decodeEnd == 0 && filled == buf.length) {
        byte[] bigger = new byte[buf.length * 2]; // a line longer than the buffer
        System.arraycopy(buf, 0, bigger, 0, filled);
        buf = bigger;
      }
    }
    lineByLine = ByteSearch.indexOf(buf, 0, decodeEnd, (byte) '\r') < decodeEnd
        || (bufOffset == 0 && buf[0] == (byte) 0xEF);
    decoder.reset(buf, 0, decodeEnd, file, bufOffset);
    return true;
  }

  /** Reads until the buffer is full, up to the run's end, or (past it) a buffer more; sets eof. */
  private void fill(long runEnd) throws IOException {
    long left = runEnd - (bufOffset + filled);
    int want = (int) (left > 0 ? Math.min(buf.length - filled, left) : buf.length - filled);
    while (want > 0 && !eof) {
      int n = in.read(buf, filled, want);
      if (n < 0) {
        eof = true;
        return;
      }
      filled += n;
      want -= n;
    }
  }

  private int lastIndexOfLf(int limit) {
    for (int i = limit - 1; i >= 0; i--) {
      if (buf[i] == '\n') {
        return i;
      }
    }
    return -1;
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
  public float getProgress() {
    return length == 0 || done ? 1f : Math.min(1f, (bufOffset + chunkPos - start) / (float) length);
  }

  @Override
  public void close() throws IOException {
    if (in != null) {
      in.close();
      in = null;
    }
  }
}
