package org.hadoopopt.bench.decode;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.Locale;
import java.util.TimeZone;
import org.hadoopopt.inputformats.codec.RecordDecoder;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.inputformats.record.MalformedRecordException;
import org.hadoopopt.inputformats.record.Schema;

/**
 * The baseline text decoder, as Pavlo-benchmark Hadoop jobs are usually written (and as the
 * benchmark's baseline jobs decode): a String per line, {@code split("\\|")}, then a boxed or
 * parsed object per field; dates through a strict UTC {@link SimpleDateFormat}, the pre-java.time
 * idiom of the research's era.
 */
public final class ImmutableTextDecoder implements RecordDecoder<ImmutableRow> {
  private final Schema schema;
  private final SimpleDateFormat dates = new SimpleDateFormat("yyyy-MM-dd", Locale.ROOT);
  private byte[] buf;
  private int pos;
  private int end;
  private int start;
  private String source;
  private long sourceOffset;

  public ImmutableTextDecoder(Schema schema) {
    this.schema = schema;
    // Proleptic Gregorian like java.time and the mutable decoder (the default calendar is Julian before 1582).
    GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone("UTC"), Locale.ROOT);
    calendar.setGregorianChange(new Date(Long.MIN_VALUE));
    dates.setCalendar(calendar);
    dates.setLenient(false);
  }

  @Override
  public void reset(byte[] b, int off, int len, String src, long srcOffset) {
    buf = b;
    pos = off;
    start = off;
    end = off + len;
    source = src;
    sourceOffset = srcOffset;
  }

  @Override
  public ImmutableRow next() throws IOException {
    if (pos >= end) {
      return null;
    }
    int nl = pos;
    while (nl < end && buf[nl] != '\n') {
      nl++;
    }
    long at = sourceOffset + (pos - start);
    String line = new String(buf, pos, nl - pos, StandardCharsets.UTF_8);
    pos = nl + 1;
    if (line.endsWith("\r")) {
      line = line.substring(0, line.length() - 1);
    }
    return decode(line, at);
  }

  public ImmutableRow decode(String line, long at) throws MalformedRecordException {
    String[] parts = line.split("\\|", -1);
    int n = schema.fieldCount();
    if (parts.length != n) {
      throw new MalformedRecordException(source, at, null, parts.length + " fields, expected " + n);
    }
    Object[] values = new Object[n];
    for (int i = 0; i < n; i++) {
      String s = parts[i];
      FieldType t = schema.type(i);
      if (t == FieldType.STRING) {
        values[i] = s;
      } else if (!s.isEmpty()) {
        try {
          if (t == FieldType.INT) {
            values[i] = Integer.valueOf(s);
          } else if (t == FieldType.DATE) {
            values[i] = dates.parse(s);
          } else {
            values[i] = new BigDecimal(s);
          }
        } catch (NumberFormatException | ParseException e) {
          throw new MalformedRecordException(source, at, schema.fieldName(i), "bad " + t + " '" + s + "'", e);
        }
      }
    }
    return new ImmutableRow(schema, values);
  }
}
