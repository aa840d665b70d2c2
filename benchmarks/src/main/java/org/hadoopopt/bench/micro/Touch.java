package org.hadoopopt.bench.micro;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.Date;
import org.hadoopopt.bench.pavlo.format.PavloProtos;
import org.hadoopopt.inputformats.record.ByteSlice;
import org.hadoopopt.inputformats.record.FieldType;
import org.hadoopopt.bench.decode.ImmutableRow;
import org.hadoopopt.inputformats.record.Row;
import org.hadoopopt.inputformats.record.Schema;

/**
 * Reads every field of a decoded record once, the cheapest way its type allows (a string's length
 * and first character, a number's value), and folds them into one long for the benchmark to
 * consume. Every decoder's output goes through it, so all seven do the same work per record:
 * in particular the generated protobuf messages, which decode string fields lazily, pay for them
 * here as a mapper reading the field would.
 */
public final class Touch {
  private Touch() {}

  public static long record(Object r) {
    if (r instanceof Row) {
      return row((Row) r);
    }
    if (r instanceof ImmutableRow) {
      return immutable((ImmutableRow) r);
    }
    if (r instanceof PavloProtos.Rankings) {
      return rankings((PavloProtos.Rankings) r);
    }
    return userVisits((PavloProtos.UserVisits) r);
  }

  static long row(Row r) {
    Schema s = r.schema();
    long h = r.nullMask();
    for (int i = 0; i < s.fieldCount(); i++) {
      if (s.type(i) == FieldType.STRING) {
        ByteSlice x = r.slice(i);
        h += x.length() == 0 ? 0 : x.length() + x.byteAt(0);
      } else if (!r.isNull(i)) {
        h += r.getNumber(i);
      }
    }
    return h;
  }

  static long immutable(ImmutableRow r) {
    Schema s = r.schema();
    long h = 0;
    for (int i = 0; i < s.fieldCount(); i++) {
      Object v = r.get(i);
      if (v instanceof String) {
        h += string((String) v);
      } else if (v instanceof Integer) {
        h += (Integer) v;
      } else if (v instanceof BigDecimal) {
        h += ((BigDecimal) v).scale() + ((BigDecimal) v).signum();
      } else if (v instanceof Date) {
        h += ((Date) v).getTime();
      } else if (v instanceof LocalDate) {
        h += ((LocalDate) v).toEpochDay();
      }
    }
    return h;
  }

  static long rankings(PavloProtos.Rankings m) {
    return string(m.getPageURL()) + m.getPageRank() + m.getAvgDuration();
  }

  static long userVisits(PavloProtos.UserVisits m) {
    return string(m.getSourceIP()) + string(m.getDestURL()) + m.getVisitDate() + m.getAdRevenue()
        + string(m.getUserAgent()) + string(m.getCountryCode()) + string(m.getLanguageCode())
        + string(m.getSearchWord()) + m.getDuration();
  }

  private static long string(String s) {
    return s.isEmpty() ? 0 : s.length() + s.charAt(0);
  }
}
