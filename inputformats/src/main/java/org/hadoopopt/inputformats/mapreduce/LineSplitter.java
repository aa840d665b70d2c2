package org.hadoopopt.inputformats.mapreduce;

import java.io.IOException;
import java.io.InputStream;
import org.hadoopopt.inputformats.codec.ByteSearch;

/**
 * The lines of one byte range of an uncompressed file, exactly as Hadoop's {@code LineRecordReader}
 * cuts them with its default delimiters (LF, CR or CRLF end a line and are not part of it; a split
 * not at offset 0 skips through its first line end; every line starting at or before the range's
 * end belongs to the range; a UTF-8 byte order mark at file offset 0 is dropped; a last line
 * without an end is a line), but found eight bytes at a time ({@link ByteSearch#indexOfLineEnd})
 * in a large buffer and handed out in place, without copying into a {@code Text}.
 *
 * <p>Reads stop at the range's end and continue past it in {@code tailRead}-byte steps, as
 * Hadoop's reader does with {@code io.file.buffer.size}, so the bytes read (and Hadoop's bytes-read
 * counter) are what it reads.
 */
final class LineSplitter {
  private final int tailRead;
  private byte[] buf;
  private int bufPos; // next unconsumed byte
  private int bufLen; // valid bytes
  private boolean eof;
  private InputStream in;
  private long readTotal; // bytes read from the stream since open
  private long rangeLength;
  private long start;
  private long end;
  private long pos; // file offset of buf[bufPos]
  private int lineStart;
  private int lineLength;
  private long lineOffset;
  private byte delimiter;
  private boolean counting; // whether lines' delimiters are counted (countDelimiters)
  private int[] delimiterAt = new int[0]; // the first ones' positions from the line's start
  private int delimiters; // in the current line; -1: not counted
  private int generation; // changes whenever the buffer's bytes move or are replaced

  LineSplitter(int bufferBytes, int tailRead) {
    this.buf = new byte[Math.max(bufferBytes, 16)];
    this.tailRead = Math.max(tailRead, 1);
  }

  /**
   * Counts each line's D bytes during the line-end search (the same pass), keeping the positions of
   * the first {@code keep}: a table whose columns are all strings is then checked for its field
   * count without a second pass over the line.
   */
  void countDelimiters(byte d, int keep) {
    counting = true;
    delimiter = d;
    delimiterAt = new int[keep];
  }

  /** The current line's delimiters (see {@link #countDelimiters}), or -1 if not counted. */
  int delimiters() {
    return delimiters;
  }

  /** The position of the current line's K-th delimiter (K below the kept count), from {@link #lineStart()}. */
  int delimiterAt(int k) {
    return delimiterAt[k];
  }

  /** The valid bytes of {@link #bytes()}: every line handed out lies before it. */
  int filled() {
    return bufLen;
  }

  /** Changes whenever positions in {@link #bytes()} stop meaning what they meant (a refill or a new range). */
  int generation() {
    return generation;
  }

  /** Reads lines of [start, start + length) from IN, which is positioned at START. */
  void open(InputStream in, long start, long length) throws IOException {
    this.in = in;
    this.start = start;
    this.end = start + length;
    this.rangeLength = length;
    this.pos = start;
    bufPos = bufLen = 0;
    generation++;
    readTotal = 0;
    eof = false;
    if (start != 0) {
      scanLine(); // the line started in the range before: that range's reader reads it
    }
  }

  /** Advances to the next line of the range; false at its end. */
  boolean next() throws IOException {
    if (pos > end) {
      return false;
    }
    long at = pos;
    if (!scanLine()) {
      return false;
    }
    lineOffset = at;
    if (at == 0 && lineLength >= 3 && buf[lineStart] == (byte) 0xEF && buf[lineStart + 1] == (byte) 0xBB
        && buf[lineStart + 2] == (byte) 0xBF) {
      lineStart += 3; // UTF-8 byte order mark, dropped as Hadoop does
      lineLength -= 3;
      delimiters = -1; // positions counted from the mark: let the grammar check this line

    }
    return true;
  }

  byte[] bytes() {
    return buf;
  }

  int lineStart() {
    return lineStart;
  }

  int lineLength() {
    return lineLength;
  }

  /** The file offset of the current line's first byte (Hadoop's key). */
  long lineOffset() {
    return lineOffset;
  }

  /** Fraction of the range consumed. */
  float progress() {
    return end == start ? 1f : Math.min(1f, (pos - start) / (float) (end - start));
  }

  /** Consumes one line and its end; false if the stream is at its end. */
  private boolean scanLine() throws IOException {
    int from = bufPos; // where the search resumes after a refill
    delimiters = counting ? 0 : -1;
    while (true) {
      int j = counting ? ByteSearch.indexOfLineEndOr(buf, from, bufLen, delimiter) : ByteSearch.indexOfLineEnd(buf, from, bufLen);
      if (j < bufLen) {
        if (counting && buf[j] == delimiter) {
          if (delimiters < delimiterAt.length) {
            delimiterAt[delimiters] = j - bufPos;
          }
          delimiters++;
          from = j + 1;
          continue;
        }
        int term = 1;
        if (buf[j] == '\r') {
          if (j + 1 == bufLen && !eof) {
            from = j - bufPos;
            fill();
            from += bufPos;
            continue; // is the CR followed by an LF?
          }
          if (j + 1 < bufLen && buf[j + 1] == '\n') {
            term = 2;
          }
        }
        take(j - bufPos, term);
        return true;
      }
      if (eof) {
        if (bufPos == bufLen) {
          return false;
        }
        take(bufLen - bufPos, 0);
        return true;
      }
      from = bufLen - bufPos;
      fill();
      from += bufPos;
    }
  }

  private void take(int len, int term) {
    lineStart = bufPos;
    lineLength = len;
    bufPos += len + term;
    pos += len + term;
  }

  /**
   * Moves the unconsumed bytes to the buffer's front (growing it when short) and reads more: inside
   * the range whole multiples of {@code tailRead} and then its remainder, past it {@code tailRead}
   * at a time, so the stream's own buffering reads the same bytes as under Hadoop's reader.
   */
  private void fill() throws IOException {
    generation++;
    if (bufPos > 0) {
      System.arraycopy(buf, bufPos, buf, 0, bufLen - bufPos);
      bufLen -= bufPos;
      bufPos = 0;
    }
    if (buf.length - bufLen < tailRead) {
      byte[] b = new byte[Math.max(buf.length * 2, bufLen + tailRead)];
      System.arraycopy(buf, 0, b, 0, bufLen);
      buf = b;
    }
    int space = buf.length - bufLen;
    long left = rangeLength - readTotal;
    int want;
    if (left <= 0) {
      want = tailRead;
    } else if (left < tailRead) {
      want = (int) left;
    } else {
      want = (int) Math.min(space, left) / tailRead * tailRead;
    }
    int n = in.read(buf, bufLen, want);
    if (n <= 0) {
      eof = true;
      return;
    }
    bufLen += n;
    readTotal += n;
  }
}
