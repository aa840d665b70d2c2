package org.hadoopopt.bench.pavlo;

import java.text.ParseException;
import java.util.Date;
import org.apache.hadoop.conf.Configuration;

/** An inclusive visitDate range, like SQL's BETWEEN; either end may be open. */
public final class DateRange {
  private final String from;
  private final String to;
  private final Date fromDate;
  private final Date toDate;

  private DateRange(String from, String to, Date fromDate, Date toDate) {
    this.from = from;
    this.to = to;
    this.fromDate = fromDate;
    this.toDate = toDate;
  }

  /** Reads the two keys (yyyy-MM-dd, or unset/empty for an open end); a bad date names its key. */
  public static DateRange fromConf(Configuration conf, String fromKey, String dfltFrom, String toKey, String dfltTo) {
    String f = conf.getTrimmed(fromKey, dfltFrom);
    String t = conf.getTrimmed(toKey, dfltTo);
    return new DateRange(f, t, parse(fromKey, f), parse(toKey, t));
  }

  private static Date parse(String key, String value) {
    if (value == null || value.isEmpty()) {
      return null;
    }
    try {
      return PavloSchema.newDateFormat().parse(value);
    } catch (ParseException e) {
      throw new IllegalArgumentException(key + " must be a date " + PavloSchema.DATE_PATTERN + ", not '" + value + "'");
    }
  }

  public boolean contains(Date d) {
    return (fromDate == null || !d.before(fromDate)) && (toDate == null || !d.after(toDate));
  }

  /** The lower end as text, or null if open. */
  public String from() {
    return from == null || from.isEmpty() ? null : from;
  }

  /** The upper end as text, or null if open. */
  public String to() {
    return to == null || to.isEmpty() ? null : to;
  }

  public boolean isUnbounded() {
    return fromDate == null && toDate == null;
  }

  @Override
  public String toString() {
    return (from() == null ? "-inf" : from) + ".." + (to() == null ? "+inf" : to);
  }
}
