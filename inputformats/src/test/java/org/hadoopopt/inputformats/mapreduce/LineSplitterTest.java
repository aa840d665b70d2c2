package org.hadoopopt.inputformats.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.LineRecordReader;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LineSplitter} against Hadoop's {@link LineRecordReader} on the same bytes and the same
 * splits: every line's offset and bytes equal, for LF, CR and CRLF ends (also a CRLF cut by a split
 * edge or the buffer's end), empty lines, a last line without an end, a UTF-8 byte order mark,
 * lines longer than the buffer, splits cut at every kind of byte, one-byte splits.
 */
class LineSplitterTest {
  @TempDir
  File dir;

  private static final byte[] ALPHABET = "ab|\n\r\u00e9xyz".getBytes(java.nio.charset.StandardCharsets.UTF_8);

  private static byte[] randomText(Random r, int n) {
    byte[] b = new byte[n];
    for (int i = 0; i < n; i++) {
      int k = r.nextInt(10);
      b[i] = k < 6 ? (byte) ('a' + r.nextInt(26)) : ALPHABET[r.nextInt(ALPHABET.length)];
    }
    return b;
  }

  private Path write(String name, byte[] b) throws IOException {
    Path p = new Path(dir.getAbsolutePath(), name);
    try (OutputStream out = FileSystem.getLocal(new Configuration()).getRaw().create(p)) {
      out.write(b);
    }
    return p;
  }

  /** "offset:bytes" for every line of every split, by Hadoop's reader. */
  private static List<String> hadoops(Path file, long[] cuts) throws Exception {
    Configuration conf = new Configuration(false);
    conf.set("fs.defaultFS", "file:///");
    conf.setInt("io.file.buffer.size", 7);
    List<String> out = new ArrayList<>();
    for (int i = 0; i + 1 < cuts.length; i++) {
      LineRecordReader r = new LineRecordReader();
      r.initialize(new FileSplit(file, cuts[i], cuts[i + 1] - cuts[i], new String[0]),
          new TaskAttemptContextImpl(conf, new TaskAttemptID("ls", 1, TaskType.MAP, 0, 0)));
      while (r.nextKeyValue()) {
        out.add(r.getCurrentKey().get() + ":" + Arrays.toString(r.getCurrentValue().copyBytes()));
      }
      r.close();
    }
    return out;
  }

  private static List<String> ours(Path file, long[] cuts, int buffer, int tail) throws IOException {
    return ours(file, cuts, buffer, tail, false);
  }

  /**
   * Our lines; with COUNTING the splitter also counts '|' in its line-end pass, checked here against
   * a count of the line's bytes (and the first two positions), so the lines must not change.
   */
  private static List<String> ours(Path file, long[] cuts, int buffer, int tail, boolean counting) throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    List<String> out = new ArrayList<>();
    LineSplitter s = new LineSplitter(buffer, tail);
    if (counting) {
      s.countDelimiters((byte) '|', 2);
    }
    for (int i = 0; i + 1 < cuts.length; i++) {
      try (FSDataInputStream in = fs.open(file)) {
        in.seek(cuts[i]);
        s.open(in, cuts[i], cuts[i + 1] - cuts[i]);
        while (s.next()) {
          if (counting && s.delimiters() >= 0) {
            int n = 0;
            for (int k = s.lineStart(); k < s.lineStart() + s.lineLength(); k++) {
              if (s.bytes()[k] == '|') {
                if (n < 2) {
                  assertEquals(k - s.lineStart(), s.delimiterAt(n), "position of '|' " + n + " at " + s.lineOffset());
                }
                n++;
              }
            }
            assertEquals(n, s.delimiters(), "'|' in the line at " + s.lineOffset());
          } else if (counting) {
            assertEquals(0, s.lineOffset(), "only a line after a byte order mark goes uncounted");
          }
          out.add(s.lineOffset() + ":"
              + Arrays.toString(Arrays.copyOfRange(s.bytes(), s.lineStart(), s.lineStart() + s.lineLength())));
        }
      }
    }
    return out;
  }

  private static long[] cuts(Random r, long len, int pieces) {
    long[] c = new long[pieces + 1];
    for (int i = 1; i < pieces; i++) {
      c[i] = (long) (r.nextDouble() * len);
    }
    c[pieces] = len;
    Arrays.sort(c);
    return c;
  }

  @Test
  void randomTextAndSplitsGiveHadoopsLines() throws Exception {
    Random r = new Random(16);
    int lines = 0;
    for (int round = 0; round < 60; round++) {
      byte[] b = randomText(r, 1 + r.nextInt(3000));
      if (round % 5 == 0) {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] c = new byte[b.length + 3];
        System.arraycopy(bom, 0, c, 0, 3);
        System.arraycopy(b, 0, c, 3, b.length);
        b = c;
      }
      Path file = write("t" + round, b);
      long[] cuts = cuts(r, b.length, 1 + r.nextInt(12));
      List<String> expected = hadoops(file, cuts);
      lines += expected.size();
      for (int buffer : new int[] {16, 33, 1 << 16}) {
        assertEquals(expected, ours(file, cuts, buffer, 1 + r.nextInt(40)), "file " + round + " buffer " + buffer
            + " cuts " + Arrays.toString(cuts));
        assertEquals(expected, ours(file, cuts, buffer, 1 + r.nextInt(40), true), "counting '|': file " + round
            + " buffer " + buffer + " cuts " + Arrays.toString(cuts));
      }
    }
    assertTrue(lines > 2000, "lines compared: " + lines);
  }

  @Test
  void edgesAtLineEndsOneByteSplitsAndNoLastEnd() throws Exception {
    String[] texts = {"ab\r\ncd\r\n", "ab\rcd\r", "ab\ncd", "\n\n\r\r\n\r\nx", "abc", "\r\n", "\uFEFFabc\ndef", "\uFEFFa\nb", "k|v\r\nx|y|z\r|\n|", "\uFEFFk|v\n|",
        "abcdefghijklmnopqrstuvwxyz0123456789abcdefghij\r\nshort\rline\n"};
    for (String t : texts) {
      byte[] b = t.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      Path file = write("e" + Math.abs(t.hashCode()), b);
      // Every split edge position, and one-byte splits throughout.
      for (int cut = 0; cut <= b.length; cut++) {
        long[] cuts = {0, cut, b.length};
        assertEquals(hadoops(file, cuts), ours(file, cuts, 16, 3), t + " cut at " + cut);
        assertEquals(hadoops(file, cuts), ours(file, cuts, 16, 3, true), t + " cut at " + cut + ", counting '|'");
      }
      long[] ones = new long[b.length + 1];
      for (int i = 0; i <= b.length; i++) {
        ones[i] = i;
      }
      assertEquals(hadoops(file, ones), ours(file, ones, 16, 1), t + " in one-byte splits");
    }
  }
}
