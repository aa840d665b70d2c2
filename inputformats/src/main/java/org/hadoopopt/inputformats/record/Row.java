package org.hadoopopt.inputformats.record;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.WritableUtils;

/**
 * A mutable record of one {@link Schema}: decoders fill the same instance record after record.
 * Strings are {@link ByteSlice}s, numbers and dates are primitives in one long array, and a bit
 * mask marks null (empty) numeric fields, so decoding allocates nothing per field.
 *
 * <p>As a {@link Writable} it uses the Writable encoding: a vint null mask, then each non-null
 * field in order (strings as vint length + bytes, ints and dates as vints, decimals as a vlong of
 * millionths).
 */
public class Row implements Writable {
  private final Schema schema;
  private final ByteSlice[] strings;
  private final long[] numbers;
  private int nullMask;

  protected Row(Schema schema) {
    this.schema = schema;
    this.strings = new ByteSlice[schema.fieldCount()];
    this.numbers = new long[schema.fieldCount()];
    for (int i = 0; i < strings.length; i++) {
      if (schema.type(i) == FieldType.STRING) {
        strings[i] = new ByteSlice();
      }
    }
  }

  public final Schema schema() {
    return schema;
  }

  /** The string field {@code field} (the same holder every record). */
  public final ByteSlice slice(int field) {
    return strings[field];
  }

  public final boolean isNull(int field) {
    return (nullMask & (1 << field)) != 0;
  }

  /** Bit {@code i} set: field {@code i} is null. */
  public final int nullMask() {
    return nullMask;
  }

  public final void setNullMask(int mask) {
    nullMask = mask;
  }

  public final void setNull(int field) {
    nullMask |= 1 << field;
  }

  /** INT field value (unspecified when {@link #isNull}). */
  public final int getInt(int field) {
    return (int) numbers[field];
  }

  /** DATE field as days since 1970-01-01 (unspecified when {@link #isNull}). */
  public final int getEpochDay(int field) {
    return (int) numbers[field];
  }

  /** DECIMAL field as millionths (unspecified when {@link #isNull}). */
  public final long getMicros(int field) {
    return numbers[field];
  }

  /** Raw numeric slot, for INT, DATE and DECIMAL fields alike. */
  public final long getNumber(int field) {
    return numbers[field];
  }

  /** Sets an INT, DATE or DECIMAL field (int, epoch day or millionths) and clears its null bit. */
  public final void setNumber(int field, long value) {
    numbers[field] = value;
    nullMask &= ~(1 << field);
  }

  /**
   * Sets an INT, DATE or DECIMAL field without touching the null mask: for decoders that set the
   * mask once per record ({@link #setNullMask}) instead of once per field.
   */
  public final void putNumber(int field, long value) {
    numbers[field] = value;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    WritableUtils.writeVInt(out, nullMask);
    for (int i = 0; i < numbers.length; i++) {
      if (isNull(i)) {
        continue;
      }
      switch (schema.type(i)) {
        case STRING:
          ByteSlice s = strings[i];
          WritableUtils.writeVInt(out, s.length());
          out.write(s.bytes(), s.offset(), s.length());
          break;
        case DECIMAL:
          WritableUtils.writeVLong(out, numbers[i]);
          break;
        default:
          WritableUtils.writeVInt(out, (int) numbers[i]);
      }
    }
  }

  /** Reads the Writable encoding, copying strings into the slices' own arrays. */
  @Override
  public void readFields(DataInput in) throws IOException {
    nullMask = WritableUtils.readVInt(in);
    for (int i = 0; i < numbers.length; i++) {
      if (isNull(i)) {
        numbers[i] = 0;
        continue;
      }
      switch (schema.type(i)) {
        case STRING:
          strings[i].readFrom(in, WritableUtils.readVInt(in));
          break;
        case DECIMAL:
          numbers[i] = WritableUtils.readVLong(in);
          break;
        default:
          numbers[i] = WritableUtils.readVInt(in);
      }
    }
  }

  /** Makes this row equal to {@code other} (same schema), copying string bytes. */
  public void copyFrom(Row other) {
    if (other.schema != schema) {
      throw new IllegalArgumentException("cannot copy a " + other.schema.name() + " row into a " + schema.name() + " row");
    }
    for (int i = 0; i < numbers.length; i++) {
      numbers[i] = other.numbers[i];
      if (strings[i] != null) {
        ByteSlice s = other.strings[i];
        strings[i].copyOf(s.bytes(), s.offset(), s.length());
      }
    }
    nullMask = other.nullMask;
  }

  /** The row as a canonical '|' text line (no newline): null fields empty, decimals via {@link Decimals}. */
  public String toText() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < numbers.length; i++) {
      if (i > 0) {
        sb.append('|');
      }
      if (isNull(i)) {
        continue;
      }
      switch (schema.type(i)) {
        case STRING:
          sb.append(strings[i]);
          break;
        case DATE:
          Dates.format((int) numbers[i], sb);
          break;
        case DECIMAL:
          Decimals.format(numbers[i], sb);
          break;
        default:
          sb.append((int) numbers[i]);
      }
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return toText();
  }
}
