package org.hadoopopt.fingerprint.collector;

import java.io.IOException;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;

/**
 * Writes the commonest map-output types straight into byte arrays, in exactly the bytes their
 * {@code write(DataOutput)} gives ({@link Text}: vint length then UTF-8 bytes; {@link IntWritable}
 * and {@link LongWritable}: big-endian), skipping the serializer's {@code DataOutputStream}, whose
 * synchronized writes the hash-grouping profile showed as the largest cost of collecting a record.
 * Only for these exact classes (a subclass may write differently).
 */
final class RawWrites {
  private RawWrites() {}

  /** Whether {@link #writeValue} handles this value class. */
  static boolean fixedWidthValue(Class<?> c) {
    return c == LongWritable.class || c == IntWritable.class;
  }

  /**
   * Writes a Text key into {@code buf} from 0 (grown when too small).
   * @return the buffer holding it (the same or a larger one); its length is {@link #textLength}
   */
  static byte[] writeText(Text t, byte[] buf) {
    int n = t.getLength();
    int need = n + 5;
    if (buf.length < need) {
      buf = new byte[Math.max(need, 2 * buf.length)];
    }
    int p = writeVInt(buf, n);
    System.arraycopy(t.getBytes(), 0, buf, p, n);
    return buf;
  }

  static int textLength(Text t) {
    int n = t.getLength();
    return vIntSize(n) + n;
  }

  /** Writes a LongWritable's or IntWritable's bytes at {@code at} (room checked by the caller); returns their length. */
  static int writeFixed(Object v, byte[] d, int at) {
    if (v instanceof LongWritable) {
      long x = ((LongWritable) v).get();
      for (int i = 0; i < 8; i++) {
        d[at + i] = (byte) (x >>> (56 - 8 * i));
      }
      return 8;
    }
    int x = ((IntWritable) v).get();
    d[at] = (byte) (x >>> 24);
    d[at + 1] = (byte) (x >>> 16);
    d[at + 2] = (byte) (x >>> 8);
    d[at + 3] = (byte) x;
    return 4;
  }

  /** The bytes {@link #writeFixed} writes for a value of this class. */
  static int fixedWidth(Class<?> c) {
    return c == LongWritable.class ? 8 : 4;
  }

  /** Appends a LongWritable or IntWritable value to the arena, or throws {@link ByteArena.Full}. */
  static void writeValue(Object v, ByteArena arena) throws IOException {
    if (v instanceof LongWritable) {
      long x = ((LongWritable) v).get();
      if (arena.data.length - arena.size < 8) {
        throw new ByteArena.Full(arena.data.length);
      }
      byte[] d = arena.data;
      int p = arena.size;
      for (int i = 0; i < 8; i++) {
        d[p + i] = (byte) (x >>> (56 - 8 * i));
      }
      arena.size = p + 8;
    } else {
      int x = ((IntWritable) v).get();
      if (arena.data.length - arena.size < 4) {
        throw new ByteArena.Full(arena.data.length);
      }
      byte[] d = arena.data;
      int p = arena.size;
      d[p] = (byte) (x >>> 24);
      d[p + 1] = (byte) (x >>> 16);
      d[p + 2] = (byte) (x >>> 8);
      d[p + 3] = (byte) x;
      arena.size = p + 4;
    }
  }

  /** Hadoop's vint of a non-negative int (WritableUtils.writeVInt), written at 0; returns its size. */
  private static int writeVInt(byte[] b, int i) {
    return writeVInt(b, 0, i);
  }

  /** Hadoop's vint of a non-negative int written at {@code at}; returns its size. */
  static int writeVInt(byte[] b, int at, int i) {
    if (i <= 127) {
      b[at] = (byte) i;
      return 1;
    }
    int len = -112;
    for (long tmp = i; tmp != 0; tmp >>= 8) {
      len--;
    }
    b[at] = (byte) len;
    int bytes = -(len + 112);
    for (int idx = bytes; idx != 0; idx--) {
      int shift = (idx - 1) * 8;
      b[at + 1 + bytes - idx] = (byte) (i >>> shift);
    }
    return 1 + bytes;
  }

  static int vIntSize(int i) {
    if (i <= 127) {
      return 1;
    }
    int bytes = 0;
    for (long tmp = i; tmp != 0; tmp >>= 8) {
      bytes++;
    }
    return 1 + bytes;
  }
}
