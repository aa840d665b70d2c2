package org.hadoopopt.inputformats.index;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.Row;

/**
 * The types an index column may have, and how their keys are held: INT and DATE as {@link Long}
 * (DATE as days since 1970-01-01), STRING as {@code byte[]} ordered unsigned-lexicographically
 * (a prefix sorts first), the order the loader sorts by.
 */
public enum KeyType {
  INT, DATE, STRING;

  /** The key type stored as its ordinal (1 byte) in an index or sidecar; another byte fails naming the file and offset. */
  public static KeyType readType(ChecksummedFile.Body d) throws IOException {
    int t = d.readByte();
    if (t < 0 || t >= values().length) {
      throw d.bad("unknown key type " + t);
    }
    return values()[t];
  }

  /** The key type of a column of {@code type}; DECIMAL columns cannot be indexed. */
  public static KeyType of(FieldType type, String column) {
    switch (type) {
      case INT:
        return INT;
      case DATE:
        return DATE;
      case STRING:
        return STRING;
      default:
        throw new IllegalArgumentException("column " + column + " is " + type + ": only INT, DATE and STRING columns can be indexed");
    }
  }

  /** Parses a key written by a user: an integer, a date yyyy-MM-dd, or the string itself; {@code what} names the key. */
  public Object parse(String text, String what) {
    try {
      switch (this) {
        case INT:
          return (long) Integer.parseInt(text.trim());
        case DATE:
          return LocalDate.parse(text.trim()).toEpochDay();
        default:
          return text.getBytes(StandardCharsets.UTF_8);
      }
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new IllegalArgumentException(what + " = '" + text + "' is not " + (this == INT ? "an integer" : "a date yyyy-MM-dd"));
    }
  }

  public int compare(Object a, Object b) {
    if (this == STRING) {
      return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
    }
    return Long.compare((Long) a, (Long) b);
  }

  /** The key of {@code row}'s column {@code field}, or null if that field is null. */
  public Object fromRow(Row row, int field) {
    if (this == STRING) {
      ByteSlice s = row.slice(field);
      return Arrays.copyOfRange(s.bytes(), s.offset(), s.offset() + s.length());
    }
    return row.isNull(field) ? null : row.getNumber(field);
  }

  /** Bytes whose unsigned lexicographic order is the key order (ints and dates: 4 bytes, sign bit flipped). */
  public byte[] toSortable(Object key) {
    if (this == STRING) {
      return (byte[]) key;
    }
    int v = (int) (long) (Long) key ^ Integer.MIN_VALUE;
    return new byte[] {(byte) (v >>> 24), (byte) (v >>> 16), (byte) (v >>> 8), (byte) v};
  }

  /**
   * Writes {@code row}'s column {@code field} as {@link #toSortable} bytes into {@code out} at
   * {@code off} (room checked by the caller: 4 bytes, or the string's length) and returns their
   * count, without an object per row; the field must not be null.
   */
  public int writeSortable(Row row, int field, byte[] out, int off) {
    if (this == STRING) {
      ByteSlice s = row.slice(field);
      System.arraycopy(s.bytes(), s.offset(), out, off, s.length());
      return s.length();
    }
    int v = (int) row.getNumber(field) ^ Integer.MIN_VALUE;
    out[off] = (byte) (v >>> 24);
    out[off + 1] = (byte) (v >>> 16);
    out[off + 2] = (byte) (v >>> 8);
    out[off + 3] = (byte) v;
    return 4;
  }

  /** Bytes {@link #writeSortable} writes for the field. */
  public int sortableLength(Row row, int field) {
    return this == STRING ? row.slice(field).length() : 4;
  }

  public Object fromSortable(byte[] b, int off, int len) {
    if (this == STRING) {
      return Arrays.copyOfRange(b, off, off + len);
    }
    int v = (b[off] & 0xff) << 24 | (b[off + 1] & 0xff) << 16 | (b[off + 2] & 0xff) << 8 | (b[off + 3] & 0xff);
    return (long) (v ^ Integer.MIN_VALUE);
  }

  public void write(DataOutput out, Object key) throws IOException {
    if (this == STRING) {
      byte[] b = (byte[]) key;
      out.writeInt(b.length);
      out.write(b);
    } else {
      out.writeLong((Long) key);
    }
  }

  public Object read(DataInput in) throws IOException {
    if (this == STRING) {
      int n = in.readInt();
      if (n < 0 || n > RangeIndexLayout.MAX_KEY_BYTES) {
        throw new IOException("string key of " + n + " bytes");
      }
      byte[] b = new byte[n];
      in.readFully(b);
      return b;
    }
    return in.readLong();
  }

  /** The key as a user would write it. */
  public String format(Object key) {
    switch (this) {
      case INT:
        return Long.toString((Long) key);
      case DATE:
        return LocalDate.ofEpochDay((Long) key).toString();
      default:
        return new String((byte[]) key, StandardCharsets.UTF_8);
    }
  }
}
