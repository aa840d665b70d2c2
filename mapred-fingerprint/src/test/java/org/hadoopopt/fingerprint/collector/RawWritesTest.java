package org.hadoopopt.fingerprint.collector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.junit.jupiter.api.Test;

/** The hash-grouping collector's direct writes give exactly the bytes of the Writables' own write. */
class RawWritesTest {
  private static byte[] written(Writable w) throws Exception {
    DataOutputBuffer out = new DataOutputBuffer();
    w.write(out);
    return Arrays.copyOf(out.getData(), out.getLength());
  }

  @Test
  void textKeysOfEveryVIntWidth() throws Exception {
    byte[] buf = new byte[4];
    for (int n : new int[] {0, 1, 127, 128, 255, 256, 65_535, 65_536, 1 << 20}) {
      char[] c = new char[n];
      Arrays.fill(c, 'x');
      Text t = new Text(new String(c));
      buf = RawWrites.writeText(t, buf);
      byte[] want = written(t);
      assertEquals(want.length, RawWrites.textLength(t), "length " + n);
      assertArrayEquals(want, Arrays.copyOf(buf, want.length), "length " + n);
    }
  }

  @Test
  void fixedWidthValuesAndAFullArena() throws Exception {
    for (long x : new long[] {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x0102030405060708L}) {
      ByteArena a = new ByteArena(8);
      RawWrites.writeValue(new LongWritable(x), a);
      assertArrayEquals(written(new LongWritable(x)), a.data);
      assertThrows(ByteArena.Full.class, () -> RawWrites.writeValue(new LongWritable(x), a));
      assertEquals(8, a.size, "nothing written past the capacity");
    }
    for (int x : new int[] {0, 1, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0x01020304}) {
      ByteArena a = new ByteArena(6);
      RawWrites.writeValue(new IntWritable(x), a);
      assertArrayEquals(written(new IntWritable(x)), Arrays.copyOf(a.data, 4));
      assertThrows(ByteArena.Full.class, () -> RawWrites.writeValue(new IntWritable(x), a));
    }
  }
}
