package org.hadoopopt.bench.decode;

import java.math.BigDecimal;
import java.time.LocalDate;
import org.hadoopopt.inputformats.record.Dates;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The baseline ("immutable decoding") record: one new object per field, as a typical Hadoop job
 * gets from {@code line.split("\\|")} and {@code Integer.valueOf}. Values are String, Integer,
 * LocalDate and BigDecimal, or null for an empty numeric field.
 */
public final class ImmutableRow {
  private final Schema schema;
  private final Object[] values;

  public ImmutableRow(Schema schema, Object[] values) {
    this.schema = schema;
    this.values = values;
  }

  public Schema schema() {
    return schema;
  }

  public Object get(int field) {
    return values[field];
  }

  /** The same canonical text as {@link Row#toText()}, so rows from any decoder compare equal. */
  public String toText() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        sb.append('|');
      }
      Object v = values[i];
      if (v == null) {
        continue;
      }
      if (v instanceof BigDecimal) {
        BigDecimal d = (BigDecimal) v;
        int scale = Math.max(2, d.stripTrailingZeros().scale());
        sb.append(d.setScale(scale).toPlainString());
      } else if (v instanceof LocalDate) {
        LocalDate d = (LocalDate) v;
        Dates.format((int) d.toEpochDay(), sb);
      } else if (v instanceof java.util.Date) {
        Dates.format((int) Math.floorDiv(((java.util.Date) v).getTime(), 86_400_000L), sb);
      } else {
        sb.append(v);
      }
    }
    return sb.toString();
  }

  @Override
  public String toString() {
    return toText();
  }
}
