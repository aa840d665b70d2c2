package org.hadoopopt.bench.pavlo;

import java.util.Date;
import org.apache.hadoop.conf.Configuration;
import org.hadoopopt.inputformats.record.ColumnGrammar;

/**
 * An inclusive visitDate range, like SQL's BETWEEN; either end may be open. Bounds and dates are
 * compared as days since 1970-01-01 of the proleptic Gregorian calendar, as every variant's rows
 * carry them (the shared grammar, {@code ColumnGrammar}).
 */
public final class DateRange {
  private final String from;
  private final String to;
  private final long fromDay;
  private final long toDay;

  private DateRange(String from, String to, long fromDay, long toDay) {
    this.from = from;
    this.to = to;
    this.fromDay = fromDay;
    this.toDay = toDay;
  }

  /** Reads the two keys (yyyy-MM-dd, or unset/empty for an open end); a bad date names its key. */
  public static DateRange fromConf(Configuration conf, String fromKey, String dfltFrom, String toKey, String dfltTo) {
    String f = conf.getTrimmed(fromKey, dfltFrom);
    String t = conf.getTrimmed(toKey, dfltTo);
    return new DateRange(f, t, parse(fromKey, f, Long.MIN_VALUE), parse(toKey, t, Long.MAX_VALUE));
  }

  private static long parse(String key, String value, long open) {
    if (value == null || value.isEmpty()) {
      return open;
    }
    long day = PavloSchema.epochDay(value);
    if (day == ColumnGrammar.INVALID) {
      throw new IllegalArgumentException(key + " must be a date " + PavloSchema.DATE_PATTERN + ", not '" + value + "'");
    }
    return day;
  }

  /** Whether the day (since 1970-01-01) is in the range. */
  public boolean contains(long epochDay) {
    return epochDay >= fromDay && epochDay <= toDay;
  }

  /** Whether the UTC day of {@code d} is in the range. */
  public boolean contains(Date d) {
    return contains(Math.floorDiv(d.getTime(), 86_400_000L));
  }

  /** The first day in the range (days since 1970-01-01), {@code Long.MIN_VALUE} if open. */
  public long fromDay() {
    return fromDay;
  }

  /** The last day in the range, {@code Long.MAX_VALUE} if open. */
  public long toDay() {
    return toDay;
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
    return from() == null && to() == null;
  }

  @Override
  public String toString() {
    return (from() == null ? "-inf" : from) + ".." + (to() == null ? "+inf" : to);
  }
}
