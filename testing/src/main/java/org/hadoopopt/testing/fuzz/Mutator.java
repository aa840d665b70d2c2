package org.hadoopopt.testing.fuzz;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * A seeded mutator of file bytes, for the fuzz tests of the project's readers. It knows nothing of
 * any format: a test names the places worth aiming at ({@link #field} for integers such as lengths
 * and counts, {@link #cut} for offsets where truncation is interesting, {@link #chunk} for units
 * such as pages that may be duplicated, dropped or swapped), and the mutator mixes aimed mutations
 * with blind ones: bit flips, bytes set to boundary values (0, 0x7F, 0x80, 0xFF), integer fields
 * set to boundary values (0, -1, 1, MIN, MAX, the old value +-1, doubled, a huge length),
 * truncation, chunk duplication, deletion and swap, and inserted random bytes. The same seed and the
 * same input give the same mutation, so a case is replayed from its seed; {@link Mutation#what}
 * says what was done, for failure reports.
 */
public final class Mutator {
  /** An integer of {@code width} bytes (1, 2, 4 or 8) at {@code offset}, big- or little-endian. */
  public static final class Field {
    public final String name;
    public final int offset;
    public final int width;
    public final boolean bigEndian;

    Field(String name, int offset, int width, boolean bigEndian) {
      this.name = name;
      this.offset = offset;
      this.width = width;
      this.bigEndian = bigEndian;
    }
  }

  /** A mutated copy: its bytes, what was done, and the original byte range touched (or none if the layout shifted). */
  public static final class Mutation {
    public final byte[] bytes;
    public final String what;
    /** First and last+1 original offsets whose bytes changed in place; both -1 if bytes moved (truncation, chunks). */
    public final int changedFrom;
    public final int changedTo;
    /** The field aimed at, or null. */
    public final Field field;

    Mutation(byte[] bytes, String what, int from, int to, Field field) {
      this.bytes = bytes;
      this.what = what;
      this.changedFrom = from;
      this.changedTo = to;
      this.field = field;
    }

    /** Whether the mutation changed bytes in place only (no shift), all inside {@code [from, to)}. */
    public boolean inPlaceWithin(long from, long to) {
      return changedFrom >= 0 && changedFrom >= from && changedTo <= to;
    }

    /** Whether the bytes changed in place. */
    public boolean inPlace() {
      return changedFrom >= 0;
    }

    /** Whether the in-place change overlaps {@code [from, to)}. */
    public boolean touches(long from, long to) {
      return changedFrom < 0 || changedFrom < to && changedTo > from;
    }
  }

  private final byte[] original;
  private final List<Field> fields = new ArrayList<>();
  private final List<Integer> cuts = new ArrayList<>();
  private final List<int[]> chunks = new ArrayList<>();

  public Mutator(byte[] original) {
    this.original = original;
  }

  public Mutator field(String name, int offset, int width) {
    return field(name, offset, width, true);
  }

  public Mutator field(String name, int offset, int width, boolean bigEndian) {
    if (offset >= 0 && offset + width <= original.length) {
      fields.add(new Field(name, offset, width, bigEndian));
    }
    return this;
  }

  public Mutator cut(int offset) {
    if (offset >= 0 && offset <= original.length) {
      cuts.add(offset);
    }
    return this;
  }

  /** A unit {@code [from, to)} (a page, an entry) for duplication, deletion and swaps. */
  public Mutator chunk(int from, int to) {
    if (from >= 0 && to <= original.length && from < to) {
      chunks.add(new int[] {from, to});
    }
    return this;
  }

  public List<Field> fields() {
    return fields;
  }

  /** One mutation drawn from {@code r}. */
  public Mutation mutate(Random r) {
    int kind = r.nextInt(10);
    switch (kind) {
      case 0:
      case 1:
        return fields.isEmpty() ? bitFlips(r) : fieldValue(r);
      case 2:
        return fields.isEmpty() ? boundaryByte(r) : fieldValue(r);
      case 3:
        return bitFlips(r);
      case 4:
        return boundaryByte(r);
      case 5:
        return truncate(r);
      case 6:
        return chunks.size() < 1 ? deleteRange(r) : chunkOp(r);
      case 7:
        return deleteRange(r);
      case 8:
        return insert(r);
      default:
        return r.nextBoolean() ? duplicateRange(r) : swapRanges(r);
    }
  }

  private Mutation bitFlips(Random r) {
    byte[] b = original.clone();
    int n = 1 + r.nextInt(r.nextInt(4) == 0 ? 8 : 2);
    int lo = Integer.MAX_VALUE;
    int hi = -1;
    StringBuilder what = new StringBuilder("bit flips at");
    int near = original.length == 0 ? 0 : r.nextInt(original.length);
    for (int i = 0; i < n && original.length > 0; i++) {
      int at = r.nextBoolean() ? near : r.nextInt(original.length); // clustered or spread
      int bit = r.nextInt(8);
      b[at] ^= (byte) (1 << bit);
      lo = Math.min(lo, at);
      hi = Math.max(hi, at + 1);
      what.append(' ').append(at).append('.').append(bit);
    }
    return sameOrChanged(b, what.toString(), lo, hi, null);
  }

  private static final int[] BOUNDARY_BYTES = {0x00, 0xFF, 0x7F, 0x80, 0x01, 0xFE};

  private Mutation boundaryByte(Random r) {
    if (original.length == 0) {
      return truncate(r);
    }
    byte[] b = original.clone();
    int at = r.nextInt(original.length);
    int v = BOUNDARY_BYTES[r.nextInt(BOUNDARY_BYTES.length)];
    b[at] = (byte) v;
    return sameOrChanged(b, "byte " + at + " := 0x" + Integer.toHexString(v), at, at + 1, null);
  }

  private Mutation fieldValue(Random r) {
    Field f = fields.get(r.nextInt(fields.size()));
    long old = get(original, f);
    long max = f.width == 8 ? Long.MAX_VALUE : (1L << (8 * f.width - 1)) - 1;
    long min = f.width == 8 ? Long.MIN_VALUE : -(1L << (8 * f.width - 1));
    long[] choices = {0, -1, 1, max, min, max - 1, old + 1, old - 1, old * 2, old + 8, old - 8, 1L << 30,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 0x7F, 0x80, 0xFF, 0xFFFF, old ^ (1L << r.nextInt(8 * f.width))};
    long v = choices[r.nextInt(choices.length)];
    byte[] b = original.clone();
    put(b, f, v);
    return sameOrChanged(b, "field " + f.name + " (offset " + f.offset + ", " + f.width + " bytes) " + old + " := " + get(b, f),
        f.offset, f.offset + f.width, f);
  }

  private Mutation truncate(Random r) {
    int at;
    if (!cuts.isEmpty() && r.nextInt(3) != 0) {
      at = cuts.get(r.nextInt(cuts.size())) + r.nextInt(3) - 1;
    } else {
      at = original.length == 0 ? 0 : r.nextInt(original.length);
    }
    at = Math.max(0, Math.min(original.length - 1, at));
    return new Mutation(Arrays.copyOf(original, at), "truncated to " + at + " bytes", -1, -1, null);
  }

  private Mutation chunkOp(Random r) {
    int[] a = chunks.get(r.nextInt(chunks.size()));
    int[] c = chunks.get(r.nextInt(chunks.size()));
    switch (r.nextInt(3)) {
      case 0:
        return new Mutation(splice(original, a[0], a[0], original, a[0], a[1]),
            "chunk [" + a[0] + "," + a[1] + ") duplicated", -1, -1, null);
      case 1:
        return new Mutation(splice(original, a[0], a[1], original, 0, 0), "chunk [" + a[0] + "," + a[1] + ") deleted", -1, -1,
            null);
      default:
        if (a[0] == c[0]) {
          return new Mutation(splice(original, a[0], a[0], original, a[0], a[1]),
              "chunk [" + a[0] + "," + a[1] + ") duplicated", -1, -1, null);
        }
        int[] x = a[0] < c[0] ? a : c;
        int[] y = a[0] < c[0] ? c : a;
        if (x[1] > y[0]) {
          return new Mutation(splice(original, x[0], x[1], original, 0, 0), "chunk [" + x[0] + "," + x[1] + ") deleted", -1,
              -1, null);
        }
        byte[] out = new byte[original.length - (x[1] - x[0]) - (y[1] - y[0]) + (x[1] - x[0]) + (y[1] - y[0])];
        int p = 0;
        p = copy(original, 0, x[0], out, p);
        p = copy(original, y[0], y[1], out, p);
        p = copy(original, x[1], y[0], out, p);
        p = copy(original, x[0], x[1], out, p);
        copy(original, y[1], original.length, out, p);
        return new Mutation(out, "chunks [" + x[0] + "," + x[1] + ") and [" + y[0] + "," + y[1] + ") swapped", -1, -1, null);
    }
  }

  private Mutation deleteRange(Random r) {
    if (original.length < 2) {
      return truncate(r);
    }
    int from = r.nextInt(original.length - 1);
    int to = Math.min(original.length, from + 1 + r.nextInt(r.nextBoolean() ? 8 : 512));
    return new Mutation(splice(original, from, to, original, 0, 0), "bytes [" + from + "," + to + ") deleted", -1, -1,
        null);
  }

  private Mutation duplicateRange(Random r) {
    if (original.length < 2) {
      return truncate(r);
    }
    int from = r.nextInt(original.length - 1);
    int to = Math.min(original.length, from + 1 + r.nextInt(r.nextBoolean() ? 8 : 512));
    return new Mutation(splice(original, to, to, original, from, to), "bytes [" + from + "," + to + ") duplicated", -1,
        -1, null);
  }

  private Mutation swapRanges(Random r) {
    if (original.length < 4) {
      return truncate(r);
    }
    int len = 1 + r.nextInt(Math.min(256, original.length / 2));
    int a = r.nextInt(original.length - len + 1);
    int c = r.nextInt(original.length - len + 1);
    byte[] b = original.clone();
    System.arraycopy(original, a, b, c, len);
    System.arraycopy(original, c, b, a, len);
    int lo = Math.min(a, c);
    int hi = Math.max(a, c) + len;
    return sameOrChanged(b, "bytes [" + a + "," + (a + len) + ") and [" + c + "," + (c + len) + ") exchanged", lo, hi,
        null);
  }

  private Mutation insert(Random r) {
    int at = original.length == 0 ? 0 : r.nextInt(original.length + 1);
    byte[] junk = new byte[1 + r.nextInt(r.nextBoolean() ? 4 : 300)];
    r.nextBytes(junk);
    return new Mutation(splice(original, at, at, junk, 0, junk.length), junk.length + " random bytes inserted at " + at,
        -1, -1, null);
  }

  /** A mutation that changed nothing (a flip undone, a value set to itself) reports an empty range. */
  private Mutation sameOrChanged(byte[] b, String what, int lo, int hi, Field f) {
    if (Arrays.equals(b, original)) {
      return new Mutation(b, what + " (no change)", 0, 0, f);
    }
    return new Mutation(b, what, lo, hi, f);
  }

  /** {@code a} with {@code [from, to)} replaced by {@code src[sFrom, sTo)}. */
  private static byte[] splice(byte[] a, int from, int to, byte[] src, int sFrom, int sTo) {
    byte[] out = new byte[a.length - (to - from) + (sTo - sFrom)];
    int p = copy(a, 0, from, out, 0);
    p = copy(src, sFrom, sTo, out, p);
    copy(a, to, a.length, out, p);
    return out;
  }

  private static int copy(byte[] src, int from, int to, byte[] dst, int at) {
    System.arraycopy(src, from, dst, at, to - from);
    return at + to - from;
  }

  /** The field's value (signed) in {@code b}. */
  public static long get(byte[] b, Field f) {
    long v = 0;
    for (int i = 0; i < f.width; i++) {
      int at = f.bigEndian ? f.offset + i : f.offset + f.width - 1 - i;
      v = v << 8 | (b[at] & 0xff);
    }
    int shift = 64 - 8 * f.width;
    return v << shift >> shift;
  }

  public static void put(byte[] b, Field f, long v) {
    for (int i = 0; i < f.width; i++) {
      int at = f.bigEndian ? f.offset + f.width - 1 - i : f.offset + i;
      b[at] = (byte) (v >>> (8 * i));
    }
  }
}
