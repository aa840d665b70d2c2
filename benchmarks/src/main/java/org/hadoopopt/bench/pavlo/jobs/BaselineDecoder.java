package org.hadoopopt.bench.pavlo.jobs;

import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.util.Date;
import org.apache.hadoop.io.Text;
import org.hadoopopt.bench.pavlo.BadRecords;
import org.hadoopopt.bench.pavlo.MalformedRowException;
import org.hadoopopt.bench.pavlo.PavloSchema;

/**
 * Decodes rows as the original benchmark's Hadoop code did: the line to a String,
 * {@code String.split}, then a new object per field ({@code Integer}, {@code Date} from
 * {@code SimpleDateFormat}). A malformed row goes to {@link BadRecords}; then the methods
 * return null (skipped) or throw.
 */
public final class BaselineDecoder {
  private final BadRecords bad;
  private final SimpleDateFormat dates = PavloSchema.newDateFormat();

  public BaselineDecoder(BadRecords bad) {
    this.bad = bad;
  }

  /** The '|'-separated fields, or null (rejected) if there are not {@code columns.length} of them. */
  public String[] fields(long offset, Text line, String[] columns) throws MalformedRowException {
    String[] f = line.toString().split(PavloSchema.SEPARATOR_REGEX, -1);
    if (f.length != columns.length) {
      bad.reject(offset, "count", "expected " + columns.length + " fields " + String.join("|", columns) + ", found " + f.length);
      return null;
    }
    return f;
  }

  public Ranking ranking(long offset, Text line) throws MalformedRowException {
    String[] f = fields(offset, line, PavloSchema.RANKINGS_COLUMNS);
    if (f == null) {
      return null;
    }
    Integer rank = integer(offset, f, PavloSchema.RANKINGS_COLUMNS, PavloSchema.PAGE_RANK);
    Integer duration = rank == null ? null : integer(offset, f, PavloSchema.RANKINGS_COLUMNS, PavloSchema.AVG_DURATION);
    return duration == null ? null : new Ranking(f[PavloSchema.PAGE_URL], rank, duration);
  }

  public UserVisit userVisit(long offset, Text line) throws MalformedRowException {
    String[] f = fields(offset, line, PavloSchema.USERVISITS_COLUMNS);
    if (f == null) {
      return null;
    }
    Date date;
    try {
      date = dates.parse(f[PavloSchema.VISIT_DATE]);
    } catch (ParseException e) {
      bad.reject(offset, "visitDate", "not a date " + PavloSchema.DATE_PATTERN + ": '" + f[PavloSchema.VISIT_DATE] + "'");
      return null;
    }
    Long cents;
    try {
      cents = PavloSchema.parseCents(f[PavloSchema.AD_REVENUE]);
    } catch (NumberFormatException e) {
      bad.reject(offset, "adRevenue", "not a decimal with at most 2 decimals: '" + f[PavloSchema.AD_REVENUE] + "'");
      return null;
    }
    Integer duration = integer(offset, f, PavloSchema.USERVISITS_COLUMNS, PavloSchema.DURATION);
    return duration == null ? null : new UserVisit(f, date, cents, duration);
  }

  private Integer integer(long offset, String[] f, String[] columns, int i) throws MalformedRowException {
    try {
      return Integer.valueOf(f[i]);
    } catch (NumberFormatException e) {
      bad.reject(offset, columns[i], "not an integer: '" + f[i] + "'");
      return null;
    }
  }
}
