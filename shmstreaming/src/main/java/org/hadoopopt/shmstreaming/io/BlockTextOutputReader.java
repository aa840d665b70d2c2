package org.hadoopopt.shmstreaming.io;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.streaming.PipeMapRed;
import org.apache.hadoop.streaming.io.OutputReader;

/**
 * Streaming's {@code TextOutputReader} over the program's stdout pipe, reading it in blocks: each
 * read's whole lines are split and handed over as {@link OutputBlocks} does for a ring's block
 * (records one at a time, or in one write to a plain text output). The pipe's bytes make the same
 * records and output bytes as {@code TextOutputReader} would. The {@code textblocks} identifier.
 */
public class BlockTextOutputReader extends OutputReader<Text, Object> {
  private InputStream in;
  private OutputBlocks blocks;
  private byte[] buf = new byte[1 << 16];
  /** Bytes in {@code buf}; those before {@code whole} were handed out as the current block. */
  private int filled;
  private int whole;
  private boolean eof;
  private boolean any;

  @Override
  public void initialize(PipeMapRed pipeMapRed) throws IOException {
    super.initialize(pipeMapRed);
    in = (InputStream) pipeMapRed.getClientInput();
    blocks = new OutputBlocks(pipeMapRed);
  }

  @Override
  public boolean readKeyValue() throws IOException {
    if (blocks.next()) {
      return true;
    }
    while (true) {
      // the rest of the last read (a line not yet ended) to the front
      System.arraycopy(buf, whole, buf, 0, filled - whole);
      filled -= whole;
      whole = 0;
      if (eof) {
        if (filled == 0) {
          return false;
        }
        whole = filled; // the last line, without a newline
        any = true;
        return blocks.start(Arrays.copyOf(buf, filled), filled);
      }
      if (filled == buf.length) {
        buf = Arrays.copyOf(buf, buf.length * 2);
      }
      int n = in.read(buf, filled, buf.length - filled);
      if (n < 0) {
        eof = true;
        continue;
      }
      int end = lastNewline(filled, filled + n);
      filled += n;
      if (end >= 0) {
        whole = end + 1;
        any = true;
        // the block's bytes stay in place until the next call, which moves the rest to the front
        return blocks.start(buf, whole);
      }
    }
  }

  private int lastNewline(int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (buf[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  @Override
  public Text getCurrentKey() {
    return blocks.key();
  }

  @Override
  public Object getCurrentValue() {
    return blocks.value();
  }

  @Override
  public String getLastOutput() {
    return any ? blocks.last() : null;
  }
}
