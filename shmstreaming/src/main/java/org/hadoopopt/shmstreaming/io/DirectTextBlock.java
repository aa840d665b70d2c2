package org.hadoopopt.shmstreaming.io;

import java.util.Arrays;
import org.apache.hadoop.io.Text;

/**
 * A block of program output rewritten as the bytes {@code TextOutputFormat} would write for its
 * records one at a time (key, the output format's separator, value, newline, for every record),
 * held as one {@link Text} without its last newline: written as a key with a null value, it is
 * those bytes exactly, in one write.
 */
final class DirectTextBlock {
  private final byte[] outSeparator;
  private final Text text = new Text();
  private byte[] out = new byte[1024];
  private int records;

  DirectTextBlock(byte[] outSeparator) {
    this.outSeparator = outSeparator;
  }

  /** Rewrites the lines of {@code lines} (already reset on a block); returns the block as text. */
  Text rewrite(OutputLines lines, byte[] b) {
    int n = 0;
    int count = 0;
    int sepLen = lines.separatorLength();
    while (lines.next()) {
      int s = lines.start();
      int e = lines.end();
      int k = lines.keyEnd();
      int need = n + (e - s) + outSeparator.length + 1;
      if (need > out.length) {
        out = Arrays.copyOf(out, Math.max(need, out.length * 2));
      }
      if (k < 0) {
        System.arraycopy(b, s, out, n, e - s);
        n += e - s;
        System.arraycopy(outSeparator, 0, out, n, outSeparator.length);
        n += outSeparator.length;
      } else {
        System.arraycopy(b, s, out, n, k - s);
        n += k - s;
        System.arraycopy(outSeparator, 0, out, n, outSeparator.length);
        n += outSeparator.length;
        int v = k + sepLen;
        System.arraycopy(b, v, out, n, e - v);
        n += e - v;
      }
      out[n++] = '\n';
      count++;
    }
    records = count;
    text.set(out, 0, n - 1);
    return text;
  }

  /** Records in the last block rewritten. */
  int records() {
    return records;
  }
}
